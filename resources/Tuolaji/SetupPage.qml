import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tuolaji.Backend

FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    // a stage narrower than 1280 (a small window): the columns close up
    readonly property bool narrow: width < Theme.baseWidth - 1

    property var levels: App.aiLevels()
    property string presetKey: presetBox.currentValue !== undefined ? presetBox.currentValue : "classic"

    function levelName(key) {
        switch (key) {
        case "random": return qsTr("Random")
        case "easy": return qsTr("Easy")
        case "normal": return qsTr("Normal")
        case "hard": return qsTr("Hard")
        case "master": return qsTr("Master")
        }
        return key
    }
    function start() {
        var ai = []
        for (var s = 0; s < 4; ++s)
            ai.push(aiBoxes.itemAt(s) ? page.levels[aiBoxes.itemAt(s).combo.currentIndex] : "normal")
        var options = {}
        if (twos.checked)
            options.twos_trump = true
        if (penalty.checked)
            options.throw_penalty = 10
        App.startOffline({ preset: page.presetKey, seat: seatBox.currentIndex, ai: ai, options: options })
    }

    PageHeader {
        title: qsTr("Play offline")
        onBack: ApplicationWindow.window.go("home")
    }

    component Label2: Text {
        color: Theme.text
        font.pixelSize: 18
        Layout.alignment: Qt.AlignVCenter
        Layout.preferredWidth: 150
    }

    GridLayout {
        id: form
        x: page.narrow ? 40 : 90
        y: 100
        width: page.narrow ? 480 : 560
        columns: 2
        columnSpacing: 20
        rowSpacing: 14

        Label2 { text: qsTr("Rules") }
        PresetBox {
            id: presetBox
            Layout.fillWidth: true
            font.pixelSize: 17
            focus: true
        }
        Label2 { text: qsTr("Options") }
        Column {
            CheckBox { id: twos; text: qsTr("Every 2 is a trump"); font.pixelSize: 16; palette.windowText: Theme.text }
            CheckBox { id: penalty; text: qsTr("10-point penalty for a failed throw"); font.pixelSize: 16; palette.windowText: Theme.text }
        }
        Label2 { text: qsTr("Your seat") }
        ComboBox {
            id: seatBox
            Layout.fillWidth: true
            font.pixelSize: 17
            model: [qsTr("Seat 1 (deals first if no bid)"), qsTr("Seat 2"), qsTr("Seat 3"), qsTr("Seat 4")]
        }
        Repeater {
            id: aiBoxes
            model: 4
            delegate: RowLayout {
                id: aiRow
                required property int index
                property alias combo: levelBox
                visible: index !== seatBox.currentIndex
                Layout.columnSpan: 2
                Layout.fillWidth: true
                spacing: 20
                Label2 {
                    Layout.preferredWidth: 150
                    text: qsTr("AI at seat %1").arg(aiRow.index + 1)
                }
                ComboBox {
                    id: levelBox
                    Layout.fillWidth: true
                    font.pixelSize: 17
                    model: page.levels.map(page.levelName)
                    currentIndex: Math.max(0, page.levels.indexOf("normal"))
                }
            }
        }
        Label2 { text: qsTr("Animation speed") }
        ComboBox {
            id: speedBox
            Layout.fillWidth: true
            font.pixelSize: 17
            property var keys: ["slow", "normal", "fast", "instant"]
            model: [qsTr("Slow"), qsTr("Normal"), qsTr("Fast"), qsTr("Instant")]
            currentIndex: keys.indexOf(App.settings.speed)
            onActivated: (i) => App.settings.speed = keys[i]
        }
    }

    Rectangle {
        x: page.narrow ? form.x + form.width + 40 : 700
        y: 100
        width: Math.min(500, page.width - x - 30)
        height: 470
        radius: 12
        color: Theme.panel
        Column {
            anchors.fill: parent
            anchors.margins: 18
            spacing: 8
            Text {
                text: presetBox.displayText
                color: Theme.accent
                font.pixelSize: 22
                font.bold: true
            }
            Repeater {
                model: { App.language; return App.rulesSummary(page.presetKey) }  // reworded on a language switch
                delegate: Row {
                    required property var modelData
                    spacing: 10
                    Text { id: ruleLabel; width: page.narrow ? 130 : 150; text: modelData.label; color: Theme.dim; font.pixelSize: 15; wrapMode: Text.WordWrap }
                    Text { width: Math.min(300, parent.parent.width - ruleLabel.width - 10); text: modelData.value; color: Theme.text; font.pixelSize: 15; wrapMode: Text.WordWrap }
                }
            }
        }
    }

    MenuButton {
        x: form.x + form.width - width
        y: 600
        width: 260
        text: qsTr("Start")
        onClicked: page.start()
    }

    // a deal someone shared (issue 35): the same cards, as practice
    Row {
        x: form.x
        y: 672
        spacing: 10
        TextField {
            id: dealCode
            objectName: "dealCodeField"
            width: 300
            font.pixelSize: 17
            placeholderText: qsTr("Deal code, e.g. 84DY-8EJY-…")
            onAccepted: playCode.clicked()
            onTextEdited: codeError.text = ""
        }
        TableButton {
            id: playCode
            objectName: "playDealCode"
            enabled: dealCode.text.length > 0
            text: qsTr("Play this deal")
            onClicked: codeError.text = App.playDealCode(dealCode.text)
        }
        Text {
            id: codeError
            objectName: "dealCodeError"
            anchors.verticalCenter: parent.verticalCenter
            width: page.width - form.x - 300 - playCode.width - 60
            wrapMode: Text.WordWrap
            color: Theme.warn
            font.pixelSize: 15
        }
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("home")
}
