"""The spectators' delay (issue 35 part 4): at a room created with ``spectator_delay`` N, every
spectator sees the table as it was N moves ago (a move: one step the table sends, a play, a bid,
a chunk of the deal), so nothing a spectator is shown can help a player at the table now.

The table marks each move (``Delay.mark``): its version, the snapshot a spectator joining then
would get, and the room's public state (status, hand, levels, winners). A spectator is sent
the events up to the mark N moves back and never past it: on joining, on a resync and with
every move (``Delay.frames``); the room's state it gets is that mark's too (``Delay.info``),
and it gets no turn clocks (they say whose turn it is now). Once a hand is over nothing can
help its players, so the spectators see its end at once (else the match's last hand would
never end for them). The seats are never delayed: each player's own frames are live.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

import msgspec

from engine.events import Event
from engine.hand import Hand
from engine.rules import PRESETS, RuleSet
from engine.views import view
from net.protocol import RoomInfo, RoomStatus, Snapshot, TableEvent, encode

MIN_DELAY = 4  # a trick of four plays: the least delay a room may ask for


def rated(rules: RuleSet) -> bool:
    """Whether a room's hands may count for ratings: its preset's rules unchanged (a spectator
    delay changes nothing a player sees, so a rated room may have one too)."""
    return PRESETS.get(rules.preset) == rules


class Behind(NamedTuple):
    """The table as a spectator sees it while this mark is the oldest kept."""

    v: int
    snapshot: bytes
    status: RoomStatus
    hand_no: int
    levels: list[str]
    winners: list[int] | None


class Delay:
    def __init__(self, moves: int) -> None:
        self.moves = moves
        self._kept: deque[Behind] = deque(maxlen=moves + 1)
        self.sent = 0  # the version the spectators have been sent up to
        # the last mark with no hand in play (before the first, between hands, after the
        # match): nothing shown there can help a player, so the spectators see it at once
        self._open: Behind | None = None
        self._told: tuple[object, ...] | None = None  # the room's state they were last sent

    def news(self) -> bool:
        """Whether the room's state as shown (status, hand, levels, winners) moved on since
        this was last asked: a ``room`` frame tells the spectators, as live watchers are told
        when it changes (the hand starting for them is in no other frame)."""
        s = self.shown
        now = (s.status, s.hand_no, tuple(s.levels), s.winners)
        changed, self._told = now != self._told, now
        return changed

    def mark(self, room: str, hand: Hand | None, info: RoomInfo) -> None:
        """A move was made (or the table was read back in): the table as it is now, for the
        spectators ``moves`` moves from now."""
        shown = view(hand, None) if hand is not None else None
        snapshot = encode(Snapshot(room, info.v, shown, None))
        mark = Behind(info.v, snapshot, info.status, info.hand_no, list(info.levels), info.winners)
        self._kept.append(mark)
        if info.status != "playing":
            self._open = mark

    @property
    def shown(self) -> Behind:
        """The table as the spectators see it now: ``moves`` moves ago, or the end of the last
        hand when that is later (a hand's first moves are as secret as any)."""
        behind, ended = self._kept[0], self._open
        return ended if ended is not None and ended.v > behind.v else behind

    def frames(self, room: str, events: list[Event], since: int | None, gap: int) -> list[bytes]:
        """What a spectator at version ``since`` needs to reach the table as shown: the events
        up to it, or its snapshot (``since`` None, ahead of it, or more than ``gap`` behind)."""
        shown = self.shown
        if since is None or not 0 <= since <= shown.v or shown.v - since > gap:
            return [shown.snapshot]
        return [
            encode(TableEvent(room, i + 1, events[i].for_seat(None), [], []))
            for i in range(since, shown.v)
        ]

    def info(self, live: RoomInfo) -> RoomInfo:
        """The room's state as a spectator may see it: who sits is live, the game is not."""
        s = self.shown
        return msgspec.structs.replace(
            live,
            status=s.status,
            v=s.v,
            hand_no=s.hand_no,
            levels=s.levels,
            winners=s.winners,
        )


__all__ = ["MIN_DELAY", "Delay", "rated"]
