import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// 好友: friends with their presence (one click to their table), friend requests both ways,
// seat invitations both ways, blocked players, and 'appear offline' (App.online.friends).
Rectangle {
    id: panel
    property var friends: App.online.friends
    // the player is in a room: a friend can be invited into its first free seat
    property bool inRoom: false
    signal closed()
    width: 470
    height: 560
    radius: 12
    // opaque: the page under it (a room list, the create box) must not show through its rows
    color: "#10261a"
    border.color: Theme.accent
    border.width: 2
    // a moderator switches the lists for the moderation panel
    property bool moderating: false
    onVisibleChanged: {
        friends.setOpen(visible)
        if (visible)
            App.online.moderation.refresh()  // (whether the player is a moderator)
    }
    Component.onCompleted: friends.setOpen(visible)

    function presenceText(presence, room) {
        if (presence === "playing")
            return room !== "" ? qsTr("Playing at table %1").arg(room.slice(0, 6)) : qsTr("Playing at a private table")
        if (presence === "watching")
            return room !== "" ? qsTr("Watching table %1").arg(room.slice(0, 6)) : qsTr("Watching a private table")
        return presence === "online" ? qsTr("Online") : qsTr("Offline")
    }

    function noticeText(notice) {
        var texts = {
            "friend-request": qsTr("%1 asks to be your friend"),
            "friend-accepted": qsTr("%1 is now your friend"),
            "invitation": qsTr("%1 invites you to a seat"),
            "invitation-accepted": qsTr("%1 accepted your invitation"),
            "invitation-declined": qsTr("%1 declined your invitation"),
            "invitation-withdrawn": qsTr("%1 withdrew an invitation"),
            "moderated": qsTr("A moderator (%1) acted on your account")
        }
        var text = texts[notice.kind]
        return text === undefined ? "" : text.arg(notice.name)
    }

    Column {
        id: top
        x: 16
        y: 14
        width: panel.width - 32
        spacing: 8
        Item {
            width: parent.width
            height: 42
            Text {
                anchors.verticalCenter: parent.verticalCenter
                text: qsTr("Friends")
                color: Theme.accent
                font.pixelSize: 22
                font.bold: true
            }
            Row {
                anchors.right: parent.right
                spacing: 6
                TableButton {
                    objectName: "toModeration"
                    visible: App.online.moderation.available
                    primary: panel.moderating
                    text: qsTr("Moderation")
                    onClicked: {
                        panel.moderating = !panel.moderating
                        if (panel.moderating)
                            App.online.moderation.refresh()
                    }
                }
                TableButton {
                    objectName: "friendsClose"
                    text: qsTr("Close")
                    onClicked: panel.closed()
                }
            }
        }
        Row {
            spacing: 8
            TextField {
                id: who
                objectName: "friendName"
                width: top.width - addButton.width - 8
                font.pixelSize: 16
                placeholderText: qsTr("A player's name, or #number")
                onAccepted: addButton.clicked()
            }
            TableButton {
                id: addButton
                objectName: "friendAdd"
                primary: true
                enabled: who.text.trim() !== ""
                text: qsTr("Add friend")
                onClicked: { panel.friends.ask(who.text); who.text = "" }
            }
        }
        TableButton {
            objectName: "appearOffline"
            text: panel.friends.appearOffline ? qsTr("Appearing offline: show me online")
                                              : qsTr("Appear offline")
            font.pixelSize: 16
            onClicked: panel.friends.setAppearOffline(!panel.friends.appearOffline)
        }
        Text {
            objectName: "friendsError"
            visible: text !== ""
            width: parent.width
            text: panel.friends.error
            color: Theme.warn
            font.pixelSize: 15
            wrapMode: Text.Wrap
        }
        Text {
            objectName: "friendsNotice"
            visible: text !== ""
            width: parent.width
            text: panel.noticeText(panel.friends.lastNotice)
            color: Theme.accent
            font.pixelSize: 15
            wrapMode: Text.Wrap
        }
    }

    ModerationPanel {
        objectName: "moderationPanel"
        visible: panel.moderating
        x: 16
        y: top.y + top.height + 8
        width: panel.width - 32
        height: panel.height - y - 14
    }

    Flickable {
        visible: !panel.moderating
        x: 16
        y: top.y + top.height + 8
        width: panel.width - 32
        height: panel.height - y - 14
        clip: true
        contentHeight: lists.height
        Column {
            id: lists
            width: parent.width
            spacing: 6

            Text {
                visible: invitations.count > 0
                text: qsTr("Invitations")
                color: Theme.dim
                font.pixelSize: 16
                font.bold: true
            }
            Repeater {
                id: invitations
                model: panel.friends.invitations
                delegate: Row {
                    required property int invite
                    required property string name
                    required property bool mine
                    required property int seat
                    objectName: "invitation"
                    spacing: 6
                    Text {
                        width: lists.width - (mine ? 110 : 200)
                        anchors.verticalCenter: parent.verticalCenter
                        text: mine ? qsTr("You invited %1 to seat %2").arg(name).arg(seat + 1)
                                   : qsTr("%1 invites you to seat %2").arg(name).arg(seat + 1)
                        color: Theme.text
                        font.pixelSize: 16
                        elide: Text.ElideRight
                    }
                    TableButton {
                        visible: !mine
                        objectName: "acceptInvitation"
                        primary: true
                        text: qsTr("Sit")
                        onClicked: panel.friends.answerInvitation(invite, true)
                    }
                    TableButton {
                        objectName: "declineInvitation"
                        text: mine ? qsTr("Withdraw") : qsTr("Decline")
                        onClicked: panel.friends.answerInvitation(invite, false)
                    }
                }
            }

            Text {
                visible: received.count > 0
                text: qsTr("Friend requests")
                color: Theme.dim
                font.pixelSize: 16
                font.bold: true
            }
            Repeater {
                id: received
                model: panel.friends.received
                delegate: Row {
                    required property int user
                    required property string name
                    objectName: "friendRequest"
                    spacing: 6
                    Text {
                        width: lists.width - 200
                        anchors.verticalCenter: parent.verticalCenter
                        text: name
                        color: Theme.text
                        font.pixelSize: 17
                        elide: Text.ElideRight
                    }
                    TableButton {
                        objectName: "acceptFriend"
                        primary: true
                        text: qsTr("Accept")
                        onClicked: panel.friends.accept(user)
                    }
                    TableButton {
                        text: qsTr("Decline")
                        onClicked: panel.friends.decline(user)
                    }
                }
            }

            Text {
                text: qsTr("Friends")
                color: Theme.dim
                font.pixelSize: 16
                font.bold: true
            }
            Text {
                visible: friendRows.count === 0
                text: qsTr("No friends yet: add one by name above")
                color: Theme.dim
                font.pixelSize: 15
            }
            Repeater {
                id: friendRows
                model: panel.friends.friends
                delegate: Column {
                    required property int user
                    required property string name
                    required property string presence
                    required property string room
                    objectName: "friend"
                    width: lists.width
                    spacing: 2
                    Row {
                        spacing: 10
                        Rectangle {
                            width: 10
                            height: 10
                            radius: 5
                            anchors.verticalCenter: parent.verticalCenter
                            color: presence === "offline" ? Theme.buttonDisabled
                                 : presence === "online" ? "#81c784" : Theme.accent
                        }
                        Text { text: name; color: Theme.text; font.pixelSize: 17 }
                        Text {
                            objectName: "friendPresence"
                            text: panel.presenceText(presence, room)
                            color: Theme.dim
                            font.pixelSize: 15
                        }
                    }
                    Flow {
                        width: parent.width
                        spacing: 6
                        TableButton {
                            objectName: "joinFriend"
                            visible: room !== ""
                            text: qsTr("Join")
                            font.pixelSize: 15
                            onClicked: panel.friends.joinFriend(room, false)
                        }
                        TableButton {
                            objectName: "watchFriend"
                            visible: room !== ""
                            text: qsTr("Watch")
                            font.pixelSize: 15
                            onClicked: panel.friends.joinFriend(room, true)
                        }
                        TableButton {
                            objectName: "inviteFriend"
                            visible: panel.inRoom && presence !== "offline"
                            text: qsTr("Invite to a seat")
                            font.pixelSize: 15
                            onClicked: panel.friends.invite(user)
                        }
                        TableButton {
                            text: qsTr("Remove")
                            font.pixelSize: 15
                            onClicked: panel.friends.unfriend(user)
                        }
                        TableButton {
                            objectName: "blockFriend"
                            warning: true
                            text: qsTr("Block")
                            font.pixelSize: 15
                            onClicked: panel.friends.block(user, true)
                        }
                    }
                }
            }

            Text {
                visible: sent.count > 0
                text: qsTr("Requests you sent")
                color: Theme.dim
                font.pixelSize: 16
                font.bold: true
            }
            Repeater {
                id: sent
                model: panel.friends.sent
                delegate: Row {
                    required property int user
                    required property string name
                    spacing: 6
                    Text {
                        width: lists.width - 110
                        anchors.verticalCenter: parent.verticalCenter
                        text: name
                        color: Theme.text
                        font.pixelSize: 17
                        elide: Text.ElideRight
                    }
                    TableButton {
                        text: qsTr("Cancel")
                        onClicked: panel.friends.unfriend(user)
                    }
                }
            }

            Text {
                visible: blocked.count > 0
                text: qsTr("Blocked")
                color: Theme.dim
                font.pixelSize: 16
                font.bold: true
            }
            Repeater {
                id: blocked
                model: panel.friends.blocked
                delegate: Row {
                    required property int user
                    required property string name
                    objectName: "blockedPlayer"
                    spacing: 6
                    Text {
                        width: lists.width - 110
                        anchors.verticalCenter: parent.verticalCenter
                        text: name
                        color: Theme.text
                        font.pixelSize: 17
                        elide: Text.ElideRight
                    }
                    TableButton {
                        text: qsTr("Unblock")
                        onClicked: panel.friends.block(user, false)
                    }
                }
            }
        }
    }
}
