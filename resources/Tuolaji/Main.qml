import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

ApplicationWindow {
    id: window
    width: Theme.baseWidth
    height: Theme.baseHeight
    // the smallest window every screen is laid out for with text of 12 px or more
    minimumWidth: 800
    minimumHeight: 600
    visible: true
    title: "Tuolaji 拖拉机"  // the app's name in both languages, as the desktop shows it
    color: Theme.feltDark

    // The screen shown: home, setup, table, settings, rules, replays, lobby, host, watch.
    property string screen: "home"
    property real stageScale: Math.max(Theme.minScale, Math.min(width / Theme.baseWidth, height / Theme.baseHeight))

    function go(name) {
        if (name === "replays")
            App.refreshRecords()
        screen = name
    }

    // the keys-and-mouse overlay ("?", F1, or the ? buttons)
    property bool helpShown: false
    function showHelp(on) {
        helpShown = on
        if (!on && pageLoader.item)
            pageLoader.item.forceActiveFocus()
    }
    Shortcut {
        sequences: ["?", "Shift+?", "F1"]
        enabled: !window.helpShown && !window.leaving
        onActivated: window.showHelp(true)
    }

    // Leaving a hand that is still being played asks first (offline it is saved to resume).
    property bool leaving: false
    readonly property bool midHand: App.inGame && !App.table.hud.spectator
        && (App.table.hud.kind === "offline" || App.table.hud.kind === "online")
        && App.table.hud.phase !== "" && App.table.hud.phase !== "done"
    function askLeave() {
        if (midHand)
            leaving = true
        else
            leaveNow()
    }
    function leaveNow() {
        leaving = false
        App.leaveTable()
        go("home")
    }

    // An online room waits in its waiting room until the match starts; then the table.
    function tableScreen() {
        return App.online.waiting ? "room" : "table"
    }
    Connections {
        target: App
        function onSessionChanged() {
            if (App.inGame)
                window.screen = window.tableScreen()
            else if (window.screen === "table" || window.screen === "room")
                window.screen = "home"
        }
    }
    Connections {
        target: App.hosting
        function onLinkFailed() { window.screen = "host" }
    }
    Connections {
        target: App.online
        function onRoomChanged() {
            if (App.inGame && (window.screen === "table" || window.screen === "room"))
                window.screen = window.tableScreen()
        }
    }

    // Every screen is laid out at 1280×720 and scaled to the window: no scrolling. A small
    // window is not scaled below Theme.minScale (text would go under 12 px): the stage gets
    // narrower or lower instead, and the pages lay themselves out to its size.
    Item {
        id: stage
        width: Math.min(Theme.baseWidth, window.width / window.stageScale)
        height: Math.min(Theme.baseHeight, window.height / window.stageScale)
        anchors.centerIn: parent
        scale: window.stageScale

        Rectangle {
            anchors.fill: parent
            gradient: Gradient {
                GradientStop { position: 0.0; color: Theme.feltLight }
                GradientStop { position: 1.0; color: Theme.feltDark }
            }
        }

        Loader {
            id: pageLoader
            anchors.fill: parent
            focus: true
            source: {
                switch (window.screen) {
                case "setup": return "SetupPage.qml"
                case "table": return "TablePage.qml"
                case "settings": return "SettingsPage.qml"
                case "rules": return "RulesPage.qml"
                case "replays": return "ReplaysPage.qml"
                case "lobby": return "LobbyPage.qml"
                case "host": return "HostPage.qml"
                case "watch": return "WatchPage.qml"
                case "room": return "RoomPage.qml"
                case "stats": return "StatsPage.qml"
                default: return "HomePage.qml"
                }
            }
            onLoaded: item.forceActiveFocus()
        }

        HelpOverlay {
            objectName: "helpOverlay"
            visible: window.helpShown
            focus: visible
            z: 100
            onVisibleChanged: if (visible) forceActiveFocus()
            onClose: window.showHelp(false)
        }

        LeaveConfirm {
            objectName: "leaveConfirm"
            visible: window.leaving
            z: 90
            offline: App.table.hud.kind === "offline"
            onVisibleChanged: if (visible) forceActiveFocus()
            onStay: {
                window.leaving = false
                if (pageLoader.item)
                    pageLoader.item.forceActiveFocus()
            }
            onLeave: window.leaveNow()
        }
    }
}
