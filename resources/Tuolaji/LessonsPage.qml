import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// Learn: stages of short lessons (App.lessons). Each level is a fixed position and a goal;
// the engine checks the answer and says why a wrong one is wrong.
FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    readonly property var lessons: App.lessons
    readonly property bool inStage: lessons.stage >= 0
    // a stage narrower than 1280 (a small window): the columns close up
    readonly property bool narrow: width < Theme.baseWidth - 1

    PageHeader {
        title: page.inStage ? page.lessons.title : qsTr("Learn")
        onBack: page.back()
    }

    function back() {
        if (inStage)
            lessons.closeStage()
        else
            ApplicationWindow.window.go("home")
    }

    // -- the stages ---------------------------------------------------------------------
    Item {
        anchors.fill: parent
        visible: !page.inStage

        Text {
            objectName: "lessonsProgress"
            anchors.horizontalCenter: parent.horizontalCenter
            y: 76
            text: page.lessons.progressText
            color: Theme.dim
            font.pixelSize: 18
        }

        Grid {
            anchors.horizontalCenter: parent.horizontalCenter
            y: 116
            columns: 3
            spacing: 14
            Repeater {
                model: page.lessons.stages
                delegate: StageCard {
                    required property int index
                    required property var modelData
                    objectName: "stageButton"
                    width: page.narrow ? 300 : 380
                    number: index + 1
                    title: modelData.title
                    solved: modelData.solved
                    total: modelData.total
                    onClicked: page.lessons.openStage(index)
                }
            }
        }
    }

    // -- one level ----------------------------------------------------------------------
    Item {
        id: level
        anchors.fill: parent
        visible: page.inStage
        readonly property bool cardsTask: page.lessons.task !== "choice" && page.lessons.task !== "table"

        Text {
            id: intro
            x: 40
            y: 66
            width: parent.width - 80
            text: page.lessons.intro
            color: Theme.dim
            font.pixelSize: 16
            wrapMode: Text.WordWrap
            horizontalAlignment: Text.AlignHCenter
        }

        Row {
            id: dots
            anchors.horizontalCenter: parent.horizontalCenter
            anchors.top: intro.bottom
            anchors.topMargin: 8
            spacing: 8
            Repeater {
                model: page.lessons.levels
                delegate: Button {
                    id: dot
                    required property int index
                    required property var modelData
                    objectName: "levelDot"
                    width: 30
                    height: 30
                    padding: 0
                    focusPolicy: Qt.NoFocus
                    readonly property color fill: modelData.solved ? Theme.accent : Theme.button
                    onClicked: page.lessons.openLevel(index)
                    contentItem: Text {
                        text: String(dot.index + 1)
                        color: dot.modelData.solved ? "#3b2a00" : Theme.text
                        font.pixelSize: 15
                        font.bold: true
                        horizontalAlignment: Text.AlignHCenter
                        verticalAlignment: Text.AlignVCenter
                    }
                    background: Rectangle {
                        radius: 15
                        color: dot.fill
                        border.width: dot.modelData.current ? 3 : 1
                        border.color: dot.modelData.current ? Theme.text : "#50ffffff"
                    }
                }
            }
        }

        Text {
            id: goal
            objectName: "lessonGoal"
            anchors.top: dots.bottom
            anchors.topMargin: 10
            x: 40
            width: parent.width - 80
            text: page.lessons.goal
            color: Theme.accent
            font.pixelSize: 22
            font.bold: true
            wrapMode: Text.WordWrap
            horizontalAlignment: Text.AlignHCenter
        }

        Text {
            id: setting
            anchors.top: goal.bottom
            anchors.topMargin: 4
            anchors.horizontalCenter: parent.horizontalCenter
            visible: text !== ""
            text: {
                App.language
                var parts = []
                if (page.lessons.preset !== "" && page.lessons.preset !== "classic")
                    parts.push(App.presetTitle(page.lessons.preset))
                for (const part of [page.lessons.setting, page.lessons.bidText])
                    if (part !== "")
                        parts.push(part)
                if (page.lessons.task === "play" && page.lessons.trick.length === 0)
                    parts.push(qsTr("You lead"))
                return parts.join("  ·  ")
            }
            color: Theme.text
            font.pixelSize: 17
        }

        // the trick on the table, from its lead
        Row {
            id: trick
            anchors.top: setting.bottom
            anchors.topMargin: 12
            anchors.horizontalCenter: parent.horizontalCenter
            spacing: 28
            visible: page.lessons.trick.length > 0
            Repeater {
                model: page.lessons.trick
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
                                width: 62
                                height: 90
                                code: modelData
                            }
                        }
                    }
                }
            }
        }

        // the answers to a question
        Column {
            anchors.top: trick.visible ? trick.bottom : setting.bottom
            anchors.topMargin: 18
            anchors.horizontalCenter: parent.horizontalCenter
            spacing: 8
            visible: page.lessons.task === "choice"
            Repeater {
                model: page.lessons.choices
                delegate: TableButton {
                    required property int index
                    required property string modelData
                    objectName: "choiceButton"
                    width: Math.min(560, page.width - 120)
                    text: modelData
                    enabled: !page.lessons.verdictOk
                    onClicked: page.lessons.choose(index)
                }
            }
        }

        TableButton {
            objectName: "guidedButton"
            anchors.centerIn: parent
            visible: page.lessons.task === "table"
            primary: true
            font.pixelSize: 22
            text: qsTr("Play the guided hand")
            onClicked: page.lessons.startGuided()
        }

        // the learner's hand
        Item {
            id: hand
            visible: level.cardsTask
            x: 30
            width: parent.width - 60
            height: cardHeight + 20
            anchors.bottom: actions.top
            anchors.bottomMargin: 14
            readonly property int count: page.lessons.cards.length
            readonly property real cardWidth: 86
            readonly property real cardHeight: Math.round(cardWidth / Theme.cardAspect)
            readonly property real step: count > 1 ? Math.min(cardWidth + 8, (width - cardWidth) / (count - 1)) : 0
            readonly property real firstX: (width - (cardWidth + step * Math.max(0, count - 1))) / 2
            Repeater {
                model: page.lessons.cards
                delegate: CardView {
                    required property int index
                    required property var modelData
                    objectName: "lessonCard"
                    x: hand.firstX + index * hand.step
                    readonly property bool picked: page.lessons.picked.indexOf(index) >= 0
                    y: picked ? 0 : 20
                    width: hand.cardWidth
                    height: hand.cardHeight
                    code: modelData.code
                    trump: modelData.trump
                    selected: picked
                    MouseArea {
                        anchors.fill: parent
                        cursorShape: Qt.PointingHandCursor
                        onClicked: page.lessons.toggle(parent.index)
                    }
                }
            }
        }

        Row {
            id: actions
            anchors.horizontalCenter: parent.horizontalCenter
            anchors.bottom: verdict.top
            anchors.bottomMargin: 8
            spacing: 12
            TableButton {
                objectName: "checkButton"
                visible: level.cardsTask && !page.lessons.verdictOk
                enabled: page.lessons.pickedCount > 0
                primary: true
                text: page.lessons.task === "play" ? qsTr("Play") : page.lessons.task === "bid" ? qsTr("Bid") : page.lessons.task === "bury" ? qsTr("Bury") : qsTr("Check")
                onClicked: page.lessons.submit()
            }
            TableButton {
                objectName: "retryButton"
                visible: page.lessons.verdict !== "" && !page.lessons.verdictOk
                text: qsTr("Try again")
                onClicked: page.lessons.retry()
            }
            TableButton {
                objectName: "nextButton"
                visible: page.lessons.verdictOk || (page.lessons.solved && page.lessons.task === "table")
                primary: true
                text: page.lessons.lastLevel ? qsTr("Next stage") : qsTr("Next")
                onClicked: page.lessons.next()
            }
        }

        Text {
            id: verdict
            objectName: "verdictText"
            x: 40
            width: parent.width - 80
            height: 52
            anchors.bottom: parent.bottom
            anchors.bottomMargin: 10
            text: page.lessons.verdict
            color: page.lessons.verdictOk ? "#a5d6a7" : Theme.warn
            font.pixelSize: 18
            wrapMode: Text.WordWrap
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
        }
    }

    Keys.onEscapePressed: page.back()
    // Enter checks the cards picked, or goes on once the level is solved
    Keys.onReturnPressed: {
        if (lessons.verdictOk)
            lessons.next()
        else if (level.cardsTask && lessons.pickedCount > 0)
            lessons.submit()
    }
}
