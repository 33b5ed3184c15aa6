"""Leaderboards and profiles (issue 37 part 5): the boards recomputed every ``every`` seconds
into their own table (so a request reads a few rows), and the ``leaderboard`` and ``profile``
requests. Which hands are rated and who is listed: net/rated.py.

A player's rating in a preset is the sum of their rated hands' changes there. A profile: the
overall rating, each preset's rating with its graph (the rating after each rated hand), the
recent hands the asker may replay, and the record with and against the players met most often.
Hands of a private room are left out of what a stranger is shown (its recent hands and
partners), as a private room's records are (``Storage._may_see``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from engine import codec
from engine.errors import RulesError
from engine.rules import preset
from net import auth
from net.protocol import (
    BoardEntry,
    BoardReply,
    Leaderboard,
    Profile,
    ProfileReply,
)
from net.rated import Gate

if TYPE_CHECKING:
    from net.storage import Storage

log = logging.getLogger("tuolaji.leaderboard")

EVERY = 300.0  # seconds between two recomputations of the boards
GRAPH = 200  # points of a profile's rating graph (the latest)
RECENT = 20  # hands in a profile's recent list
PARTNERS = 10  # players in a profile's record with and against


class Boards:
    """The server's leaderboards: recomputed every ``every`` seconds, and the ``leaderboard``
    and ``profile`` requests."""

    def __init__(self, store: Storage, gate: Gate | None = None, every: float = EVERY) -> None:
        self.store = store
        self.gate = gate or Gate()
        self.every = every

    async def run(self) -> None:
        """Recompute the boards now and every ``every`` seconds (a failure is tried again at
        the next pass; the last boards stay meanwhile)."""
        while True:
            try:
                await self.recompute()
            except Exception as e:
                log.warning("leaderboards: could not recompute: %s", e)
            await asyncio.sleep(self.every)

    async def recompute(self) -> None:
        await self.store.call(self.store.recompute_boards, self.gate, time.time())

    async def leaderboard(self, req: Leaderboard) -> BoardReply:
        preset(req.preset)  # unknown-preset
        found = await self.store.call(self.store.board, req.preset, req.offset, req.limit)
        g = self.gate
        return BoardReply(
            preset=req.preset,
            entries=[BoardEntry(*row) for row in found["entries"]],
            offset=req.offset,
            total=found["total"],
            min_games=g.games,
            active_days=g.active_days,
            min_opponents=g.opponents,
            computed=found["computed"],
        )

    async def profile(self, user: int, req: Profile) -> ProfileReply:
        """``req.user``'s profile as ``user`` may see it."""
        who = user if req.user is None else req.user
        found = await self.store.call(
            self.store.profile, who, user, self.gate, time.time(), GRAPH, RECENT, PARTNERS
        )
        if found is None:
            raise RulesError("no-player", user=who)
        rating = found["rating"]
        found["titles"] = {
            "lianzhong": auth.title(rating, auth.LIANZHONG),
            "chaoshan": auth.title(rating, auth.CHAOSHAN),
        }
        return codec.convert(found, ProfileReply)
