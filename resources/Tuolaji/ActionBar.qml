import QtQuick
import Tuolaji.Backend

// The actions above your hand: bids while dealing, bury while burying, play / hint / last
// trick while playing; replay steps in the replay viewer. Room is kept so raised cards never
// cover it.
Item {
    id: bar
    property var table: App.table
    property bool showTricks: false
    width: 900
    height: 46

    BidBar {
        anchors.centerIn: parent
        bidding: bar.table.bidding
        visible: bar.table.hud.phase === "deal" && !bar.table.hud.spectator
    }

    Row {
        anchors.centerIn: parent
        spacing: 8
        visible: bar.table.hud.phase === "bury" && bar.table.hud.actions.indexOf("bury") >= 0
        TableButton {
            primary: true
            enabled: bar.table.hand.selectedCount === bar.table.hud.kittySize
            text: bar.table.hand.buryLabel
            shortcut: qsTr("Enter")
            onClicked: bar.table.hand.bury()
        }
        TableButton { text: qsTr("Hint"); shortcut: "H"; onClicked: bar.table.hand.hint() }
        TableButton { text: qsTr("Clear"); shortcut: qsTr("Backspace"); onClicked: bar.table.hand.clearSelection() }
    }

    Row {
        anchors.centerIn: parent
        spacing: 8
        visible: bar.table.hud.phase === "play" && bar.table.hud.kind !== "replay"
        TableButton {
            objectName: "playButton"
            visible: !bar.table.hud.spectator
            primary: bar.table.hud.myTurn && bar.table.hand.playProblem === ""
            warning: bar.table.hud.myTurn && bar.table.hand.playProblem !== ""
            enabled: bar.table.hud.myTurn && bar.table.hand.selectedCount > 0
            text: bar.table.hand.playLabel
            shortcut: qsTr("Enter")
            implicitWidth: 120
            onClicked: bar.table.hand.play()
        }
        TableButton {
            visible: !bar.table.hud.spectator
            enabled: bar.table.hud.myTurn
            text: qsTr("Hint")
            shortcut: "H"
            onClicked: bar.table.hand.hint()
        }
        PeekButton {
            objectName: "lastTrickButton"
            what: "last"
            text: qsTr("Last trick")
            shortcut: "L"
            enabled: bar.table.trick.hasLast  // none before the first trick is done
        }
        PeekButton {
            objectName: "kittyButton"
            what: "kitty"
            visible: bar.table.trick.buried.length > 0
            text: qsTr("Kitty")
        }
        TableButton {
            text: qsTr("Tricks")
            enabled: bar.table.trick.history.count > 0
            onClicked: bar.showTricks = !bar.showTricks
        }
    }

    Row {
        anchors.centerIn: parent
        spacing: 8
        visible: bar.table.hud.kind === "replay"
        TableButton { text: "|◀"; Accessible.name: qsTr("First step"); onClicked: bar.table.hud.replayGo(0) }
        TableButton { text: "◀"; Accessible.name: qsTr("Step back"); onClicked: bar.table.hud.replayStep(-1) }
        Text {
            id: stepText
            objectName: "replayStepText"
            anchors.verticalCenter: parent.verticalCenter
            // as wide as the last step's words: the buttons after it stay put as the number
            // grows (the font's digits are all one width)
            width: Math.ceil(widestStep.advanceWidth)
            horizontalAlignment: Text.AlignHCenter
            text: qsTr("Step %1 of %2").arg(bar.table.hud.replayStepNo + 1).arg(bar.table.hud.replaySteps)
            color: Theme.text
            font.pixelSize: 18
            TextMetrics {
                id: widestStep
                font: stepText.font
                text: qsTr("Step %1 of %2").arg(bar.table.hud.replaySteps).arg(bar.table.hud.replaySteps)
            }
        }
        TableButton { objectName: "replayForward"; text: "▶"; Accessible.name: qsTr("Step forward"); onClicked: bar.table.hud.replayStep(1) }
        TableButton { text: "▶|"; Accessible.name: qsTr("Last step"); onClicked: bar.table.hud.replayGo(bar.table.hud.replaySteps - 1) }
        // issue 35: practice from this step on (the deal as far as here, then yours)
        TableButton { objectName: "playFromHere"; text: qsTr("Play from here"); onClicked: App.playFromHere() }
    }

    // Last trick / Kitty: a click shows it and a second click hides it; held down, it shows
    // only while held (a peek).
    component PeekButton: TableButton {
        id: peekButton
        property string what
        property bool held: false
        primary: bar.table.trick.peek === what
        onPressed: held = false
        onPressAndHold: { held = true; bar.table.trick.setPeek(what) }
        onReleased: if (held) bar.table.trick.setPeek("")
        onClicked: if (!held) bar.table.trick.togglePeek(what)
    }
}
