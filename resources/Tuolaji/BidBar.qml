import QtQuick
import Tuolaji.Backend

// The bids while dealing: a fixed bar ♠ ♥ ♣ ♦ 无主 with exactly the bids you can make enabled,
// each naming the very cards it would show (2♥ / 2♥ 2♥ / No trump: Big joker Big joker), and
// Pass once passing is allowed.
Row {
    id: bidBar
    property var bidding: App.table.bidding
    spacing: 8

    Repeater {
        model: bidBar.bidding.options
        delegate: TableButton {
            required property string label
            required property int count
            required property bool allowed
            required property string suit
            required property bool red
            objectName: "bid_" + suit
            text: label
            enabled: allowed
            textColor: allowed ? Theme.suitColour(suit, App.settings.fourColour, true) : Theme.text
            font.pixelSize: 20
            implicitWidth: Math.max(64, contentItem.implicitWidth + 24)
            onClicked: bidBar.bidding.bid(suit)
            Accessible.name: qsTr("Bid %1").arg(label)
        }
    }
    TableButton {
        objectName: "bid_pass"
        visible: bidBar.bidding.canPass
        text: qsTr("Pass")
        onClicked: bidBar.bidding.passBid()
    }
}
