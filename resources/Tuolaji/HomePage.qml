import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tuolaji.Backend

FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight

    // A table hosted on this computer runs on while the player is elsewhere: said here, with
    // the way back to it (the host page stops it).
    RowLayout {
        objectName: "hostingBar"
        visible: App.hosting.status === "on"
        anchors.horizontalCenter: parent.horizontalCenter
        y: 10
        spacing: 12
        Text {
            objectName: "hostingText"
            text: qsTr("Hosting a table at %1").arg(App.hosting.addresses.join(", "))
            color: Theme.accent
            font.pixelSize: 17
        }
        TableButton {
            text: qsTr("Host page")
            onClicked: ApplicationWindow.window.go("host")
        }
    }

    Column {
        anchors.horizontalCenter: parent.horizontalCenter
        y: 40  // room for seven buttons (Resume, Learn) above the language row
        spacing: 10

        Text {
            anchors.horizontalCenter: parent.horizontalCenter
            text: qsTr("Tuolaji")
            color: Theme.accent
            font.pixelSize: 64
            font.bold: true
        }
        Text {
            anchors.horizontalCenter: parent.horizontalCenter
            text: qsTr("Shengji, the climbing card game for four")
            color: Theme.dim
            font.pixelSize: 20
        }
        Item { width: 1; height: 8 }

        MenuButton {
            id: resume
            anchors.horizontalCenter: parent.horizontalCenter
            visible: App.hasSavedGame
            text: qsTr("Resume the game")
            focus: visible
            onClicked: App.resumeGame()
        }
        MenuButton {
            id: offline
            anchors.horizontalCenter: parent.horizontalCenter
            text: qsTr("Play offline")
            focus: !App.hasSavedGame
            onClicked: ApplicationWindow.window.go("setup")
        }
        Row {
            anchors.horizontalCenter: parent.horizontalCenter
            spacing: 10
            MenuButton {
                objectName: "learnButton"
                width: 155
                font.pixelSize: 19
                text: qsTr("Learn to play")
                onClicked: ApplicationWindow.window.go("lessons")
            }
            MenuButton {
                objectName: "puzzlesButton"
                width: 155
                font.pixelSize: 19
                text: qsTr("Puzzles")
                onClicked: ApplicationWindow.window.go("puzzles")
            }
        }
        MenuButton {
            anchors.horizontalCenter: parent.horizontalCenter
            text: qsTr("Play online")
            onClicked: ApplicationWindow.window.go("lobby")
        }
        MenuButton {
            anchors.horizontalCenter: parent.horizontalCenter
            text: qsTr("Watch")
            onClicked: ApplicationWindow.window.go("watch")
        }
        MenuButton {
            anchors.horizontalCenter: parent.horizontalCenter
            text: qsTr("Replays")
            onClicked: ApplicationWindow.window.go("replays")
        }
        Row {
            anchors.horizontalCenter: parent.horizontalCenter
            spacing: 10
            MenuButton {
                width: 100
                font.pixelSize: 19
                text: qsTr("Settings")
                onClicked: ApplicationWindow.window.go("settings")
            }
            MenuButton {
                width: 100
                font.pixelSize: 19
                text: qsTr("Rules")
                onClicked: ApplicationWindow.window.go("rules")
            }
            MenuButton {
                width: 100
                font.pixelSize: 19
                text: qsTr("Statistics")
                onClicked: ApplicationWindow.window.go("stats")
            }
            MenuButton {
                objectName: "accountButton"
                width: 100
                font.pixelSize: 19
                text: qsTr("Account")
                onClicked: ApplicationWindow.window.go("account")
            }
        }
    }

    Row {
        anchors.bottom: parent.bottom
        anchors.bottomMargin: 20
        anchors.horizontalCenter: parent.horizontalCenter
        spacing: 12
        Repeater {
            // Each language is named in its own script, as language pickers do.
            model: [["en", "English"], ["zh_CN", "简体中文"], ["zh_TW", "繁體中文"]]
            delegate: TableButton {
                required property var modelData
                text: modelData[1]
                primary: App.settings.language === modelData[0]
                onClicked: App.settings.language = modelData[0]
            }
        }
    }

    TableButton {
        objectName: "homeHelp"
        anchors.right: parent.right
        anchors.bottom: parent.bottom
        anchors.margins: 20
        text: qsTr("Keys and mouse")
        shortcut: "?"
        onClicked: ApplicationWindow.window.showHelp(true)
    }

    Keys.onEscapePressed: Qt.quit()
}
