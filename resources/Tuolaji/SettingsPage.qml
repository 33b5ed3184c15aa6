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
        Layout.preferredWidth: 260
    }

    GridLayout {
        x: 260
        y: 110
        width: 760
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
        Label2 { text: qsTr("Finished trick stays (ms)") }
        SpinBox {
            from: 300
            to: 3000
            stepSize: 100
            editable: true
            value: App.settings.trickHold
            onValueModified: App.settings.trickHold = value
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
        x: 260
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
