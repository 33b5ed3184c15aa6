"""Issue 33, part 4: the turn clocks on screen. Every seat whose clock runs (the session's
``deadlines``, as the online session sets them from the server's clock frames) shows the
seconds left and counts down once a second; at 5 s or less it turns red; with no clock
running nothing shows and nothing ticks. A table hosted from the app has a turn clock unless
the host turns it off."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from helpers import run, seated_in_a_new_room, start_server, start_with_bots, stop_server, until

from app.screenshots import human_step
from app.session import Session
from engine.match import Match
from engine.rules import preset
from engine.views import View, view
from tests.app.tablekit import engine_step, items, texts


class _Clocked(Session):
    """A table whose view and clocks the test sets, as the server sets an online table's."""

    kind = "online"

    def __init__(self, v: View) -> None:
        super().__init__()
        self.seat = 0
        self.view = v
        self.names = ["Ann", "Mei", "Bo", "Lin"]


def _in_play() -> View:
    hand = Match(preset("classic"), 5).hand
    while not hand.tricks:
        engine_step(hand)
    return view(hand, 0)


def _clocks(ui: Any) -> list[tuple[int, str]]:
    """(seconds shown, its colour) of every turn clock on screen, by the seats' order."""
    shown = []
    for clock in items(ui, "clock"):
        text = next(t for t in clock.childItems() if t.inherits("QQuickText"))
        shown.append((int(texts(text)[0]), text.property("color").name()))
    return sorted(shown)


def test_every_running_clock_counts_down_at_its_seat(ui, qtbot) -> None:
    table = ui.table
    session = _Clocked(_in_play())
    ui.app.set_session(session)
    assert _clocks(ui) == [] and not table.seats._tick.isActive()
    now = time.monotonic()
    session.clock = 20
    session.deadlines = {1: now + 12.5, 2: now + 4.5}
    session.changed.emit()
    qtbot.waitUntil(lambda: len(_clocks(ui)) == 2)
    first = _clocks(ui)
    assert [s for s, _ in first] == [5, 13]
    red, calm = first[0][1], first[1][1]
    assert red != calm  # 5 s or less: urgent
    assert table.seats.turnSeconds == 20
    # once a second, each goes down by one, with no change of the session
    qtbot.waitUntil(lambda: [s for s, _ in _clocks(ui)] == [4, 12], timeout=1500)
    assert _clocks(ui)[1][1] == calm
    # a clock run out shows 0 and ticks no more; none left running: nothing ticks at all
    session.deadlines = {2: time.monotonic() - 1}
    session.changed.emit()
    qtbot.waitUntil(lambda: [s for s, _ in _clocks(ui)] == [0])
    assert not table.seats._tick.isActive()
    session.clock, session.deadlines = 0, {}
    session.changed.emit()
    qtbot.waitUntil(lambda: _clocks(ui) == [])
    assert not table.seats._tick.isActive()


def test_the_servers_turn_timer_counts_down_at_the_table(ui, qtbot, tmp_path) -> None:
    """A server started with ``--turn-timer`` (the room's rules have none): the player's seat
    counts the server's clock down on screen, and the seat that waits sees no clock."""
    proc, server = start_server(tmp_path, "--turn-timer", "20")
    table = ui.table

    async def play() -> list[int]:
        await seated_in_a_new_room(ui, server)
        await start_with_bots(ui, "random")
        # my turn to play: the server's clock runs at my seat, and at no other
        session = ui.app.session

        def my_play() -> bool:
            v = session.view
            return v is not None and "play" in v.actions and bool(session.deadlines)

        while not my_play():
            await until(lambda: bool(session.view and session.view.actions), 30)
            if not my_play():
                human_step(table)  # pass, bury, call: promptly, before my clock runs out
            await asyncio.sleep(0.05)
        assert await until(lambda: bool(_clocks(ui)), 5)
        assert len(_clocks(ui)) == 1 and table.seats.model.rows()[0]["clock"] >= 0
        seen = []  # nothing of mine done: it counts down
        end = time.monotonic() + 3
        while time.monotonic() < end:
            seen.extend(s for s, _ in _clocks(ui))
            await asyncio.sleep(0.1)
        return seen

    try:
        seen = run(ui, qtbot, play)
    finally:
        stop_server(proc)
    assert 10 <= seen[0] <= 20 and min(seen) < seen[0], seen


def test_a_table_hosted_from_the_app_has_a_turn_clock(ui, qtbot) -> None:
    """Hosted with the host page's default (30 s): the hosted server runs a clock at every
    turn, and the host's seat counts it down."""
    hosting, online, table = ui.app.hosting, ui.app.online, ui.table
    assert ui.settings.hostTurnTimer == 30
    ui.window.setProperty("screen", "host")
    qtbot.waitUntil(lambda: bool(items(ui, "hostTurnTimer")))
    assert items(ui, "hostTurnTimer")[0].property("displayText") == "30 s"

    async def host() -> int:
        hosting.startHosting(0, "classic")
        assert await until(lambda: hosting.status == "on", 30), hosting.error
        assert await until(lambda: online.room.get("seated") is True, 20), online.error
        for seat in (1, 2, 3):
            online.addBot(seat, "random")
        assert await until(lambda: all(r["taken"] for r in online.roomSeats.rows()), 10)
        online.setReady(True)
        assert await until(lambda: online.room.get("full") is True, 10)
        online.startMatch()
        assert await until(lambda: ui.window.property("screen") == "table", 10), online.error
        assert await until(lambda: bool(_clocks(ui)), 60), table.hud.phase
        seconds = _clocks(ui)[0][0]
        hosting.stopHosting()
        assert await until(lambda: hosting.status == "off", 20)
        return seconds

    seconds = run(ui, qtbot, host, 120)
    assert 25 <= seconds <= 30
    # Off on the host page: the next table hosted runs no clock (0: the room's own rules)
    ui.settings.hostTurnTimer = 0
    ui.window.setProperty("screen", "host")
    qtbot.waitUntil(lambda: items(ui, "hostTurnTimer")[0].property("displayText") == "Off")
    ui.settings.hostTurnTimer = 30
