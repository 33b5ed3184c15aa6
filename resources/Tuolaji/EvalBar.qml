import QtQuick

// The evaluation bar (issue 35 part 4). In a replay: the chance that the side of the seat the
// hand was played from wins it, as the hand's review judged the last of that seat's decisions
// shown (App.review.replayWin); hidden while the hand has no review, or before its first judged
// decision. For a spectator of a delayed table (``defenders``): the defenders' chance, judged
// from what the spectator sees after each trick (App.review.liveWin).
Column {
    id: bar
    property real win: -1
    property bool defenders: false  // whose chance: the defenders', not the seat's side
    readonly property int percent: Math.round(100 * Math.max(0, Math.min(1, win)))
    visible: win >= 0
    spacing: 4

    Text {
        text: bar.defenders ? qsTr("Defenders' chance to win") : qsTr("Chance to win")
        color: Theme.dim
        font.pixelSize: 15
    }
    Row {
        spacing: 8
        Rectangle {
            objectName: "evalTrack"
            anchors.verticalCenter: parent.verticalCenter
            width: 120
            height: 16
            radius: 4
            color: "#55000000"
            border.color: "#60ffffff"
            Rectangle {
                objectName: "evalFill"
                width: parent.width * bar.percent / 100
                height: parent.height
                radius: 4
                color: Theme.accent
                Behavior on width { NumberAnimation { duration: 180; easing.type: Easing.OutCubic } }
            }
            Rectangle {  // even chances
                x: parent.width / 2
                width: 1
                height: parent.height
                color: "#90ffffff"
            }
        }
        Text {
            objectName: "evalText"
            anchors.verticalCenter: parent.verticalCenter
            text: qsTr("%1%").arg(bar.percent)
            color: Theme.text
            font.pixelSize: 16
            font.bold: true
        }
    }
    Accessible.role: Accessible.ProgressBar
    Accessible.name: (bar.defenders ? qsTr("Defenders' chance to win the hand: %1%") : qsTr("Chance to win the hand: %1%")).arg(bar.percent)
}
