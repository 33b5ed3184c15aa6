import QtQuick
import Tuolaji.Backend

// The bids while dealing: a fixed bar ♠ ♥ ♣ ♦ 无主 with exactly the bids you can make enabled
// (×2 when the weakest bid in that suit is a pair), and Pass once passing is allowed.
Row {
    id: bidBar
    property var table: App.table
    spacing: 8

    Repeater {
        model: bidBar.table.bidOptions
        delegate: TableButton {
            required property string label
            required property int count
            required property bool allowed
            required property string suit
            required property bool red
            objectName: "bid_" + suit
            text: label + (count > 1 ? " ×" + count : "")
            enabled: allowed
            textColor: allowed ? Theme.suitColour(suit, App.settings.fourColour, true) : Theme.text
            font.pixelSize: 22
            implicitWidth: suit === "N" ? 140 : 64
            onClicked: bidBar.table.bid(suit)
            Accessible.name: qsTr("Bid %1").arg(label)
        }
    }
    TableButton {
        objectName: "bid_pass"
        visible: bidBar.table.canPass
        text: qsTr("Pass")
        onClicked: bidBar.table.passBid()
    }
}
