import QtQuick
import QtTest
import Tuolaji
import Tuolaji.Testing

// The hand fan: one row in slot order with a gap between suits, a selected card raised, click
// toggles, a drag across selects a run, double-click plays.
Item {
    id: root
    width: 1280
    height: 260

    QtObject {
        id: mock
        property int focusUid: -1
        property var calls: []
        property TestRows cards: TestRows {
            roles: ["uid", "card", "slot", "gaps", "picked", "fromKitty", "returned", "isTrump", "legal", "name"]
        }
        // the view-model's selection verbs, as the table implements them
        property var dragBase: []
        property bool dragOn: false
        property int dragFrom: -1
        function rowOf(uid) {
            for (var i = 0; i < cards.count; ++i)
                if (cards.get(i).uid === uid)
                    return i
            return -1
        }
        function picked() {
            var out = []
            for (var i = 0; i < cards.count; ++i)
                if (cards.get(i).picked)
                    out.push(cards.get(i).slot)
            return out.sort(function (a, b) { return a - b })
        }
        function toggle(uid) {
            var i = rowOf(uid)
            cards.setValue(i, "picked", !cards.get(i).picked)
        }
        function beginDrag(uid) {
            var i = rowOf(uid)
            dragBase = picked()
            dragOn = !cards.get(i).picked
            dragFrom = cards.get(i).slot
            calls = calls.concat(["begin " + dragFrom])
            dragTo(uid)
        }
        function dragTo(uid) {
            var to = cards.get(rowOf(uid)).slot
            var lo = Math.min(dragFrom, to), hi = Math.max(dragFrom, to)
            for (var i = 0; i < cards.count; ++i) {
                var s = cards.get(i).slot
                var inRun = s >= lo && s <= hi
                var was = dragBase.indexOf(s) >= 0
                var want = inRun ? dragOn : was
                if (cards.get(i).picked !== want)
                    cards.setValue(i, "picked", want)
            }
        }
        function endDrag() { calls = calls.concat(["end"]) }
        function selectSame(uid) { calls = calls.concat(["same " + uid]) }
        function activate() { calls = calls.concat(["activate"]) }
    }

    HandFan {
        id: fan
        hand: mock
        x: 20
        width: 1240
        y: 40
    }

    TestCase {
        name: "HandFan"
        when: windowShown

        function init() {
            mock.calls = []
            var cards = ["BJ", "2H", "AS", "KS", "QS", "AH", "KH", "9C", "3C", "AD"]
            var gaps = [0, 0, 1, 1, 1, 2, 2, 3, 3, 4]
            var rows = []
            for (var i = 0; i < cards.length; ++i)
                rows.push({ uid: 100 + i, card: cards[i], slot: i, gaps: gaps[i], picked: false, fromKitty: false, returned: false, isTrump: i < 2, legal: true, name: cards[i] })
            mock.cards.setRows(rows)
            tryVerify(function () { return items().length === 10 })
        }

        function items() {
            var out = []
            for (var i = 0; i < fan.children.length; ++i) {
                var c = fan.children[i]
                if (c.code !== undefined && c.uid !== undefined)
                    out.push(c)
            }
            return out.sort(function (a, b) { return a.slot - b.slot })
        }
        // a point on the visible strip of the card at ``slot`` (cards overlap to the right)
        function stripX(slot) {
            var c = items()[slot]
            return c.x + Math.min(c.width, fan.step) / 2
        }
        // a height inside every card, raised or not
        function lowY() { return fan.height - fan.cardHeight * 0.5 }

        function test_one_row_in_slot_order_with_gaps_between_suits() {
            var it = items()
            for (var i = 1; i < it.length; ++i)
                verify(it[i].x > it[i - 1].x, "slot " + i + " right of " + (i - 1))
            var inSuit = it[3].x - it[2].x
            var acrossSuits = it[5].x - it[4].x
            fuzzyCompare(acrossSuits - inSuit, fan.gapWidth, 0.5)
            verify(it[9].x + it[9].width <= fan.width)
            verify(it[0].x >= 0)
        }

        function test_selected_card_rises_with_an_outline() {
            var before = items()[3].y
            mock.cards.setValue(3, "picked", true)
            var c = items()[3]
            compare(c.selected, true)
            fuzzyCompare(before - c.y, fan.cardHeight * 0.18, 1)
            compare(items()[4].y, before)
        }

        function test_click_toggles_one_card() {
            mouseClick(fan, stripX(4), lowY())
            compare(mock.picked(), [4])
            mouseClick(fan, stripX(4), lowY())
            compare(mock.picked(), [])
            compare(mock.calls.filter(function (c) { return c === "end" }).length, 2)
        }

        function test_drag_across_selects_a_run() {
            mousePress(fan, stripX(2), lowY())
            mouseMove(fan, stripX(3), lowY())
            mouseMove(fan, stripX(5), 5)  // above the cards: while dragging only x matters
            mouseRelease(fan, stripX(5), 5)
            compare(mock.picked(), [2, 3, 4, 5])
            // a drag starting on a picked card takes the run out again
            mousePress(fan, stripX(4), lowY())
            mouseMove(fan, stripX(5), lowY())
            mouseRelease(fan, stripX(5), lowY())
            compare(mock.picked(), [2, 3])
        }

        function test_shift_click_selects_copies_and_double_click_plays() {
            mouseClick(fan, stripX(6), lowY(), Qt.LeftButton, Qt.ShiftModifier)
            compare(mock.calls[0], "same 106")
            compare(mock.picked(), [])
            mock.calls = []
            mouseDoubleClickSequence(fan, stripX(7), lowY())
            verify(mock.calls.indexOf("activate") >= 0)
            compare(mock.picked(), [7])
        }
    }
}
