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
        // issue 37: the server's leaderboards and profiles (beside the back button)
        objectName: "toLeaderboards"
        x: 150
        y: 11
        enabled: page.online.status === "connected"
        text: qsTr("Leaderboards")
        onClicked: ApplicationWindow.window.go("leaderboard")
    }
    TableButton {
        id: toHosting
        objectName: "toHosting"
        anchors.right: parent.right
        anchors.rightMargin: 24
        y: 11
        text: qsTr("Host · Nearby · Invite")
        onClicked: ApplicationWindow.window.go("host")
    }
    TableButton {
        objectName: "toFriends"
        anchors.right: toHosting.left
        anchors.rightMargin: 12
        y: 11
        enabled: page.online.status === "connected"
        text: qsTr("Friends")
        onClicked: friendsPanel.visible = !friendsPanel.visible
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
            // the server connected to (an invite's, a Nearby table's), else the one last typed
            text: page.online.server !== "" ? page.online.server : App.settings.serverAddress
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
            primary: page.online.status !== "connected"  // the thing to do only until connected
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
                  : page.online.status === "connected" ? qsTr("Connected to %1").arg(page.online.server)
                  : page.online.status === "connecting" ? qsTr("Connecting to %1…").arg(page.online.server) : qsTr("Not connected")
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

    // the public rooms, or the private ones the player may enter (theirs, where they sit,
    // those a friend invited them to)
    property bool showPrivate: false
    Row {
        x: page.margin
        y: 172
        spacing: 16
        Text {
            anchors.verticalCenter: parent.verticalCenter
            text: page.showPrivate ? qsTr("My private rooms") : qsTr("Rooms")
            color: Theme.accent
            font.pixelSize: 22
            font.bold: true
        }
        TableButton {
            objectName: "togglePrivate"
            implicitHeight: 34
            font.pixelSize: 15
            enabled: page.online.status === "connected"
            text: page.showPrivate ? qsTr("Public rooms") : qsTr("My private rooms")
            onClicked: {
                page.showPrivate = !page.showPrivate
                if (page.showPrivate)
                    page.online.refreshPrivate()
            }
        }
    }

    ListView {
        id: rooms
        x: page.margin
        y: 214
        width: page.width - 2 * page.margin - createPanel.width - 30
        height: 462
        clip: true
        spacing: 6
        model: page.showPrivate ? page.online.privateRooms : page.online.rooms
        delegate: Rectangle {
            id: room
            required property string id
            required property string name
            required property string preset
            required property int players
            required property int spectators
            required property string status
            required property bool friend
            required property var rules
            required property int delay
            // the rules a room changes of its preset's, e.g. "Levels: 2 → 2"
            readonly property string changes: (App.language, App.rulesChanged(rules))
            // "Spectators: 1 trick behind" where the room delays them
            readonly property string late: (App.language, App.spectatorDelay(delay))
            width: rooms.width
            height: 54 + (changes !== "" ? 20 : 0) + (late !== "" ? 20 : 0)
            radius: 8
            color: Theme.panel
            Row {
                x: 16
                y: (54 - height) / 2  // the first line; changed rules go under it
                spacing: 20
                Text { text: room.name; color: Theme.text; font.pixelSize: 18; width: page.narrow ? 130 : 170; elide: Text.ElideRight }
                Text { text: App.presetTitle(room.preset); color: Theme.dim; font.pixelSize: 16; width: page.narrow ? 130 : 170; elide: Text.ElideRight }
                Text { text: qsTr("%1/4 players").arg(room.players); color: Theme.dim; font.pixelSize: 16; width: 90 }
                Text { visible: !page.narrow; text: qsTr("%1 watching").arg(room.spectators); color: Theme.dim; font.pixelSize: 16; width: 100 }
                Text { objectName: "friendRoom"; visible: room.friend; text: qsTr("A friend is here"); color: Theme.accent; font.pixelSize: 16 }
            }
            Text {
                objectName: "roomChanges"
                visible: room.changes !== ""
                x: 16
                y: 48
                width: parent.width - 200
                elide: Text.ElideRight
                text: qsTr("Changed rules: %1").arg(room.changes)
                color: Theme.warn
                font.pixelSize: 14
            }
            Text {
                objectName: "roomDelay"
                visible: room.late !== ""
                x: 16
                y: room.changes !== "" ? 68 : 48
                text: room.late
                color: Theme.dim
                font.pixelSize: 14
            }
            Row {
                anchors.right: parent.right
                anchors.rightMargin: 10
                y: (54 - height) / 2
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
        height: 280
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
            Text { text: qsTr("Spectators see the table late by"); color: Theme.dim; font.pixelSize: 15 }
            ComboBox {
                // how late the room's spectators see its table (issue 35: off unless asked for)
                id: delayBox
                objectName: "delayBox"
                width: parent.width
                font.pixelSize: 16
                textRole: "text"
                valueRole: "moves"
                model: [
                    { text: qsTr("Off"), moves: 0 },
                    { text: qsTr("1 trick (4 moves)"), moves: 4 },
                    { text: qsTr("2 tricks (8 moves)"), moves: 8 }
                ]
            }
            TableButton {
                enabled: page.online.status === "connected"
                text: qsTr("Create")
                onClicked: page.online.createRoom(presetBox.currentValue, delayBox.currentValue)
            }
        }
    }

    FriendsPanel {
        id: friendsPanel
        objectName: "friendsPanel"
        visible: false
        z: 10
        x: page.width - width - 24
        // below the connection row and its error line: Reconnect and the status stay in reach
        y: 176
        height: page.height - y - 16
        onClosed: visible = false
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("home")
}
