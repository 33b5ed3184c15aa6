import QtQuick
import Tuolaji.Backend

// A look back on demand: the last trick (who played what, who took it) or the kitty the dealer
// buried. A click on its button, or Esc, or the × closes it; it never covers the trick.
// Its cards are readable (60 px tall on the 1280×720 stage) and overlap to fit; who took the
// trick is a line of its own, the panel's whole width, so a narrow window never cuts it.
Rectangle {
    id: panel
    property var table: App.table
    readonly property bool kitty: table.trick.peek === "kitty"
    readonly property int cardHeight: 60
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
            // the last trick, its four plays on one row (the panel stays clear of the trick),
            // in seat order; the winner's name marked
            visible: !panel.kitty
            columns: 4
            columnSpacing: 12
            rowSpacing: 4
            Repeater {
                id: plays
                model: panel.kitty ? null : panel.table.trick.last
                delegate: Column {
                    required property string name
                    required property var cards
                    required property bool winning
                    width: (column.width - 36) / 4
                    spacing: 2
                    Text {
                        width: parent.width
                        text: parent.name
                        elide: Text.ElideRight
                        color: parent.winning ? Theme.accent : Theme.text
                        font.pixelSize: 15
                        font.bold: parent.winning
                    }
                    MiniCards { cards: parent.cards; room: parent.width }
                }
            }
        }
        Text {
            objectName: "peekWinner"
            visible: !panel.kitty && text !== ""
            width: parent.width
            wrapMode: Text.WordWrap
            text: {
                for (var i = 0; i < plays.count; ++i) {
                    var row = plays.itemAt(i)
                    if (row && row.winning)
                        return qsTr("%1 took the trick").arg(row.name)
                }
                return ""
            }
            color: Theme.accent
            font.pixelSize: 15
            font.bold: true
        }
        MiniCards {
            visible: panel.kitty
            cards: panel.kitty ? panel.table.trick.buried : []
            room: column.width
        }
    }

    // side by side where ``room`` allows; overlapped only as much as it needs (a long throw)
    component MiniCards: Row {
        id: mini
        property var cards: []
        property real room: 200
        readonly property real cardWidth: panel.cardHeight * Theme.cardAspect
        spacing: cards.length > 1 ? Math.min(4, (room - cardWidth * cards.length) / (cards.length - 1)) : 0
        Repeater {
            model: mini.cards
            delegate: CardView { required property string modelData; code: modelData; width: mini.cardWidth; height: panel.cardHeight; accessibleName: modelData }
        }
    }
}
