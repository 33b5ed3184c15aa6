import QtQuick
import Tuolaji.Backend

// A look back on demand: the last trick (who played what, who took it) or the kitty the dealer
// buried. A click on its button, or Esc, or the × closes it; it never covers the trick.
Rectangle {
    id: panel
    property var table: App.table
    readonly property bool kitty: table.peek === "kitty"
    width: 480
    height: column.implicitHeight + 20
    radius: 10
    color: "#ee10261a"
    border.color: Theme.accent
    border.width: 2

    Column {
        id: column
        x: 12
        y: 10
        width: panel.width - 24
        spacing: 6
        Item {
            width: parent.width
            height: 30
            Text {
                objectName: "peekTitle"
                anchors.verticalCenter: parent.verticalCenter
                text: panel.kitty ? qsTr("Kitty (buried)") : qsTr("Last trick")
                color: Theme.accent
                font.pixelSize: 18
                font.bold: true
            }
            TableButton {
                objectName: "peekClose"
                anchors.right: parent.right
                anchors.verticalCenter: parent.verticalCenter
                implicitHeight: 30
                implicitWidth: 44
                text: "×"
                Accessible.name: qsTr("Close")
                onClicked: panel.table.setPeek("")
            }
        }
        Repeater {
            // the last trick, in seat order from the leader
            model: panel.kitty ? null : panel.table.lastTrick
            delegate: Row {
                required property string name
                required property var cards
                required property bool winning
                visible: cards.length > 0
                spacing: 10
                height: 40
                Text {
                    width: 130
                    anchors.verticalCenter: parent.verticalCenter
                    text: parent.name
                    elide: Text.ElideRight
                    color: parent.winning ? Theme.accent : Theme.text
                    font.pixelSize: 15
                    font.bold: parent.winning
                }
                MiniCards { cards: parent.cards }
                Text {
                    visible: parent.winning
                    anchors.verticalCenter: parent.verticalCenter
                    text: qsTr("took the trick")
                    color: Theme.accent
                    font.pixelSize: 14
                }
            }
        }
        MiniCards {
            visible: panel.kitty
            cards: panel.kitty ? panel.table.buried : []
        }
    }

    component MiniCards: Row {
        property var cards: []
        spacing: -14
        Repeater {
            model: parent.cards
            delegate: CardView { required property string modelData; code: modelData; width: 28; height: 40; accessibleName: modelData }
        }
    }
}
