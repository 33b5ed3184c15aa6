import QtQuick
import Tuolaji.Backend

// Your hand: one row, trumps first, a gap between suits. Cards keep their delegate while the
// hand is re-sorted, so a new order (the trump becoming known) slides into place.
Item {
    id: fan
    property var hand: App.table.hand
    property int cardHeight: App.settings.cardHeight
    property int cardWidth: Math.round(cardHeight * Theme.cardAspect)
    readonly property int count: hand.cards.count
    property int maxGaps: 0
    readonly property real gapWidth: cardWidth * 0.14
    readonly property real step: {
        if (count <= 1)
            return 0
        var room = width - cardWidth - maxGaps * gapWidth
        return Math.max(6, Math.min(cardWidth * 0.65, room / (count - 1)))
    }
    readonly property real used: cardWidth + Math.max(0, count - 1) * step + maxGaps * gapWidth
    readonly property int flight: App.settings.flightMs
    height: cardHeight * 1.2

    Repeater {
        id: cards
        model: fan.hand.cards
        onItemAdded: fan.recountGaps()
        onItemRemoved: fan.recountGaps()
        delegate: CardView {
            id: cardItem
            required property int uid
            required property string card
            required property int slot
            required property int gaps
            required property bool picked
            required property bool fromKitty
            required returned  // CardView's own property, set from the role of that name
            required property bool isTrump
            required property bool legal
            required property string name
            onGapsChanged: fan.recountGaps()

            code: card
            width: fan.cardWidth
            height: fan.cardHeight
            trump: isTrump
            selected: picked
            fresh: fromKitty
            dimmed: !legal
            focusRing: fan.hand.focusUid === uid && fan.activeFocus
            accessibleName: name
            z: slot
            x: (fan.width - fan.used) / 2 + slot * fan.step + gaps * fan.gapWidth
            y: fan.height - fan.cardHeight - (selected ? fan.cardHeight * 0.18 : hover.hovered ? fan.cardHeight * 0.04 : 0)

            Behavior on x {
                enabled: fan.flight > 0
                NumberAnimation { duration: fan.flight * 1.5; easing.type: Easing.OutCubic }
            }
            Behavior on y {
                enabled: fan.flight > 0
                NumberAnimation { duration: 120; easing.type: Easing.OutQuad }
            }

            HoverHandler { id: hover }
        }
    }

    // Press a card to toggle it; drag across the hand and the cards passed over take the same
    // state (a run); Shift-click takes every copy; double-click plays.
    MouseArea {
        id: picker
        anchors.fill: parent
        acceptedButtons: Qt.LeftButton
        property int lastUid: -1
        function cardAt(px, py) {
            var best = null
            for (var i = 0; i < cards.count; ++i) {
                var it = cards.itemAt(i)
                if (!it || px < it.x || px >= it.x + it.width || py < it.y || py >= it.y + it.height)
                    continue
                if (best === null || it.z > best.z)
                    best = it
            }
            return best
        }
        function cardInColumn(px) {
            // while dragging, the height does not matter: the card under the pointer's x
            var best = null
            for (var i = 0; i < cards.count; ++i) {
                var it = cards.itemAt(i)
                if (it && px >= it.x && px < it.x + it.width && (best === null || it.z > best.z))
                    best = it
            }
            return best
        }
        onPressed: (mouse) => {
            var it = cardAt(mouse.x, mouse.y)
            lastUid = it ? it.uid : -1
            if (!it) {
                mouse.accepted = false
                return
            }
            if (mouse.modifiers & Qt.ShiftModifier) {
                fan.hand.selectSame(it.uid)
                lastUid = -1
            } else {
                fan.hand.beginDrag(it.uid)
            }
        }
        onPositionChanged: (mouse) => {
            if (!pressed || lastUid < 0)
                return
            var it = cardInColumn(mouse.x)
            if (it && it.uid !== lastUid) {
                lastUid = it.uid
                fan.hand.dragTo(it.uid)
            }
        }
        onReleased: fan.hand.endDrag()
        onCanceled: fan.hand.endDrag()
        onDoubleClicked: (mouse) => {
            var it = cardAt(mouse.x, mouse.y)
            if (!it)
                return
            if (!it.picked)
                fan.hand.toggle(it.uid)
            fan.hand.activate()
        }
    }

    function recountGaps() {
        var g = 0
        for (var i = 0; i < cards.count; ++i) {
            var it = cards.itemAt(i)
            if (it && it.gaps > g)
                g = it.gaps
        }
        maxGaps = g
    }
}
