import QtQuick
import Tuolaji.Backend

// "Leave this hand?" — asked when the player leaves a hand still being played. Offline the hand
// is saved and resumes from Home; online the seat is played by the computer and it costs rating.
// Online between hands: "Leave this match?" — the seat is given up.
FocusScope {
    id: confirm
    property bool offline: true
    property bool between: false
    signal stay()
    signal leave()
    anchors.fill: parent
    // offline the game stands still under the question (online it is not ours to stop)
    onVisibleChanged: App.table.hud.setPaused(visible)

    Keys.onEscapePressed: confirm.stay()
    Keys.onReturnPressed: confirm.leave()

    Rectangle {
        anchors.fill: parent
        color: "#a0000000"
        MouseArea { anchors.fill: parent }  // the table waits under the question
    }
    Rectangle {
        anchors.centerIn: parent
        width: 560
        height: column.implicitHeight + 60
        radius: 16
        color: "#10261a"
        border.color: Theme.accent
        border.width: 2
        Column {
            id: column
            anchors.centerIn: parent
            width: parent.width - 60
            spacing: 14
            Text {
                objectName: "leaveTitle"
                text: confirm.between ? qsTr("Leave this match?") : qsTr("Leave this hand?")
                color: Theme.accent
                font.pixelSize: 24
                font.bold: true
            }
            Text {
                objectName: "leaveWhat"
                width: parent.width
                wrapMode: Text.WordWrap
                text: App.table.hud.practice
                      ? qsTr("Practice is not saved: leaving ends this deal (your offline game stays saved).")
                      : confirm.between
                      ? qsTr("Your seat is given up, and the next hand waits until someone takes it. Between hands, leaving costs no rating.")
                      : confirm.offline
                      // straight quotes: the app's font (Noto Sans SC) sets “ ” a whole em wide
                      ? qsTr("The hand is saved: \"Resume the game\" on the home screen carries on from here.")
                      : qsTr("The computer plays your seat to the end of the hand, and leaving costs rating points.")
                color: Theme.text
                font.pixelSize: 17
            }
            Row {
                spacing: 12
                anchors.right: parent.right
                TableButton {
                    objectName: "leaveStay"
                    primary: true
                    text: qsTr("Stay")
                    onClicked: confirm.stay()
                }
                TableButton {
                    objectName: "leaveGo"
                    warning: true
                    text: qsTr("Leave")
                    onClicked: confirm.leave()
                }
            }
        }
    }
}
