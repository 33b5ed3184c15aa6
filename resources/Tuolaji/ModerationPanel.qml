import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// For moderators (App.online.moderation): the newest reports, each with the chat lines and game
// it carries, a chat timeout or a ban of the reported player for the duration chosen (within
// the server's limits) with a reason; the moderation log, where a timeout or a ban still in
// force can be lifted early.
Item {
    id: mod
    property var moderation: App.online.moderation
    // the duration chosen, in minutes (0: none), and what it allows
    readonly property int minutes: moderation.minutesOf(amountField.text, unitBox.unit)
    readonly property bool timeoutOk: minutes >= 1 && minutes <= moderation.timeoutMinutesMax
    readonly property bool banOk: minutes >= 1 && minutes <= moderation.banMinutesMax
    readonly property bool reasoned: reasonField.text.trim() !== ""
    readonly property string durationProblem:
        minutes < 1 ? qsTr("Give a duration: a whole number, at least 1 minute.")
        : !banOk ? qsTr("Too long: a chat timeout lasts at most %1 days, a ban at most %2 days.")
                       .arg(moderation.timeoutDaysMax).arg(moderation.banDaysMax)
        : !timeoutOk ? qsTr("A chat timeout lasts at most %1 days: this duration is for a ban only.")
                           .arg(moderation.timeoutDaysMax)
        : ""

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

    Column {
        id: head
        width: parent.width
        spacing: 4
        TextField {
            id: reasonField
            objectName: "modReason"
            width: parent.width
            font.pixelSize: 16
            placeholderText: qsTr("Reason (the player is shown it)")
        }
        Row {
            spacing: 8
            Text {
                anchors.verticalCenter: parent.verticalCenter
                text: qsTr("Duration")
                color: Theme.text
                font.pixelSize: 15
            }
            TextField {
                id: amountField
                objectName: "modAmount"
                width: 90
                font.pixelSize: 16
                text: "1"
                inputMethodHints: Qt.ImhDigitsOnly
                validator: RegularExpressionValidator { regularExpression: /[0-9]{0,7}/ }
            }
            ComboBox {
                id: unitBox
                objectName: "modUnit"
                property string unit: "hours"
                readonly property var units: ["minutes", "hours", "days"]
                width: 130
                font.pixelSize: 15
                model: [qsTr("minutes"), qsTr("hours"), qsTr("days")]
                currentIndex: units.indexOf(unit)
                // a language switch renews the model: the box stays on the unit chosen
                onModelChanged: currentIndex = Qt.binding(() => unitBox.units.indexOf(unitBox.unit))
                onActivated: (i) => unit = units[i]
            }
        }
        Text {
            objectName: "modLimits"
            width: parent.width
            visible: mod.durationProblem === ""
            text: qsTr("A chat timeout lasts 1 minute to %1 days, a ban 1 minute to %2 days.")
                      .arg(mod.moderation.timeoutDaysMax).arg(mod.moderation.banDaysMax)
            color: Theme.dim
            font.pixelSize: 14
            wrapMode: Text.Wrap
        }
        Text {
            objectName: "modDurationError"
            width: parent.width
            visible: text !== ""
            text: mod.durationProblem
            color: Theme.warn
            font.pixelSize: 15
            wrapMode: Text.Wrap
        }
        Text {
            id: problem
            objectName: "modError"
            width: parent.width
            visible: text !== ""
            text: mod.moderation.error
            color: Theme.warn
            font.pixelSize: 15
            wrapMode: Text.Wrap
        }
    }
    Flickable {
        objectName: "modList"
        y: head.height + 6
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
                            enabled: mod.reasoned && mod.timeoutOk
                            text: qsTr("Chat timeout")
                            font.pixelSize: 15
                            onClicked: mod.moderation.act(user, "timeout", mod.minutes, reasonField.text)
                        }
                        TableButton {
                            objectName: "modBan"
                            warning: true
                            enabled: mod.reasoned && mod.banOk
                            text: qsTr("Ban")
                            font.pixelSize: 15
                            onClicked: mod.moderation.act(user, "ban", mod.minutes, reasonField.text)
                        }
                    }
                }
            }
            Text { text: qsTr("Moderation log"); color: Theme.dim; font.pixelSize: 16; font.bold: true }
            Repeater {
                model: mod.moderation.log
                delegate: Column {
                    required property string when
                    required property string actor
                    required property string action
                    required property string target
                    required property int user
                    required property string reason
                    required property string until
                    required property string lift
                    width: column.width
                    spacing: 3
                    Text {
                        objectName: "modLogEntry"
                        width: parent.width
                        text: qsTr("%1 · %2: %3 of %4 — %5").arg(when).arg(actor !== "" ? actor : qsTr("the operator"))
                                  .arg(mod.actionText(action)).arg(target).arg(reason)
                              + (until !== "" ? " " + qsTr("(until %1)").arg(until) : "")
                        color: Theme.text
                        font.pixelSize: 15
                        wrapMode: Text.Wrap
                    }
                    // a timeout or a ban still in force: lifted early, with the reason above
                    TableButton {
                        objectName: "modLift"
                        visible: lift !== ""
                        enabled: mod.reasoned
                        text: lift === "lift-ban" ? qsTr("Lift the ban now") : qsTr("Lift the timeout now")
                        font.pixelSize: 15
                        onClicked: mod.moderation.act(user, lift, 0, reasonField.text)
                    }
                }
            }
        }
    }
}
