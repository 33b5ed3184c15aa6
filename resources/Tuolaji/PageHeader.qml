import QtQuick
import QtQuick.Controls

// A title with a back button, for the screens off Home.
Item {
    id: header
    property alias title: label.text
    signal back()
    width: parent ? parent.width : 1280
    height: 64

    TableButton {
        id: backButton
        text: qsTr("← Back")
        anchors.left: parent.left
        anchors.leftMargin: 24
        anchors.verticalCenter: parent.verticalCenter
        onClicked: header.back()
    }
    Text {
        id: label
        anchors.centerIn: parent
        color: Theme.text
        font.pixelSize: 30
        font.bold: true
    }
}
