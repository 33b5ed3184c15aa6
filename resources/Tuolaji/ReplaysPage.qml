import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight

    PageHeader {
        title: qsTr("Replays")
        onBack: ApplicationWindow.window.go("home")
    }

    Text {
        visible: App.records.count === 0
        anchors.centerIn: parent
        text: qsTr("No finished hands yet. Every hand you finish is kept here.")
        color: Theme.dim
        font.pixelSize: 20
    }

    ListView {
        id: list
        x: 240
        y: 90
        width: 800
        height: 600
        clip: true
        spacing: 6
        focus: true
        model: App.records
        delegate: Rectangle {
            id: row
            required property string path
            required property string title
            required property string detail
            required property int index
            width: list.width
            height: 52
            radius: 8
            color: ListView.isCurrentItem ? Theme.buttonHover : Theme.panel
            Text { x: 16; anchors.verticalCenter: parent.verticalCenter; text: row.title; color: Theme.text; font.pixelSize: 18 }
            Text { anchors.right: parent.right; anchors.rightMargin: 16; anchors.verticalCenter: parent.verticalCenter; text: row.detail; color: Theme.dim; font.pixelSize: 16 }
            TapHandler { onTapped: App.openReplay(row.path) }
        }
        Keys.onReturnPressed: if (currentItem) App.openReplay(currentItem.path)
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("home")
}
