import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// Finished hands to step through: the ones played on this computer, and (when connected) the
// player's games on the server.
FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    // a stage narrower than 1280 (a small window): the columns close up
    readonly property bool narrow: width < Theme.baseWidth - 1
    property var online: App.online
    readonly property bool connected: online.status === "connected"

    Component.onCompleted: if (connected) online.refreshGames()

    PageHeader {
        title: qsTr("Replays")
        onBack: ApplicationWindow.window.go("home")
    }

    Text {
        x: 40
        y: 84
        text: qsTr("On this computer")
        color: Theme.accent
        font.pixelSize: 20
        font.bold: true
    }
    ListView {
        id: list
        x: page.narrow ? 30 : 40
        y: 120
        width: page.narrow ? (page.width - 90) / 2 : 600
        height: 580
        clip: true
        spacing: 6
        focus: true
        model: App.records
        delegate: Rectangle {
            // one click opens it: preset and hand, date; the level played, who won, levels gained
            id: row
            objectName: "record_" + index
            required property string path
            required property string title
            required property string detail
            required property string result
            required property int index
            width: list.width
            height: 58
            radius: 8
            color: rowMouse.containsMouse || ListView.isCurrentItem ? Theme.buttonHover : Theme.panel
            Text { x: 16; y: 6; text: row.title; color: Theme.text; font.pixelSize: 18; width: Math.min(380, list.width - 200); elide: Text.ElideRight }
            Text { anchors.right: parent.right; anchors.rightMargin: 16; y: 8; text: row.detail; color: Theme.dim; font.pixelSize: 15 }
            Text { x: 16; y: 32; text: row.result; color: Theme.accent; font.pixelSize: 15; width: list.width - 32 - review.width; elide: Text.ElideRight }
            MouseArea {
                id: rowMouse
                anchors.fill: parent
                hoverEnabled: true
                cursorShape: Qt.PointingHandCursor
                onClicked: App.openReplay(row.path)
            }
            TableButton {
                // issue 35: the hand's costliest decisions (judged now, or cached)
                id: review
                objectName: "reviewRecord_" + row.index
                anchors.right: parent.right
                anchors.rightMargin: 10
                y: 28
                implicitHeight: 26
                font.pixelSize: 15
                text: qsTr("Review")
                onClicked: if (App.review.openPath(row.path)) ApplicationWindow.window.go("review")
            }
        }
        Keys.onReturnPressed: if (currentItem) App.openReplay(currentItem.path)
    }
    Text {
            visible: App.records.count === 0
            anchors.centerIn: list
            width: list.width - 40
            horizontalAlignment: Text.AlignHCenter
            wrapMode: Text.WordWrap
            text: qsTr("No finished hands yet. Every hand you finish is kept here.")
            color: Theme.dim
            font.pixelSize: 18
    }

    Text {
        x: games.x
        y: 84
        text: qsTr("My online games")
        color: Theme.accent
        font.pixelSize: 20
        font.bold: true
    }
    TableButton {
        x: games.x + games.width - width
        y: 76
        implicitHeight: 36
        font.pixelSize: 15
        enabled: page.connected
        text: qsTr("Refresh")
        onClicked: page.online.refreshGames()
    }
    ListView {
        id: games
        objectName: "onlineGames"
        x: list.x + list.width + (page.narrow ? 30 : 40)
        y: 120
        width: page.narrow ? list.width : 560
        height: 580
        clip: true
        spacing: 6
        model: page.online.games
        delegate: Rectangle {
            id: game
            required property int game
            required property string title
            required property string detail
            width: games.width
            height: 52
            radius: 8
            color: Theme.panel
            Text { x: 16; y: 6; text: game.title; color: Theme.text; font.pixelSize: 17; width: games.width - 130; elide: Text.ElideRight }
            Text { x: 16; y: 28; text: game.detail; color: Theme.dim; font.pixelSize: 15; width: games.width - 130; elide: Text.ElideRight }
            TableButton {
                anchors.right: parent.right
                anchors.rightMargin: 8
                anchors.verticalCenter: parent.verticalCenter
                implicitHeight: 36
                font.pixelSize: 15
                text: qsTr("Open")
                onClicked: page.online.openGame(game.game)
            }
        }
    }
    Text {
            visible: games.count === 0
            anchors.centerIn: games
            width: games.width - 40
            horizontalAlignment: Text.AlignHCenter
            wrapMode: Text.WordWrap
            text: page.connected ? qsTr("No finished online games yet") : qsTr("Connect on the Play online screen to see your games on the server")
            color: Theme.dim
            font.pixelSize: 18
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("home")
}
