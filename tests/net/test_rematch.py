"""Rematch with the same four (issue 37 part 4), on a real server on 127.0.0.1: every request,
refusal and limit, in English and Chinese; the new match in the same room with the same
rules, seats (rotated when asked) and spectators; crossing offers; decline and expiry; and a
restart that replays the rematch from the table's log."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from netkit import ServerProcess, frames, seat_four, until

from net.bot import play_seat
from net.client import Client, ServerError
from net.players import make_ai
from net.rematch import MOST, ROTATION

WINDOW = 2  # --rematch-seconds
# a match of one hand or two: levels start at A, and the side that levels past A wins
SHORT = {"preset": "classic", "start_level": "A"}
NAMES = ("Ann", "Bo", "Cai", "Dee")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("rematch") / "server.sqlite3"
    proc = ServerProcess(db, "--deal-delay", "0", "--rematch-seconds", str(WINDOW)).start()
    yield proc
    proc.stop()


async def refused(code: str, coro: Any) -> ServerError:
    with pytest.raises(ServerError) as e:
        await coro
    assert e.value.code == code
    return e.value


async def play_match(room: str, players: list[Client], owner: Client) -> None:
    """Play hands (the AI deciding for every person) until the match is over (a rematch's
    first hand is dealt at once; each next one when every seat is ready again)."""
    while True:
        if owner.rooms[room].status == "waiting":
            await owner.start(room)
        await until(lambda: owner.rooms[room].status in ("playing", "over"))
        if owner.rooms[room].status == "over":
            return
        await asyncio.wait_for(
            asyncio.gather(
                *(play_seat(c, room, make_ai("easy", i)) for i, c in enumerate(players))
            ),
            60,
        )
        # the room's update (between hands, or over) lands after the hand's end
        await until(lambda: owner.rooms[room].status != "playing")
        for c in players:
            await c.ready(room)


def ends(c: Client, room: str) -> list[dict[str, Any]]:
    return frames(c, "rematch-end", room)


def offer_of(c: Client, room: str) -> Any:
    return c.rooms[room].rematch


async def _same_four(url: str) -> None:
    room, players = await seat_four(url, SHORT, NAMES)
    watcher = Client(url, name="Eve", keep_raw=True)
    await watcher.connect()
    await watcher.join(room)
    # not before the match is over, and never from a spectator
    e = await refused("match-not-over", players[0].rematch(room))
    assert "once the match is over" in e.en and "比赛结束后" in e.zh
    e = await refused("no-rematch", players[1].rematch(room, accept=False))
    assert e.en == "no rematch offer is waiting at this table"
    assert e.zh == "这桌没有等待回应的再来一局提议"
    await play_match(room, players, players[0])
    e = await refused("not-seated", watcher.rematch(room))
    assert e.zh
    before = players[0].rooms[room]
    old_v = before.v
    # seat 2 offers with rotated seats; the others see the offer standing, with its clock
    reply = await players[2].rematch(room, rotate=True)
    assert not reply.started and reply.offer is not None
    assert reply.offer.by == 2 and reply.offer.rotate and reply.offer.accepted == [2]
    assert 0 < reply.offer.left <= WINDOW and reply.offer.length == WINDOW
    await until(lambda: offer_of(watcher, room) is not None)
    assert offer_of(players[0], room).accepted == [2]
    for seat in (0, 1):
        reply = await players[seat].rematch(room)
        assert not reply.started
    assert (await players[3].rematch(room)).started
    # everyone (the spectator too) is told; the new match runs in the same room
    for c in [*players, watcher]:
        await until(lambda c=c: [f["outcome"] for f in ends(c, room)] == ["started"])
    await until(lambda: players[0].rooms[room].status == "playing")
    info = players[0].rooms[room]
    assert info.rematch is None and info.hand_no == 1
    assert info.levels == ["A"] * 4 and info.winners is None
    assert info.rules == before.rules and info.v > old_v
    assert [s.name for s in info.seats] == [NAMES[i] for i in ROTATION]
    assert info.spectators == 1
    assert (await watcher.join(room)).seat is None  # still a spectator
    for i, c in enumerate(players):
        assert (await c.join(room)).seat == ROTATION.index(i)
    # the same four play the new match out in their new seats
    moved = [players[i] for i in ROTATION]
    await play_match(room, moved, players[0])
    for c in [*players, watcher]:
        await c.close()


def test_rematch_same_room_rules_and_spectators_with_rotated_seats(server: ServerProcess) -> None:
    asyncio.run(_same_four(server.url))


async def _crossing(url: str) -> None:
    """Two people and two AI seats: two offers at once accept each other."""
    host, guest = Client(url, name="Host", keep_raw=True), Client(url, name="Guest")
    for c in (host, guest):
        await c.connect()
    room = (await host.create(SHORT)).room
    await guest.join(room)
    await host.join(room)
    await host.sit(room, 0)
    await guest.sit(room, 1)
    for seat in (2, 3):
        await host.add_bot(room, seat, "random")
    await guest.ready(room)
    await host.ready(room)
    await play_match(room, [host, guest], host)
    first, second = await asyncio.gather(
        host.rematch(room, rotate=False), guest.rematch(room, rotate=True)
    )
    assert first.offer is not None and first.offer.accepted == [0, 2, 3]  # the AI accepts
    assert second.started  # the second offer accepted the first, on its terms: no rotation
    await until(lambda: host.rooms[room].status == "playing")
    assert [s.name for s in host.rooms[room].seats][:2] == ["Host", "Guest"]
    await host.close()
    await guest.close()


def test_crossing_offers_accept_each_other(server: ServerProcess) -> None:
    asyncio.run(_crossing(server.url))


async def _decline_expire_limit(url: str) -> None:
    room, players = await seat_four(url, SHORT, ("Fay", "Gus", "Hal", "Ivy"))
    await play_match(room, players, players[0])
    # declined: everyone is told by whom, and the offer is gone
    await players[0].rematch(room)
    await players[3].rematch(room, accept=False)
    for c in players:
        await until(lambda c=c: len(ends(c, room)) == 1)
    assert ends(players[1], room)[0] == {
        "type": "rematch-end",
        "room": room,
        "outcome": "declined",
        "seat": 3,
        "name": "Ivy",
    }
    await until(lambda: offer_of(players[1], room) is None)
    await refused("no-rematch", players[3].rematch(room, accept=False))
    # expired: not everyone accepted within the window
    await players[1].rematch(room)
    await players[2].rematch(room)
    await asyncio.sleep(WINDOW + 0.5)
    await until(lambda: [f["outcome"] for f in ends(players[0], room)] == ["declined", "expired"])
    assert offer_of(players[0], room) is None and players[0].rooms[room].status == "over"
    # a third offer, void at once when a seat empties (Ivy stands up, then sits again)
    await players[2].rematch(room)
    await until(lambda: offer_of(players[0], room) is not None)
    await players[3].stand(room)
    for c in players:
        await until(lambda c=c: [f["outcome"] for f in ends(c, room)][-1:] == ["void"])
    assert offer_of(players[0], room) is None
    await players[3].sit(room, 3)
    # and no more offers after this match
    e = await refused("rematch-limit", players[1].rematch(room))
    assert f"at most {MOST}" in e.en and f"最多 {MOST} 次" in e.zh
    # a seat left empty: no rematch for the other three
    await players[3].leave(room)
    e = await refused("rematch-seats", players[0].rematch(room))
    assert "all four seats" in e.en and "四位玩家" in e.zh
    for c in players:
        await c.close()


def test_decline_expiry_and_the_limit_of_offers(server: ServerProcess) -> None:
    asyncio.run(_decline_expire_limit(server.url))


async def _rematch_then_stop(url: str) -> tuple[str, int, list[str | None], str]:
    room, players = await seat_four(url, SHORT, ("Jo", "Kim", "Lu", "Mo"))
    await play_match(room, players, players[0])
    for i in (1, 2, 3, 0):
        await players[i].rematch(room, rotate=True)
    await until(lambda: players[0].rooms[room].status == "playing")
    await until(lambda: players[0].versions.get(room, 0) >= players[0].rooms[room].v)
    info = players[0].rooms[room]
    for c in players:
        await c.close()
    return room, info.v, [s.name if s else None for s in info.seats], str(players[0].token)


async def _after_restart(url: str, room: str, token: str) -> tuple[int, list[str | None], Any]:
    c = Client(url, token=token)
    await c.connect()
    joined = await c.join(room)
    await until(lambda: room in c.rooms)
    info = c.rooms[room]
    await c.close()
    return joined.v, [s.name if s else None for s in info.seats], info.hand_no


def test_a_restart_replays_the_rematch_from_the_log(tmp_path: Path) -> None:
    db = tmp_path / "server.sqlite3"
    proc = ServerProcess(db, "--deal-delay", "0", "--away-grace", "60").start()
    try:
        room, v, seats, token = asyncio.run(_rematch_then_stop(proc.url))
    finally:
        proc.kill()
    again = ServerProcess(db, "--deal-delay", "0", "--away-grace", "60").start()
    try:
        v_after, seats_after, hand_no = asyncio.run(_after_restart(again.url, room, token))
    finally:
        again.stop()
    assert seats_after == seats == ["Jo", "Mo", "Kim", "Lu"]
    assert v_after >= v and hand_no == 1
    with sqlite3.connect(db) as read:
        logged = [
            json.loads(a)["type"]
            for (a,) in read.execute(
                "SELECT action FROM actions WHERE room = ? ORDER BY seq", (room,)
            )
        ]
    assert logged.count("start") == 1 and logged.count("new-match") == 1
