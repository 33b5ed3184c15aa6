import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// The player's statistics: hands and matches played and won, as defenders and as
// attackers (offline and online together).
FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    property var rows: App.statistics()

    Connections {
        target: App
        function onRecordsChanged() { page.rows = App.statistics() }
    }

    PageHeader {
        title: qsTr("Statistics")
        onBack: ApplicationWindow.window.go("home")
    }

    Column {
        x: 290
        y: 130
        spacing: 10
        Row {
            spacing: 0
            Text { width: 340; text: ""; font.pixelSize: 18 }
            Repeater {
                model: [qsTr("Played"), qsTr("Won"), qsTr("Won %")]
                delegate: Text { required property string modelData; width: 120; text: modelData; color: Theme.dim; font.pixelSize: 18; horizontalAlignment: Text.AlignRight }
            }
        }
        Repeater {
            model: page.rows
            delegate: Rectangle {
                required property var modelData
                width: 700
                height: 56
                radius: 10
                color: Theme.panel
                Row {
                    anchors.verticalCenter: parent.verticalCenter
                    Text { x: 16; width: 340; leftPadding: 16; text: modelData.label; color: Theme.text; font.pixelSize: 20 }
                    Text { width: 120; text: String(modelData.played); color: Theme.text; font.pixelSize: 22; font.bold: true; horizontalAlignment: Text.AlignRight }
                    Text { width: 120; text: String(modelData.won); color: Theme.text; font.pixelSize: 22; font.bold: true; horizontalAlignment: Text.AlignRight }
                    Text { width: 120; text: modelData.rate; color: Theme.accent; font.pixelSize: 22; font.bold: true; horizontalAlignment: Text.AlignRight }
                }
            }
        }
        Item { width: 1; height: 20 }
        TableButton {
            text: qsTr("Reset the statistics")
            onClicked: { App.resetStatistics(); page.rows = App.statistics() }
        }
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("home")
}
