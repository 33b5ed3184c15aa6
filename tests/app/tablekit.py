"""Helpers for the table-trust tests: find the live QML items, click them as a player would,
and bring an offline hand to the moment a test needs."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtQuick import QQuickItem
from PySide6.QtTest import QTest

from app import screenshots as shots
from app.screenshots import human_step, select, wait_until
from engine.actions import DealCard
from engine.hand import Hand
from engine.rules import preset
from engine.selfplay import answer


def visible_items(ui: Any) -> list[QQuickItem]:
    """Every visible item in the window, parents before children (the visual tree)."""
    out: list[QQuickItem] = []
    stack = [ui.window.contentItem()]
    while stack:
        it = stack.pop()
        if not it.isVisible() or it.opacity() <= 0:
            continue
        out.append(it)
        stack.extend(reversed(it.childItems()))
    return out


def items(ui: Any, name: str) -> list[QQuickItem]:
    """The visible QML items named ``name`` (Repeater delegates included)."""
    return [i for i in visible_items(ui) if i.objectName() == name]


def item(ui: Any, name: str) -> QQuickItem:
    found = items(ui, name)
    assert found, f"no visible item {name!r}"
    return found[-1]


def scene_rect(it: QQuickItem) -> QRectF:
    return it.mapRectToScene(QRectF(0, 0, it.width(), it.height()))


def click(qtbot: Any, ui: Any, it: QQuickItem) -> None:
    """A left click in the middle of ``it``, through the window, as a mouse would."""
    centre = it.mapToScene(QPointF(it.width() / 2, it.height() / 2))
    QTest.mouseClick(
        ui.window,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        QPoint(round(centre.x()), round(centre.y())),
    )
    qtbot.wait(1)


def key(ui: Any, k: Qt.Key) -> None:
    QTest.keyClick(ui.window, k)


def descendants(root: QQuickItem) -> list[QQuickItem]:
    """The visible items under ``root`` (itself excluded)."""
    out: list[QQuickItem] = []
    stack = list(root.childItems())
    while stack:
        it = stack.pop()
        if it.isVisible():
            out.append(it)
            stack.extend(it.childItems())
    return out


def texts(root: QQuickItem) -> list[str]:
    """The text of every visible Text item under ``root``."""
    out = []
    stack = [root]
    while stack:
        it = stack.pop()
        if not it.isVisible():
            continue
        if it.inherits("QQuickText") and it.property("text"):
            out.append(str(it.property("text")))
        stack.extend(it.childItems())
    return out


def my_turn(table: Any) -> bool:
    v = table.session.view if table.session is not None else None
    if v is None or not v.actions:
        return False
    return v.phase != "deal" or "pass-bid" in v.actions


def await_turn(
    table: Any, also: Any = lambda: False, seconds: float = 30, most: float = 180
) -> None:
    """Run the app until the player may act or ``also()`` holds. Failing: the table took no
    step in ``seconds`` (it stalled), or it moved on for ``most`` seconds in all without the
    player's turn coming (a slow machine's table still moves, and is waited for); then say
    what the table waits on."""
    start = time.monotonic()
    while True:
        taken = getattr(table.session, "steps_taken", None)
        if wait_until(lambda: my_turn(table) or also(), seconds):
            return
        stalled = getattr(table.session, "steps_taken", None) == taken
        if stalled or time.monotonic() - start >= most:
            waits = getattr(table.session, "waiting_on", lambda: "?")()
            what = f"no step in {seconds} s" if stalled else f"{most} s in all"
            raise AssertionError(f"no turn of the player's ({what}): waiting on {waits}")


def engine_step(hand: Hand) -> None:
    """One decision of ``hand`` without the app: the next card dealt, or the engine's own
    answer (托管) for the seat that owes it."""
    d = hand.pending()[0]
    action = DealCard() if d.seat is None else answer(hand, d, None)
    if action is not None:
        hand.apply(action)


def to_failed_throw(ui: Any, seeds: range = range(1, 40)) -> list[str]:
    """Offline hands until the player leads holding a throw that fails (not yet played)."""
    return shots.to_failed_throw(ui.app, seeds)


def play_until(ui: Any, pred: Any, seed: int, bid: bool = True, rules: str = "classic") -> None:
    """An offline hand at instant speed, the player acting, until ``pred()``."""
    table = ui.table
    ui.app.start_rules(preset(rules), seat=0, seed=seed)
    while not pred():
        assert table.hud.phase != "done", "the hand ended first"
        await_turn(table, lambda: pred() or table.hud.phase == "done")
        if pred():
            break
        human_step(table, bid=bid)


__all__ = ["human_step", "select", "wait_until"]
