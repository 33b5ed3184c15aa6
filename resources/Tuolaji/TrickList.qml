import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// Every finished trick of this hand, in order: who played what, who won it and its points.
Rectangle {
    id: panel
    property var table: App.table
    signal close()
    width: 900
    height: 440
    radius: 14
    color: "#10261a"
    border.color: Theme.accent
    border.width: 2

    Text {
        x: 18
        y: 12
        text: qsTr("Tricks of this hand")
        color: Theme.accent
        font.pixelSize: 20
        font.bold: true
    }
    TableButton {
        anchors.right: parent.right
        anchors.rightMargin: 12
        y: 8
        implicitHeight: 34
        font.pixelSize: 15
        text: qsTr("Close")
        onClicked: panel.close()
    }
    ListView {
        id: list
        x: 14
        y: 52
        width: parent.width - 28
        height: parent.height - 64
        clip: true
        spacing: 4
        model: panel.table.trick.history
        onCountChanged: positionViewAtEnd()
        ScrollBar.vertical: ScrollBar { }
        delegate: Rectangle {
            id: row
            required property int no
            required property var plays
            required property int points
            required property string winner
            width: list.width - 12
            height: 58
            radius: 8
            color: "#22ffffff"
            Text {
                x: 8
                anchors.verticalCenter: parent.verticalCenter
                width: 34
                text: "#" + row.no
                color: Theme.dim
                font.pixelSize: 15
            }
            Row {
                x: 44
                anchors.verticalCenter: parent.verticalCenter
                spacing: 10
                Repeater {
                    model: row.plays
                    delegate: Row {
                        required property var modelData
                        spacing: 4
                        Text {
                            anchors.verticalCenter: parent.verticalCenter
                            width: 56
                            elide: Text.ElideRight
                            text: modelData.name
                            color: modelData.winner ? Theme.accent : Theme.text
                            font.pixelSize: 15
                            font.bold: modelData.winner
                        }
                        Row {
                            spacing: -22
                            Repeater {
                                model: modelData.cards
                                delegate: CardView { required property string modelData; code: modelData; width: 36; height: 52 }
                            }
                        }
                    }
                }
            }
            Text {
                anchors.right: parent.right
                anchors.rightMargin: 10
                anchors.verticalCenter: parent.verticalCenter
                text: row.points > 0 ? qsTr("%1 +%2").arg(row.winner).arg(row.points) : row.winner
                color: Theme.accent
                font.pixelSize: 15
            }
        }
    }
}
