import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tuolaji.Backend

FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    // a stage narrower than 1280 (a small window): the columns close up
    readonly property bool narrow: width < Theme.baseWidth - 1
    readonly property int margin: narrow ? 30 : 60
    property var online: App.online

    PageHeader {
        title: qsTr("Play online")
        onBack: ApplicationWindow.window.go("home")
    }
    TableButton {
        objectName: "toHosting"
        anchors.right: parent.right
        anchors.rightMargin: 24
        y: 11
        text: qsTr("Host · Nearby · Invite")
        onClicked: ApplicationWindow.window.go("host")
    }

    Rectangle {
        // reconnect banner
        visible: page.online.banner !== ""
        width: parent.width
        height: 34
        y: 64
        color: "#8d6e00"
        Text { anchors.centerIn: parent; text: page.online.banner; color: "white"; font.pixelSize: 16 }
    }

    RowLayout {
        x: page.margin
        y: 110
        width: page.width - 2 * page.margin
        spacing: 12
        Text { text: qsTr("Server"); color: Theme.text; font.pixelSize: 18 }
        TextField {
            id: address
            objectName: "lobbyAddress"
            Layout.preferredWidth: 280
            font.pixelSize: 17
            text: App.settings.serverAddress
            focus: true
        }
        Text { text: qsTr("Name"); color: Theme.text; font.pixelSize: 18 }
        TextField {
            id: name
            objectName: "lobbyName"
            Layout.preferredWidth: 200
            font.pixelSize: 17
            text: App.settings.playerName
            placeholderText: qsTr("Your name")
            onTextEdited: App.settings.playerName = text  // hosting and invites use it too
        }
        TableButton {
            objectName: "lobbyConnect"
            primary: true
            enabled: page.online.available
            text: page.online.status === "connected" ? qsTr("Reconnect") : qsTr("Connect")
            onClicked: {
                App.settings.serverAddress = address.text
                App.settings.playerName = name.text
                page.online.connectTo(address.text, name.text)
            }
        }
        Text {
            objectName: "lobbyStatus"
            Layout.fillWidth: true
            text: !page.online.available ? qsTr("Online play is not available in this build")
                  : page.online.status === "connected" ? qsTr("Connected")
                  : page.online.status === "connecting" ? qsTr("Connecting…") : qsTr("Not connected")
            color: !page.online.available ? Theme.warn : Theme.dim
            font.pixelSize: 16
            elide: Text.ElideRight
        }
    }

    Text {
        // the last failure, in a whole sentence of its own; a later success clears it
        objectName: "lobbyError"
        x: page.margin
        y: 150
        width: page.width - 2 * page.margin
        visible: text !== ""
        text: page.online.error
        color: Theme.warn
        font.pixelSize: 16
        elide: Text.ElideRight
    }

    Text {
        x: page.margin
        y: 178
        text: qsTr("Rooms")
        color: Theme.accent
        font.pixelSize: 22
        font.bold: true
    }

    ListView {
        id: rooms
        x: page.margin
        y: 214
        width: page.width - 2 * page.margin - createPanel.width - 30
        height: 462
        clip: true
        spacing: 6
        model: page.online.rooms
        delegate: Rectangle {
            id: room
            required property string id
            required property string name
            required property string preset
            required property int players
            required property int spectators
            required property string status
            width: rooms.width
            height: 54
            radius: 8
            color: Theme.panel
            Row {
                x: 16
                anchors.verticalCenter: parent.verticalCenter
                spacing: 20
                Text { text: room.name; color: Theme.text; font.pixelSize: 18; width: page.narrow ? 130 : 170; elide: Text.ElideRight }
                Text { text: App.presetTitle(room.preset); color: Theme.dim; font.pixelSize: 16; width: page.narrow ? 130 : 170; elide: Text.ElideRight }
                Text { text: qsTr("%1/4 players").arg(room.players); color: Theme.dim; font.pixelSize: 16; width: 90 }
                Text { visible: !page.narrow; text: qsTr("%1 watching").arg(room.spectators); color: Theme.dim; font.pixelSize: 16; width: 100 }
            }
            Row {
                anchors.right: parent.right
                anchors.rightMargin: 10
                anchors.verticalCenter: parent.verticalCenter
                spacing: 6
                TableButton { text: qsTr("Join"); enabled: room.players < 4; onClicked: page.online.joinRoom(room.id) }
                TableButton { text: qsTr("Watch"); onClicked: page.online.watchRoom(room.id) }
            }
        }
        Text {
            visible: rooms.count === 0
            anchors.centerIn: parent
            text: qsTr("No rooms yet")
            color: Theme.dim
            font.pixelSize: 18
        }
    }

    Rectangle {
        id: createPanel
        x: page.width - page.margin - width
        y: 214
        width: page.narrow ? 280 : 330
        height: 200
        radius: 12
        color: Theme.panel
        Column {
            anchors.fill: parent
            anchors.margins: 16
            spacing: 12
            Text { text: qsTr("Create a room"); color: Theme.text; font.pixelSize: 19; font.bold: true }
            PresetBox {
                id: presetBox
                width: parent.width
                font.pixelSize: 16
            }
            TableButton {
                enabled: page.online.status === "connected"
                text: qsTr("Create")
                onClicked: page.online.createRoom(presetBox.currentValue)
            }
        }
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("home")
}
