import QtQuick
import Tuolaji.Backend

// The card counter (记牌器): per suit, how many cards are still out and the highest of them;
// the points not yet played. (Known voids are shown under each seat.)
Rectangle {
    id: panel
    property var table: App.table
    width: 300
    height: column.implicitHeight + 16
    radius: 10
    color: Theme.panel
    border.color: "#40ffffff"

    Column {
        id: column
        x: 10
        y: 8
        spacing: 3
        Text {
            text: qsTr("Card counter") + "  ·  " + qsTr("points out: %1").arg(panel.table.pointsOut)
            color: Theme.accent
            font.pixelSize: 15
            font.bold: true
        }
        Repeater {
            model: panel.table.counter
            delegate: Row {
                required property string label
                required property int remaining
                required property string high
                required property bool red
                spacing: 6
                height: 22
                Text {
                    width: 62
                    text: label
                    color: red ? "#ff8a80" : Theme.text
                    font.pixelSize: 16
                    font.bold: true
                }
                Text {
                    width: 30
                    text: String(remaining)
                    color: Theme.text
                    font.pixelSize: 15
                    horizontalAlignment: Text.AlignRight
                }
                Text {
                    width: 182
                    text: high
                    color: Theme.dim
                    font.pixelSize: 14
                    elide: Text.ElideRight
                }
            }
        }
    }
}
