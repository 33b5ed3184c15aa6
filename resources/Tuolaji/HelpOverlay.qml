import QtQuick
import Tuolaji.Backend

// "?" (or F1, or the ? button): every keyboard shortcut and mouse gesture of the table. Esc, ?,
// or a click closes it.
FocusScope {
    id: help
    signal close()
    anchors.fill: parent

    readonly property var rows: [
        { keys: qsTr("Click a card"), what: qsTr("select it, or put it back") },
        { keys: qsTr("Drag across cards"), what: qsTr("select (or unselect) the whole run") },
        { keys: qsTr("Shift + click"), what: qsTr("select every copy of that card") },
        { keys: qsTr("Double-click a card"), what: qsTr("play the selection with this card") },
        { keys: "← / →", what: qsTr("move the focus along your hand") },
        { keys: qsTr("Space"), what: qsTr("select the focused card") },
        { keys: qsTr("Enter"), what: qsTr("play (or bury) the selection") },
        { keys: qsTr("Backspace"), what: qsTr("clear the selection") },
        { keys: "H", what: qsTr("hint: the computer's suggestion, with its reason") },
        { keys: "L", what: qsTr("show the last trick") },
        { keys: "? / F1", what: qsTr("this help") },
        { keys: qsTr("Esc"), what: qsTr("close this help; on a page, go back") }
    ]

    Keys.onPressed: (event) => {
        if (event.key === Qt.Key_Escape || event.key === Qt.Key_Question || event.key === Qt.Key_F1) {
            help.close()
            event.accepted = true
        }
    }

    Rectangle {
        anchors.fill: parent
        color: "#b0000000"
        MouseArea { anchors.fill: parent; onClicked: help.close() }
    }

    Rectangle {
        objectName: "helpPanel"
        anchors.centerIn: parent
        width: 760
        height: column.implicitHeight + 48
        radius: 16
        color: "#10261a"
        border.color: Theme.accent
        border.width: 2
        Column {
            id: column
            x: 32
            y: 24
            width: parent.width - 64
            spacing: 8
            Text {
                text: qsTr("Keys and mouse at the table")
                color: Theme.accent
                font.pixelSize: 24
                font.bold: true
            }
            Repeater {
                model: help.rows
                delegate: Row {
                    required property var modelData
                    spacing: 16
                    Text {
                        width: 220
                        text: modelData.keys
                        color: Theme.text
                        font.pixelSize: 18
                        font.bold: true
                        horizontalAlignment: Text.AlignRight
                    }
                    Text {
                        width: column.width - 236
                        text: modelData.what
                        color: Theme.dim
                        font.pixelSize: 18
                        wrapMode: Text.WordWrap
                    }
                }
            }
            Text {
                text: qsTr("Point at a button to see its key. Press Esc or click to close.")
                color: Theme.dim
                font.pixelSize: 15
                topPadding: 6
            }
        }
    }
}
