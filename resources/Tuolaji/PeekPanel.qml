import QtQuick
import Tuolaji.Backend

// A look back on demand: the last trick (who played what, who took it) or the kitty the dealer
// buried. A click on its button, or Esc, or the × closes it; it never covers the trick.
Rectangle {
    id: panel
    property var table: App.table
    readonly property bool kitty: table.trick.peek === "kitty"
    width: 480
    height: column.implicitHeight + 16
    radius: 10
    color: "#ee10261a"
    border.color: Theme.accent
    border.width: 2

    Column {
        id: column
        x: 12
        y: 8
        width: panel.width - 24
        spacing: 4
        Item {
            width: parent.width
            height: 28
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
                implicitHeight: 28
                implicitWidth: 44
                text: "×"
                Accessible.name: qsTr("Close")
                onClicked: panel.table.trick.setPeek("")
            }
        }
        Grid {
            // the last trick, two plays a row, in seat order
            visible: !panel.kitty
            columns: 2
            columnSpacing: 12
            rowSpacing: 4
            Repeater {
                model: panel.kitty ? null : panel.table.trick.last
                delegate: Column {
                    required property string name
                    required property var cards
                    required property bool winning
                    width: (column.width - 12) / 2
                    spacing: 2
                    Text {
                        width: parent.width
                        text: parent.winning ? qsTr("%1 took the trick").arg(parent.name) : parent.name
                        elide: Text.ElideRight
                        color: parent.winning ? Theme.accent : Theme.text
                        font.pixelSize: 15
                        font.bold: parent.winning
                    }
                    MiniCards { cards: parent.cards }
                }
            }
        }
        MiniCards {
            visible: panel.kitty
            cards: panel.kitty ? panel.table.trick.buried : []
        }
    }

    component MiniCards: Row {
        property var cards: []
        spacing: -16
        Repeater {
            model: parent.cards
            delegate: CardView { required property string modelData; code: modelData; width: 26; height: 37; accessibleName: modelData }
        }
    }
}
