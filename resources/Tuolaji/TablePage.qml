import QtQuick
import QtQuick.Controls
import Tuolaji.Backend

// The card table. It binds to App.table only; which session feeds it (offline, online,
// spectator, replay) it never knows.
FocusScope {
    id: page
    width: Theme.baseWidth
    height: Theme.baseHeight
    focus: true
    property var table: App.table
    property bool showChat: false
    // chat lines that came while the chat was closed (the Chat button's badge); opening it reads them
    property int unreadChat: 0
    onShowChatChanged: if (showChat) unreadChat = 0
    Connections {
        // a line added: the model grows, or (full, at 100 lines) its last row changes
        target: App.online.chat
        property int before: 0
        Component.onCompleted: before = App.online.chat.count
        function onCountChanged() {
            const now = App.online.chat.count
            if (now > before && !page.showChat)
                page.unreadChat += now - before
            else if (now === 0)
                page.unreadChat = 0  // another room: its chat starts empty
            before = now
        }
        function onDataChanged(topLeft) {
            if (topLeft.row === App.online.chat.count - 1 && !page.showChat)
                page.unreadChat += 1
        }
    }
    readonly property bool online: table.hud.kind === "online" || (table.hud.kind === "spectator" && App.online.room.id !== undefined)
    readonly property int flight: App.settings.flightMs
    // A stage narrower than 1280 (a small window; text is never scaled under 12 px): the seats
    // get compact and close in, the toggles stack up, the buttons move right of your seat.
    readonly property bool narrow: width < Theme.baseWidth - 1
    readonly property int sidePanelWidth: narrow ? 220 : 250
    readonly property point centre: Qt.point(width / 2, 318)
    // Where each compass position's seat is, for cards flying to and from it.
    readonly property var seatPoints: [Qt.point(width / 2, 640), Qt.point(width - 110, 276), Qt.point(width / 2, 100), Qt.point(110, 276)]
    readonly property real topPanelX: (width - 250) / 2

    // the window leaves (asking first while a match runs: the result panel's way out too):
    // this page is unloaded on the way (its window is gone by then)
    function leave() {
        ApplicationWindow.window.askLeave()
    }

    TopBar {
        id: topBar
        onLeave: page.leave()
    }

    // the attackers' captured point cards, labelled, right of the top seat (squeezed to fit)
    Text {
        objectName: "capturedLabel"
        visible: page.table.hud.capturedCards.length > 0
        x: capturedRow.x
        y: 52
        text: qsTr("Points taken by the attackers")
        color: Theme.dim
        font.pixelSize: 15
    }
    Row {
        id: capturedRow
        x: page.topPanelX + 250 + (page.narrow ? 16 : 25)
        y: 74
        spacing: Math.min(-16, ((page.narrow ? 180 : 210) - 30 * page.table.hud.capturedCards.length) / Math.max(1, page.table.hud.capturedCards.length - 1))
        Repeater {
            model: page.table.hud.capturedCards
            delegate: CardView { required property string modelData; code: modelData; width: 30; height: 43; accessibleName: modelData }
        }
    }

    // a replay of a reviewed hand: the chance to win as the review judged it, step by step; a
    // spectator of a delayed table: the defenders' chance after each trick it sees (App.review
    // judges one only there: never for a seat, nor at a table watched live)
    EvalBar {
        objectName: "evalBar"
        x: 16
        y: 60
        defenders: page.table.hud.kind === "spectator"
        win: page.table.hud.kind === "replay" ? (App.review.state, App.review.replayWin(page.table.hud.replayStepNo))
             : page.table.hud.kind === "spectator" ? App.review.liveWin : -1
    }

    // a practice hand's replay: the lines its take backs abandoned, beside the line played
    ComboBox {
        id: lineBox
        objectName: "lineBox"
        x: 16
        y: 122
        width: 300
        height: 36
        font.pixelSize: 15
        focusPolicy: Qt.NoFocus
        visible: page.table.hud.kind === "replay" && App.branches.lines.length > 1
        model: App.branches.lines
        currentIndex: App.branches.line
        onActivated: (index) => App.branches.open(index)
        Connections {  // a choice made in the box unbinds currentIndex: follow the model's
            target: App.branches
            function onChanged() { lineBox.currentIndex = App.branches.line }
        }
    }

    TrickArea {
        id: trickArea
        objectName: "trickArea"
        z: 5  // a play flies in over its seat's panel, not from under it
        x: 0
        y: 0
        width: page.width
        height: 636
        across: page.narrow ? 190 : 250
    }

    // the deck in the middle while dealing, and one back flying to each seat as it is dealt
    Item {
        id: deck
        objectName: "deck"
        visible: page.table.hud.phase === "deal"
        x: page.centre.x - 30
        y: page.centre.y - 43
        Repeater {
            model: 3
            delegate: CardView { required property int index; code: "back"; width: 60; height: 86; x: index * 2; y: -index * 2 }
        }
    }
    Repeater {
        id: flyers
        model: 4
        delegate: CardView {
            id: flyer
            required property int index
            code: "back"
            width: 60
            height: 86
            visible: false
            ParallelAnimation {
                id: flyAnim
                onStarted: flyer.visible = true
                onFinished: flyer.visible = false
                NumberAnimation { target: flyer; property: "x"; from: page.centre.x - 30; to: page.seatPoints[flyer.index].x - 30; duration: Math.max(60, page.flight) }
                NumberAnimation { target: flyer; property: "y"; from: page.centre.y - 43; to: page.seatPoints[flyer.index].y - 43; duration: Math.max(60, page.flight) }
            }
            function fly() { if (page.flight > 0) flyAnim.restart() }
        }
    }
    Connections {
        target: page.table
        function onDealt(pos) { var f = flyers.itemAt(pos); if (f) f.fly() }
        function onKittyMoved(pos, count, toDealer) { kittyFlight.start(pos, count, toDealer) }
        function onThrowPulled(pos, cards) { trickArea.pullBack(pos, cards) }
    }

    // the kitty: its cards go from the centre to the dealer, and the buried ones come back
    Item {
        id: kittyFlight
        objectName: "kittyFlight"
        property int pos: 0
        property int count: 0
        property bool toDealer: true
        property real t: 0
        visible: kittyAnim.running
        z: 20
        function start(p, n, inward) {
            if (page.flight <= 0 || n <= 0)
                return
            pos = p
            count = n
            toDealer = inward
            kittyAnim.restart()
        }
        readonly property point seatAt: page.seatPoints[pos]
        readonly property point a: toDealer ? page.centre : seatAt
        readonly property point b: toDealer ? seatAt : page.centre
        Repeater {
            model: kittyFlight.count
            delegate: CardView {
                required property int index
                code: "back"
                width: 60
                height: 86
                // fanned while they travel, one after another
                readonly property real lag: index / Math.max(1, kittyFlight.count) * 0.4
                readonly property real u: Math.max(0, Math.min(1, (kittyFlight.t - lag) / 0.6))
                x: kittyFlight.a.x - 30 + (kittyFlight.b.x - kittyFlight.a.x) * u + (index - kittyFlight.count / 2) * 6 * (1 - u)
                y: kittyFlight.a.y - 43 + (kittyFlight.b.y - kittyFlight.a.y) * u
                opacity: kittyFlight.toDealer ? 1 - u * 0.5 : 0.5 + u * 0.5
            }
        }
        NumberAnimation {
            id: kittyAnim
            target: kittyFlight
            property: "t"
            from: 0
            to: 1
            duration: page.flight * 4
            easing.type: Easing.InOutQuad
        }
    }

    // seats: top (opposite), left, right, and yours
    Repeater {
        model: page.table.seats.model
        delegate: Item {
            id: seatItem
            required property int pos
            required property int seat
            required property string name
            required property int count
            required property bool dealer
            required property bool bidder
            required property bool active
            required property bool thinking
            required property string side
            required property string level
            required property var bidCards
            required property bool passed
            required property bool friend
            required property var openCards
            required property bool trustee
            required property int clock
            required property string voids
            readonly property var seatData: ({ name: name, count: count, dealer: dealer, bidder: bidder, active: active, thinking: thinking, side: side, level: level, passed: passed, friend: friend, openCards: openCards, trustee: trustee, clock: clock, voids: voids })
            readonly property int panelWidth: pos === 2 ? 250 : page.sidePanelWidth
            readonly property var panelPos: [Qt.point(12, 444), Qt.point(page.width - 12 - panelWidth, 230), Qt.point(page.topPanelX, 50), Qt.point(12, 230)][pos]

            SeatPanel {
                objectName: "seatPanel" + seatItem.pos
                x: seatItem.panelPos.x
                y: seatItem.panelPos.y
                width: seatItem.panelWidth
                height: seatItem.pos === 0 ? 90 : 84
                seat: seatItem.seatData
                showBacks: seatItem.pos !== 0
                visible: seatItem.pos !== 0 || page.table.hud.kind !== "" 
            }
            // a bid, shown at the bidder's seat with its cards
            Row {
                visible: seatItem.bidCards.length > 0
                spacing: -30
                x: seatItem.pos === 1 ? seatItem.panelPos.x - 100 : seatItem.panelPos.x + seatItem.panelWidth + [8, 0, 0, -10][seatItem.pos]
                y: [444, 230, 50, 230][seatItem.pos]
                Repeater {
                    model: seatItem.bidCards
                    delegate: CardView { required property string modelData; code: modelData; width: 56; height: 81 }
                }
            }
            // the replay viewer shows every hand, beside its seat and never over the trick
            Item {
                objectName: "openHand"
                visible: seatItem.pos !== 0 && seatItem.openCards.length > 0
                readonly property real step: page.narrow ? 6 : 9.5
                x: [0, page.width - 12 - width, page.topPanelX - 10 - width, 12][seatItem.pos]
                y: [0, 330, 50, 330][seatItem.pos]
                width: 46 + Math.max(0, seatItem.openCards.length - 1) * step
                height: 66
                Repeater {
                    model: seatItem.openCards
                    delegate: CardView { required property int index; required property string modelData; code: modelData; x: index * parent.step; width: 46; height: 66 }
                }
            }
        }
    }

    // what just happened (a failed throw, a refusal, a hint) where the player looks: on one
    // line above the action bar, or, while the player's own play is on the table there,
    // beside it (right of it, under the right-hand play); else why the selection cannot go.
    // A session's notice (托管, a clock run out) is a state: always beside, so it stays put.
    // Narrow, it wraps on the lines just above the buttons, clear of the chat.
    Rectangle {
        id: messageBox
        objectName: "messageBox"
        readonly property string problem: page.table.hud.myTurn ? page.table.hand.playProblem : ""
        readonly property string text: page.table.notice.text !== "" ? page.table.notice.text : problem
        readonly property bool beside: page.table.trick.myPlayShown || page.table.notice.status
        readonly property bool wraps: beside || page.narrow
        readonly property real leftEdge: beside ? page.width / 2 + 84 : actionBar.x
        readonly property real rightEdge: chatPanel.visible ? chatPanel.x - 8 : actionBar.x + actionBar.width
        visible: text !== "" && !resultPanel.visible
        x: !page.narrow ? (beside ? leftEdge : (page.width - width) / 2) : beside ? leftEdge : leftEdge + (rightEdge - leftEdge - width) / 2
        y: page.narrow ? actionBar.y - 4 - height : beside ? 384 : 450
        z: 25
        width: messageLine.width + 24
        height: messageLine.height + 12
        radius: 8
        color: "#e610261a"
        border.color: page.table.notice.text === "" ? Theme.warn : Theme.accent
        Text {
            id: messageLine
            objectName: "messageLine"
            anchors.centerIn: parent
            width: page.narrow ? Math.min(implicitWidth, messageBox.rightEdge - messageBox.leftEdge - 24)
                   : messageBox.beside ? 250 : Math.min(implicitWidth, 690)
            text: messageBox.text
            wrapMode: messageBox.wraps ? Text.WordWrap : Text.NoWrap
            maximumLineCount: messageBox.beside ? 4 : messageBox.wraps ? 2 : 1
            elide: Text.ElideRight
            color: page.table.notice.text === "" ? Theme.warn : Theme.text
            font.pixelSize: messageBox.wraps ? 16 : 17
        }
    }

    // whose turn: yours, said in words above your seat
    Rectangle {
        id: turnPrompt
        objectName: "turnPrompt"
        visible: page.table.hud.turnPrompt !== ""
        x: 12
        y: 398
        width: 210
        height: 38
        radius: 19
        color: Theme.accent
        border.color: "#fff3c4"
        border.width: 2
        Text {
            anchors.centerIn: parent
            width: parent.width - 16
            horizontalAlignment: Text.AlignHCenter
            fontSizeMode: Text.HorizontalFit
            minimumPixelSize: 14
            text: page.table.hud.turnPrompt
            color: "#1b1b1b"
            font.pixelSize: 18
            font.bold: true
        }
        // a few pulses as the turn comes, then still (idle means no frames drawn)
        onVisibleChanged: {
            promptPulse.stop()
            opacity = 1
            if (visible && App.settings.flightMs > 0)
                promptPulse.start()
        }
        SequentialAnimation {
            id: promptPulse
            loops: 3
            NumberAnimation { target: turnPrompt; property: "opacity"; to: 0.75; duration: 700 }
            NumberAnimation { target: turnPrompt; property: "opacity"; to: 1; duration: 700 }
        }
    }

    // the bid standing (who, which cards) until play starts: beside the deck, left of it and
    // below the cards dealt to the left, so neither the pile nor a card in flight crosses it
    Text {
        objectName: "bidText"
        visible: page.table.bidding.bidText !== ""
        x: page.centre.x - 44 - width
        y: page.centre.y + 54  // under the pile and every card flying left (their lowest edge is centre + 43)
        readonly property string plainText: page.table.bidding.bidText
        text: Theme.suitsColoured(plainText, App.settings.fourColour, true)
        textFormat: Text.StyledText
        Accessible.name: plainText
        color: Theme.text
        font.pixelSize: 20
        font.bold: true
        style: Text.Outline
        styleColor: "#000000"
    }

    Text {
        // the called friend, at the top right under the toggles (clear of the chat below)
        objectName: "friendText"
        visible: page.table.bidding.friendText !== ""
        x: page.width - 184
        y: toggles.y + toggles.height + 8
        width: 172
        wrapMode: Text.WordWrap
        text: page.table.bidding.friendText
        color: Theme.text
        font.pixelSize: 15
    }

    ActionBar {
        id: actionBar
        z: 21  // over the cards in flight (the deal, the kitty, a throw pulled back)
        // narrow: in the room right of your seat, not over it
        x: page.narrow ? page.sidePanelWidth + 24 : (page.width - width) / 2
        width: page.narrow ? page.width - page.sidePanelWidth - 36 : 900
        y: 488
    }

    HandFan {
        id: fan
        objectName: "handFan"
        x: 20
        width: page.width - 40
        y: 720 - height - 6
        focus: true
        visible: page.table.hud.kind !== "spectator"
    }

    Text {
        visible: page.table.hud.kind === "spectator"
        anchors.horizontalCenter: parent.horizontalCenter
        y: 600
        text: qsTr("You are watching: no hand is shown")
        color: Theme.dim
        font.pixelSize: 20
    }
    Text {
        // the server shows this spectator the table late: say so, lest it read as slow play
        objectName: "spectatorDelay"
        readonly property int moves: page.table.hud.kind === "spectator" ? (App.online.room.spectatorDelay || 0) : 0
        visible: moves > 0
        anchors.horizontalCenter: parent.horizontalCenter
        y: 632
        text: qsTr("Delayed: you see this table %1 moves late").arg(moves)
        color: Theme.dim
        font.pixelSize: 15
    }

    // the last trick or the buried kitty, on demand, at the top left: never over the trick
    PeekPanel {
        id: peekPanel
        objectName: "peekPanel"
        x: 12
        width: Math.min(480, page.topPanelX - 24)
        y: 52
        z: 30
        visible: page.table.trick.peek !== ""
    }

    // the card counter (记牌器), when switched on (the peek panel takes its place a while)
    CounterPanel {
        objectName: "counterPanel"
        x: 12
        y: 56
        visible: App.settings.showCounter && page.table.counter.model.count > 0 && !peekPanel.visible
    }

    // toggles at the top right: the counter, 托管, the room's chat; who is watching
    Column {
        id: toggles
        x: page.width - 12 - width
        y: 54
        spacing: 4
        Grid {
            // one row; narrow, one above the other
            spacing: 6
            columns: page.narrow ? 1 : 3
            horizontalItemAlignment: Grid.AlignRight
            anchors.right: parent.right
            SmallToggle {
                // lit while the counter shows; pressed while a look back has its place, the
                // look back closes and the counter shows (it never lights up for nothing)
                objectName: "counterToggle"
                visible: page.table.hud.kind !== "replay"
                text: qsTr("Counter")
                checked: App.settings.showCounter && !peekPanel.visible
                onClicked: {
                    App.settings.showCounter = !checked
                    page.table.trick.setPeek("")
                }
            }
            SmallToggle {
                objectName: "trusteeToggle"
                visible: page.table.hud.canTrustee
                text: qsTr("Auto-play")
                checked: page.table.hud.trustee
                onClicked: page.table.hud.toggleTrustee()
            }
            SmallToggle {
                objectName: "chatToggle"
                visible: page.online
                text: qsTr("Chat")
                checked: page.showChat
                onClicked: page.showChat = !page.showChat
                Rectangle {
                    // the unread count, on the button's top right corner
                    objectName: "chatUnread"
                    visible: page.unreadChat > 0 && !page.showChat
                    x: parent.width - width / 2 - 4
                    y: -height / 2 + 2
                    width: Math.max(height, unreadText.implicitWidth + 10)
                    height: 20
                    radius: 10
                    color: "#d32f2f"
                    border.color: "white"
                    Text {
                        id: unreadText
                        objectName: "chatUnreadCount"
                        anchors.centerIn: parent
                        text: page.unreadChat > 99 ? "99+" : String(page.unreadChat)
                        color: "white"
                        font.pixelSize: 12
                        font.bold: true
                    }
                }
            }
        }
        Text {
            visible: page.online
            anchors.right: parent.right
            text: qsTr("%1 watching").arg(page.table.hud.spectators)
            color: Theme.dim
            font.pixelSize: 15
        }
    }
    ChatPanel {
        // below the right seat, right of the action bar: no seat or button under it
        id: chatPanel
        objectName: "chatPanel"
        visible: page.online && page.showChat
        x: page.width - 12 - width
        y: page.narrow ? 320 : 340
        width: page.narrow ? page.sidePanelWidth : 268  // narrow: as wide as the seat above it
        height: page.narrow ? 160 : 194
        z: 30
    }
    Rectangle {
        // reconnect banner, online: in the middle of the table, between the trick's slots
        objectName: "reconnectBanner"
        visible: page.online && App.online.banner !== ""
        anchors.horizontalCenter: parent.horizontalCenter
        width: bannerText.implicitWidth + 32
        height: 34
        y: 288
        z: 40
        radius: 17
        color: "#8d6e00"
        border.color: "#ffe082"
        Text { id: bannerText; anchors.centerIn: parent; text: App.online.banner; color: "white"; font.pixelSize: 16; font.bold: true }
    }

    TrickList {
        // under the toggles at the top right, above the action bar
        objectName: "trickList"
        visible: actionBar.showTricks
        width: page.narrow ? page.width - 2 * (toggles.width + 24) : 900
        anchors.horizontalCenter: parent.horizontalCenter
        y: 92
        height: 390
        z: 35
        onClose: actionBar.showTricks = false
    }

    FriendDialog {
        visible: page.table.hud.phase === "call-friend" && page.table.hud.actions.indexOf("call-friend") >= 0
        anchors.horizontalCenter: parent.horizontalCenter
        y: 180
    }

    ResultPanel {
        id: resultPanel
        objectName: "resultPanel"
        z: 30
        // in the replay viewer, at the last step
        visible: page.table.result.summary.title !== undefined && (page.table.hud.kind !== "replay" || page.table.hud.replayStepNo === page.table.hud.replaySteps - 1)
        width: page.narrow ? page.width - 2 * (page.sidePanelWidth + 20) : 640  // between the seats
        anchors.horizontalCenter: parent.horizontalCenter
        y: 140
        onHome: page.leave()
    }

    Keys.onPressed: (event) => {
        if (event.key === Qt.Key_Left) { page.table.hand.moveFocus(-1); fan.forceActiveFocus() }
        else if (event.key === Qt.Key_Right) { page.table.hand.moveFocus(1); fan.forceActiveFocus() }
        else if (event.key === Qt.Key_Space) page.table.hand.toggleFocused()
        else if (event.key === Qt.Key_Return || event.key === Qt.Key_Enter) page.table.hand.activate()
        else if (event.key === Qt.Key_Backspace) page.table.hand.clearSelection()
        else if (event.key === Qt.Key_L && !event.isAutoRepeat) page.table.trick.togglePeek("last")
        else if (event.key === Qt.Key_Escape && page.table.trick.peek !== "") page.table.trick.setPeek("")
        else if (event.key === Qt.Key_H) page.table.hand.hint()
        else return
        event.accepted = true
    }

    component SmallToggle: Button {
        id: toggle
        implicitHeight: 30
        implicitWidth: Math.max(64, label.implicitWidth + 18)
        focusPolicy: Qt.NoFocus
        contentItem: Text {
            id: label
            text: toggle.text
            font.pixelSize: 15
            color: toggle.checked ? "#1b1b1b" : Theme.text
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
        }
        background: Rectangle {
            radius: 15
            color: toggle.checked ? Theme.accent : toggle.hovered ? Theme.buttonHover : "#80203a2a"
            border.color: toggle.checked ? "#7a5a10" : "#50ffffff"
        }
    }
}
