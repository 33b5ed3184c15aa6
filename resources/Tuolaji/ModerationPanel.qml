import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// For moderators (App.online.moderation): the newest reports, each with the chat lines and game
// it carries, a chat timeout or a ban of the reported player with a reason; the moderation log.
Item {
    id: mod
    property var moderation: App.online.moderation

    function actionText(action) {
        var texts = {
            "timeout": qsTr("chat timeout"),
            "ban": qsTr("ban"),
            "lift-timeout": qsTr("timeout lifted"),
            "lift-ban": qsTr("ban lifted"),
            "role:moderator": qsTr("made a moderator"),
            "role:admin": qsTr("made an administrator"),
            "role:player": qsTr("role taken back")
        }
        return texts[action] === undefined ? action : texts[action]
    }

    TextField {
        id: reasonField
        objectName: "modReason"
        width: parent.width
        font.pixelSize: 16
        placeholderText: qsTr("Reason (the player is shown it)")
    }
    Text {
        id: problem
        objectName: "modError"
        y: reasonField.height + 4
        width: parent.width
        visible: text !== ""
        height: visible ? implicitHeight : 0
        text: mod.moderation.error
        color: Theme.warn
        font.pixelSize: 15
        wrapMode: Text.Wrap
    }
    Flickable {
        y: problem.y + problem.height + 6
        width: parent.width
        height: parent.height - y
        clip: true
        contentHeight: column.height
        Column {
            id: column
            width: parent.width
            spacing: 6
            Text { text: qsTr("Reports"); color: Theme.dim; font.pixelSize: 16; font.bold: true }
            Text {
                visible: reports.count === 0
                text: qsTr("No reports")
                color: Theme.dim
                font.pixelSize: 15
            }
            Repeater {
                id: reports
                model: mod.moderation.reports
                delegate: Column {
                    required property string when
                    required property string reporter
                    required property string reported
                    required property int user
                    required property string reason
                    required property string text
                    required property int game
                    required property string chat
                    objectName: "report"
                    width: column.width
                    spacing: 3
                    Text {
                        width: parent.width
                        text: qsTr("%1 · %2 reported %3 (%4)").arg(when).arg(reporter).arg(reported).arg(reason)
                              + (game >= 0 ? "  " + qsTr("game %1").arg(game) : "")
                        color: Theme.text
                        font.pixelSize: 15
                        wrapMode: Text.Wrap
                    }
                    Text {
                        width: parent.width
                        visible: text !== ""
                        text: (parent.text !== "" ? "“" + parent.text + "”\n" : "") + chat
                        color: Theme.dim
                        font.pixelSize: 15
                        wrapMode: Text.Wrap
                        maximumLineCount: 6
                        elide: Text.ElideRight
                    }
                    Row {
                        spacing: 6
                        TableButton {
                            objectName: "modTimeout"
                            enabled: reasonField.text.trim() !== ""
                            text: qsTr("Chat timeout, 1 hour")
                            font.pixelSize: 15
                            onClicked: mod.moderation.act(user, "timeout", 60, reasonField.text)
                        }
                        TableButton {
                            objectName: "modBan"
                            warning: true
                            enabled: reasonField.text.trim() !== ""
                            text: qsTr("Ban, 1 day")
                            font.pixelSize: 15
                            onClicked: mod.moderation.act(user, "ban", 1440, reasonField.text)
                        }
                    }
                }
            }
            Text { text: qsTr("Moderation log"); color: Theme.dim; font.pixelSize: 16; font.bold: true }
            Repeater {
                model: mod.moderation.log
                delegate: Text {
                    required property string when
                    required property string actor
                    required property string action
                    required property string target
                    required property string reason
                    required property string until
                    objectName: "modLogEntry"
                    width: column.width
                    text: qsTr("%1 · %2: %3 of %4 — %5").arg(when).arg(actor !== "" ? actor : qsTr("the operator"))
                              .arg(mod.actionText(action)).arg(target).arg(reason)
                          + (until !== "" ? " " + qsTr("(until %1)").arg(until) : "")
                    color: Theme.text
                    font.pixelSize: 15
                    wrapMode: Text.Wrap
                }
            }
        }
    }
}
