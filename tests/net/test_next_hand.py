"""Between hands on a real server on 127.0.0.1: the next hand of a running match starts once
every seat is ready, whoever owns the room (here the owner watches without a seat and never
sends a start again); the hand that wins the match ends it at once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from netkit import ServerProcess, start_against_bots, until

from net.bot import play_seat
from net.client import Client
from net.players import make_ai

pytestmark = pytest.mark.timeout(90)


def test_the_next_hand_starts_when_the_seated_are_ready_and_the_owner_watches(
    tmp_path: Path,
) -> None:
    server = ServerProcess(tmp_path / "s.sqlite3", "--deal-delay", "0").start()

    async def go() -> None:
        owner, ann, bo = (Client(server.url, name=n) for n in ("Own", "Ann", "Bo"))
        for c in (owner, ann, bo):
            await c.connect()
        room = (await owner.create("classic")).room
        for c in (owner, ann, bo):
            await c.join(room)
        await ann.sit(room, 0)
        await bo.sit(room, 2)
        for seat in (1, 3):
            await owner.add_bot(room, seat, "random")
        await ann.ready(room)
        await bo.ready(room)
        await owner.start(room)  # the first hand: the owner's to start
        await until(lambda: owner.rooms[room].status == "playing")
        await asyncio.wait_for(
            asyncio.gather(
                play_seat(ann, room, make_ai("easy", 0)), play_seat(bo, room, make_ai("easy", 2))
            ),
            60,
        )
        await until(lambda: owner.rooms[room].status == "between")
        assert owner.rooms[room].owner == (owner.user.user if owner.user else None)
        assert owner.rooms[room].hand_no == 1
        await ann.ready(room)
        await asyncio.sleep(0.3)
        assert owner.rooms[room].status == "between"  # not before every seat is ready
        await bo.ready(room)
        info = owner.rooms
        await until(lambda: info[room].status == "playing" and info[room].hand_no == 2)
        for c in (owner, ann, bo):
            await c.close()

    try:
        asyncio.run(asyncio.wait_for(go(), 80))
    finally:
        server.stop()


def test_the_hand_that_wins_the_match_ends_it_at_once(tmp_path: Path) -> None:
    """No one needs to ask for a next hand to learn that the match is won: the room is over,
    with its winners, as the hand's result shows, and a rematch may be offered at once."""
    server = ServerProcess(tmp_path / "s.sqlite3", "--deal-delay", "0").start()

    async def go() -> None:
        ann = Client(server.url, name="Ann")
        await ann.connect()
        # levels start at A: the side that wins a hand by a level or more wins the match
        room = (await ann.create({"preset": "classic", "start_level": "A"})).room
        await ann.join(room)
        await start_against_bots(ann, room)
        statuses: list[str] = []  # after each hand: never between hands after the last
        for _ in range(5):
            await until(lambda: ann.rooms[room].status == "playing")
            await asyncio.wait_for(play_seat(ann, room, make_ai("easy", 0)), 60)
            await until(lambda: ann.rooms[room].status in ("between", "over"))
            statuses.append(ann.rooms[room].status)
            if ann.rooms[room].status == "over":
                break
            await ann.ready(room)  # a passed deal moves no level: the next hand
        info = ann.rooms[room]
        assert statuses[-1] == "over" and "over" not in statuses[:-1], statuses
        assert info.status == "over" and info.winners is not None, info
        reply = await ann.rematch(room)
        assert reply.offer is not None or reply.started
        await ann.close()

    try:
        asyncio.run(asyncio.wait_for(go(), 80))
    finally:
        server.stop()
