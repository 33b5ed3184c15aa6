import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    property var online: App.online

    PageHeader {
        title: qsTr("Watch")
        onBack: ApplicationWindow.window.go("home")
    }

    Column {
        x: 240
        y: 110
        spacing: 16
        MenuButton {
            text: qsTr("Watch four AI players")
            width: 400
            focus: true
            onClicked: App.watchOffline("classic")
        }
        Text {
            text: qsTr("Public tables online")
            color: Theme.accent
            font.pixelSize: 22
            font.bold: true
        }
        Text {
            visible: page.online.status !== "connected"
            text: page.online.available ? qsTr("Connect on the Play online screen to see the public tables") : qsTr("Online play is not available in this build")
            color: Theme.dim
            font.pixelSize: 17
        }
        TableButton {
            // the way there, rather than back home and on again
            objectName: "watchToLobby"
            visible: page.online.status !== "connected" && page.online.available
            text: qsTr("Play online")
            onClicked: ApplicationWindow.window.go("lobby")
        }
        ListView {
            id: tables
            width: 800
            height: 400
            clip: true
            spacing: 6
            model: page.online.rooms
            delegate: Rectangle {
                id: room
                required property string id
                required property string name
                required property int players
                required property int spectators
                required property int delay
                readonly property string late: (App.language, App.spectatorDelay(delay))
                width: tables.width
                height: 50
                radius: 8
                color: Theme.panel
                Text { x: 16; anchors.verticalCenter: parent.verticalCenter; text: room.name + "  ·  " + qsTr("%1 watching").arg(room.spectators) + (room.late !== "" ? "  ·  " + room.late : ""); color: Theme.text; font.pixelSize: 18 }
                TableButton { anchors.right: parent.right; anchors.rightMargin: 10; anchors.verticalCenter: parent.verticalCenter; text: qsTr("Watch"); onClicked: page.online.watchRoom(room.id) }
            }
        }
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("home")
}
