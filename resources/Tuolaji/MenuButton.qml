import QtQuick
import QtQuick.Controls

// A large home-screen button.
Button {
    id: control
    implicitWidth: 320
    implicitHeight: 54
    font.pixelSize: 22
    contentItem: Text {
        text: control.text
        font: control.font
        color: control.enabled ? Theme.text : Theme.dim
        horizontalAlignment: Text.AlignHCenter
        verticalAlignment: Text.AlignVCenter
    }
    background: Rectangle {
        radius: 10
        color: !control.enabled ? Theme.buttonDisabled : control.down ? Theme.feltDark : control.hovered ? Theme.buttonHover : Theme.button
        border.color: control.activeFocus ? Theme.accent : "#40ffffff"
        border.width: control.activeFocus ? 3 : 1
    }
}
