import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tuolaji.Backend

// Host a table on this computer, share the room by link or code, open an invite, the tables
// nearby on the network and the saved servers.
FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    // a stage narrower than 1280 (a small window): the columns close up
    readonly property bool narrow: width < Theme.baseWidth - 1
    readonly property int margin: narrow ? 30 : 60
    readonly property int columnWidth: narrow ? (width - 3 * margin) / 2 : 560
    readonly property int rightX: narrow ? 2 * margin + columnWidth : 660
    property var hosting: App.hosting

    Component.onCompleted: { page.hosting.browse(true); page.hosting.refreshServers() }
    Component.onDestruction: page.hosting.browse(false)

    PageHeader {
        title: qsTr("Host and invite")
        onBack: ApplicationWindow.window.go(App.inGame ? ApplicationWindow.window.tableScreen() : "lobby")
    }

    // The name the host and a friend opening an invite appear under at the table.
    RowLayout {
        width: page.narrow ? 250 : 320
        x: page.width - page.margin - width
        y: 12
        spacing: 10
        Text { text: qsTr("Your name"); color: Theme.text; font.pixelSize: 17 }
        TextField {
            objectName: "hostPlayerName"
            Layout.fillWidth: true
            font.pixelSize: 17
            text: App.settings.playerName
            placeholderText: page.hosting.hostName
            enabled: page.hosting.status === "off"
            onTextEdited: App.settings.playerName = text
        }
    }

    Rectangle {
        id: hostPanel
        x: page.margin
        y: 84
        width: page.columnWidth
        height: 256
        radius: 12
        color: Theme.panel
        Column {
            anchors.fill: parent
            anchors.margins: 14
            spacing: 8
            Text { text: qsTr("Host a table"); color: Theme.text; font.pixelSize: 20; font.bold: true }
            RowLayout {
                width: parent.width
                spacing: 10
                Text { text: qsTr("Port"); color: Theme.text; font.pixelSize: 17 }
                TextField {
                    id: portField
                    objectName: "hostPort"
                    Layout.preferredWidth: 100
                    font.pixelSize: 17
                    text: String(page.hosting.port)
                    validator: IntValidator { bottom: 1024; top: 65535 }
                    enabled: page.hosting.status === "off"
                }
                PresetBox {
                    id: hostPreset
                    Layout.fillWidth: true
                    font.pixelSize: 16
                    enabled: page.hosting.status === "off"
                }
            }
            RowLayout {
                // each turn's clock at the hosted table: at its end the AI plays the turn.
                // Chosen before hosting; while hosting, the addresses to join take its place.
                visible: page.hosting.status === "off"
                spacing: 10
                Text { text: qsTr("Turn clock"); color: Theme.text; font.pixelSize: 17 }
                ComboBox {
                    id: timerBox
                    objectName: "hostTurnTimer"
                    readonly property var seconds: [0, 15, 30, 60]
                    Layout.preferredWidth: 130
                    font.pixelSize: 16
                    model: [qsTr("Off", "turn clock"), qsTr("%1 s").arg(15), qsTr("%1 s").arg(30), qsTr("%1 s").arg(60)]
                    currentIndex: Math.max(0, seconds.indexOf(App.settings.hostTurnTimer))
                    // a language switch renews the model: the box stays on the setting
                    onModelChanged: currentIndex = Qt.binding(() => Math.max(0, timerBox.seconds.indexOf(App.settings.hostTurnTimer)))
                    onActivated: (i) => App.settings.hostTurnTimer = seconds[i]
                }
            }
            RowLayout {
                spacing: 10
                TableButton {
                    objectName: "hostStart"
                    primary: true
                    visible: page.hosting.status === "off"
                    enabled: App.online.available
                    text: qsTr("Host")
                    onClicked: page.hosting.startHosting(parseInt(portField.text) || 0, hostPreset.currentValue)
                }
                TableButton {
                    visible: page.hosting.status !== "off"
                    enabled: page.hosting.status === "on"
                    warning: true
                    text: qsTr("Stop hosting")
                    onClicked: page.hosting.stopHosting()
                }
                Text {
                    text: page.hosting.status === "on" ? qsTr("Hosting as %1").arg(page.hosting.hostName)
                          : page.hosting.status === "starting" ? qsTr("Starting the table server…")
                          : page.hosting.status === "stopping" ? qsTr("Telling the players and closing…")
                          : qsTr("Not hosting")
                    color: Theme.dim
                    font.pixelSize: 16
                }
            }
            Text {
                width: parent.width
                visible: page.hosting.status === "on"
                text: page.hosting.addresses.length > 0
                      ? qsTr("Players on your network connect to %1").arg(page.hosting.addresses.join(", "))
                      : qsTr("No network found: only this computer can join")
                color: Theme.text
                font.pixelSize: 16
                wrapMode: Text.Wrap
            }
            Text {
                objectName: "hostError"
                width: parent.width
                text: page.hosting.errorAbout === "link" ? "" : page.hosting.error
                visible: text !== ""
                color: Theme.warn
                font.pixelSize: 16
                wrapMode: Text.Wrap
            }
        }
    }

    Rectangle {
        id: invitePanel
        x: page.margin
        y: 350
        width: page.columnWidth
        height: 330
        radius: 12
        color: Theme.panel
        Column {
            anchors.fill: parent
            anchors.margins: 16
            spacing: 10
            Text { text: qsTr("Invite"); color: Theme.text; font.pixelSize: 20; font.bold: true }
            Text {
                width: parent.width
                visible: page.hosting.inviteLink === ""
                text: qsTr("Open or join a room to invite friends to it")
                color: Theme.dim
                font.pixelSize: 16
                wrapMode: Text.Wrap
            }
            RowLayout {
                width: parent.width
                visible: page.hosting.inviteLink !== ""
                spacing: 10
                TextField {
                    objectName: "inviteLink"
                    Layout.fillWidth: true
                    readOnly: true
                    font.pixelSize: 15
                    text: page.hosting.inviteLink
                }
                TableButton { text: qsTr("Copy"); onClicked: page.hosting.copyInvite() }
            }
            Text {
                visible: page.hosting.inviteCode !== ""
                text: qsTr("Code: %1").arg(page.hosting.inviteCode)
                color: Theme.accent
                font.pixelSize: 24
                font.bold: true
            }
            Item { width: 1; height: 8 }
            Text { text: qsTr("Open an invite"); color: Theme.text; font.pixelSize: 18; font.bold: true }
            RowLayout {
                width: parent.width
                spacing: 10
                TextField {
                    id: linkField
                    objectName: "openLink"
                    Layout.fillWidth: true
                    font.pixelSize: 15
                    placeholderText: qsTr("tuolaji://… link or a code")
                    onAccepted: page.hosting.openLink(text)
                }
                TableButton { text: qsTr("Open"); onClicked: page.hosting.openLink(linkField.text) }
            }
            Text {
                objectName: "linkError"
                width: parent.width
                text: page.hosting.errorAbout === "link" ? page.hosting.error : ""
                visible: text !== ""
                color: Theme.warn
                font.pixelSize: 16
                wrapMode: Text.Wrap
            }
            TableButton {
                visible: App.inGame
                text: qsTr("Back to the room")
                onClicked: ApplicationWindow.window.go(ApplicationWindow.window.tableScreen())
            }
        }
    }

    NearbyList {
        x: page.rightX
        y: 84
        width: page.columnWidth
        height: 250
        hosting: page.hosting
    }

    ServersList {
        x: page.rightX
        y: 350
        width: page.columnWidth
        height: 330
        hosting: page.hosting
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("lobby")
}
