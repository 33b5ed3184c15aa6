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
        table: bar.table
        visible: bar.table.phase === "deal" && !bar.table.spectator
    }

    Row {
        anchors.centerIn: parent
        spacing: 8
        visible: bar.table.phase === "bury" && bar.table.actions.indexOf("bury") >= 0
        TableButton {
            primary: true
            enabled: bar.table.selectedCount === bar.table.buryNeed
            text: bar.table.buryLabel
            shortcut: qsTr("Enter")
            onClicked: bar.table.bury()
        }
        TableButton { text: qsTr("Hint"); shortcut: "H"; onClicked: bar.table.hint() }
        TableButton { text: qsTr("Clear"); shortcut: qsTr("Backspace"); onClicked: bar.table.clearSelection() }
    }

    Row {
        anchors.centerIn: parent
        spacing: 8
        visible: bar.table.phase === "play" && bar.table.kind !== "replay"
        TableButton {
            objectName: "playButton"
            visible: !bar.table.spectator
            primary: bar.table.myTurn && bar.table.playProblem === ""
            warning: bar.table.myTurn && bar.table.playProblem !== ""
            enabled: bar.table.myTurn && bar.table.selectedCount > 0
            text: bar.table.playLabel
            shortcut: qsTr("Enter")
            implicitWidth: 120
            onClicked: bar.table.play()
        }
        TableButton {
            visible: !bar.table.spectator
            enabled: bar.table.myTurn
            text: qsTr("Hint")
            shortcut: "H"
            onClicked: bar.table.hint()
        }
        PeekButton {
            objectName: "lastTrickButton"
            what: "last"
            text: qsTr("Last trick")
            shortcut: "L"
            enabled: bar.table.lastTrick.count > 0
        }
        PeekButton {
            objectName: "kittyButton"
            what: "kitty"
            visible: bar.table.buried.length > 0
            text: qsTr("Kitty")
        }
        TableButton {
            text: qsTr("Tricks")
            enabled: bar.table.handTricks.count > 0
            onClicked: bar.showTricks = !bar.showTricks
        }
    }

    Row {
        anchors.centerIn: parent
        spacing: 8
        visible: bar.table.kind === "replay"
        TableButton { text: "|◀"; Accessible.name: qsTr("First step"); onClicked: bar.table.replayGo(0) }
        TableButton { text: "◀"; Accessible.name: qsTr("Step back"); onClicked: bar.table.replayStep(-1) }
        Text {
            anchors.verticalCenter: parent.verticalCenter
            text: qsTr("Step %1 of %2").arg(bar.table.replayStepNo + 1).arg(bar.table.replaySteps)
            color: Theme.text
            font.pixelSize: 18
        }
        TableButton { text: "▶"; Accessible.name: qsTr("Step forward"); onClicked: bar.table.replayStep(1) }
        TableButton { text: "▶|"; Accessible.name: qsTr("Last step"); onClicked: bar.table.replayGo(bar.table.replaySteps - 1) }
    }

    // Last trick / Kitty: a click shows it and a second click hides it; held down, it shows
    // only while held (a peek).
    component PeekButton: TableButton {
        id: peekButton
        property string what
        property bool held: false
        primary: bar.table.peek === what
        onPressed: held = false
        onPressAndHold: { held = true; bar.table.setPeek(what) }
        onReleased: if (held) bar.table.setPeek("")
        onClicked: if (!held) bar.table.togglePeek(what)
    }
}
