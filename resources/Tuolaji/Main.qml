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

    // The screen shown: home, setup, table, settings, rules, replays, lobby, host, watch, lessons,
    // puzzles, review, leaderboard, profile.
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
        && (App.table.hud.phase !== "" && App.table.hud.phase !== "done"
            // online, the server's word too: with 托管 on the next hand starts at once, and
            // leaving it from a table still showing the last one's result costs rating;
            // between hands leaving gives the seat up, so that asks too
            || App.table.hud.kind === "online" && betweenHands
            || App.table.hud.kind === "online" && App.online.room.status === "playing")
    readonly property bool betweenHands: App.online.room.status === "between"
    function askLeave() {
        if (midHand)
            leaving = true
        else
            leaveNow()
    }
    function leaveNow() {
        leaving = false
        const back = App.table.hud.kind === "replay" ? replayFrom : backFromTable()
        App.leaveTable()
        go(back)
    }
    // the screen a replay was opened from (the replay list, an online room's games): its way back
    property string replayFrom: "replays"
    // the screen a table or waiting room was opened from: an online room (played or watched)
    // goes back to the lobby or the list of games the player came from, the others Home
    property string tableFrom: "home"
    function backFromTable() {
        return tableFrom === "lobby" || tableFrom === "watch" ? tableFrom : "home"
    }

    // An online room waits in its waiting room until the match starts; then the table.
    function tableScreen() {
        return App.online.waiting ? "room" : "table"
    }
    Connections {
        target: App
        function onSessionChanged() {
            if (App.inGame && App.table.hud.kind === "replay" && window.screen !== "table")
                window.replayFrom = window.screen
            if (App.inGame && window.screen !== "table" && window.screen !== "room")
                window.tableFrom = window.screen
            if (App.inGame)
                window.screen = window.tableScreen()
            else if (window.screen === "table" || window.screen === "room")
                window.screen = window.backFromTable()
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
        // At the window's top, scaled from there: a window taller than the stage (800×600 is)
        // has the spare felt below, where the stage's felt ends in the window's colour, not in
        // a dark band above the top bar.
        anchors.horizontalCenter: parent.horizontalCenter
        y: 0
        transformOrigin: Item.Top
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
                case "account": return "AccountPage.qml"
                case "lessons": return "LessonsPage.qml"
                case "puzzles": return "PuzzlesPage.qml"
                case "review": return "ReviewPanel.qml"
                case "leaderboard": return "LeaderboardPage.qml"
                case "profile": return "ProfilePage.qml"
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
            between: App.table.hud.kind === "online" && window.betweenHands
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
