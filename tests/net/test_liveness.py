"""A table never waits on nobody, on a real server: a seat that leaves 托管 at its own turn
and comes back to it (by request, by a drop and resume, by the turn clock) is played again."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from netkit import ServerProcess, until

from net.client import Client


def _seat_plays(c: Client, room: str, seat: int) -> int:
    n = 0
    for raw in c.raw:
        f = json.loads(raw)
        e = f.get("event") if f["type"] == "event" and f["room"] == room else None
        if e is not None and e["type"] == "play" and e["seat"] == seat:
            n += 1
    return n


def _must_play(c: Client, room: str) -> bool:
    v = c.views.get(room)
    return v is not None and list(v.actions) == ["play"]


async def _to_my_play(url: str) -> tuple[Client, str]:
    """Seat 0 in 托管 against three easy bots, until seat 0 is asked to play."""
    c = Client(url, name="Tru", keep_raw=True)
    await c.connect()
    room = (await c.create("classic")).room
    await c.join(room)
    await c.sit(room, 0)
    for seat in (1, 2, 3):
        await c.add_bot(room, seat, "easy")
    await c.trustee(room, True)
    await c.ready(room)
    await c.start(room)
    await until(lambda: _must_play(c, room), timeout=60, every=0.005)
    return c, room


async def _played_again(c: Client, room: str, within: float) -> None:
    before = _seat_plays(c, room, 0)
    await until(lambda: _seat_plays(c, room, 0) > before, timeout=within)


async def _toggle(url: str) -> None:
    c, room = await _to_my_play(url)
    await asyncio.sleep(0.3)
    await c.trustee(room, False)
    await c.trustee(room, True)
    await _played_again(c, room, 5)
    await c.close()


async def _drop_resume(url: str) -> None:
    """Away past the grace, the AI holds the seat and its move is pending (--bot-delay 3);
    the resume gives the seat back to the player (托管 stays off, as the player left it)."""
    c, room = await _to_my_play(url)
    await c.trustee(room, False)
    c.reconnect_enabled = False
    await c.drop()
    await asyncio.sleep(1.3)  # past --away-grace 1: the AI plans the seat's move
    await c.reconnect()
    await until(lambda: not c.rooms[room].seats[0].away)
    assert not c.rooms[room].seats[0].trustee
    await c.trustee(room, True)
    await _played_again(c, room, 8)
    await c.close()


async def _clock(url: str) -> None:
    c, room = await _to_my_play(url)
    await asyncio.sleep(0.3)
    await c.trustee(room, False)  # the turn clock (2 s) gives it back to the AI
    await _played_again(c, room, 6)
    await c.close()


def _run(tmp_path: Any, scenario: Any, *args: str) -> None:
    base = ("--deal-delay", "0", "--trick-pause", "0", "--away-grace", "1", "--check-invariants")
    log = tmp_path / "server.log"
    server = ServerProcess(tmp_path / "s.sqlite3", *base, *args, log=log).start()
    try:
        asyncio.run(asyncio.wait_for(scenario(server.url), 120))
        assert server.alive()
    finally:
        server.stop()
    assert "stalled" not in log.read_text()  # the invariant held after every step


def test_trustee_off_and_on_at_its_own_turn_plays_on(tmp_path) -> None:
    _run(tmp_path, _toggle, "--bot-delay", "1.0")


def test_a_resume_during_the_ais_pending_move_plays_on(tmp_path) -> None:
    _run(tmp_path, _drop_resume, "--bot-delay", "3")


def test_the_turn_clock_returns_the_seat_to_the_ai_and_it_plays(tmp_path) -> None:
    _run(tmp_path, _clock, "--bot-delay", "1.0", "--turn-timer", "2")
