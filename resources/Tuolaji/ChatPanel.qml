import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// The room's chat: the lines so far (newest at the bottom) and a line to type into.
Rectangle {
    id: chat
    property var online: App.online
    width: 340
    height: 300
    radius: 12
    color: Theme.panel
    border.color: "#40ffffff"

    Text {
        id: title
        x: 14
        y: 8
        text: qsTr("Chat")
        color: Theme.accent
        font.pixelSize: 17
        font.bold: true
    }
    ListView {
        id: lines
        x: 12
        y: 36
        width: parent.width - 24
        height: parent.height - 36 - 52
        clip: true
        spacing: 3
        model: chat.online.chat
        onCountChanged: positionViewAtEnd()
        delegate: Text {
            id: line
            required property var model
            width: lines.width
            wrapMode: Text.Wrap
            textFormat: Text.PlainText
            text: line.model.name + ": " + line.model.text
            color: line.model.mine ? Theme.accent : Theme.text
            font.pixelSize: 15
        }
    }
    Text {
        visible: lines.count === 0
        anchors.centerIn: lines
        text: qsTr("No messages yet")
        color: Theme.dim
        font.pixelSize: 15
    }
    Row {
        x: 12
        anchors.bottom: parent.bottom
        anchors.bottomMargin: 10
        spacing: 8
        TextField {
            id: entry
            objectName: "chatEntry"
            width: chat.width - 24 - 8 - send.width
            font.pixelSize: 15
            maximumLength: 200
            placeholderText: qsTr("Say something")
            onAccepted: send.clicked()
        }
        TableButton {
            id: send
            implicitHeight: 38
            font.pixelSize: 15
            text: qsTr("Send")
            enabled: entry.text.trim() !== ""
            onClicked: {
                chat.online.sendChat(entry.text)
                entry.text = ""
            }
        }
    }
}
