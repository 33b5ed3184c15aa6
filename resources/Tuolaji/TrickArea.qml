import QtQuick
import Tuolaji.Backend

// The trick in the centre: four slots around the middle, cards at ~80% of the hand's height.
// A play flies in from its seat; the winning play wears 大 (and 毙 when it ruffs); a finished
// trick is held, then swept to its winner with its points.
Item {
    id: area
    property var trick: App.table.trick
    property var model: trick.slots
    property int cardHeight: Math.round(App.settings.cardHeight * 0.8)
    property int cardWidth: Math.round(cardHeight * Theme.cardAspect)
    readonly property int flight: App.settings.flightMs
    property real across: 250  // the side slots' distance from the middle
    readonly property var slotCentres: [Qt.point(0, 95), Qt.point(across, 0), Qt.point(0, -95), Qt.point(-across, 0)]
    readonly property var seatOrigins: [Qt.point(0, 330), Qt.point(width / 2 - 80, 0), Qt.point(0, -280), Qt.point(80 - width / 2, 0)]

    Repeater {
        model: area.model
        delegate: Item {
            id: slot
            required property int pos
            required property var cards
            required property bool leader
            required property bool winning
            required property bool ruff
            required property string flash
            readonly property real spread: Math.min(26, area.cardWidth * 0.3)
            readonly property real rowWidth: area.cardWidth + Math.max(0, cards.length - 1) * spread
            readonly property bool swept: area.trick.sweeping
            readonly property var target: area.trick.sweepPos >= 0 ? area.seatOrigins[area.trick.sweepPos] : Qt.point(0, 0)
            width: rowWidth
            height: area.cardHeight
            x: area.width / 2 + area.slotCentres[pos].x - width / 2
            y: area.height / 2 + area.slotCentres[pos].y - height / 2
            opacity: 1 - sweep
            property real fly: 0   // 1 at the seat, 0 in the slot
            // 0 in the slot, 1 at the winner's seat. Driven by hand, not by a Behavior: one
            // enabled by ``swept`` saw the change before its own ``enabled`` and jumped.
            property real sweep: 0
            onSweptChanged: {
                sweepAnim.stop()
                if (swept && area.flight > 0)
                    sweepAnim.start()
                else
                    sweep = swept ? 1 : 0
            }
            NumberAnimation { id: sweepAnim; target: slot; property: "sweep"; from: 0; to: 1; duration: area.flight * 1.5; easing.type: Easing.InCubic }
            transform: Translate {
                x: slot.sweep * (slot.target.x - area.slotCentres[slot.pos].x) + slot.fly * (area.seatOrigins[slot.pos].x - area.slotCentres[slot.pos].x)
                y: slot.sweep * (slot.target.y - area.slotCentres[slot.pos].y) + slot.fly * (area.seatOrigins[slot.pos].y - area.slotCentres[slot.pos].y)
            }

            property int shown: cards.length
            onShownChanged: {
                if (shown > 0 && area.flight > 0) {
                    flyIn.restart()
                    if (flash !== "")
                        flashAnim.restart()
                }
            }
            Rectangle {
                // a short highlight when trumps or a tractor land
                id: flashRing
                objectName: "flash"
                anchors.fill: parent
                anchors.margins: -6
                radius: 10
                color: slot.flash === "tractor" ? "#40f2c14e" : "#3064b5f6"
                border.width: 3
                border.color: slot.flash === "tractor" ? Theme.accent : "#90caf9"
                opacity: 0
                z: -1
            }
            SequentialAnimation {
                id: flashAnim
                PauseAnimation { duration: area.flight }
                NumberAnimation { target: flashRing; property: "opacity"; from: 0; to: 1; duration: 90 }
                NumberAnimation { target: flashRing; property: "opacity"; to: 0; duration: 520; easing.type: Easing.InQuad }
            }
            NumberAnimation {
                id: flyIn
                target: slot
                property: "fly"
                from: 1
                to: 0
                duration: area.flight
                easing.type: Easing.OutCubic
            }

            Rectangle {
                // the ruff glow (毙)
                anchors.fill: parent
                anchors.margins: -8
                radius: 12
                color: "transparent"
                border.width: 4
                border.color: "#ff7043"
                visible: slot.ruff && slot.cards.length > 0
                opacity: 0.85
            }
            Repeater {
                model: slot.cards
                delegate: CardView {
                    required property int index
                    required property string modelData
                    code: modelData
                    x: index * slot.spread
                    width: area.cardWidth
                    height: area.cardHeight
                    accessibleName: modelData
                }
            }
            Row {
                anchors.bottom: parent.top
                anchors.bottomMargin: 4
                anchors.horizontalCenter: parent.horizontalCenter
                spacing: 4
                visible: slot.cards.length > 0
                Mark { visible: slot.leader; label: qsTr("Lead", "mark: 首"); tint: "#cfd8dc" }
                Mark { visible: slot.winning; label: qsTr("Top", "mark: 大"); tint: Theme.accent }
                Mark { visible: slot.ruff; label: qsTr("Ruff", "mark: 毙"); tint: "#ff7043" }
            }
            Text {
                // "+N" to the winner when the trick is taken, on the table's side of the slot:
                // beyond the east slot it ran under the east seat's panel at 800x600
                objectName: "trickPoints"
                // shown once the winning card has landed: while it flies in from a side
                // seat, the "+N" would ride over that seat's panel
                visible: slot.winning && area.trick.holding && area.trick.trickPoints > 0 && slot.fly === 0
                anchors.left: slot.pos === 1 ? undefined : parent.right
                anchors.right: slot.pos === 1 ? parent.left : undefined
                anchors.leftMargin: 8
                anchors.rightMargin: 8
                anchors.verticalCenter: parent.verticalCenter
                text: "+" + area.trick.trickPoints
                color: Theme.accent
                font.pixelSize: 22
                font.bold: true
                style: Text.Outline
                styleColor: "#000000"
            }
        }
    }

    // A failed throw: the cards that could not be thrown go back to the thrower's seat, and
    // only the forced cards stay on the table.
    function pullBack(pos, cards) {
        if (area.flight <= 0 || cards.length === 0)
            return
        pulled.pos = pos
        pulled.cards = cards
        pullAnim.restart()
    }
    Item {
        id: pulled
        objectName: "pulledBack"
        property int pos: 0
        property var cards: []
        property real t: 0
        visible: pullAnim.running
        width: area.cardWidth + Math.max(0, cards.length - 1) * 26
        height: area.cardHeight
        readonly property point from: Qt.point(area.width / 2 + area.slotCentres[pos].x - width / 2, area.height / 2 + area.slotCentres[pos].y - area.cardHeight * 0.6 - height / 2)
        readonly property point to: Qt.point(area.width / 2 + area.seatOrigins[pos].x - width / 2, area.height / 2 + area.seatOrigins[pos].y - height / 2)
        x: from.x + (to.x - from.x) * t
        y: from.y + (to.y - from.y) * t
        opacity: 1 - t * 0.7
        z: 10
        Repeater {
            model: pulled.cards
            delegate: CardView {
                required property int index
                required property string modelData
                code: modelData
                x: index * 26
                width: area.cardWidth
                height: area.cardHeight
                dimmed: true
            }
        }
        SequentialAnimation {
            id: pullAnim
            PropertyAction { target: pulled; property: "t"; value: 0 }
            PauseAnimation { duration: Math.max(400, area.flight * 3) }
            NumberAnimation { target: pulled; property: "t"; to: 1; duration: area.flight * 2.5; easing.type: Easing.InOutCubic }
        }
    }

    component Mark: Rectangle {
        property string label
        property color tint
        width: markText.implicitWidth + 12
        height: 22
        radius: 11
        color: tint
        Text {
            id: markText
            anchors.centerIn: parent
            text: parent.label
            font.pixelSize: 15
            font.bold: true
            color: "#1b1b1b"
        }
    }
}
