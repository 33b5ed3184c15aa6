import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    // a stage narrower than 1280 (a small window): the columns close up
    readonly property bool narrow: width < Theme.baseWidth - 1
    property var presetKeys: App.presetKeys
    property int chosen: 0

    PageHeader {
        title: qsTr("Rules")
        onBack: ApplicationWindow.window.go("home")
    }

    Column {
        x: page.narrow ? 30 : 60
        y: 100
        spacing: 8
        Repeater {
            model: page.presetKeys
            delegate: TableButton {
                required property int index
                required property string modelData
                width: page.narrow ? 250 : 300
                text: { App.language; return App.presetTitle(modelData) }
                primary: page.chosen === index
                onClicked: page.chosen = index
            }
        }
    }

    Rectangle {
        id: rulesPanel
        x: page.narrow ? 300 : 400
        y: 100
        width: Math.min(820, page.width - x - 30)
        height: 580
        radius: 12
        color: Theme.panel
        Column {
            anchors.fill: parent
            anchors.margins: 22
            spacing: 10
            Text {
                text: { App.language; return App.presetTitle(page.presetKeys[page.chosen]) }
                color: Theme.accent
                font.pixelSize: 26
                font.bold: true
            }
            Repeater {
                model: { App.language; return App.rulesSummary(page.presetKeys[page.chosen]) }  // reworded on a language switch
                delegate: Row {
                    required property var modelData
                    spacing: 16
                    Text { id: ruleLabel; width: page.narrow ? 190 : 220; text: modelData.label; color: Theme.dim; font.pixelSize: 17; wrapMode: Text.WordWrap }
                    Text { width: rulesPanel.width - 44 - 16 - ruleLabel.width; text: modelData.value; color: Theme.text; font.pixelSize: 17; wrapMode: Text.WordWrap }
                }
            }
            Text {
                width: rulesPanel.width - 44
                wrapMode: Text.WordWrap
                color: Theme.text
                font.pixelSize: 16
                text: qsTr("Trumps: the jokers, every card of the level rank and every card of the trump suit. Follow the suit led, and its shape (pairs, tractors) as closely as you can. The attackers collect 5s, 10s and kings; at the target they take the deal.")
            }
        }
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("home")
}
