"""The spectators' delay (issue 35 part 4) on a real server: at a room created with
``spectator_delay`` N, a spectator sees the table N moves late in every frame it gets (the
live stream, a late joiner's snapshot, a resync, the room's state) and no turn clock, while the
seated player's frames are live; the end of the hand reaches it at once. A delay under one
trick is refused; a rated room (a preset's rules unchanged) may have one, none by default."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from netkit import ServerProcess, until

from engine.driver import REQUIRED
from engine.events import HandEnd
from engine.views import View
from net import spectators
from net.client import Client, ServerError
from net.players import make_ai
from net.protocol import Create, CreateReply, Snapshot, TableEvent

DELAY = 8  # moves: two tricks
UNRATED = {"preset": "classic", "throw_penalty": 10}  # a rule changed: no rating counts


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("delay") / "server.sqlite3"
    # turn clocks run (a long one: nobody runs out), so a spectator could be sent them
    proc = ServerProcess(db, "--turn-timer", "120").start()
    yield proc
    proc.stop()


async def _create(c: Client, rules: Any, delay: int) -> str:
    made = await c.ask(Create(c.next_id(), rules, spectator_delay=delay), CreateReply)
    return made.room


def _events(c: Client, room: str) -> list[dict[str, Any]]:
    """The table events a client (``keep_raw``) received for ``room``, in order."""
    out = []
    for raw in c.raw:
        f = json.loads(raw)
        if f["type"] == "event" and f["room"] == room:
            out.append(f)
    return out


def _kinds(c: Client, kind: str) -> list[dict[str, Any]]:
    return [f for f in map(json.loads, c.raw) if f["type"] == kind]


async def _refusals(url: str) -> None:
    c = Client(url, name="Ann")
    await c.connect()
    with pytest.raises(ServerError) as short:
        await _create(c, UNRATED, 2)
    assert short.value.code == "delay-short"
    assert short.value.en == "a spectator delay is at least 4 moves (one trick), or 0 for none"
    assert short.value.zh == "观战延迟至少 4 步（一轮牌），或填 0 表示不延迟"
    assert not (await c.lobby()).rooms  # nothing was created
    # a rated room may delay its spectators (issue 35: off by default there, not forbidden)
    rated = await _create(c, "classic", DELAY)
    plain = await c.ask(Create(c.next_id(), "classic"), CreateReply)
    listed = {r.room: r for r in (await c.lobby()).rooms}
    assert listed[rated].spectator_delay == DELAY
    assert listed[plain.room].spectator_delay == 0
    assert spectators.rated(listed[rated].rules)  # its hands still count
    await c.close()


async def _watched_hand(url: str) -> None:
    player = Client(url, name="Ann", keep_raw=True)
    await player.connect()
    room = await _create(player, UNRATED, DELAY)
    await player.join(room)
    watcher = Client(url, name="Watcher", keep_raw=True)
    await watcher.connect()
    await watcher.join(room)
    assert player.rooms[room].spectator_delay == DELAY
    await player.sit(room, 0)
    for seat in (1, 2, 3):
        await player.add_bot(room, seat, "random")
    await player.ready(room)
    await player.start(room)

    ai = make_ai("easy", 0)
    checked = 0
    late: Client | None = None
    async for v in _turns(player, room):
        live = player.versions[room]
        plays = [e["v"] for e in _events(player, room) if e["event"]["type"] == "play"]
        if "play" in v.actions and len(plays) >= DELAY + 4 and checked < 3:
            # the table waits for this seat: the spectator is exactly DELAY moves (plays)
            # behind, at the version just before the DELAY-th last play
            behind = plays[-DELAY] - 1
            await until(lambda b=behind: watcher.versions.get(room) == b, 10)
            assert live - behind >= DELAY
            # a spectator joining now, and a resync asking for more, are shown the same
            if late is None:
                # the hand began for the watcher with a room frame of its own (the app's
                # screen follows the room's status), before anyone joining announced it
                told = [json.loads(r) for r in watcher.raw]
                assert any(f["type"] == "room" and f["room"]["status"] == "playing" for f in told)
                late = await _spectator(url, room)
                seen = late.versions
                await until(lambda b=behind, seen=seen: seen.get(room) == b, 10)
            await watcher.sync(room, live)  # "I have seen it all": a snapshot, still behind
            await until(lambda b=behind: _last_snapshot(watcher, room) == b, 10)
            assert watcher.versions[room] == behind
            checked += 1
        await _act(player, room, v, ai)
    assert checked == 3
    # the hand's end reaches the spectators at once, and everything they got was the table's
    # own events in order (the seat's are live: it got every one)
    end = player.versions[room]
    await until(lambda: watcher.versions.get(room) == end, 10)
    mine = _events(watcher, room)
    assert [e["v"] for e in mine] == sorted({e["v"] for e in mine})
    assert len(_events(player, room)) == end
    # no turn clock ever went to a spectator (the seat got them), and every room state a
    # spectator got was behind too: never a version it had not been shown
    assert _kinds(player, "clock") and not _kinds(watcher, "clock")
    for c in (watcher, late):
        assert c is not None
        shown = 0
        for f in map(json.loads, c.raw):
            if f["type"] in ("event", "snapshot") and f.get("room") == room:
                shown = max(shown, f["v"])
            elif f["type"] == "room" and f["room"]["room"] == room:
                assert f["room"]["v"] <= shown or f["room"]["status"] != "playing", f
    for c in (player, watcher, late):
        assert c is not None
        await c.close()


async def _turns(c: Client, room: str) -> AsyncIterator[View]:
    """The seat's views each time the table waits for it, until the hand ends (as net.bot
    reads its prompts: the newest snapshot asking it to act, while still valid)."""
    prompt: Snapshot | None = None
    while True:
        frame = await asyncio.wait_for(c.frames.get(), 60)
        if isinstance(frame, TableEvent) and frame.room == room:
            if isinstance(frame.event, HandEnd):
                return
            if prompt is not None and prompt.view and list(prompt.view.actions) != frame.actions:
                prompt = None
        elif isinstance(frame, Snapshot) and frame.room == room and frame.view is not None:
            wanted = any(a in REQUIRED for a in frame.view.actions)
            prompt = frame if wanted else None
        if prompt is None or prompt.view is None or not c.frames.empty():
            continue
        yield prompt.view
        prompt = None


async def _act(c: Client, room: str, v: View, ai: Any) -> None:
    action = ai.act(v)
    assert action is not None
    try:
        await c.act(room, action)
    except ServerError as e:  # the table moved on meanwhile (a bid window closed): a newer
        if e.code not in ("wrong-phase", "not-your-turn"):  # prompt follows, as net.bot does
            raise


async def _spectator(url: str, room: str) -> Client:
    c = Client(url, name="Late", keep_raw=True)
    await c.connect()
    await c.join(room)
    return c


def _last_snapshot(c: Client, room: str) -> int | None:
    snaps = [f["v"] for f in _kinds(c, "snapshot") if f["room"] == room]
    return snaps[-1] if snaps else None


def test_a_short_delay_is_refused_and_a_rated_room_may_have_one(server: ServerProcess) -> None:
    asyncio.run(_refusals(server.url))


def test_spectators_see_the_table_late_in_every_frame(server: ServerProcess) -> None:
    asyncio.run(_watched_hand(server.url))


async def _before_restart(url: str) -> tuple[str, str]:
    """A delayed room with one person and three bots, played into the first tricks and left
    waiting for that person; (the room, the person's token)."""
    player = Client(url, name="Ann")
    await player.connect()
    room = await _create(player, UNRATED, DELAY)
    await player.join(room)
    await player.sit(room, 0)
    for seat in (1, 2, 3):
        await player.add_bot(room, seat, "random")
    await player.ready(room)
    await player.start(room)
    ai = make_ai("easy", 0)
    async for v in _turns(player, room):
        if "play" in v.actions and len(v.tricks) >= 2:
            break
        await _act(player, room, v, ai)
    token = player.token
    assert token is not None
    await player.close()
    return room, token


async def _after_restart(url: str, room: str, token: str) -> None:
    """The room comes back with its delay: spectators start from the restored table and stay
    there until the delay's moves have been made after it."""
    player = Client(url, token=token, keep_raw=True)
    await player.connect()
    await player.join(room)
    watcher = Client(url, name="Watcher")
    await watcher.connect()
    await watcher.join(room)
    await until(lambda: room in player.versions and room in watcher.versions)
    restored = player.versions[room]
    assert watcher.rooms[room].spectator_delay == DELAY
    assert watcher.versions[room] == restored
    ai = make_ai("easy", 0)
    turns = 0
    async for v in _turns(player, room):
        plays = [e["v"] for e in _events(player, room) if e["event"]["type"] == "play"]
        if len(plays) >= DELAY:  # the delay's moves since the restart: the spectators follow
            await until(lambda b=plays[-DELAY] - 1: watcher.versions.get(room) == b, 10)
            break
        assert watcher.versions[room] == restored, "ahead of the delay after a restart"
        turns += 1
        await _act(player, room, v, ai)
    assert turns >= 2
    for c in (player, watcher):
        await c.close()


def test_a_restored_room_keeps_its_delay(tmp_path: Path) -> None:
    db = tmp_path / "server.sqlite3"
    first = ServerProcess(db, "--away-grace", "600").start()
    try:
        room, token = asyncio.run(_before_restart(first.url))
    finally:
        first.kill()
    second = ServerProcess(db, "--away-grace", "600", port=first.port).start()
    try:
        asyncio.run(_after_restart(second.url, room, token))
    finally:
        second.stop()
