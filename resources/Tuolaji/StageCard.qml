import QtQuick
import QtQuick.Controls

// One stage of the lessons: its number, its title and how many of its levels are solved.
Button {
    id: control
    property int number: 1
    property string title: ""
    property int solved: 0
    property int total: 1
    readonly property bool complete: solved >= total
    implicitHeight: 112
    hoverEnabled: true
    focusPolicy: Qt.NoFocus
    Accessible.name: title
    contentItem: Item {
        Text {
            id: numberText
            x: 4
            y: 2
            text: String(control.number)
            color: Theme.accent
            font.pixelSize: 28
            font.bold: true
        }
        Text {
            anchors.left: numberText.right
            anchors.leftMargin: 12
            anchors.right: count.left
            anchors.rightMargin: 8
            y: 6
            text: control.title
            color: Theme.text
            font.pixelSize: 19
            wrapMode: Text.WordWrap
            maximumLineCount: 2
            elide: Text.ElideRight
        }
        Rectangle {
            // the share of the stage's levels solved
            anchors.left: parent.left
            anchors.right: parent.right
            anchors.bottom: parent.bottom
            anchors.bottomMargin: 4
            height: 8
            radius: 4
            color: "#40000000"
            Rectangle {
                width: parent.width * control.solved / Math.max(1, control.total)
                height: parent.height
                radius: 4
                color: Theme.accent
            }
        }
        Text {
            id: count
            anchors.right: parent.right
            y: 8
            text: (control.complete ? "✓ " : "") + control.solved + "/" + control.total
            color: control.complete ? Theme.accent : Theme.dim
            font.pixelSize: 16
        }
    }
    background: Rectangle {
        radius: 12
        color: control.down ? Theme.feltDark : control.hovered ? Theme.buttonHover : Theme.panel
        border.color: control.complete ? Theme.accent : "#40ffffff"
        border.width: control.complete ? 2 : 1
    }
}
