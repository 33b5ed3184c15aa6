import QtQuick
import Tuolaji.Backend

// The end of a hand: who won, the attackers' points, the kitty turned over card by card with
// its multiplier, and the way on (next hand, or the match result).
Rectangle {
    id: panel
    property var table: App.table
    property var result: table.result.summary
    property int revealed: 0
    signal home()
    width: 640
    height: column.implicitHeight + 36
    radius: 16
    color: "#10261a"
    border.color: result.won ? Theme.accent : "#90a4ae"
    border.width: 3

    onVisibleChanged: if (visible) restartReveal()
    onResultChanged: restartReveal()
    function restartReveal() {
        revealed = App.settings.speed === "instant" ? (result.kitty || []).length : 0
        if (revealed < (result.kitty || []).length)
            revealTimer.restart()
    }
    Timer {
        id: revealTimer
        interval: 260
        repeat: true
        onTriggered: {
            panel.revealed += 1
            if (panel.revealed >= (panel.result.kitty || []).length)
                stop()
        }
    }

    Column {
        id: column
        x: 22
        y: 18
        width: parent.width - 44
        spacing: 7

        Text {
            width: parent.width
            wrapMode: Text.WordWrap
            text: panel.result.title || ""
            color: panel.result.won ? Theme.accent : Theme.text
            font.pixelSize: 28
            font.bold: true
        }
        Text {
            width: parent.width
            wrapMode: Text.WordWrap
            text: panel.result.detail || ""
            color: Theme.text
            font.pixelSize: 20
        }
        Text {
            width: parent.width
            wrapMode: Text.WordWrap
            text: qsTr("Attackers' points: %1 (tricks %2)").arg(panel.result.attackerPoints).arg(panel.result.trickPoints)
            color: Theme.text
            font.pixelSize: 18
        }
        Text {
            width: parent.width
            wrapMode: Text.WordWrap
            text: qsTr("Kitty")
            color: Theme.dim
            font.pixelSize: 16
        }
        Row {
            spacing: -20
            Repeater {
                model: panel.result.kitty || []
                delegate: CardView {
                    required property int index
                    required property string modelData
                    code: index < panel.revealed ? modelData : "back"
                    width: 60
                    height: 87
                    accessibleName: modelData
                }
            }
        }
        Text {
            width: parent.width
            wrapMode: Text.WordWrap
            text: panel.result.captured
                  ? qsTr("The attackers won the last trick: kitty %1 points ×%2").arg(panel.result.kittyPoints).arg(panel.result.multiplier)
                  : qsTr("The kitty stays with the defenders (%1 points)").arg(panel.result.kittyPoints)
            color: panel.result.captured ? Theme.attackers : Theme.dim
            font.pixelSize: 17
        }
        Text {
            width: parent.width
            wrapMode: Text.WordWrap
            text: panel.result.matchOver ? panel.result.matchText : qsTr("Next dealer: %1").arg(panel.result.nextDealer)
            color: panel.result.matchOver ? Theme.accent : Theme.text
            font.pixelSize: panel.result.matchOver ? 24 : 17
            font.bold: panel.result.matchOver === true
        }
        Row {
            spacing: 10
            TableButton {
                visible: !panel.result.matchOver && panel.table.hud.kind !== "spectator" && panel.table.hud.kind !== "replay"
                primary: !panel.table.result.readyForNext
                // online, every seat gets ready again before the owner's client starts it
                enabled: !panel.table.result.readyForNext
                text: panel.table.result.readyForNext ? qsTr("Waiting for the others…") : qsTr("Next hand")
                onClicked: panel.table.result.nextHand()
            }
            TableButton {
                objectName: "resultHome"
                visible: panel.table.hud.kind !== "replay"
                text: qsTr("Home")
                onClicked: panel.home()
            }
        }
    }
}
