"""The spectators' delay from the app (issue 35 part 4), on the real QML offscreen against the
real server on 127.0.0.1: the lobby's "Create a room" offers it (Off by default, 1 or 2 tricks)
and the server makes the room with it, even a rated one; the lobby row and the waiting room say
how late its spectators are; a spectator's table says it is delayed, and it is behind. Only
there, the spectator gets a live evaluation bar (the defenders' chance from its own view); a
spectator of a live table and a seated player never do."""

from __future__ import annotations

import json
import math
from typing import Any

from helpers import on_loop, run, start_server, start_with_bots, stop_server, until
from PySide6.QtQuick import QQuickItem
from tablekit import click, item, items, texts, visible_items

from app.online import OnlineSession, lobby_of
from net.client import Client
from net.protocol import Create, CreateReply


def _button(ui: Any, text: str) -> QQuickItem:
    found = [
        i
        for i in visible_items(ui)
        if i.property("text") == text and i.inherits("QQuickAbstractButton")
    ]
    assert found, f"no visible button {text!r}"
    return found[-1]


def _plays(c: Client) -> int:
    """The plays a client (``keep_raw``) has been sent."""
    frames = map(json.loads, c.raw)
    return sum(1 for f in frames if f["type"] == "event" and f["event"]["type"] == "play")


async def _moved(c: Client, room: str) -> bool:
    """Whether the table moves on (``c`` is sent a newer version) within 10 s."""
    seen = c.versions[room]
    return await until(lambda: c.versions[room] > seen, 10)


def test_the_lobby_creates_a_room_that_delays_its_spectators(
    ui: Any, qtbot: Any, server: str
) -> None:
    online = ui.app.online
    ui.window.setProperty("screen", "lobby")
    online.connectTo(server, "Ann")
    assert on_loop(qtbot, until(lambda: online.status == "connected", 10)), online.error
    box = item(ui, "delayBox")
    assert box.property("currentValue") == 0  # Off unless the player asks for a delay
    assert box.property("displayText") == "Off"
    box.setProperty("currentIndex", 2)
    assert box.property("displayText") == "2 tricks (8 moves)"
    click(qtbot, ui, _button(ui, "Create"))

    async def play() -> tuple[int, list[str], list[str]]:
        assert await until(lambda: online.room.get("seated") is True, 10), online.error
        bo = Client(f"ws://{server}", name="Bo")
        await bo.connect()
        try:
            listed = (await bo.lobby()).rooms
        finally:
            await bo.close()
        await until(lambda: False, 0.1)
        shown = texts(item(ui, "roomDelay"))
        ui.settings.language = "zh_CN"
        await until(lambda: False, 0.1)
        zh = texts(item(ui, "roomDelay"))
        ui.settings.language = "en"
        assert len(listed) == 1 and listed[0].rules.preset == "classic"
        return listed[0].spectator_delay, shown, zh

    delay, shown, zh = run(ui, qtbot, play)
    assert delay == 8  # a rated room (the classic preset unchanged) may have one
    assert shown == ["Spectators: 2 tricks behind"]
    assert zh == ["观众：晚 2 轮牌"]


def test_a_spectator_is_told_its_table_is_late_and_is_behind(ui: Any, qtbot: Any, tmp_path) -> None:
    # bots think 0.2 s a move: the table moves slowly enough to compare versions
    proc, server = start_server(tmp_path, "--bot-delay", "0.2")
    online, table = ui.app.online, ui.table
    others: list[Client] = []

    async def play() -> tuple[list[str], list[str], list[int]]:
        mei = Client(f"ws://{server}", name="Mei", keep_raw=True)
        others.append(mei)
        await mei.connect()
        made = Create(mei.next_id(), "classic", spectator_delay=4)
        room = (await mei.ask(made, CreateReply)).room
        await mei.join(room)
        await mei.sit(room, 0)
        ui.window.setProperty("screen", "lobby")
        online.connectTo(server, "Ann")
        assert await until(lambda: bool(items(ui, "roomDelay")), 10), online.error
        row = texts(item(ui, "roomDelay"))
        for seat in (1, 2, 3):
            await mei.add_bot(room, seat, "random")
        await mei.ready(room, True)
        await mei.start(room)
        await mei.trustee(room, True)  # the computer plays her seat: the hand runs by itself
        online.watchRoom(room)
        assert await until(lambda: table.session is not None and table.hud.kind, 10)
        ok = await until(lambda: bool(items(ui, "spectatorDelay")), 20)
        assert ok, (ui.window.property("screen"), table.hud.kind, online.room)
        note = texts(item(ui, "spectatorDelay"))
        mine = lobby_of(online).client
        assert mine is not None
        # the cards are played (a play is one move; a chunk of the deal is several versions)
        assert await until(lambda: _plays(mei) >= 2, 60)
        gaps: list[int] = []
        start = mei.versions[room]
        while len(gaps) < 5:  # five looks, each after a move of the table's
            assert await _moved(mei, room)
            # the app has had this move's frames (a busy machine may be slow to read them)
            await until(lambda: mei.versions[room] - mine.versions.get(room, 0) <= 6, 2)
            await until(lambda: False, 0.05)
            gaps.append(mei.versions[room] - mine.versions.get(room, 0))
        assert mei.versions[room] > start
        return row, note, gaps

    try:
        row, note, gaps = run(ui, qtbot, play)
    finally:
        for c in others:
            on_loop(qtbot, c.close())
        stop_server(proc)
    assert row == ["Spectators: 1 trick behind"]
    assert note == ["Delayed: you see this table 4 moves late"]
    # at least the four moves behind, and not far more (a trick's end is a version too)
    assert all(4 <= g <= 6 for g in gaps), gaps


async def _watched_by_the_app(ui: Any, server: str, delay: int, others: list[Client]) -> Any:
    """Mei's room (``delay`` moves for its spectators) of three bots, played by the computer at
    her seat, watched by the app; its session once it shows the table."""
    mei = Client(f"ws://{server}", name="Mei")
    others.append(mei)
    await mei.connect()
    room = (
        await mei.ask(Create(mei.next_id(), "classic", spectator_delay=delay), CreateReply)
    ).room
    await mei.join(room)
    await mei.sit(room, 0)
    for seat in (1, 2, 3):
        await mei.add_bot(room, seat, "random")
    await mei.ready(room, True)
    await mei.start(room)
    await mei.trustee(room, True)
    online = ui.app.online
    ui.window.setProperty("screen", "lobby")
    online.connectTo(server, "Ann")
    assert await until(lambda: online.status == "connected", 10), online.error
    online.watchRoom(room)
    assert await until(lambda: isinstance(ui.app.session, OnlineSession), 10), online.error
    session = ui.app.session
    assert await until(lambda: session.view is not None and session.seat is None, 10)
    return session


def _tricks(session: Any) -> int:
    v = session.view
    return len(v.tricks) if v is not None and v.phase == "play" else -1


def test_a_spectator_of_a_delayed_table_sees_the_defenders_chance_move(
    ui: Any, qtbot: Any, tmp_path: Any
) -> None:
    proc, server = start_server(tmp_path, "--bot-delay", "0.2")
    others: list[Client] = []
    review = ui.app.review

    async def watch() -> list[tuple[int, str]]:
        session = await _watched_by_the_app(ui, server, 4, others)
        ok = await until(lambda: bool(items(ui, "evalBar")), 60)
        assert ok, (session.view.phase if session.view else None, review.liveWin)
        assert "Defenders' chance to win" in texts(item(ui, "evalBar"))
        seen: list[tuple[int, str]] = []
        while len({shown for _, shown in seen}) < 2 and len(seen) < 12:
            at = _tricks(session)
            assert at >= 0, "the hand ended before the bar moved"
            # a trick more seen, and judged: the bar is drawn from the new chance
            assert await until(lambda at=at: _tricks(session) > at, 20)
            shown = str(item(ui, "evalText").property("text"))
            await until(lambda shown=shown: item(ui, "evalText").property("text") != shown, 5)
            now = str(item(ui, "evalText").property("text"))
            assert now == f"{math.floor(100 * review.liveWin + 0.5)}%"  # QML's Math.round
            seen.append((_tricks(session), now))
        return seen

    try:
        seen = run(ui, qtbot, watch)
    finally:
        for c in others:
            on_loop(qtbot, c.close())
        stop_server(proc)
    assert len({shown for _, shown in seen}) >= 2, seen
    assert review.liveWin == -1  # the table left: no bar any more


def test_no_bar_for_a_spectator_of_a_live_table(ui: Any, qtbot: Any, tmp_path: Any) -> None:
    proc, server = start_server(tmp_path, "--bot-delay", "0.05")
    others: list[Client] = []

    async def watch() -> tuple[bool, float]:
        session = await _watched_by_the_app(ui, server, 0, others)
        assert await until(lambda: _tricks(session) >= 3, 60)
        await until(lambda: False, 1.5)  # time enough to judge a trick, were it judged
        return bool(items(ui, "evalBar")), ui.app.review.liveWin

    try:
        shown, win = run(ui, qtbot, watch)
    finally:
        for c in others:
            on_loop(qtbot, c.close())
        stop_server(proc)
    assert not shown and win == -1


def test_no_bar_for_a_player_seated_at_a_delayed_table(ui: Any, qtbot: Any, server: str) -> None:
    async def play() -> tuple[bool, float, int]:
        online = ui.app.online
        online.connectTo(server, "Ann")
        assert await until(lambda: online.status == "connected", 10), online.error
        online.createRoom("classic", 4)
        assert await until(lambda: online.room.get("seated") is True, 10), online.error
        assert online.room.get("spectatorDelay") == 4
        session = await start_with_bots(ui)
        session.set_trustee(True)  # the computer plays my seat: the hand runs by itself
        assert await until(lambda: _tricks(session) >= 3, 90)
        await until(lambda: False, 1.5)
        return bool(items(ui, "evalBar")), ui.app.review.liveWin, session.seat

    shown, win, seat = run(ui, qtbot, play)
    assert seat == 0 and not shown and win == -1
