import QtQuick
import Tuolaji.Backend

// The card counter (记牌器): per suit, how many cards are still out and the highest of them;
// the points not yet played (in the hands and the kitty until it is shown). (Known voids are
// shown under each seat.)
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
            text: qsTr("Card counter")
            color: Theme.accent
            font.pixelSize: 15
            font.bold: true
        }
        Text {
            objectName: "counterPoints"
            width: 280
            text: qsTr("Points not yet played: %1").arg(panel.table.counter.pointsOut)
            color: Theme.text
            font.pixelSize: 15
            elide: Text.ElideRight
        }
        Repeater {
            model: panel.table.counter.model
            delegate: Row {
                required property string suit
                required property string label
                required property int remaining
                required property string high
                spacing: 6
                height: 22
                Text {
                    width: 62
                    text: label
                    color: Theme.suitColour(suit, App.settings.fourColour, true)
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
                    text: Theme.suitsColoured(high, App.settings.fourColour, true)
                    textFormat: Text.StyledText
                    color: Theme.dim
                    font.pixelSize: 15
                    elide: Text.ElideRight
                }
            }
        }
    }
}
