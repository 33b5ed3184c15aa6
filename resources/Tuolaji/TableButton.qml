import QtQuick
import QtQuick.Controls

// A table action button: play, hint, bids, bury, last trick.
Button {
    id: control
    property bool primary: false
    property bool warning: false
    property color textColor: Theme.text
    // the key that does the same (named in the button's tooltip and the "?" overlay)
    property string shortcut: ""
    readonly property string tip: shortcut !== "" ? qsTr("Key: %1").arg(shortcut) : ""
    // below the button: above it is where the table says why a play is refused, which is
    // just when the player points at the button
    ToolTip {
        objectName: "buttonTip"
        text: control.tip
        visible: control.tip !== "" && control.hovered
        delay: 500
        y: control.height + 6
        font.pixelSize: 15
    }
    hoverEnabled: true
    implicitHeight: 42
    implicitWidth: Math.max(84, contentItem.implicitWidth + 28)
    font.pixelSize: 18
    focusPolicy: Qt.NoFocus
    contentItem: Text {
        text: control.text
        font: control.font
        color: control.enabled ? control.textColor : Theme.dim
        horizontalAlignment: Text.AlignHCenter
        verticalAlignment: Text.AlignVCenter
        elide: Text.ElideRight
    }
    background: Rectangle {
        radius: 8
        color: !control.enabled ? Theme.buttonDisabled
             : control.warning ? "#8d4a2f"
             : control.primary ? (control.down ? "#b8862a" : control.hovered ? "#e0ae3c" : "#c9962f")
             : (control.down ? Theme.feltDark : control.hovered ? Theme.buttonHover : Theme.button)
        border.color: "#50ffffff"
        border.width: 1
    }
}
