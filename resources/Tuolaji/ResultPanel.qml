import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// The end of a hand: who won, the attackers' points, the kitty turned over card by card with
// its multiplier, and the way on (next hand, or the match result).
Rectangle {
    id: panel
    property var table: App.table
    property var result: table.result.summary
    property var rematch: App.online.rematchOffer
    property int revealed: 0
    signal home()
    width: 640
    height: column.implicitHeight + 36
    radius: 16
    color: "#10261a"
    border.color: result.won ? Theme.accent : "#90a4ae"
    border.width: 3

    // The kitty is turned over once a hand: shown again (a replay's last step, the panel
    // back after the trick list), it is already face up.
    property string revealedFor: ""
    onVisibleChanged: {
        if (!visible)
            return
        opening = true
        openingTimer.restart()
        restartReveal()
    }
    // A click meant for the table (the trick's last card) must not land on a button as the
    // panel opens: clicks are held off until it has been up a moment.
    property bool opening: false
    Timer {
        id: openingTimer
        interval: 350
        onTriggered: panel.opening = false
    }
    onResultChanged: restartReveal()
    function restartReveal() {
        const kitty = result.kitty || []
        const hand = JSON.stringify([result.title, result.attackerPoints, kitty])
        if (!visible || hand === revealedFor)
            return
        revealedFor = hand
        revealed = App.settings.speed === "instant" ? kitty.length : 0
        if (revealed < kitty.length)
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
        Text {
            objectName: "dealCodeText"
            visible: panel.table.hud.dealCode !== ""
            text: qsTr("Deal code: %1").arg(panel.table.hud.dealCode)
            color: Theme.dim
            font.pixelSize: 15
        }
        Row {
            spacing: 10
            TableButton {
                visible: !panel.result.matchOver && !panel.table.hud.practice && panel.table.hud.kind !== "spectator" && panel.table.hud.kind !== "replay"
                primary: !panel.table.result.readyForNext
                // online, every seat gets ready again before the server starts it
                enabled: !panel.table.result.readyForNext
                text: panel.table.result.readyForNext ? qsTr("Waiting for the others…") : qsTr("Next hand")
                onClicked: panel.table.result.nextHand()
            }
            TableButton {
                // issue 35: the same deal from its start, as practice (never online; a replay
                // has "Play from here" at any step, its first included)
                objectName: "playAgainButton"
                visible: panel.table.hud.kind === "offline"
                primary: panel.table.hud.practice
                text: qsTr("Play this deal again")
                onClicked: App.playAgain()
            }
            TableButton {
                objectName: "resultHome"
                visible: panel.table.hud.kind !== "replay"
                text: qsTr("Home")
                onClicked: panel.home()
            }
            TableButton {
                // issue 35: your costliest decisions, judged from your seat's view
                objectName: "reviewButton"
                visible: panel.table.hud.kind === "offline" && !panel.table.hud.spectator
                text: qsTr("Review")
                onClicked: if (App.reviewHand()) ApplicationWindow.window.go("review")
            }
        }
        // issue 37: after an online match, the same four again (the offer, how it ended)
        Text {
            objectName: "rematchText"
            width: parent.width
            wrapMode: Text.WordWrap
            visible: panel.table.hud.kind === "online" && text !== ""
            text: panel.rematch.text
            color: Theme.accent
            font.pixelSize: 17
        }
        Row {
            spacing: 10
            visible: panel.table.hud.kind === "online" && (panel.rematch.canOffer || panel.rematch.canAnswer)
            TableButton {
                objectName: "rematchButton"
                visible: panel.rematch.canOffer
                primary: true
                text: qsTr("Rematch")
                onClicked: panel.rematch.offer(false)
            }
            TableButton {
                objectName: "rematchRotateButton"
                visible: panel.rematch.canOffer
                text: qsTr("Rematch, seats rotated")
                onClicked: panel.rematch.offer(true)
            }
            TableButton {
                objectName: "rematchAccept"
                visible: panel.rematch.canAnswer && !panel.rematch.accepted
                primary: true
                text: qsTr("Accept")
                onClicked: panel.rematch.accept()
            }
            TableButton {
                objectName: "rematchDecline"
                visible: panel.rematch.canAnswer
                text: qsTr("Decline")
                onClicked: panel.rematch.decline()
            }
        }
    }

    MouseArea {
        // takes every click on the panel's content (its buttons) while it opens (``opening``)
        objectName: "resultOpening"
        anchors.fill: column
        visible: panel.opening
        acceptedButtons: Qt.AllButtons
    }
}
