import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// The waiting room of an online room: the four seats (sit, stand, ready; the owner fills empty
// seats with bots of a chosen level and starts), who is watching, and the room's chat.
FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    // a stage narrower than 1280 (a small window): the seats and the chat close up
    readonly property bool narrow: width < Theme.baseWidth - 1
    readonly property int margin: narrow ? 30 : 60
    readonly property int seatWidth: narrow ? 336 : 372
    readonly property int seatsWidth: 2 * seatWidth + 16  // the grid's two columns
    property var online: App.online
    property var room: online.room
    property var levels: App.aiLevels()

    PageHeader {
        // named for its owner (its id means nothing to a player)
        title: qsTr("%1's room").arg(page.room.ownerName || "") + "  ·  " + App.presetTitle(page.room.preset || "classic")
        onBack: App.leaveTable()
    }
    TableButton {
        id: toInvite
        objectName: "toInvite"
        anchors.right: parent.right
        anchors.rightMargin: 24
        y: 11
        text: qsTr("Invite")
        onClicked: ApplicationWindow.window.go("host")
    }
    TableButton {
        objectName: "roomFriends"
        anchors.right: toInvite.left
        anchors.rightMargin: 12
        y: 11
        text: qsTr("Friends")
        onClicked: roomFriendsPanel.visible = !roomFriendsPanel.visible
    }
    FriendsPanel {
        id: roomFriendsPanel
        objectName: "friendsPanel"
        inRoom: true
        visible: false
        z: 10
        x: page.width - width - 24
        y: 64
        height: page.height - 80
        onClosed: visible = false
    }

    Rectangle {
        // reconnect banner
        visible: page.online.banner !== ""
        width: parent.width
        height: 34
        y: 64
        color: "#8d6e00"
        z: 5
        Text { anchors.centerIn: parent; text: page.online.banner; color: "white"; font.pixelSize: 16 }
    }

    Row {
        x: page.margin
        y: 104
        width: page.seatsWidth
        spacing: 16
        Text {
            id: ownerLine
            text: qsTr("Owner: %1").arg(page.room.ownerName || "") + "   ·   " + qsTr("%1 watching").arg(page.room.spectators || 0)
            color: Theme.dim
            font.pixelSize: 17
        }
        Text {
            // the room shows its spectators the table late (a choice of its creator)
            objectName: "roomDelay"
            readonly property string late: (App.language, App.spectatorDelay(page.room.spectatorDelay || 0))
            visible: late !== ""
            text: late
            color: Theme.dim
            font.pixelSize: 17
        }
        Text {
            // the rules the room changes of its preset's (they decide the match: say so before it)
            objectName: "roomRulesChanged"
            readonly property string changes: (App.language, page.room.rules ? App.rulesChanged(page.room.rules) : "")
            visible: changes !== ""
            width: parent.width - ownerLine.width - parent.spacing
            elide: Text.ElideRight
            text: qsTr("Changed rules: %1").arg(changes)
            color: Theme.warn
            font.pixelSize: 17
        }
    }

    Grid {
        id: seatGrid
        x: page.margin
        y: 140
        columns: 2
        spacing: 16
        Repeater {
            model: page.online.roomSeats
            delegate: Rectangle {
                id: seatCard
                required property int seat
                required property string name
                required property bool taken
                required property string bot
                required property bool ready
                required property bool away
                required property bool trustee
                required property bool mine
                objectName: "roomSeat" + seat
                width: page.seatWidth
                height: 168
                radius: 12
                color: Theme.panel
                border.width: mine ? 3 : 1
                border.color: mine ? Theme.accent : "#40ffffff"

                Text {
                    x: 16
                    y: 12
                    text: qsTr("Seat %1").arg(seatCard.seat + 1)
                    color: Theme.dim
                    font.pixelSize: 15
                }
                Text {
                    objectName: "roomSeatName"
                    x: 16
                    y: 36
                    width: parent.width - 32
                    elide: Text.ElideRight
                    text: !seatCard.taken ? qsTr("Empty seat") : seatCard.bot !== "" ? qsTr("AI %1 (%2)").arg(seatCard.seat + 1).arg(App.levelTitle(seatCard.bot)) : seatCard.name
                    color: seatCard.taken ? Theme.text : Theme.dim
                    font.pixelSize: 22
                    font.bold: seatCard.taken
                }
                Text {
                    x: 16
                    y: 70
                    visible: seatCard.taken
                    text: seatCard.away ? qsTr("Away") : seatCard.ready ? "✓ " + qsTr("Ready") : qsTr("Not ready")
                    color: seatCard.ready ? "#a5d6a7" : Theme.warn
                    font.pixelSize: 17
                }
                Row {
                    x: 16
                    anchors.bottom: parent.bottom
                    anchors.bottomMargin: 14
                    spacing: 8
                    TableButton {
                        visible: !seatCard.taken && !page.room.seated
                        text: qsTr("Sit here")
                        onClicked: page.online.sit(seatCard.seat)
                    }
                    TableButton {
                        visible: seatCard.mine
                        text: qsTr("Stand up")
                        onClicked: page.online.stand()
                    }
                    ComboBox {
                        id: levelBox
                        visible: !seatCard.taken && page.room.owner === true
                        width: 130
                        height: 42
                        font.pixelSize: 15
                        model: page.levels.map(function (k) { return App.levelTitle(k) })
                        currentIndex: Math.max(0, page.levels.indexOf("normal"))
                    }
                    TableButton {
                        visible: !seatCard.taken && page.room.owner === true
                        text: qsTr("Add AI")
                        onClicked: page.online.addBot(seatCard.seat, page.levels[levelBox.currentIndex])
                    }
                }
            }
        }
    }

    Row {
        x: page.margin
        y: 544
        spacing: 12
        TableButton {
            visible: page.room.seated === true
            primary: !page.room.ready
            text: page.room.ready ? qsTr("Not ready") : qsTr("Ready")
            implicitWidth: 150
            onClicked: page.online.setReady(!page.room.ready)
        }
        TableButton {
            visible: page.room.owner === true
            primary: page.room.full === true
            enabled: page.room.full === true
            text: qsTr("Start the match")
            implicitWidth: 190
            onClicked: page.online.startMatch()
        }
        TableButton {
            text: qsTr("Leave the room")
            onClicked: App.leaveTable()
        }
    }
    Text {
        x: page.margin
        y: 600
        width: page.seatsWidth
        wrapMode: Text.WordWrap
        objectName: "roomHelp"
        text: page.online.error !== "" ? page.online.error
              : page.room.owner === true && page.room.full === true ? qsTr("All four are ready: start the match.")
              : page.room.owner === true ? qsTr("Fill the empty seats with players or AI; start when all four are ready.")
              : qsTr("The owner starts the match when all four seats are filled and ready.")
        color: page.online.error !== "" ? Theme.warn : Theme.dim
        font.pixelSize: 16
    }

    ChatPanel {
        x: page.margin + page.seatsWidth + (page.narrow ? 20 : 40)
        y: 104
        width: page.width - x - (page.narrow ? 20 : 40)
        height: 560
    }

    Keys.onEscapePressed: App.leaveTable()
}
