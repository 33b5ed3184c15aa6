import QtQuick
import QtTest
import Tuolaji
import Tuolaji.Testing

// The bid bar: five fixed buttons, exactly the legal bids enabled, each naming its cards, a
// click bids that suit, Pass only when passing is allowed.
Item {
    id: root
    width: 900
    height: 120

    QtObject {
        id: mock
        property bool canPass: false
        property var calls: []
        property TestRows options: TestRows {
            roles: ["label", "count", "allowed", "suit", "red", "cards"]
        }
        function bid(suit) { calls = calls.concat(["bid " + suit]) }
        function passBid() { calls = calls.concat(["pass"]) }
    }

    BidBar {
        id: bar
        bidding: mock
        y: 40
    }

    TestCase {
        name: "BidBar"
        when: windowShown

        function init() {
            mock.calls = []
            mock.canPass = false
            mock.options.setRows([
                { label: "♠", count: 0, allowed: false, suit: "S", red: false, cards: [] },
                { label: "2♥ 2♥", count: 2, allowed: true, suit: "H", red: true, cards: ["2H", "2H"] },
                { label: "2♣", count: 1, allowed: true, suit: "C", red: false, cards: ["2C"] },
                { label: "♦", count: 0, allowed: false, suit: "D", red: true, cards: [] },
                { label: "No trump", count: 0, allowed: false, suit: "N", red: false, cards: [] }
            ])
            tryVerify(function () { return button("N") !== null && button("N").x > 0 })  // laid out
        }

        function button(key) {
            return findChild(bar, "bid_" + key)
        }

        function test_five_fixed_buttons_exactly_the_legal_ones_enabled() {
            var keys = ["S", "H", "C", "D", "N"]
            var enabled = keys.filter(function (k) { return button(k).enabled })
            compare(enabled, ["H", "C"])
            compare(button("H").text, "2♥ 2♥")
            compare(button("C").text, "2♣")
            // the whole label shows: nothing elided
            verify(button("H").contentItem.implicitWidth <= button("H").contentItem.width, button("H").width)
            verify(button("N").width > button("S").width)
        }

        function test_click_bids_that_suit_and_disabled_does_nothing() {
            mouseClick(button("S"))
            compare(mock.calls, [])
            mouseClick(button("H"))
            compare(mock.calls, ["bid H"])
        }

        function test_pass_only_when_allowed() {
            verify(!button("pass").visible)
            mock.canPass = true
            verify(button("pass").visible)
            tryVerify(function () { return button("pass").x > button("N").x })
            mouseClick(button("pass"))
            compare(mock.calls, ["pass"])
        }

        function test_enabled_follows_the_model() {
            mock.options.setValue(0, "allowed", true)
            verify(button("S").enabled)
            mock.options.setValue(1, "allowed", false)
            verify(!button("H").enabled)
        }
    }
}
