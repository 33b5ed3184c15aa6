"""Hidden features made visible and leaving made safe, driven through the real QML offscreen:
"?" / F1 / the ? button open an overlay of every key and mouse gesture (English, 简体中文), the
table's buttons name their key in a tooltip; leaving a hand still being played asks first, and
offline the hand is saved and resumes."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtQuick import QQuickItem
from tablekit import await_turn

from app.screenshots import human_step, wait_until
from engine.rules import preset


def _visible(ui, name: str) -> list[QQuickItem]:
    return [i for i in ui.window.findChildren(QQuickItem, name) if i.isVisible()]


def _texts(item: QQuickItem) -> list[str]:
    """Every visible text under ``item``, through the visual tree (delegates included)."""
    out = []
    for child in item.childItems():
        if child.isVisible():
            if child.property("text"):
                out.append(str(child.property("text")))
            out += _texts(child)
    return out


def _all(item: QQuickItem) -> list[QQuickItem]:
    out = []
    for child in item.childItems():
        out += [child, *_all(child)]
    return out


def _click(qtbot, ui, item: QQuickItem) -> None:
    centre = item.mapToScene(QPointF(item.width() / 2, item.height() / 2))
    qtbot.mouseClick(ui.window, Qt.MouseButton.LeftButton, pos=centre.toPoint())


def _buttons(ui) -> dict[str, QQuickItem]:
    """The table's visible buttons by their label."""
    return {
        str(b.property("text")): b
        for b in ui.window.findChildren(QQuickItem)
        if b.isVisible() and b.property("shortcut") is not None and b.property("text")
    }


def test_question_mark_opens_the_keys_and_mouse_overlay(ui, qtbot) -> None:
    assert ui.window.property("screen") == "home"
    assert not _visible(ui, "helpOverlay")
    qtbot.keyClick(ui.window, Qt.Key.Key_Question, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: bool(_visible(ui, "helpOverlay")))
    shown = _texts(_visible(ui, "helpOverlay")[0])
    for gesture in ("Drag across cards", "Double-click a card", "Shift + click", "Enter", "H"):
        assert gesture in shown, gesture
    # Esc closes the overlay only (on the home screen Esc would quit)
    qtbot.keyClick(ui.window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not _visible(ui, "helpOverlay"))
    assert ui.window.property("screen") == "home"
    # in 简体中文, by F1
    ui.settings.language = "zh_CN"
    qtbot.keyClick(ui.window, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: bool(_visible(ui, "helpOverlay")))
    shown = _texts(_visible(ui, "helpOverlay")[0])
    assert "双击一张牌" in shown and "在牌上拖过" in shown and "牌桌上的按键和鼠标操作" in shown
    assert "Double-click a card" not in shown
    _click(qtbot, ui, _visible(ui, "helpPanel")[0].parentItem())  # a click closes it
    qtbot.waitUntil(lambda: not _visible(ui, "helpOverlay"))
    # and Home has a button for it
    _click(qtbot, ui, _visible(ui, "homeHelp")[0])
    qtbot.waitUntil(lambda: bool(_visible(ui, "helpOverlay")))
    qtbot.keyClick(ui.window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not _visible(ui, "helpOverlay"))
    assert ui.window.property("screen") == "home"


def test_table_buttons_name_their_key(ui, qtbot) -> None:
    table = ui.table
    ui.app.start_rules(preset("classic"), seat=0, seed=3)
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    while not (table.hud.phase == "play" and table.hud.myTurn):
        await_turn(table, also=lambda: bool(table.session.view.actions))
        human_step(table, bid=True)
        wait_until(lambda: False, 0.01)
    qtbot.waitUntil(lambda: "Hint" in _buttons(ui))
    buttons = _buttons(ui)
    keys = {label: str(b.property("shortcut")) for label, b in buttons.items()}
    assert keys["Hint"] == "H" and keys["Last trick"] == "L" and keys["?"] == "?"
    assert keys[table.hand.playLabel] == "Enter"
    # pointing at Hint shows its key
    hint = buttons["Hint"]
    centre = hint.mapToScene(QPointF(hint.width() / 2, hint.height() / 2)).toPoint()
    qtbot.mouseMove(ui.window, centre)
    qtbot.waitUntil(lambda: "Key: H" in _texts(ui.window.contentItem()), timeout=3000)
    # the top bar's ? opens the overlay at the table too
    _click(qtbot, ui, _visible(ui, "helpButton")[0])
    qtbot.waitUntil(lambda: bool(_visible(ui, "helpOverlay")))
    qtbot.keyClick(ui.window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not _visible(ui, "helpOverlay"))
    assert ui.window.property("screen") == "table"


def test_leaving_mid_hand_asks_and_the_hand_resumes(ui, qtbot) -> None:
    table = ui.table
    ui.app.start_rules(preset("classic"), seat=0, seed=5)
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    while len(table.session.view.tricks) < 2:
        await_turn(table, also=lambda: bool(table.session.view.actions))
        human_step(table, bid=True)
        wait_until(lambda: False, 0.01)
    before = (table.session.view.hand_no, len(table.session.view.tricks))
    # Leave asks; Stay keeps the hand on the table
    _click(qtbot, ui, _visible(ui, "leaveButton")[0])
    qtbot.waitUntil(lambda: bool(_visible(ui, "leaveConfirm")))
    assert "saved" in str(_visible(ui, "leaveWhat")[0].property("text"))
    _click(qtbot, ui, _visible(ui, "leaveStay")[0])
    qtbot.waitUntil(lambda: not _visible(ui, "leaveConfirm"))
    assert ui.window.property("screen") == "table" and ui.app.inGame
    # Leave, and leave: home, with the hand saved; it resumes where it was
    _click(qtbot, ui, _visible(ui, "leaveButton")[0])
    qtbot.waitUntil(lambda: bool(_visible(ui, "leaveGo")))
    _click(qtbot, ui, _visible(ui, "leaveGo")[0])
    qtbot.waitUntil(lambda: ui.window.property("screen") == "home")
    assert not ui.app.inGame and ui.app.hasSavedGame
    assert ui.app.resumeGame()
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    v = table.session.view
    assert (v.hand_no, len(v.tricks)) >= before


def test_a_watcher_leaves_without_a_question(ui, qtbot) -> None:
    ui.app.watchOffline("classic")
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    _click(qtbot, ui, _visible(ui, "leaveButton")[0])
    qtbot.waitUntil(lambda: ui.window.property("screen") == "home")
    assert not _visible(ui, "leaveConfirm")


def test_a_buttons_key_tip_leaves_the_refusal_readable(ui, qtbot) -> None:
    """Played under Xvfb: pointing at Play to learn why it is refused ("You hold a pair in
    trumps and must play it") covered that very sentence with the tip "Key: Enter"."""
    table = ui.table
    ui.settings.speed = "instant"
    ui.app.start_rules(preset("classic"), seat=0, seed=3)
    while not (table.hud.phase == "play" and table.hud.myTurn):
        await_turn(table, also=lambda: bool(table.session.view.actions))
        human_step(table, bid=True)
        wait_until(lambda: False, 0.01)
    rows = sorted(table.hand.cards.rows(), key=lambda r: r["slot"])
    table.hand.toggle(rows[0]["uid"])  # two cards from both ends of the hand: never a legal play
    table.hand.toggle(rows[-1]["uid"])
    qtbot.waitUntil(lambda: table.hand.playProblem != "", timeout=3000)
    play = _buttons(ui)[table.hand.playLabel]
    centre = play.mapToScene(QPointF(play.width() / 2, play.height() / 2)).toPoint()
    qtbot.mouseMove(ui.window, centre)
    qtbot.waitUntil(lambda: "Key: Enter" in _texts(ui.window.contentItem()), timeout=3000)
    line = _visible(ui, "messageLine")[0]
    tip = next(
        i
        for i in _all(ui.window.contentItem())
        if i.isVisible() and str(i.property("text") or "") == "Key: Enter"
    )
    said = line.mapRectToScene(QRectF(0, 0, line.width(), line.height()))
    shown = tip.mapRectToScene(QRectF(0, 0, tip.width(), tip.height()))
    assert line.property("text") == table.hand.playProblem
    assert not said.intersects(shown), (said, shown)
