import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// The tables servers announce on the local network (mDNS), live: host, rooms, players and
// spectators; one click connects.
Rectangle {
    id: box
    property var hosting
    radius: 12
    color: Theme.panel

    Text {
        id: title
        x: 16
        y: 14
        text: qsTr("Nearby tables")
        color: Theme.text
        font.pixelSize: 20
        font.bold: true
    }
    ListView {
        id: list
        objectName: "nearbyList"
        x: 16
        y: 50
        width: box.width - 32
        height: box.height - 66
        clip: true
        spacing: 6
        model: box.hosting.nearby
        delegate: Rectangle {
            id: row
            required property string name
            required property string url
            required property int rooms
            required property int players
            required property int spectators
            width: list.width
            height: 48
            radius: 8
            color: Theme.feltDark
            Column {
                x: 12
                anchors.verticalCenter: parent.verticalCenter
                Text { text: row.name; color: Theme.text; font.pixelSize: 17; width: Math.min(300, row.width - 130); elide: Text.ElideRight }
                Text {
                    text: [row.rooms === 1 ? qsTr("1 room") : qsTr("%1 rooms").arg(row.rooms),
                           row.players === 1 ? qsTr("1 player") : qsTr("%1 players").arg(row.players),
                           qsTr("%1 watching").arg(row.spectators)].join(" · ")
                    color: Theme.dim
                    font.pixelSize: 15
                    width: row.width - 130
                    elide: Text.ElideRight
                }
            }
            TableButton {
                anchors.right: parent.right
                anchors.rightMargin: 6
                anchors.verticalCenter: parent.verticalCenter
                text: qsTr("Connect")
                onClicked: {
                    box.hosting.connectServer(row.url)
                    ApplicationWindow.window.go("lobby")
                }
            }
        }
        Text {
            visible: list.count === 0
            anchors.centerIn: parent
            width: list.width
            horizontalAlignment: Text.AlignHCenter
            wrapMode: Text.Wrap
            text: qsTr("Looking for tables on your network…")
            color: Theme.dim
            font.pixelSize: 16
        }
    }
}
