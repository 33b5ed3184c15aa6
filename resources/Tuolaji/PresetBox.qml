import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// The rule presets by name, in the current language. The model is the presets' keys, which
// never change: a language switch rewords the titles without putting the box back at its
// first preset (as a renewed model would).
ComboBox {
    id: box
    objectName: "presetBox"
    model: App.presetKeys
    displayText: { App.language; return App.presetTitle(currentValue) }
    delegate: ItemDelegate {
        required property string modelData
        required property int index
        width: ListView.view ? ListView.view.width : box.width
        text: { App.language; return App.presetTitle(modelData) }
        font: box.font
        highlighted: box.highlightedIndex === index
    }
}
