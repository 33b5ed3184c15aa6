import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// One card face (or back), drawn by the card image provider once per size.
Item {
    id: card
    property string code: "back"
    property bool trump: false
    property bool selected: false
    property bool fresh: false
    property bool returned: false
    property bool dimmed: false
    property bool focusRing: false
    property string accessibleName: ""
    readonly property real renderScale: {
        var w = ApplicationWindow.window
        return w ? Math.max(1, Math.ceil(w.stageScale * 4) / 4) : 1
    }
    width: 104
    height: 150

    Accessible.role: Accessible.Button
    Accessible.name: accessibleName

    Rectangle {
        // shadow
        x: 2; y: 3
        width: parent.width; height: parent.height
        radius: parent.width * 0.06
        color: "#40000000"
    }
    Image {
        id: face
        anchors.fill: parent
        source: "image://cards/" + (App.settings.fourColour ? "4/" : "2/") + card.code
        sourceSize: Qt.size(Math.round(card.width * card.renderScale), Math.round(card.height * card.renderScale))
        smooth: true
        asynchronous: false
        cache: true
    }
    Rectangle {
        // legal choices stay bright; the others are dimmed (shape and brightness, not hue)
        anchors.fill: parent
        radius: parent.width * 0.05
        color: "#66000000"
        visible: card.dimmed
    }
    Rectangle {
        // a small 主 mark on trumps, under the index
        visible: card.trump && card.code !== "back"
        x: card.width * 0.05
        y: card.height * 0.40
        width: card.width * 0.2
        height: width
        radius: width / 2
        color: "#f2c14e"
        border.color: "#7a5a10"
        Text {
            anchors.centerIn: parent
            text: qsTr("T", "trump mark on a card")
            font.pixelSize: parent.width * 0.7
            font.bold: true
            color: "#3b2a00"
        }
    }
    Rectangle {
        // selected: an outline as well as the lift
        anchors.fill: parent
        anchors.margins: -2
        radius: parent.width * 0.07
        color: "transparent"
        border.width: 3
        border.color: Theme.accent
        visible: card.selected
    }
    Rectangle {
        // kitty cards just picked up
        anchors.fill: parent
        anchors.margins: -1
        radius: parent.width * 0.07
        color: "#2264b5f6"
        border.width: 3
        border.color: "#64b5f6"
        visible: card.fresh && !card.selected
    }
    Rectangle {
        // a failed throw's cards, back in the hand
        anchors.fill: parent
        anchors.margins: -1
        radius: parent.width * 0.07
        color: "#22ff7043"
        border.width: 3
        border.color: "#ff7043"
        visible: card.returned && !card.selected
    }
    Rectangle {
        anchors.fill: parent
        anchors.margins: -5
        radius: parent.width * 0.09
        color: "transparent"
        border.width: 2
        border.color: "white"
        visible: card.focusRing
        opacity: 0.9
    }
}
