import QtQuick
import Tuolaji.Backend

// A seat: name, level, card count, a few backs, badges 庄 (dealer) and 亮 (bidder), the side by
// colour and by word, a glow when it is this seat's turn, "thinking…" while an AI thinks.
Rectangle {
    id: panel
    property var seat: ({})
    property bool vertical: false
    property bool showBacks: true
    readonly property bool active: seat.active === true
    // a narrow panel (a small window) drops the backs; the turn clock sits at the top right,
    // beside the name, so the level, the count and the side's word keep the whole line under it
    readonly property bool compact: width < 240
    readonly property bool clockShown: seat.clock !== undefined && seat.clock >= 0
    width: 210
    height: 92
    radius: 12
    color: Theme.panel
    border.width: active ? 3 : 1
    border.color: active ? Theme.accent : "#40ffffff"

    Accessible.role: Accessible.StaticText
    Accessible.name: (seat.name || "") + " " + cardsText.text

    // the turn coming to this seat pulses its border a few times, then it stays lit: a pulse
    // that never stops would redraw the window for as long as the player thinks
    onActiveChanged: {
        if (active && App.settings.flightMs > 0)
            pulse.restart()
        else
            pulse.stop()
    }
    SequentialAnimation {
        id: pulse
        loops: 3
        ColorAnimation { target: panel; property: "border.color"; to: "#fff3c4"; duration: 600 }
        ColorAnimation { target: panel; property: "border.color"; to: Theme.accent; duration: 600 }
    }

    Rectangle {
        // the seat to act glows: unmistakable at a glance, not by the border alone
        objectName: "activeGlow"
        visible: panel.active
        anchors.fill: parent
        anchors.margins: -7
        radius: panel.radius + 6
        color: "#30f2c14e"
        border.width: 3
        border.color: "#a0f2c14e"
        z: -1
    }

    Rectangle {
        // the side, by colour (the badge below says it in words too)
        width: 6
        height: parent.height - 16
        x: 6
        anchors.verticalCenter: parent.verticalCenter
        radius: 3
        color: seat.side === "defenders" ? Theme.defenders : seat.side === "attackers" ? Theme.attackers : "transparent"
    }

    Column {
        x: 18
        y: 6
        spacing: 2
        Text {
            objectName: "seatName"
            text: seat.name || ""
            color: Theme.text
            font.pixelSize: 18
            font.bold: true
            elide: Text.ElideRight
            width: panel.width - 30 - ((panel.showBacks && !panel.compact) || panel.clockShown ? 48 : 0)
        }
        Row {
            id: infoRow
            spacing: panel.compact ? 7 : 10
            Text {
                id: levelText
                objectName: "seatLevel"
                text: qsTr("Level %1").arg(seat.level || "")
                color: Theme.dim
                font.pixelSize: 15
            }
            Text {
                id: cardsText
                objectName: "seatCards"
                text: seat.count === 1 ? qsTr("1 card") : qsTr("%1 cards").arg(seat.count || 0)
                color: Theme.dim
                font.pixelSize: 15
            }
            Text {
                id: sideText
                objectName: "seatSide"
                readonly property real room: panel.width - 26 - levelText.implicitWidth - cardsText.implicitWidth - 2 * infoRow.spacing
                visible: (seat.side === "defenders" || seat.side === "attackers") && implicitWidth <= room
                text: seat.side === "defenders" ? qsTr("defender") : qsTr("attacker")
                color: seat.side === "defenders" ? Theme.defenders : Theme.attackers
                font.pixelSize: 15
            }
        }
        Row {
            spacing: 6
            height: 22
            Badge { visible: seat.dealer === true; label: qsTr("Dealer", "badge: 庄"); tint: Theme.defenders }
            Badge { visible: seat.bidder === true; label: qsTr("Bid", "badge: 亮"); tint: Theme.accent }
            Badge { visible: seat.friend === true; label: qsTr("Friend"); tint: "#ba68c8" }
            Badge { visible: seat.trustee === true; label: qsTr("Auto", "badge: 托管"); tint: "#90a4ae" }
            Text {
                text: seat.thinking ? qsTr("thinking…") : seat.passed && !seat.bidder ? qsTr("no bid") : ""
                color: Theme.accent
                font.pixelSize: 15
                font.italic: true
                anchors.verticalCenter: parent.verticalCenter
            }
        }
    }

    Item {
        // the online turn clock at the seat to act: a ring that empties, and the seconds left
        objectName: "clock"
        readonly property int secondsLeft: seat.clock === undefined ? -1 : seat.clock
        readonly property int total: Math.max(1, App.table.seats.turnSeconds)
        visible: secondsLeft >= 0
        anchors.right: parent.right
        anchors.rightMargin: 8
        y: 4
        width: 30
        height: 30
        onSecondsLeftChanged: ring.requestPaint()
        Canvas {
            id: ring
            anchors.fill: parent
            onPaint: {
                var ctx = getContext("2d")
                var c = width / 2
                ctx.reset()
                ctx.lineWidth = 4
                ctx.strokeStyle = "#40ffffff"
                ctx.beginPath()
                ctx.arc(c, c, c - 3, 0, 2 * Math.PI)
                ctx.stroke()
                var part = Math.max(0, Math.min(1, parent.secondsLeft / parent.total))
                ctx.strokeStyle = parent.secondsLeft <= 5 ? "#ff5252" : "#f2c14e"
                ctx.beginPath()
                ctx.arc(c, c, c - 3, -Math.PI / 2, -Math.PI / 2 + part * 2 * Math.PI)
                ctx.stroke()
            }
        }
        Text {
            anchors.centerIn: parent
            text: String(Math.max(0, parent.secondsLeft))
            color: parent.secondsLeft <= 5 ? "#ff8a80" : "white"
            font.pixelSize: 15
            font.bold: true
        }
    }
    Text {
        // the suits this seat has shown it cannot follow (card counter)
        visible: panel.showBacks && App.settings.showCounter && (seat.voids || "") !== ""
        anchors.left: parent.left
        anchors.leftMargin: 18
        anchors.top: parent.bottom
        anchors.topMargin: 3
        text: qsTr("Void: %1").arg(seat.voids || "")
        color: Theme.text
        font.pixelSize: 15
        style: Text.Outline
        styleColor: "#000000"
    }

    Row {
        // a few card backs, as many as the count allows (up to 3); the clock takes their place
        visible: panel.showBacks && !panel.compact && (seat.openCards || []).length === 0 && !panel.clockShown
        anchors.right: parent.right
        anchors.rightMargin: 8
        anchors.top: parent.top
        anchors.topMargin: 8
        spacing: -14
        Repeater {
            model: Math.min(3, Math.ceil((seat.count || 0) / 9))
            delegate: CardView { code: "back"; width: 20; height: 29 }
        }
    }

    component Badge: Rectangle {
        property string label
        property color tint
        width: badgeText.implicitWidth + 10
        height: 22
        radius: 5
        color: tint
        Text {
            id: badgeText
            anchors.centerIn: parent
            text: parent.label
            color: "#1b1b1b"
            font.pixelSize: 15
            font.bold: true
        }
    }
}
