import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// Puzzles (App.puzzles): a position from a real deal where one play is clearly best. The
// solver picks cards as at the table; the engine says right or wrong and why; the solver's
// rating and the puzzle's move with the first try, and the next puzzle is rated near the solver.
FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    readonly property var puzzles: App.puzzles
    readonly property bool bury: puzzles.burial
    property bool playedShown: false

    Component.onCompleted: puzzles.start()

    PageHeader {
        title: qsTr("Puzzles")
        onBack: page.back()
    }

    function back() {
        if (playedShown)
            playedShown = false
        else
            ApplicationWindow.window.go("home")
    }

    // the themes: keys that never change, titles in the current language (as PresetBox does)
    ComboBox {
        id: themeBox
        objectName: "themeBox"
        anchors.right: parent.right
        anchors.rightMargin: 24
        y: 12
        width: page.width < Theme.baseWidth - 1 ? 210 : 260
        height: 40
        focusPolicy: Qt.NoFocus
        model: page.puzzles.themes
        textRole: "title"
        valueRole: "key"
        displayText: { page.puzzles.themes; return page.themeTitle(page.puzzles.theme) }
        delegate: ItemDelegate {
            required property var modelData
            required property int index
            objectName: "themeItem"
            width: ListView.view ? ListView.view.width : themeBox.width
            text: qsTr("%1 (%2)").arg(modelData.title).arg(modelData.count)
            font: themeBox.font
            highlighted: themeBox.highlightedIndex === index
        }
        onActivated: (index) => page.puzzles.setTheme(valueAt(index))
    }

    function themeTitle(key) {
        for (const t of puzzles.themes)
            if (t.key === key)
                return t.title
        return ""
    }

    // the solver's rating, how this puzzle went, and the puzzle's own rating once answered
    Row {
        id: ratings
        x: 30
        y: 70
        spacing: 14
        Text {
            id: ratingText
            objectName: "ratingText"
            text: page.puzzles.rating
            color: Theme.accent
            font.pixelSize: 20
            font.bold: true
        }
        Text {
            objectName: "ratingDelta"
            visible: text !== ""
            text: page.puzzles.ratingDelta
            color: text.startsWith("+") ? "#a5d6a7" : text.startsWith("-") ? Theme.warn : Theme.dim
            font.pixelSize: 20
            font.bold: text.startsWith("+") || text.startsWith("-")
            anchors.baseline: ratingText.baseline
        }
    }
    Text {
        objectName: "puzzleRating"
        anchors.right: parent.right
        anchors.rightMargin: 30
        anchors.verticalCenter: ratings.verticalCenter
        text: page.puzzles.puzzleRating
        color: Theme.dim
        font.pixelSize: 17
    }
    Text {
        objectName: "scoreText"
        x: 30
        anchors.top: ratings.bottom
        anchors.topMargin: 2
        text: page.puzzles.score
        color: Theme.dim
        font.pixelSize: 15
    }

    Text {
        id: goal
        objectName: "puzzleGoal"
        anchors.horizontalCenter: parent.horizontalCenter
        y: 126
        text: page.puzzles.goal
        color: Theme.accent
        font.pixelSize: 24
        font.bold: true
    }
    Text {
        id: setting
        objectName: "puzzleSetting"
        anchors.top: goal.bottom
        anchors.topMargin: 4
        x: 30
        width: parent.width - 60
        text: page.puzzles.setting
        color: Theme.text
        font.pixelSize: 17
        wrapMode: Text.WordWrap
        horizontalAlignment: Text.AlignHCenter
    }

    // the trick on the table, from its lead
    Row {
        id: trick
        anchors.top: setting.bottom
        anchors.topMargin: 14
        anchors.horizontalCenter: parent.horizontalCenter
        spacing: 28
        visible: page.puzzles.trick.length > 0 && !page.playedShown
        Repeater {
            model: page.puzzles.trick
            delegate: Column {
                id: play
                required property var modelData
                spacing: 4
                Text {
                    anchors.horizontalCenter: parent.horizontalCenter
                    text: play.modelData.lead ? qsTr("%1 (led)").arg(play.modelData.who) : play.modelData.who
                    color: Theme.dim
                    font.pixelSize: 15
                }
                Row {
                    anchors.horizontalCenter: parent.horizontalCenter
                    spacing: -28
                    Repeater {
                        model: play.modelData.cards
                        delegate: CardView {
                            required property string modelData
                            objectName: "trickCard"
                            width: 62
                            height: 90
                            code: modelData
                        }
                    }
                }
            }
        }
    }

    // the cards out in the tricks before, a row a suit (what is left to fear)
    Rectangle {
        id: playedPanel
        objectName: "playedPanel"
        visible: page.playedShown
        anchors.top: setting.bottom
        anchors.topMargin: 10
        anchors.horizontalCenter: parent.horizontalCenter
        width: Math.min(parent.width - 60, 900)
        height: hand.y - y - 8
        radius: 10
        color: Theme.panel
        Column {
            x: 14
            y: 10
            spacing: 4
            Text {
                visible: page.puzzles.played.length === 0
                text: qsTr("No trick has been played yet.")
                color: Theme.dim
                font.pixelSize: 16
            }
            Repeater {
                model: page.puzzles.played
                delegate: Row {
                    id: suitRow
                    required property var modelData
                    spacing: 10
                    height: 44
                    Text {
                        width: 70
                        anchors.verticalCenter: parent.verticalCenter
                        text: suitRow.modelData.label
                        color: Theme.text
                        font.pixelSize: 16
                    }
                    Row {
                        spacing: Math.max(-20, Math.min(2, (playedPanel.width - 120 - 30) / Math.max(1, suitRow.modelData.cards.length - 1) - 30))
                        Repeater {
                            model: suitRow.modelData.cards
                            delegate: CardView {
                                required property string modelData
                                width: 30
                                height: 44
                                code: modelData
                            }
                        }
                    }
                }
            }
        }
    }

    // the solver's hand: a click picks a card, another puts it back
    Item {
        id: hand
        x: 30
        width: parent.width - 60
        height: cardHeight + 20
        anchors.bottom: actions.top
        anchors.bottomMargin: 12
        readonly property int count: page.puzzles.cards.length
        readonly property real cardWidth: page.bury ? 80 : 86
        readonly property real cardHeight: Math.round(cardWidth / Theme.cardAspect)
        readonly property real step: count > 1 ? Math.min(cardWidth + 8, (width - cardWidth) / (count - 1)) : 0
        readonly property real firstX: (width - (cardWidth + step * Math.max(0, count - 1))) / 2
        Repeater {
            model: page.puzzles.cards
            delegate: CardView {
                required property int index
                required property var modelData
                objectName: "puzzleCard"
                x: hand.firstX + index * hand.step
                readonly property bool picked: page.puzzles.picked.indexOf(index) >= 0
                y: picked ? 0 : 20
                width: hand.cardWidth
                height: hand.cardHeight
                code: modelData.code
                trump: modelData.trump
                selected: picked
                MouseArea {
                    anchors.fill: parent
                    cursorShape: Qt.PointingHandCursor
                    onClicked: page.puzzles.toggle(parent.index)
                }
            }
        }
    }

    Row {
        id: actions
        anchors.horizontalCenter: parent.horizontalCenter
        anchors.bottom: verdict.top
        anchors.bottomMargin: 6
        spacing: 12
        TableButton {
            objectName: "solveButton"
            visible: !page.puzzles.answered
            enabled: page.puzzles.pickedCount > 0
            primary: true
            text: page.bury ? qsTr("Bury") : qsTr("Play")
            onClicked: page.puzzles.submit()
        }
        TableButton {
            objectName: "retryButton"
            visible: page.puzzles.answered && !page.puzzles.verdictOk && !page.puzzles.revealed
            text: qsTr("Try again")
            onClicked: page.puzzles.retry()
        }
        TableButton {
            objectName: "answerButton"
            visible: page.puzzles.answered && !page.puzzles.verdictOk && !page.puzzles.revealed
            text: qsTr("Show the answer")
            onClicked: page.puzzles.showAnswer()
        }
        TableButton {
            objectName: "playedButton"
            visible: !page.bury
            text: page.playedShown ? qsTr("Hide the cards played") : qsTr("Cards played")
            onClicked: page.playedShown = !page.playedShown
        }
        TableButton {
            objectName: "nextPuzzleButton"
            primary: page.puzzles.verdictOk || page.puzzles.revealed
            text: page.puzzles.answered ? qsTr("Next puzzle") : qsTr("Skip")
            onClicked: {
                page.playedShown = false
                page.puzzles.nextPuzzle()
            }
        }
    }

    Text {
        id: verdict
        objectName: "puzzleVerdict"
        x: 30
        width: parent.width - 60
        height: 60
        anchors.bottom: parent.bottom
        anchors.bottomMargin: 8
        text: page.puzzles.verdict
        color: page.puzzles.verdictOk ? "#a5d6a7" : page.puzzles.revealed ? Theme.text : Theme.warn
        font.pixelSize: 17
        wrapMode: Text.WordWrap
        horizontalAlignment: Text.AlignHCenter
        verticalAlignment: Text.AlignVCenter
        elide: Text.ElideRight
    }

    Keys.onEscapePressed: page.back()
    // Enter plays the cards picked, or goes on to the next puzzle once answered right
    Keys.onReturnPressed: {
        if (puzzles.verdictOk || puzzles.revealed)
            puzzles.nextPuzzle()
        else if (puzzles.pickedCount > 0 && !puzzles.answered)
            puzzles.submit()
    }
}
