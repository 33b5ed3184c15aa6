"""``play_seat`` counts each hand's end once, however it learns of it: the hand's last event,
or the snapshot a rejoin brings when the hand ended while the seat was away (a bot or a player
that missed the event waited for it for good: the chaos run's tables that "did not finish" had
finished). Only a hand seen in progress ends: not the last one's end, read late."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from engine.events import HandEnd
from engine.hand import Hand, Setup
from engine.rules import preset
from engine.selfplay import play_random
from engine.views import view
from net.bot import play_seat
from net.protocol import Snapshot, TableEvent


class Frames:
    """A client as ``play_seat`` reads it, fed frames that ask nothing of the seat; ``ends``:
    the hand-end events it received before (read by an earlier call)."""

    def __init__(self, frames: list[Any], ends: dict[str, set[int]] | None = None) -> None:
        self.frames: asyncio.Queue[Any] = asyncio.Queue()
        self.hand_ends = dict(ends or {})
        for f in frames:
            if isinstance(f, TableEvent) and isinstance(f.event, HandEnd):
                self.hand_ends.setdefault(f.room, set()).add(f.v)  # as the client records it
            self.frames.put_nowait(f)


def _hand(seed: int) -> Hand:
    return play_random(Hand(preset("classic"), Setup(seed, ("2",) * 4, 0)), random.Random(seed))


def _ends(frames: list[Any], hands: int, ends: dict[str, set[int]] | None = None) -> list[Any]:
    got: list[Any] = []

    async def go() -> None:
        await asyncio.wait_for(
            play_seat(Frames(frames, ends), "R", None, hands=hands, on_hand_end=got.append), 2
        )

    asyncio.run(go())
    return got


def test_a_hand_that_ended_while_away_ends_with_the_rejoins_snapshot() -> None:
    hand = _hand(1)
    start = TableEvent("R", 1, hand.events[0].for_seat(0), [], [])
    done = Snapshot("R", len(hand.events), view(hand, 0), 0)
    assert _ends([start, done], hands=1) == [hand.outcome]


def test_an_end_seen_twice_counts_once() -> None:
    first, second = _hand(1), _hand(2)
    v = len(first.events)
    frames = [
        TableEvent("R", 1, first.events[0].for_seat(0), [], []),
        TableEvent("R", v, first.events[-1].for_seat(0), [], []),
        Snapshot("R", v, view(first, 0), 0),  # a resync after the end: the same end
        TableEvent("R", v + 1, second.events[0].for_seat(0), [], []),
        TableEvent("R", v + 2, second.events[-1].for_seat(0), [], []),
    ]
    assert _ends(frames, hands=2) == [first.outcome, second.outcome]


def test_the_last_hands_end_read_late_is_not_this_hands() -> None:
    """A call for the next hand may first read the snapshot that followed the last hand's
    end: counting it returned at once, leaving the seat unplayed and the table waiting."""
    first, second = _hand(1), _hand(2)
    v = len(first.events)
    frames = [
        Snapshot("R", v, view(first, 0), 0),
        TableEvent("R", v + 1, second.events[0].for_seat(0), [], []),
        TableEvent("R", v + 2, second.events[-1].for_seat(0), [], []),
    ]
    assert _ends(frames, hands=1, ends={"R": {v}}) == [second.outcome]
