"""What the player met at the table (issue 33), on the real QML offscreen: at 1280×720 the own
seat's side word went while the turn clock ran; the 托管 notice moved with the player's play on
the table; in 简体中文 offline the own seat showed the online name from the settings instead of
你."""

from __future__ import annotations

import time

from PySide6.QtQuick import QQuickItem

from app.online import TRUSTEE_NOTICES
from tests.app.tablekit import item, items, my_turn, play_until, texts, wait_until


def _my_side(ui) -> str:
    return next(r["side"] for r in ui.table.seats.model.rows() if r["seat"] == 0)


def test_the_own_side_word_stays_while_the_clock_runs_at_1280x720(ui, qtbot) -> None:
    ui.window.resize(1280, 720)
    table = ui.table
    play_until(ui, lambda: table.hud.phase == "play" and my_turn(table), seed=8)
    session = table.session
    session.set_paused(True)
    word = "defender" if _my_side(ui) == "defenders" else "attacker"
    # the turn clock runs at the own seat (as online: 20 of 30 seconds left)
    session.clock = 30.0
    session.deadlines = {0: time.monotonic() + 20}
    session.changed.emit()
    qtbot.waitUntil(lambda: bool(items(ui, "clock")))
    clock: QQuickItem = item(ui, "clock")
    own = clock.parentItem()
    assert own.property("clockShown")
    assert word in texts(own), texts(own)


def test_the_trustee_notice_stays_put_as_the_play_goes_on(ui, qtbot) -> None:
    """With 托管 on the AI plays the player's seat: its notice stays where it is whether the
    player's play is on the table or not."""
    ui.window.resize(1280, 720)
    table = ui.table
    lead = lambda: my_turn(table) and table.session.view.trick == ()  # noqa: E731
    play_until(ui, lambda: table.hud.phase == "play" and lead(), seed=8)
    session = table.session
    session.set_paused(True)
    ui.settings.speed = "slow"  # the AI's plays and the trick's hold long enough to look at
    session.set_trustee(True)
    session.notice.emit(TRUSTEE_NOTICES[True], [], -1)
    box = item(ui, "messageBox")
    qtbot.waitUntil(lambda: box.isVisible() and "Auto-play is on" in box.property("text"))
    # the AI plays on for me: where the notice is, with my play on the table and without
    seen: dict[bool, set[tuple[float, float, float]]] = {True: set(), False: set()}
    session.set_paused(False)
    for _ in range(400):
        if (seen[True] and seen[False]) or table.hud.phase != "play":
            break
        qtbot.wait(50)
        assert "Auto-play is on" in box.property("text")
        seen[table.trick.myPlayShown].add((box.x(), box.y(), box.width()))
    session.set_paused(True)
    assert seen[True] and seen[False], seen
    assert len(seen[True] | seen[False]) == 1, seen


def test_offline_the_own_seat_is_you_in_chinese_whatever_the_online_name(ui, qtbot) -> None:
    name = ui.settings.playerName
    try:
        ui.settings.playerName = "Alice"
        ui.settings.language = "zh_CN"
        assert ui.app.startOffline({"preset": "classic", "seat": 0, "seed": 8})
        ui.window.setProperty("screen", "table")
        table = ui.table
        assert wait_until(lambda: table.hud.phase != "", 10)
        names = {r["seat"]: r["name"] for r in table.seats.model.rows()}
        assert names[0] == "你", names
        qtbot.wait(50)
        assert not any("Alice" in t for t in texts(ui.window.contentItem()))
    finally:
        ui.settings.playerName = name
