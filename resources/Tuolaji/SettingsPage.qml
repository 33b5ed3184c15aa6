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

    PageHeader {
        title: qsTr("Settings")
        onBack: ApplicationWindow.window.go("home")
    }

    component Label2: Text {
        color: Theme.text
        font.pixelSize: 18
        Layout.preferredWidth: page.narrow ? 190 : 230
    }
    // A setting chosen from a list. The shown choice follows the setting, also when the
    // language changes: a new (translated) model resets a ComboBox's index and its text.
    component Choice: ComboBox {
        id: choice
        property var keys: []
        property string value
        signal chosen(string key)
        Layout.fillWidth: true
        font.pixelSize: 17
        currentIndex: keys.indexOf(value)
        displayText: model[keys.indexOf(value)] || ""
        onModelChanged: currentIndex = Qt.binding(() => choice.keys.indexOf(choice.value))
        onActivated: (i) => chosen(keys[i])
    }
    component Volume: RowLayout {
        property alias value: slider.value
        signal moved(int v)
        Layout.fillWidth: true
        Slider {
            id: slider
            Layout.fillWidth: true
            from: 0
            to: 100
            stepSize: 5
            onMoved: parent.moved(Math.round(value))
        }
        Text {
            Layout.preferredWidth: 56
            text: slider.value > 0 ? Math.round(slider.value) + "%" : qsTr("off")
            color: Theme.dim
            font.pixelSize: 16
        }
    }

    GridLayout {
        x: page.narrow ? 520 : 680
        y: 110
        width: Math.min(540, page.width - x - 30)
        columns: 2
        rowSpacing: 16
        columnSpacing: 20
        Label2 { text: qsTr("Card sound"); Layout.preferredWidth: page.narrow ? 170 : 200 }
        Volume { objectName: "cardVolume"; value: App.settings.cardVolume; onMoved: (v) => App.settings.cardVolume = v }
        Label2 { text: qsTr("Trick won sound"); Layout.preferredWidth: page.narrow ? 170 : 200 }
        Volume { value: App.settings.trickVolume; onMoved: (v) => App.settings.trickVolume = v }
        Label2 { text: qsTr("Your-turn chime"); Layout.preferredWidth: page.narrow ? 170 : 200 }
        Volume { value: App.settings.chimeVolume; onMoved: (v) => App.settings.chimeVolume = v }
        Label2 { text: qsTr("Mandarin call-outs"); Layout.preferredWidth: page.narrow ? 170 : 200 }
        Volume { objectName: "voiceVolume"; value: App.settings.voiceVolume; onMoved: (v) => App.settings.voiceVolume = v }
        Label2 { text: qsTr("Card counter"); Layout.preferredWidth: page.narrow ? 170 : 200 }
        Switch {
            checked: App.settings.showCounter
            onToggled: App.settings.showCounter = checked
        }
        // issue 37: a turn, an invitation or a rematch offer while the window is elsewhere
        Label2 { text: qsTr("Notify me when away"); Layout.preferredWidth: page.narrow ? 170 : 200 }
        Switch {
            objectName: "notifyAwaySwitch"
            checked: App.settings.notifyAway
            onToggled: App.settings.notifyAway = checked
        }
    }

    GridLayout {
        x: page.narrow ? 30 : 60
        y: 110
        width: page.narrow ? 460 : 580
        columns: 2
        rowSpacing: 16
        columnSpacing: 20

        Label2 { text: qsTr("Language") }
        Choice {
            objectName: "languageBox"
            focus: true
            keys: ["en", "zh_CN", "zh_TW"]
            model: ["English", "简体中文", "繁體中文"]
            value: App.settings.language
            onChosen: (key) => App.settings.language = key
        }
        Label2 { text: qsTr("Four-colour suits") }
        Switch {
            checked: App.settings.fourColour
            onToggled: App.settings.fourColour = checked
        }
        Label2 { text: qsTr("Card size") }
        Choice {
            objectName: "cardSizeBox"
            keys: ["small", "medium", "large"]
            model: [qsTr("Small"), qsTr("Medium"), qsTr("Large")]
            value: App.settings.cardSize
            onChosen: (key) => App.settings.cardSize = key
        }
        Label2 { text: qsTr("Animation speed") }
        Choice {
            objectName: "speedBox"
            keys: ["slow", "normal", "fast", "instant"]
            model: [qsTr("Slow"), qsTr("Normal"), qsTr("Fast"), qsTr("Instant")]
            value: App.settings.speed
            onChosen: (key) => App.settings.speed = key
        }
        Label2 { text: qsTr("Reduce motion") }
        Switch {
            checked: App.settings.reduceMotion
            onToggled: App.settings.reduceMotion = checked
        }
        Label2 { text: qsTr("Keep each trick for") }
        SpinBox {
            // in tenths of a second, shown as seconds ("1.5 s")
            objectName: "trickHoldBox"
            from: 5
            to: 50
            stepSize: 5
            value: Math.round(App.settings.trickHold / 100)
            textFromValue: (v) => qsTr("%1 s").arg((v / 10).toFixed(1))
            valueFromText: (t) => Math.round(parseFloat(t) * 10)
            onValueModified: App.settings.trickHold = value * 100
        }
        Label2 { text: qsTr("Your name") }
        TextField {
            Layout.fillWidth: true
            font.pixelSize: 17
            text: App.settings.playerName
            placeholderText: qsTr("You")
            onEditingFinished: App.settings.playerName = text
        }
    }

    Row {
        x: 60
        y: 560
        spacing: 16
        Text { text: qsTr("Preview"); color: Theme.dim; font.pixelSize: 16; anchors.verticalCenter: parent.verticalCenter }
        Repeater {
            model: ["AS", "KH", "QC", "TD", "SJ", "BJ"]
            delegate: CardView {
                required property string modelData
                code: modelData
                height: App.settings.cardHeight * 0.7
                width: height * Theme.cardAspect
            }
        }
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("home")
}
