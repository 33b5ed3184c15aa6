"""Issue 33, part 5: with nothing moving the app renders nothing. At the player's turn (and on
the result panel) no QML animation runs and no frame is drawn; a "your turn" glow pulses a few
times and stops."""

from __future__ import annotations

import time
from typing import Any

import shiboken6
from PySide6.QtCore import QObject

from app.session import ReplaySession, list_records, read_record
from tests.app.tablekit import play_until


def _running_animations(ui: Any) -> list[str]:
    """The QML animations (and timers) running anywhere in the window, by their type."""
    out = []
    objects = {id(o): o for o in ui.window.findChildren(QObject)}
    stack = [ui.window.contentItem()]
    while stack:  # delegates of views and repeaters hang off their items, not the window
        it = stack.pop()
        if not shiboken6.isValid(it):  # a delegate on its way out
            continue
        objects.update((id(o), o) for o in it.findChildren(QObject))
        stack.extend(it.childItems())
    for obj in objects.values():
        if not shiboken6.isValid(obj):
            continue
        timed = obj.inherits("QQuickAbstractAnimation") or obj.inherits("QQmlTimer")
        if timed and obj.property("running"):
            out.append(obj.metaObject().className())
    return out


def _frames_in(ui: Any, qtbot: Any, seconds: float) -> int:
    frames: list[float] = []
    count = lambda: frames.append(time.monotonic())  # noqa: E731
    ui.window.frameSwapped.connect(count)
    try:
        qtbot.wait(int(seconds * 1000))
    finally:
        ui.window.frameSwapped.disconnect(count)
    return len(frames)


def _settled(ui: Any, qtbot: Any) -> None:
    """What moves as the turn comes (the last play flying in, the pulses, a card sliding into
    place: a Behavior's animation says nothing of running) has had its time: half a second
    without a frame, within 10 s."""
    table = ui.table
    qtbot.waitUntil(lambda: not table.trick.holding and not table.trick.sweeping, timeout=10000)
    end = time.monotonic() + 10
    while _frames_in(ui, qtbot, 0.5) > 0:
        assert time.monotonic() < end, "the table never stops drawing"


def test_nothing_moves_at_the_players_turn(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: "play" in table.session.view.actions, seed=6)
    ui.settings.speed = "normal"  # motion on: the pulses and flights run at this speed
    table.session.changed.emit()
    assert table.hud.turnPrompt != ""
    _settled(ui, qtbot)
    frames = _frames_in(ui, qtbot, 2.0)
    assert _running_animations(ui) == []
    assert frames <= 1, frames  # a pulse or flight that runs on draws about 120
    assert not table.seats._tick.isActive()  # no clock runs offline: nothing ticks
    ui.settings.speed = "instant"


def test_the_turn_pulses_a_few_times_then_stops(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: "play" in table.session.view.actions, seed=6)
    ui.settings.speed = "normal"
    before = len(table.session.view.hand)
    table.hand.hint()
    qtbot.waitUntil(lambda: table.hand.selectedCount > 0, timeout=30_000)  # a search, in a worker
    table.hand.play()
    qtbot.waitUntil(lambda: len(table.session.view.hand) < before)
    qtbot.waitUntil(lambda: "play" in table.session.view.actions, timeout=20000)
    qtbot.waitUntil(lambda: bool(_running_animations(ui)), timeout=3000)  # it does pulse
    qtbot.waitUntil(lambda: not _running_animations(ui), timeout=8000)  # and then it stops
    assert "play" in table.session.view.actions and table.hud.turnPrompt != ""
    ui.settings.speed = "instant"


def test_nothing_moves_on_the_result_panel_or_a_paused_replay(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: table.hud.phase == "done", seed=6)
    ui.settings.speed = "normal"
    table.session.changed.emit()
    qtbot.waitUntil(lambda: table.result.summary.get("title") is not None)
    _settled(ui, qtbot)
    assert _frames_in(ui, qtbot, 2.0) <= 1
    ui.app.leaveTable()
    ui.app.set_session(ReplaySession(read_record(list_records()[0])))
    table.hud.replayGo(table.hud.replaySteps // 2)
    table.hud.replayStep(1)  # a step forward: its play flies in, then the replay waits
    _settled(ui, qtbot)
    assert _frames_in(ui, qtbot, 2.0) <= 1
    ui.settings.speed = "instant"
