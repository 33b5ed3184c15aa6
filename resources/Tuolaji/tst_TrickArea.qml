import QtQuick
import QtTest
import Tuolaji
import Tuolaji.Testing
import Tuolaji.Backend

// The trick view: four slots around the centre, cards at ~80% of the hand's height, the lead
// and winning marks (and 毙 on a ruff), "+N" while a taken trick is held; never the last trick.
Item {
    id: root
    width: 1280
    height: 636

    QtObject {
        id: mock
        property bool showLastTrick: false
        property bool sweeping: false
        property bool holding: false
        property int sweepPos: -1
        property int trickPoints: 0
        property TestRows slots: TestRows { roles: ["pos", "seat", "name", "cards", "leader", "winning", "ruff", "flash"] }
        property TestRows last: TestRows { roles: ["pos", "seat", "name", "cards", "leader", "winning", "ruff", "flash"] }
    }

    TrickArea {
        id: area
        trick: mock
        anchors.fill: parent
    }

    TestCase {
        name: "TrickArea"
        when: windowShown

        function slotRows(plays) {
            var rows = []
            for (var p = 0; p < 4; ++p)
                rows.push({ pos: p, seat: p, cards: [], leader: false, winning: false, ruff: false, flash: "" })
            for (var i = 0; i < plays.length; ++i) {
                var q = plays[i]
                rows[q.pos] = { pos: q.pos, seat: q.pos, cards: q.cards, leader: !!q.leader, winning: !!q.winning, ruff: !!q.ruff, flash: q.flash || "" }
            }
            return rows
        }
        function init() {
            mock.showLastTrick = false
            mock.holding = false
            mock.trickPoints = 0
            mock.slots.setRows(slotRows([]))
            mock.last.setRows(slotRows([{ pos: 2, cards: ["AS"], leader: true, winning: true }]))
            tryVerify(function () { return slots().length === 4 })
        }
        function slots() {
            var out = []
            for (var i = 0; i < area.children.length; ++i)
                if (area.children[i].leader !== undefined)
                    out.push(area.children[i])
            return out.sort(function (a, b) { return a.pos - b.pos })
        }
        function visibleLabels(item, acc) {
            for (var i = 0; i < item.children.length; ++i) {
                var c = item.children[i]
                if (!c.visible)
                    continue
                if (c.label !== undefined)
                    acc.push(c.label)
                visibleLabels(c, acc)
            }
            return acc
        }
        function cardsIn(slot) {
            var out = []
            for (var i = 0; i < slot.children.length; ++i)
                if (slot.children[i].code !== undefined)
                    out.push(slot.children[i])
            return out
        }

        function test_four_slots_around_the_centre() {
            mock.slots.setRows(slotRows([{ pos: 0, cards: ["3H"] }, { pos: 1, cards: ["4H"] }, { pos: 2, cards: ["5H"] }, { pos: 3, cards: ["6H"] }]))
            var s = slots()
            var cx = area.width / 2, cy = area.height / 2
            verify(s[0].y + s[0].height / 2 > cy)  // you: below the centre
            verify(s[1].x + s[1].width / 2 > cx)   // right
            verify(s[2].y + s[2].height / 2 < cy)  // opposite: above
            verify(s[3].x + s[3].width / 2 < cx)   // left
            fuzzyCompare(s[0].height, App.settings.cardHeight * 0.8, 1)
        }

        function test_a_play_of_several_cards_fans_out_in_its_slot() {
            mock.slots.setRows(slotRows([{ pos: 1, cards: ["3H", "3H", "4H", "4H"], leader: true, winning: true, flash: "tractor" }]))
            var c = cardsIn(slots()[1])
            compare(c.length, 4)
            for (var i = 1; i < c.length; ++i)
                verify(c[i].x > c[i - 1].x)
            compare(c[0].code, "3H")
        }

        function test_lead_top_and_ruff_marks() {
            mock.slots.setRows(slotRows([{ pos: 3, cards: ["AH"], leader: true }, { pos: 0, cards: ["2S"], winning: true, ruff: true }]))
            compare(visibleLabels(slots()[3], []), ["Lead"])
            compare(visibleLabels(slots()[0], []).sort(), ["Ruff", "Top"])
            compare(visibleLabels(slots()[1], []), [])
        }

        function test_points_shown_while_a_taken_trick_is_held() {
            mock.slots.setRows(slotRows([{ pos: 2, cards: ["TH"], winning: true }, { pos: 3, cards: ["KH"] }]))
            mock.trickPoints = 20
            mock.holding = true
            var texts = []
            var s = slots()[2]
            for (var i = 0; i < s.children.length; ++i)
                if (s.children[i].text !== undefined && s.children[i].visible)
                    texts.push(s.children[i].text)
            verify(texts.indexOf("+20") >= 0, texts)
        }

        function test_last_trick_never_replaces_the_current_trick() {
            // the last trick has its own panel (PeekPanel); the centre keeps the current trick
            mock.slots.setRows(slotRows([{ pos: 0, cards: ["3H"] }]))
            mock.showLastTrick = true
            wait(0)
            compare(cardsIn(slots()[0]).length, 1)
            compare(cardsIn(slots()[0])[0].code, "3H")
            compare(cardsIn(slots()[2]).length, 0)
        }

        function test_instant_speed_shows_no_pulled_back_cards() {
            compare(App.settings.flightMs, 0)
            area.pullBack(1, ["KH", "QH"])
            verify(!findChild(area, "pulledBack").visible)
        }
    }
}
