import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// The HUD: both sides' levels, the trump suit and level rank, the dealer, the attackers'
// points with a bar to the threshold, kitty size, hand number and phase.
Rectangle {
    id: bar
    property var table: App.table
    signal leave()
    width: parent ? parent.width : Theme.baseWidth
    // a stage narrower than 1280: closer fields, no points bar, no hand number
    readonly property bool narrow: width < Theme.baseWidth - 1
    height: 46
    color: Theme.bar

    Row {
        x: 14
        anchors.verticalCenter: parent.verticalCenter
        spacing: bar.narrow ? 14 : 22

        Item {
            width: levelsRow.implicitWidth
            height: 30
            visible: bar.table.hud.fixedPartners && !bar.table.hud.spectator
            Row {
                id: levelsRow
                anchors.verticalCenter: parent.verticalCenter
                spacing: 8
                Field { label: qsTr("Us"); value: bar.table.hud.ourLevel }
                Field { label: qsTr("Them"); value: bar.table.hud.theirLevel }
            }
        }
        Row {
            spacing: 6
            anchors.verticalCenter: parent.verticalCenter
            Text { text: qsTr("Trump"); color: Theme.dim; font.pixelSize: 16; anchors.verticalCenter: parent.verticalCenter }
            Rectangle {
                width: trumpLabel.implicitWidth + 16
                height: 30
                radius: 6
                color: "#f5f1e4"
                Text {
                    id: trumpLabel
                    anchors.centerIn: parent
                    text: bar.table.hud.trumpText + " " + bar.table.hud.levelRank
                    objectName: "trumpBadge"
                    color: Theme.suitColour(bar.table.hud.trumpText, App.settings.fourColour, false)
                    font.pixelSize: 19
                    font.bold: true
                }
            }
        }
        Field { label: qsTr("Dealer"); value: bar.table.hud.dealerName }
        Row {
            spacing: 8
            anchors.verticalCenter: parent.verticalCenter
            Text { text: qsTr("Attackers"); color: Theme.dim; font.pixelSize: 16; anchors.verticalCenter: parent.verticalCenter }
            Text { text: bar.table.hud.pointsText; color: Theme.text; font.pixelSize: 18; font.bold: true; anchors.verticalCenter: parent.verticalCenter }
            Rectangle {
                visible: !bar.narrow
                width: 110
                height: 10
                radius: 5
                anchors.verticalCenter: parent.verticalCenter
                color: "#33ffffff"
                Rectangle {
                    width: parent.width * Math.min(1, bar.table.hud.points / Math.max(1, bar.table.hud.pointsTarget))
                    height: parent.height
                    radius: 5
                    color: bar.table.hud.points >= bar.table.hud.pointsTarget ? Theme.attackers : Theme.accent
                    Behavior on width { NumberAnimation { duration: 300 } }
                }
            }
        }
        Field { label: qsTr("Kitty"); value: String(bar.table.hud.kittySize) }
        Field { visible: !bar.narrow; label: qsTr("Hand"); value: "#" + bar.table.hud.handNo }
        Text { text: bar.table.hud.phaseText; color: Theme.accent; font.pixelSize: 16; anchors.verticalCenter: parent.verticalCenter }
    }

    Row {
        anchors.right: parent.right
        anchors.rightMargin: 8
        anchors.verticalCenter: parent.verticalCenter
        spacing: 6
        // issue 35: practice says so, and only practice takes moves back
        Rectangle {
            objectName: "practiceBadge"
            visible: bar.table.hud.practice
            anchors.verticalCenter: parent.verticalCenter
            width: practiceLabel.implicitWidth + 16
            height: 28
            radius: 6
            color: Theme.accent
            Text {
                id: practiceLabel
                anchors.centerIn: parent
                text: qsTr("Practice")
                color: Theme.bar
                font.pixelSize: 15
                font.bold: true
            }
        }
        TableButton {
            objectName: "takeBackButton"
            visible: bar.table.hud.practice
            enabled: bar.table.hud.canTakeBack
            implicitHeight: 34
            font.pixelSize: 15
            text: qsTr("Take back")
            onClicked: App.takeBack()
        }
        TableButton {
            objectName: "helpButton"
            implicitHeight: 34
            implicitWidth: 38
            font.pixelSize: 17
            text: "?"
            shortcut: "?"
            onClicked: ApplicationWindow.window.showHelp(true)
        }
        TableButton {
            objectName: "leaveButton"
            implicitHeight: 34
            font.pixelSize: 15
            text: qsTr("Leave")
            // a hand still being played asks first
            onClicked: ApplicationWindow.window.midHand ? ApplicationWindow.window.askLeave() : bar.leave()
        }
    }

    component Field: Row {
        property string label
        property string value
        spacing: 5
        anchors.verticalCenter: parent ? parent.verticalCenter : undefined
        Text { text: label; color: Theme.dim; font.pixelSize: 16 }
        Text { text: value; color: Theme.text; font.pixelSize: 17; font.bold: true }
    }
}
