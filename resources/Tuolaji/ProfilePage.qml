import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// A player's profile: the rating and title, each preset's rating (its rank on the board, or
// provisional) with a graph of it over the rated hands, the recent hands to replay, and the
// record with and against the players met most (a name opens their profile).
FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    readonly property bool narrow: width < Theme.baseWidth - 1
    readonly property int margin: narrow ? 24 : 60
    readonly property int column: (width - 3 * margin) / 2
    property var profile: App.profile

    PageHeader {
        title: page.profile.mine ? qsTr("My profile") : qsTr("Profile")
        onBack: ApplicationWindow.window.go("leaderboard")
    }

    Column {
        x: page.margin
        y: 80
        width: page.column
        spacing: 8
        Text {
            objectName: "profileName"
            text: page.profile.name
            color: Theme.text
            font.pixelSize: 28
            font.bold: true
        }
        Text {
            // another player's page is being fetched: nothing of the last one stands for it
            objectName: "profileLoading"
            visible: !page.profile.shown && page.profile.loading
            text: qsTr("Loading…")
            color: Theme.dim
            font.pixelSize: 19
        }
        Text {
            objectName: "profileRating"
            visible: page.profile.shown
            text: qsTr("Overall rating %1 · %2").arg(page.profile.rating).arg(page.profile.title)
            color: Theme.accent
            font.pixelSize: 19
        }
        Text {
            // the overall rating moves on every hand; the boards and the graph count rated
            // hands only (net/rated.py): say which one the number above is
            objectName: "profileRatingNote"
            visible: page.profile.shown
            width: parent.width
            wrapMode: Text.WordWrap
            text: qsTr("Every hand moves it, against the AI too. The boards count rated hands only.")
            color: Theme.dim
            font.pixelSize: 15
        }
        Text {
            visible: text !== ""
            text: page.profile.error
            color: Theme.warn
            width: parent.width
            wrapMode: Text.WordWrap
            font.pixelSize: 16
        }
        Repeater {
            objectName: "profilePresets"
            model: page.profile.presets
            delegate: Rectangle {
                required property string preset
                required property int rating
                required property int games
                required property int rank
                required property bool provisional
                width: page.column
                height: 38
                radius: 8
                color: preset === page.profile.graphPreset ? Theme.button : Theme.panel
                Text {
                    anchors.verticalCenter: parent.verticalCenter
                    leftPadding: 12
                    width: parent.width
                    elide: Text.ElideRight
                    text: {
                        App.language  // worded again when the language changes
                        const standing = provisional ? qsTr("provisional") : rank > 0 ? "#" + rank : qsTr("not listed")
                        return [App.presetTitle(preset), qsTr("rating %1").arg(rating),
                                qsTr("rated hands: %1").arg(games), standing].join("  ·  ")
                    }
                    color: Theme.text
                    font.pixelSize: 16
                    MouseArea { anchors.fill: parent; onClicked: page.profile.showGraph(preset) }
                }
            }
        }
        Text {
            visible: page.profile.shown
            text: qsTr("Rating over the rated hands: %1").arg(page.profile.graphPreset === "" ? "—" : App.presetTitle(page.profile.graphPreset))
            color: Theme.dim
            font.pixelSize: 15
        }
        Canvas {
            id: graph
            objectName: "ratingGraph"
            visible: page.profile.shown
            width: page.column
            height: 200
            property var points: page.profile.graph
            onPointsChanged: requestPaint()
            onPaint: {
                const ctx = getContext("2d")
                ctx.reset()
                ctx.fillStyle = "#55000000"
                ctx.fillRect(0, 0, width, height)
                const p = points || []
                if (p.length === 0)
                    return
                const values = [0].concat(p)
                const lo = Math.min.apply(null, values), hi = Math.max.apply(null, values)
                const span = Math.max(1, hi - lo)
                const x = (i) => 10 + (width - 20) * i / Math.max(1, values.length - 1)
                const y = (v) => height - 12 - (height - 24) * (v - lo) / span
                ctx.strokeStyle = "#80ffffff"
                ctx.beginPath(); ctx.moveTo(10, y(0)); ctx.lineTo(width - 10, y(0)); ctx.stroke()
                ctx.strokeStyle = Theme.accent
                ctx.lineWidth = 3
                ctx.beginPath()
                values.forEach((v, i) => i === 0 ? ctx.moveTo(x(i), y(v)) : ctx.lineTo(x(i), y(v)))
                ctx.stroke()
            }
            Text {
                objectName: "graphEmpty"
                anchors.centerIn: parent
                visible: (graph.points || []).length === 0 && !page.profile.loading
                text: qsTr("No rated hands yet")
                color: Theme.dim
                font.pixelSize: 17
            }
        }
    }

    Column {
        x: 2 * page.margin + page.column
        y: 80
        width: page.column
        spacing: 6
        Text { text: qsTr("Recent hands"); color: Theme.text; font.pixelSize: 20; font.bold: true }
        ListView {
            id: recentList
            objectName: "profileRecent"
            width: parent.width
            height: 250
            clip: true
            spacing: 4
            model: page.profile.recent
            Text {
                objectName: "recentEmpty"
                anchors.centerIn: parent
                visible: recentList.count === 0 && !page.profile.loading
                text: qsTr("No hands played yet")
                color: Theme.dim
                font.pixelSize: 17
            }
            delegate: Rectangle {
                required property int game
                required property string title
                required property string detail
                width: ListView.view.width
                height: 40
                radius: 8
                color: Theme.panel
                Text { x: 12; anchors.verticalCenter: parent.verticalCenter; width: parent.width - 130; elide: Text.ElideRight; text: title + "   " + detail; color: Theme.text; font.pixelSize: 15 }
                TableButton {
                    anchors.right: parent.right
                    anchors.verticalCenter: parent.verticalCenter
                    text: qsTr("Replay")
                    onClicked: page.profile.openGame(game)
                }
            }
        }
        Text { text: qsTr("Played with and against"); color: Theme.text; font.pixelSize: 20; font.bold: true }
        Row {
            Repeater {
                model: [qsTr("Player"), qsTr("Together"), qsTr("Against")]
                delegate: Text {
                    required property string modelData
                    required property int index
                    width: [page.column * 0.4, page.column * 0.3, page.column * 0.3][index]
                    text: modelData
                    color: Theme.dim
                    font.pixelSize: 15
                }
            }
        }
        ListView {
            id: partnersList
            objectName: "profilePartners"
            width: parent.width
            height: 230
            clip: true
            spacing: 4
            model: page.profile.partners
            Text {
                objectName: "partnersEmpty"
                anchors.centerIn: parent
                visible: partnersList.count === 0 && !page.profile.loading
                text: qsTr("Nobody met yet")
                color: Theme.dim
                font.pixelSize: 17
            }
            delegate: Row {
                required property int user
                required property string name
                required property string together
                required property string against
                height: 32
                Text {
                    width: page.column * 0.4
                    text: name
                    color: Theme.accent
                    font.pixelSize: 16
                    elide: Text.ElideRight
                    MouseArea { anchors.fill: parent; cursorShape: Qt.PointingHandCursor; onClicked: page.profile.showProfile(user) }
                }
                Text { width: page.column * 0.3; text: together; color: Theme.text; font.pixelSize: 16 }
                Text { width: page.column * 0.3; text: against; color: Theme.text; font.pixelSize: 16 }
            }
        }
    }

    Keys.onEscapePressed: ApplicationWindow.window.go("leaderboard")
}
