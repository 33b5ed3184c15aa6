"""Pacing and the turn clock on a real server: AI actions (bots, 托管) are spaced by
``--bot-delay`` and a finished trick stays ``--trick-pause`` before an AI leads, without
holding up the event loop; the turn clock counts from when a seat was prompted."""

from __future__ import annotations

import asyncio
import itertools
import statistics
import time

from netkit import ServerProcess, seat_four, until

from engine.events import EventBody
from net.bot import play_seat
from net.client import Client
from net.players import make_ai
from net.protocol import Frame, RoomUpdate, Snapshot, TableEvent

LOW, HIGH, TRICK = 0.2, 0.35, 0.6  # the pacing server's --bot-delay and --trick-pause
AI_ACTIONS = ("bid", "pass-bid", "bury", "call-friend", "play")
EARLY = 0.02  # timers and two frames' delivery may differ by this much


class Timed:
    """Every frame a client gets, with its arrival time."""

    def __init__(self) -> None:
        self.frames: list[tuple[float, Frame]] = []

    def __call__(self, frame: Frame) -> None:
        self.frames.append((time.monotonic(), frame))

    def events(self, room: str) -> list[tuple[float, EventBody]]:
        return [
            (t, f.event)
            for t, f in self.frames
            if isinstance(f, TableEvent) and f.room == room and f.event is not None
        ]


async def _paced_bots(url: str) -> None:
    seen = Timed()
    owner = Client(url, name="Pace", on_frame=seen)
    await owner.connect()
    room = (await owner.create("classic")).room
    await owner.join(room)  # watches: four bots play
    for seat in range(4):
        await owner.add_bot(room, seat, "random")
    await owner.start(room)

    def plays() -> int:
        return sum(1 for _t, e in seen.events(room) if e.type == "play")

    pings: list[float] = []
    while plays() < 9:  # two whole tricks and the lead of the third
        t = time.monotonic()
        await owner.ping()
        pings.append(time.monotonic() - t)
        await asyncio.sleep(0.02)
    await owner.close()

    events = seen.events(room)
    acts = [(t, e) for t, e in events if e.type in AI_ACTIONS]
    assert any(e.type in ("bid", "pass-bid") for _t, e in acts)
    timeline = [(round(t - events[0][0], 3), e.type) for t, e in events if e.type != "deal"]
    gaps, leads = [], []
    for (t0, _e0), (t1, e1) in itertools.pairwise(acts):
        gaps.append(t1 - t0)
        assert t1 - t0 >= LOW - EARLY, (e1, timeline)
    trick_ends = [t for t, e in events if e.type == "trick"]
    assert len(trick_ends) == 2
    for end in trick_ends:
        lead = min(t for t, e in acts if t > end)
        leads.append(lead - end)
        assert lead - end >= TRICK - EARLY, timeline
    # not much slower than asked either (the AI's think time counts toward the pause)
    assert statistics.median(gaps) <= HIGH + 0.15, timeline
    assert max(leads) <= TRICK + 0.5, timeline
    # the pauses are timers, not sleeps: the server answered pings at once meanwhile
    assert len(pings) > 20 and statistics.median(pings) < 0.05, pings


def test_ai_plays_and_bids_are_spaced_and_the_trick_stays(tmp_path) -> None:
    pace = f"{LOW},{HIGH}"
    args = ("--deal-delay", "0", "--bot-delay", pace, "--trick-pause", str(TRICK))
    server = ServerProcess(tmp_path / "s.sqlite3", *args).start()
    try:
        asyncio.run(asyncio.wait_for(_paced_bots(server.url), 60))
        assert server.alive()
    finally:
        server.stop()


# -- the turn clock ------------------------------------------------------------------------------
TIMER = 1.0  # the clock server's --turn-timer
SLOW_AI = 2.5  # and its --bot-delay: the AI holds seat 3's play this long


def trustee_set(seen: Timed, seat: int, after: float) -> list[float]:
    """When room frames said ``seat`` was put in 托管, after time ``after``."""
    return [
        t
        for t, f in seen.frames
        if t > after and isinstance(f, RoomUpdate) and f.room.seats[seat].trustee
    ]


def prompted(seen: Timed, room: str, after: float) -> float | None:
    """When a prompt to play arrived after ``after``."""
    for t, f in seen.frames:
        snap = isinstance(f, Snapshot) and f.room == room and t > after
        if snap and f.view and "play" in f.view.actions:
            return t
    return None


async def _clock_from_the_prompt(url: str) -> None:
    names = ("Kai", "Lin", "Mu", "Nan")
    room, players = await seat_four(url, names=names)
    late = players[3]
    seen = Timed()
    late.on_frame = seen
    await late.trustee(room, True)  # the AI holds seat 3 at first
    await players[0].start(room)
    tasks = [
        asyncio.create_task(play_seat(c, room, make_ai("easy", i)))
        for i, c in enumerate(players[:3])
    ]
    # seat 3's turn to play comes; its AI holds the play for SLOW_AI seconds
    await until(lambda: prompted(seen, room, 0) is not None, timeout=30)
    asked = prompted(seen, room, 0)
    assert asked is not None
    await asyncio.sleep(TIMER + 0.3)  # longer than the clock since the table last changed
    back = time.monotonic()
    await late.trustee(room, False)  # the player takes the seat back: prompted now
    await asyncio.sleep(TIMER * 0.6)
    assert not trustee_set(seen, 3, back), "the clock counted from the table's last change"
    view = late.views[room]
    assert view is not None
    assert "play" in view.actions
    await late.act(room, make_ai("easy", 3).act(view))
    # the next prompt: left alone, 托管 comes a whole turn after it, not sooner
    await until(lambda: prompted(seen, room, back + TIMER * 0.6) is not None, timeout=15)
    again = prompted(seen, room, back + TIMER * 0.6)
    assert again is not None
    await until(lambda: bool(trustee_set(seen, 3, again)), timeout=10)
    waited = trustee_set(seen, 3, again)[0] - again
    assert TIMER - EARLY <= waited <= TIMER + 1.0, waited
    for t in tasks:
        t.cancel()
    for c in players:
        await c.close()


def test_the_turn_clock_counts_from_the_prompt(tmp_path) -> None:
    args = ("--deal-delay", "0", "--away-grace", "30", "--bot-delay", str(SLOW_AI))
    server = ServerProcess(tmp_path / "s.sqlite3", *args, "--turn-timer", str(TIMER)).start()
    try:
        asyncio.run(asyncio.wait_for(_clock_from_the_prompt(server.url), 60))
        assert server.alive()
    finally:
        server.stop()
