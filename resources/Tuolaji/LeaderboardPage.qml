import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// A preset's leaderboard as the server last recomputed it: only rated hands count, and only
// the players past the gate (hands, activity, opponents) are listed. A name opens its profile.
FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    readonly property bool narrow: width < Theme.baseWidth - 1
    readonly property int margin: narrow ? 30 : 60
    property var profile: App.profile

    Component.onCompleted: page.profile.showBoard(presetBox.currentValue)

    PageHeader {
        title: qsTr("Leaderboards")
        onBack: ApplicationWindow.window.go("lobby")
    }
    TableButton {
        objectName: "toMyProfile"
        anchors.right: parent.right
        anchors.rightMargin: 24
        y: 11
        text: qsTr("My profile")
        onClicked: { page.profile.showProfile(0); ApplicationWindow.window.go("profile") }
    }

    Row {
        x: page.margin
        y: 84
        spacing: 16
        Text { text: qsTr("Rules"); color: Theme.dim; font.pixelSize: 18; anchors.verticalCenter: parent.verticalCenter }
        PresetBox {
            id: presetBox
            objectName: "boardPresetBox"
            width: 280
            font.pixelSize: 17
            onActivated: page.profile.showBoard(currentValue)
        }
        Text {
            objectName: "boardTime"
            text: page.profile.boardTime
            color: Theme.dim
            font.pixelSize: 15
            anchors.verticalCenter: parent.verticalCenter
        }
    }
    Text {
        objectName: "boardNote"
        x: page.margin
        y: 132
        width: page.width - 2 * page.margin
        wrapMode: Text.WordWrap
        text: page.profile.boardNote
        color: Theme.dim
        font.pixelSize: 15
    }
    Text {
        objectName: "boardError"
        x: page.margin
        y: 178
        visible: text !== ""
        text: page.profile.error
        color: Theme.warn
        font.pixelSize: 16
    }

    Row {
        x: page.margin
        y: 206
        Repeater {
            model: [qsTr("Rank"), qsTr("Player"), qsTr("Rating"), qsTr("Rated hands")]
            delegate: Text {
                required property string modelData
                required property int index
                width: [100, 420, 160, 180][index]
                text: modelData
                color: Theme.dim
                font.pixelSize: 16
            }
        }
    }
    ListView {
        id: boardList
        objectName: "boardList"
        x: page.margin
        y: 236
        width: 860
        height: page.height - y - 24
        clip: true
        spacing: 4
        model: page.profile.board
        delegate: Rectangle {
            required property int rank
            required property string name
            required property int rating
            required property int games
            required property int user
            required property bool mine
            width: ListView.view.width
            height: 40
            radius: 8
            color: mine ? Theme.button : Theme.panel
            Row {
                anchors.verticalCenter: parent.verticalCenter
                Text { width: 100; leftPadding: 12; text: "#" + rank; color: Theme.accent; font.pixelSize: 18; font.bold: true }
                Text {
                    width: 420
                    text: name
                    color: Theme.text
                    font.pixelSize: 18
                    font.underline: nameArea.containsMouse
                    MouseArea {
                        id: nameArea
                        anchors.fill: parent
                        hoverEnabled: true
                        cursorShape: Qt.PointingHandCursor
                        onClicked: { page.profile.showProfile(user); ApplicationWindow.window.go("profile") }
                    }
                }
                Text { width: 160; text: String(rating); color: Theme.text; font.pixelSize: 18; font.bold: true }
                Text { width: 180; text: String(games); color: Theme.dim; font.pixelSize: 18 }
            }
        }
    }
    Text {
        // in the middle of the page (the list is narrower, on the left), under the headings
        objectName: "boardEmpty"
        anchors.horizontalCenter: parent.horizontalCenter
        y: boardList.y + 80
        visible: boardList.count === 0 && !page.profile.loading && page.profile.error === ""
        text: qsTr("Nobody is listed yet")
        color: Theme.dim
        font.pixelSize: 18
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("lobby")
}
