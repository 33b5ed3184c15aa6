import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// The hand review: your costliest decisions first, the chance to win the hand over the hand
// with the key moments marked (a click shows that moment in the replay), and "retry this
// decision". Judged from your seat's information only; the hindsight line (open hands) apart.
// Bids (and passes, and chances to bid let go while the cards came) are decisions too: shown
// as what was bid, or no bid, against the best bid; a retry opens practice at that card.
FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    readonly property bool narrow: width < Theme.baseWidth - 1
    property var review: App.review
    readonly property var moments: review.moments
    readonly property var costliest: review.costliest

    function labelColor(label) {
        return label === "blunder" ? Theme.defenders
             : label === "mistake" ? Theme.warn
             : label === "inaccuracy" ? Theme.accent : Theme.dim
    }

    PageHeader {
        title: qsTr("Hand review")
        onBack: ApplicationWindow.window.go(App.inGame ? "table" : "replays")
    }

    // -- while it runs ---------------------------------------------------------------------
    Column {
        objectName: "reviewRunning"
        visible: page.review.state === "running"
        anchors.centerIn: parent
        spacing: 14
        Text {
            anchors.horizontalCenter: parent.horizontalCenter
            text: qsTr("Judging your decisions… %1%").arg(Math.round(page.review.progress * 100))
            color: Theme.text
            font.pixelSize: 22
        }
        ProgressBar {
            objectName: "reviewProgress"
            width: 480
            from: 0
            to: 1
            value: page.review.progress
        }
        Text {
            width: 480
            wrapMode: Text.WordWrap
            horizontalAlignment: Text.AlignHCenter
            text: qsTr("Each decision is played out on deals drawn from what you could see, never from the hidden cards.")
            color: Theme.dim
            font.pixelSize: 16
        }
    }
    Text {
        visible: page.review.state === "failed"
        anchors.centerIn: parent
        text: qsTr("The review could not be made.")
        color: Theme.warn
        font.pixelSize: 22
    }

    // -- the result ------------------------------------------------------------------------
    Item {
        id: result
        visible: page.review.state === "ready"
        x: page.narrow ? 24 : 40
        y: 72
        width: page.width - 2 * x
        height: page.height - y - 16

        Text {
            id: summary
            objectName: "reviewSummary"
            width: parent.width
            text: page.review.summary
            color: Theme.text
            font.pixelSize: 18
            elide: Text.ElideRight
        }

        // the chance to win the hand after each of your decisions; labelled ones marked
        Rectangle {
            id: graph
            objectName: "reviewGraph"
            y: summary.height + 8
            width: parent.width
            height: 190
            radius: 8
            color: Theme.panel
            readonly property real plotX: 64
            readonly property real plotW: width - plotX - 16
            readonly property real plotH: height - 44
            function px(i) {
                const n = page.moments.length
                return plotX + (n > 1 ? i * plotW / (n - 1) : plotW / 2)
            }
            function py(win) { return 12 + (1 - win) * plotH }

            Text { x: 8; y: graph.py(1) - 8; text: "100%"; color: Theme.dim; font.pixelSize: 13 }
            Text { x: 8; y: graph.py(0.5) - 8; text: "50%"; color: Theme.dim; font.pixelSize: 13 }
            Text { x: 8; y: graph.py(0) - 8; text: "0%"; color: Theme.dim; font.pixelSize: 13 }
            Text {
                x: graph.plotX
                y: graph.height - 26
                text: qsTr("Chance to win the hand after each of your decisions (click a mark to see it)")
                color: Theme.dim
                font.pixelSize: 14
            }
            Canvas {
                id: line
                anchors.fill: parent
                onPaint: {
                    const ctx = getContext("2d")
                    ctx.reset()
                    ctx.strokeStyle = "#55ffffff"
                    ctx.lineWidth = 1
                    ctx.beginPath()
                    ctx.moveTo(graph.plotX, graph.py(0.5))
                    ctx.lineTo(graph.plotX + graph.plotW, graph.py(0.5))
                    ctx.stroke()
                    const ms = page.moments
                    if (ms.length === 0)
                        return
                    ctx.strokeStyle = Theme.accent
                    ctx.lineWidth = 3
                    ctx.beginPath()
                    for (let i = 0; i < ms.length; ++i) {
                        if (i === 0)
                            ctx.moveTo(graph.px(i), graph.py(ms[i].win))
                        else
                            ctx.lineTo(graph.px(i), graph.py(ms[i].win))
                    }
                    ctx.stroke()
                }
                Connections {
                    target: page.review
                    function onChanged() { line.requestPaint() }
                }
                onWidthChanged: requestPaint()
            }
            Repeater {
                model: page.moments
                delegate: Rectangle {
                    required property var modelData
                    required property int index
                    objectName: "mark_" + index
                    readonly property bool key: modelData.label !== ""
                    width: key ? 18 : 10
                    height: width
                    radius: width / 2
                    x: graph.px(index) - width / 2
                    y: graph.py(modelData.win) - height / 2
                    color: key ? page.labelColor(modelData.label) : Theme.text
                    border.color: Theme.bar
                    border.width: key ? 2 : 1
                    MouseArea {
                        anchors.fill: parent
                        anchors.margins: -4
                        cursorShape: Qt.PointingHandCursor
                        onClicked: page.review.jump(modelData.step)
                    }
                }
            }
        }

        Text {
            id: heading
            y: graph.y + graph.height + 12
            text: page.costliest.length ? qsTr("Your costliest decisions") : qsTr("No costly decision found: well played.")
            color: Theme.accent
            font.pixelSize: 20
            font.bold: true
        }
        Row {
            y: heading.y + heading.height + 8
            spacing: 12
            Repeater {
                model: page.costliest
                delegate: Rectangle {
                    id: card
                    required property var modelData
                    required property int index
                    objectName: "costly_" + index
                    width: (result.width - 24) / 3
                    height: Math.min(body.implicitHeight + 20, result.height - heading.y - heading.height - 8)
                    radius: 8
                    color: Theme.panel
                    border.color: page.labelColor(modelData.label)
                    border.width: 2
                    Column {
                        id: body
                        x: 12
                        y: 10
                        width: parent.width - 24
                        spacing: 6
                        Text {
                            width: parent.width
                            text: card.modelData.burial ? qsTr("%1 · burial").arg(card.modelData.labelText)
                                  : card.modelData.call ? qsTr("%1 · friend call").arg(card.modelData.labelText)
                                  : card.modelData.bid ? qsTr("%1 · bidding").arg(card.modelData.labelText)
                                  : qsTr("%1 · trick %2").arg(card.modelData.labelText).arg(card.modelData.trick)
                            color: page.labelColor(card.modelData.label)
                            font.pixelSize: 18
                            font.bold: true
                            elide: Text.ElideRight
                        }
                        Text {
                            // a bid moment: what was bid (or "pass") and the best bid
                            objectName: "bidMade"
                            visible: card.modelData.bid
                            width: parent.width
                            wrapMode: Text.WordWrap
                            text: visible ? qsTr("Your bid: %1 · best: %2").arg(card.modelData.played).arg(card.modelData.best) : ""
                            color: Theme.text
                            font.pixelSize: 15
                            font.bold: true
                        }
                        Text {
                            width: parent.width
                            wrapMode: Text.WordWrap
                            maximumLineCount: 4
                            elide: Text.ElideRight
                            text: card.modelData.reason
                            color: Theme.text
                            font.pixelSize: 15
                        }
                        Text {
                            width: parent.width
                            wrapMode: Text.WordWrap
                            text: card.modelData.figures
                            color: Theme.dim
                            font.pixelSize: 15
                        }
                        Text {
                            // the open hands: apart from the judgement, and said so
                            objectName: "hindsight"
                            width: parent.width
                            wrapMode: Text.WordWrap
                            text: card.modelData.bid
                                  ? qsTr("Hindsight (all cards open): the best bid would have gained %1 levels here.").arg(card.modelData.hindsightLoss)
                                  : qsTr("Hindsight (all hands open): the best play would have gained %1 levels here.").arg(card.modelData.hindsightLoss)
                            color: Theme.dim
                            font.pixelSize: 15
                            font.italic: true
                        }
                        Row {
                            spacing: 8
                            TableButton {
                                objectName: "showMoment"
                                text: qsTr("Show")
                                onClicked: page.review.jump(card.modelData.step)
                            }
                            TableButton {
                                objectName: "retryMoment"
                                text: qsTr("Retry this decision")
                                onClicked: page.review.retry(card.modelData.step)
                            }
                        }
                    }
                }
            }
        }
    }
}
