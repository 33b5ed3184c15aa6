import QtQuick
import Tuolaji.Backend

// 找朋友: the dealer names a card; its holder becomes the secret friend.
Rectangle {
    id: dialog
    property var table: App.table
    property string suit: "H"
    property string rank: "A"
    width: 640
    height: 250
    radius: 14
    color: Theme.panel
    border.color: Theme.accent
    border.width: 2

    Column {
        anchors.fill: parent
        anchors.margins: 18
        spacing: 12
        Text {
            text: qsTr("Call a friend: the player holding this card joins you")
            color: Theme.text
            font.pixelSize: 19
            font.bold: true
        }
        Row {
            spacing: 8
            Repeater {
                model: [["S", "♠"], ["H", "♥"], ["C", "♣"], ["D", "♦"]]
                delegate: TableButton {
                    required property var modelData
                    text: modelData[1]
                    font.pixelSize: 24
                    textColor: modelData[0] === "H" || modelData[0] === "D" ? "#ff8a80" : Theme.text
                    primary: dialog.suit === modelData[0]
                    onClicked: dialog.suit = modelData[0]
                }
            }
        }
        Flow {
            width: parent.width
            spacing: 6
            Repeater {
                model: dialog.table.bidding.friendRanks
                delegate: TableButton {
                    required property string modelData
                    text: modelData
                    implicitWidth: 44
                    primary: dialog.rank === modelData
                    onClicked: dialog.rank = modelData
                }
            }
        }
        TableButton {
            primary: true
            text: qsTr("Call %1").arg(({"S": "♠", "H": "♥", "C": "♣", "D": "♦"})[dialog.suit] + dialog.rank)
            onClicked: dialog.table.bidding.callFriend(dialog.table.bidding.friendCard(dialog.suit, dialog.rank))
        }
    }
}
