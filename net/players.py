"""The AI behind bots and 托管 (auto-play): the one place the server picks its AI. It thinks
through ``engine.ai.thinker.Thinker``, the adapter the app uses too: searches in one process
pool shared by every table, the cheap levels in a thread."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ai import LEVELS, AIPlayer, make_player
from engine.ai.thinker import SEARCHING, Thinker

if TYPE_CHECKING:
    from net.stats import Stats

__all__ = ["LEVELS", "SEARCHING", "Thinker", "make_ai", "thinker"]


def make_ai(level: str = "normal", seed: int = 0) -> AIPlayer:
    return make_player(level, seed)


def thinker(workers: int | None, stats: Stats) -> Thinker:
    """The server's thinker: ``workers`` search processes, the decisions under way counted in
    the metrics."""

    def tally(delta: int) -> None:
        stats.ai_running += delta

    return Thinker(workers, tally=tally)
