"""The AI behind bots and 托管 (auto-play): the one place the server picks its AI, and where
it thinks.

A search (``hard``, ``master``) holds the interpreter for hundreds of milliseconds, so it runs
in one process pool shared by every table and never delays the event loop. The cheap levels
take well under a millisecond (random/easy/normal, median 0.05-0.3 ms, at most ~12 ms) and stay
in a thread of this process: a round trip to a worker process costs more than they do.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, cast

from engine.actions import Action
from engine.ai import LEVELS, AIPlayer, make_player, pool
from engine.views import View

if TYPE_CHECKING:
    from net.metrics import Stats

__all__ = ["LEVELS", "SEARCHING", "Thinker", "make_ai"]

SEARCHING = frozenset({"hard", "master"})
GIVE_UP = 30.0  # seconds: a decision not back by then is abandoned (the engine answers)

log = logging.getLogger("tuolaji.ai")


def make_ai(level: str = "normal", seed: int = 0) -> AIPlayer:
    return make_player(level, seed)


class Thinker:
    """Runs AI decisions off the event loop: searches in the process pool (``workers``
    processes, started with the first search), the rest in the default thread executor."""

    def __init__(
        self, workers: int | None = None, stats: Stats | None = None, give_up: float = GIVE_UP
    ) -> None:
        self.workers = workers or pool.default_workers()
        self.stats = stats  # counts the decisions under way (the metrics' AI searches)
        self.give_up = give_up
        self._pool: ProcessPoolExecutor | None = None

    async def act(self, player: AIPlayer, seen: View) -> tuple[Action | None, AIPlayer]:
        """``player.act(seen)`` and the player as it is afterwards (keep it: with it the
        decisions are the same as in-process, given the seed). A decision not back within
        ``give_up`` seconds is abandoned with its pool, and None stands for it: a table never
        waits on a search that will not end."""
        executor = None
        if player.level in SEARCHING:
            if self._pool is None:
                self._pool = pool.make_pool(self.workers)
            executor = self._pool
        loop = asyncio.get_running_loop()
        if self.stats is not None:
            self.stats.ai_running += 1
        try:
            job = loop.run_in_executor(executor, pool.act, player, seen)
            action, after = await asyncio.wait_for(job, self.give_up)
        except TimeoutError:
            log.error("a %s decision took over %.0f s: abandoned", player.level, self.give_up)
            if executor is not None:
                self.close()  # its worker is busy for good: the next search starts a new pool
            return None, player
        except BrokenProcessPool:
            self._pool = None  # a worker died (killed, out of memory): the next search restarts
            raise
        finally:
            if self.stats is not None:
                self.stats.ai_running -= 1
        return action, cast(AIPlayer, after)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
