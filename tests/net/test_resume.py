"""Leaving and coming back: a dropped client is auto-played (托管) and resumes from its version;
a SIGKILLed server restarts from SQLite with every table as it was."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from netkit import ServerProcess, leaks, seat_four, until

from net.bot import play_seat
from net.client import Client
from net.players import make_ai


def _events(c: Client, room: str) -> list[dict[str, Any]]:
    out = []
    for raw in c.raw:
        f = json.loads(raw)
        if f["type"] == "event" and f["room"] == room:
            out.append(f)
    return out


def _mid_trick(c: Client, room: str, tricks: int) -> bool:
    evs = [f["event"] for f in _events(c, room) if f["event"] is not None]
    done = sum(1 for e in evs if e["type"] == "trick")
    return done >= tricks and bool(evs) and evs[-1]["type"] == "play"


def _start_play(players: list[Client], room: str) -> list[asyncio.Task[None]]:
    return [
        asyncio.create_task(play_seat(c, room, make_ai("easy", i))) for i, c in enumerate(players)
    ]


def _contiguous(c: Client, room: str) -> list[int]:
    """The versions of the event frames a client kept (duplicates dropped, as the client
    does): they must run 1, 2, 3, ... with no gap."""
    seen: list[int] = []
    for f in _events(c, room):
        if not seen or f["v"] > seen[-1]:
            seen.append(f["v"])
    return seen


async def _drop_and_resume(url: str) -> None:
    room, players = await seat_four(url)
    await players[0].start(room)
    tasks = _start_play(players, room)
    await until(lambda: _mid_trick(players[0], room, 2), timeout=30, every=0.001)
    gone = players[2]
    tasks[2].cancel()
    gone.reconnect_enabled = False
    await gone.drop()
    left_at = gone.versions[room]
    await until(lambda: players[0].rooms[room].seats[2].away)
    # the others play on; seat 2 is played by the server's AI
    await until(
        lambda: any(
            f["v"] > left_at
            and f["event"]
            and f["event"].get("seat") == 2
            and f["event"]["type"] == "play"
            for f in _events(players[0], room)
        ),
        timeout=30,
    )
    frames_before = len(gone.raw)
    await gone.reconnect()
    await until(lambda: gone.versions[room] >= players[0].versions[room] - 4)
    back = [json.loads(r) for r in gone.raw[frames_before:]]
    versioned = [f for f in back if f["type"] in ("event", "snapshot") and f["room"] == room]
    assert versioned[0]["type"] == "event" and versioned[0]["v"] == left_at + 1
    await until(lambda: not players[0].rooms[room].seats[2].away)
    assert not players[0].rooms[room].seats[2].trustee
    tasks[2] = asyncio.create_task(play_seat(gone, room, make_ai("easy", 2)))
    await asyncio.wait_for(asyncio.gather(*tasks), 60)
    during = [len(c.raw) for c in players]  # the frames of the hand; the record comes after
    record = await players[0].record((await players[0].games()).games[0].game)
    for seat, c in enumerate(players):
        assert _contiguous(c, room) == list(range(1, c.versions[room] + 1))
        assert not leaks(record.record, record.v0, seat, c.raw[: during[seat]])
    for c in players:
        await c.close()


def test_dropped_client_is_auto_played_then_resumes(tmp_path) -> None:
    server = ServerProcess(tmp_path / "s.sqlite3", "--deal-delay", "0", "--away-grace", "0")
    server.start()
    try:
        asyncio.run(_drop_and_resume(server.url))
    finally:
        server.stop()


async def _views(players: list[Client], room: str) -> list[Any]:
    for c in players:
        await c.sync(room)
    return [c.views[room] for c in players]


async def _kill_and_restart(server: ServerProcess) -> None:
    room, players = await seat_four(server.url)
    await players[0].start(room)
    tasks = _start_play(players, room)
    await until(lambda: _mid_trick(players[0], room, 3), timeout=30, every=0.001)
    for t in tasks:
        t.cancel()
    await asyncio.sleep(0.2)  # answers in flight arrive
    before = await _views(players, room)
    v_before = [c.versions[room] for c in players]
    assert before[0].phase == "play" and before[0].trick
    server.kill()
    for c in players:
        await until(lambda c=c: not c.connected)
    server.start()  # the same port and database
    for c in players:
        await until(lambda c=c: c.connected, timeout=15)
    after = await _views(players, room)
    assert after == before, "the restarted server must hold exactly the same hand"
    assert [c.versions[room] for c in players] == v_before
    tasks = _start_play(players, room)
    await asyncio.wait_for(asyncio.gather(*tasks), 60)
    during = [len(c.raw) for c in players]  # the frames of the hand; the record comes after
    record = await players[0].record((await players[0].games()).games[0].game)
    for seat, c in enumerate(players):
        assert _contiguous(c, room) == list(range(1, c.versions[room] + 1))
        problems = leaks(record.record, record.v0, seat, c.raw[: during[seat]])
        assert not problems, problems[:3]
    for c in players:
        await c.close()


def test_sigkilled_server_restarts_with_the_hand_as_it_was(tmp_path) -> None:
    server = ServerProcess(tmp_path / "s.sqlite3", "--deal-delay", "0", "--away-grace", "30")
    server.start()
    try:
        asyncio.run(_kill_and_restart(server))
        assert server.alive()
    finally:
        server.stop()


async def _kill_between_act_and_answer(server: ServerProcess) -> None:
    """An action the server stored but never answered is resent after the restart with the
    same id, and answered without being applied again."""
    room, players = await seat_four(server.url)
    await players[0].start(room)
    await until(
        lambda: any(c.views.get(room) and "pass-bid" in c.views[room].actions for c in players),
        timeout=30,
    )
    c = next(c for c in players if c.views.get(room) and "pass-bid" in c.views[room].actions)
    seat = c.views[room].seat
    rid = c.next_id()
    frame = json.dumps(
        {"type": "act", "id": rid, "room": room, "action": {"type": "pass-bid", "seat": seat}}
    )
    await c.send_raw(frame)
    await until(lambda: any(f'"id":{rid}' in r for r in c.raw))
    first = next(r for r in c.raw if f'"id":{rid}' in r)
    v = c.versions[room]
    server.kill()
    await until(lambda: not c.connected)
    server.start()
    await until(lambda: c.connected, timeout=15)
    await c.send_raw(frame)
    await until(lambda: sum(f'"id":{rid}' in r for r in c.raw) == 2)
    again = [r for r in c.raw if f'"id":{rid}' in r][1]
    assert json.loads(again) == json.loads(first)
    await c.sync(room, v)
    assert c.versions[room] == v  # nothing new: the pass was not applied twice
    for p in players:
        await p.close()


def test_repeated_request_id_is_not_applied_twice_even_across_a_restart(tmp_path) -> None:
    server = ServerProcess(tmp_path / "s.sqlite3", "--deal-delay", "0", "--away-grace", "30")
    server.start()
    try:
        asyncio.run(_kill_between_act_and_answer(server))
    finally:
        server.stop()


async def _left_seat_survives_a_restart(server: ServerProcess) -> None:
    room, players = await seat_four(server.url, multiplier=2)
    await players[0].start(room)
    await until(lambda: all(c.views.get(room) for c in players), timeout=30)
    answer = await players[1].leave(room)
    assert answer.penalty == 6
    await until(lambda: players[0].rooms[room].seats[1].left)
    server.kill()
    await until(lambda: not players[0].connected)
    del players[0].rooms[room]  # what follows must come from the restarted server
    server.start()
    await until(lambda: players[0].connected, timeout=15)
    await until(lambda: room in players[0].rooms, timeout=15)
    info = players[0].rooms[room]
    assert info.side == "positive" and info.multiplier == 2
    assert info.seats[1].left and info.seats[1].user == players[1].user.user
    again = Client(server.url, token=players[1].token, reconnect=False)
    assert (await again.connect()).seats == []  # the leaver holds no seat
    for c in [*players, again]:
        await c.close()


def test_a_left_seat_and_the_room_side_survive_a_restart(tmp_path) -> None:
    server = ServerProcess(tmp_path / "s.sqlite3", "--deal-delay", "0", "--away-grace", "30")
    server.start()
    try:
        asyncio.run(_left_seat_survives_a_restart(server))
    finally:
        server.stop()
