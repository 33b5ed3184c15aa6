import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Tuolaji.Backend

FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight

    PageHeader {
        title: qsTr("Settings")
        onBack: ApplicationWindow.window.go("home")
    }

    component Label2: Text {
        color: Theme.text
        font.pixelSize: 18
        Layout.preferredWidth: 230
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
        x: 680
        y: 110
        width: 540
        columns: 2
        rowSpacing: 16
        columnSpacing: 20
        Label2 { text: qsTr("Card sound"); Layout.preferredWidth: 200 }
        Volume { objectName: "cardVolume"; value: App.settings.cardVolume; onMoved: (v) => App.settings.cardVolume = v }
        Label2 { text: qsTr("Trick won sound"); Layout.preferredWidth: 200 }
        Volume { value: App.settings.trickVolume; onMoved: (v) => App.settings.trickVolume = v }
        Label2 { text: qsTr("Your-turn chime"); Layout.preferredWidth: 200 }
        Volume { value: App.settings.chimeVolume; onMoved: (v) => App.settings.chimeVolume = v }
        Label2 { text: qsTr("Mandarin call-outs"); Layout.preferredWidth: 200 }
        Volume { objectName: "voiceVolume"; value: App.settings.voiceVolume; onMoved: (v) => App.settings.voiceVolume = v }
        Label2 { text: qsTr("Card counter"); Layout.preferredWidth: 200 }
        Switch {
            checked: App.settings.showCounter
            onToggled: App.settings.showCounter = checked
        }
    }

    GridLayout {
        x: 60
        y: 110
        width: 580
        columns: 2
        rowSpacing: 16
        columnSpacing: 20

        Label2 { text: qsTr("Language") }
        ComboBox {
            Layout.fillWidth: true
            font.pixelSize: 17
            focus: true
            property var keys: ["en", "zh_CN", "zh_TW"]
            model: ["English", "简体中文", "繁體中文"]
            currentIndex: keys.indexOf(App.settings.language)
            onActivated: (i) => App.settings.language = keys[i]
        }
        Label2 { text: qsTr("Four-colour suits") }
        Switch {
            checked: App.settings.fourColour
            onToggled: App.settings.fourColour = checked
        }
        Label2 { text: qsTr("Card size") }
        ComboBox {
            Layout.fillWidth: true
            font.pixelSize: 17
            property var keys: ["small", "medium", "large"]
            model: [qsTr("Small"), qsTr("Medium"), qsTr("Large")]
            currentIndex: keys.indexOf(App.settings.cardSize)
            onActivated: (i) => App.settings.cardSize = keys[i]
        }
        Label2 { text: qsTr("Animation speed") }
        ComboBox {
            Layout.fillWidth: true
            font.pixelSize: 17
            property var keys: ["slow", "normal", "fast", "instant"]
            model: [qsTr("Slow"), qsTr("Normal"), qsTr("Fast"), qsTr("Instant")]
            currentIndex: keys.indexOf(App.settings.speed)
            onActivated: (i) => App.settings.speed = keys[i]
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
