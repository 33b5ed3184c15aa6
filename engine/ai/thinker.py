"""The one adapter between a table's driver and the AI players: where a decision is computed,
and the one give-up rule (``engine.driver.GIVE_UP``). The app's offline table and the server's
tables both think through it.

A search (``hard``, ``master``) holds the interpreter for hundreds of milliseconds, so it runs
in a process pool (``engine.ai.pool``) and never delays the caller's loop (the app's UI thread,
the server's event loop). The cheap levels take well under a millisecond and, with
``cheap_in_threads`` (the server's and the app's), run in a thread of the caller's process: a
round trip to a worker process costs more than they do.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from engine.actions import Action
from engine.ai import pool
from engine.ai.pool import Player
from engine.driver import GIVE_UP
from engine.views import View

SEARCHING = frozenset({"hard", "master"})

log = logging.getLogger("tuolaji.ai")


class Thinker:
    """Runs AI decisions off the caller's loop in ``workers`` processes (started on first use,
    or by ``warm_up``). ``tally(+1 / -1)`` counts the decisions under way (the server's metrics)."""

    def __init__(
        self,
        workers: int | None = None,
        cheap_in_threads: bool = True,
        give_up: float = GIVE_UP,
        tally: Callable[[int], None] | None = None,
    ) -> None:
        self.workers = workers or pool.default_workers()
        self.cheap_in_threads = cheap_in_threads
        self.give_up = give_up
        self.tally = tally
        self._pool: ProcessPoolExecutor | None = None
        # a thread of our own, not the loop's default executor (qasync's is made of QThreads)
        self._threads = ThreadPoolExecutor(4, thread_name_prefix="ai")

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = pool.make_pool(self.workers)
        return self._pool

    def warm_up(self) -> None:
        """Start every worker now (each loads the AI in the background)."""
        if self._pool is None:
            for _ in range(self.workers):
                self.pool().submit(pool.ready)

    async def act(self, player: Player, seen: View) -> tuple[Action | None, Player]:
        """``player.act(seen)`` and the player as it is afterwards (keep it: with it the
        decisions are the same as in-process, given the seed). A decision not back within
        ``give_up`` seconds is abandoned with its pool, and None stands for it (the engine
        answers); a worker that died is replaced the same way."""
        level = getattr(player, "level", "")
        cheap = self.cheap_in_threads and level not in SEARCHING
        executor: Executor = self._threads if cheap else self.pool()
        loop = asyncio.get_running_loop()
        if self.tally is not None:
            self.tally(1)
        try:
            job = loop.run_in_executor(executor, pool.act, player, seen)
            action, after = await asyncio.wait_for(job, self.give_up)
        except TimeoutError:
            log.error("a %s decision took over %.0f s: abandoned", level, self.give_up)
            if not cheap:
                self.close()  # its worker is busy for good: the next search starts a new pool
            return None, player
        except BrokenProcessPool:
            log.error("an AI worker process died; new ones start")
            self._pool = None
            return None, player
        finally:
            if self.tally is not None:
                self.tally(-1)
        return action, after

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
