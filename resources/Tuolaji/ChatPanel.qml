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
            objectName: "chatLine"
            // another player's line: a click offers to mute, report or block them
            MouseArea {
                anchors.fill: parent
                enabled: !line.model.mine && line.model.user > 0
                cursorShape: enabled ? Qt.PointingHandCursor : Qt.ArrowCursor
                onClicked: {
                    playerMenu.user = line.model.user
                    playerMenu.name = line.model.name
                    playerMenu.reported = false
                    playerMenu.open()
                }
            }
        }
    }
    Popup {
        id: playerMenu
        objectName: "chatPlayerMenu"
        property int user: 0
        property string name: ""
        property bool reported: false
        x: 12
        y: 36
        width: chat.width - 24
        padding: 10
        background: Rectangle { radius: 10; color: Theme.bar; border.color: Theme.accent }
        contentItem: Column {
            spacing: 6
            Text {
                width: parent.width
                text: playerMenu.reported ? qsTr("%1 is reported to the moderators, with the last lines of this chat").arg(playerMenu.name)
                                          : playerMenu.name
                color: Theme.text
                font.pixelSize: 15
                wrapMode: Text.Wrap
            }
            Flow {
                width: parent.width
                spacing: 6
                TableButton {
                    objectName: "chatMute"
                    implicitHeight: 36
                    font.pixelSize: 15
                    text: qsTr("Mute here")
                    onClicked: { chat.online.mutePlayer(playerMenu.user); playerMenu.close() }
                }
                TableButton {
                    objectName: "chatBlock"
                    implicitHeight: 36
                    font.pixelSize: 15
                    warning: true
                    text: qsTr("Block")
                    onClicked: { chat.online.blockPlayer(playerMenu.user); playerMenu.close() }
                }
            }
            Text { text: qsTr("Report for:"); color: Theme.dim; font.pixelSize: 15; visible: !playerMenu.reported }
            Flow {
                width: parent.width
                spacing: 6
                visible: !playerMenu.reported
                Repeater {
                    model: [["abuse", qsTr("Abuse")], ["cheating", qsTr("Cheating")], ["spam", qsTr("Spam")], ["other", qsTr("Other")]]
                    delegate: TableButton {
                        required property var modelData
                        objectName: "chatReport"
                        implicitHeight: 36
                        font.pixelSize: 15
                        text: modelData[1]
                        onClicked: {
                            chat.online.reportPlayer(playerMenu.user, modelData[0])
                            playerMenu.reported = true
                        }
                    }
                }
            }
        }
    }
    Text {
        visible: lines.count === 0
        anchors.centerIn: lines
        text: qsTr("No messages yet")
        color: Theme.dim
        font.pixelSize: 15
    }
    TableButton {
        // quick phrases (each reader sees them in their language), beside the title: the line
        // to type into keeps the bottom's width
        id: phrasesButton
        objectName: "chatPhrases"
        x: chat.width - 12 - width
        y: 4
        implicitHeight: 30
        implicitWidth: 44
        font.pixelSize: 15
        text: "…"
        onClicked: phrasesPopup.visible ? phrasesPopup.close() : phrasesPopup.open()
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
            objectName: "chatSend"
            implicitHeight: 38
            implicitWidth: contentItem.implicitWidth + 24  // as wide as its word: the line gets the rest
            font.pixelSize: 15
            text: qsTr("Send")
            enabled: entry.text.trim() !== ""
            onClicked: {
                chat.online.sendChat(entry.text)
                entry.text = ""
            }
        }
    }
    Popup {
        id: phrasesPopup
        objectName: "chatPhrasesPopup"
        x: chat.width - width - 12
        y: phrasesButton.y + phrasesButton.height + 4
        padding: 8
        background: Rectangle { radius: 10; color: Theme.bar; border.color: Theme.accent }
        contentItem: Column {
            spacing: 4
            Repeater {
                model: phrasesPopup.visible ? chat.online.phrases() : []
                delegate: TableButton {
                    required property var modelData
                    objectName: "chatPhrase"
                    implicitHeight: 36
                    font.pixelSize: 15
                    text: modelData[1]
                    onClicked: {
                        chat.online.sendPhrase(modelData[0])
                        phrasesPopup.close()
                    }
                }
            }
        }
    }
}
