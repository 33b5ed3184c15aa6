"""The one adapter between the app and the AI players (``engine.ai``), and the worker processes
they think in.

A search runs in a process of the app's one pool (``engine.ai.pool``), never on the UI thread
and never on a thread of ours: the UI thread awaits the result on the qasync loop. The pool is
started once, early (``warm_up``), so that the first AI move does not wait for a process to
start, and is shut down when the app quits (``shutdown``). A broken ``engine.ai`` fails the
import of this module: the table never plays with stand-ins.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ProcessPoolExecutor

from engine.actions import Action
from engine.ai import LEVELS, Hint, hint, make_player
from engine.ai import pool as ai_pool
from engine.ai.pool import Player
from engine.views import View

# Decisions are taken one at a time (a turn), the deal's bids at most three at once, and a hint
# may be asked for while an AI thinks.
MAX_WORKERS = 3
GIVE_UP = 10.0  # seconds: a decision not back by then is abandoned (the engine plays for it)

log = logging.getLogger(__name__)

_POOL: list[ProcessPoolExecutor] = []


def levels() -> tuple[str, ...]:
    return LEVELS


def workers() -> int:
    return min(MAX_WORKERS, ai_pool.default_workers())


def pool() -> ProcessPoolExecutor:
    """The app's AI worker processes (started on first use)."""
    if not _POOL:
        _POOL.append(ai_pool.make_pool(workers()))
    return _POOL[0]


def _ready() -> bool:
    """A worker's first job: importing this module in the worker loads ``engine.ai``."""
    return True


def warm_up() -> None:
    """Start every worker now (each loads the AI in the background), unless the pool is up."""
    if _POOL:
        return
    for _ in range(workers()):
        pool().submit(_ready)


def shutdown() -> None:
    """Stop the workers (when the app quits); a later ``pool()`` starts new ones."""
    if _POOL:
        _POOL.pop().shutdown(wait=False, cancel_futures=True)


async def decide(player: Player, view: View) -> tuple[Action | None, Player]:
    """``player.act(view)`` in a worker process: the action and the player's new state. A
    decision not back within ``GIVE_UP`` seconds is abandoned with the pool (None: the engine
    plays for the seat), so the table never waits on a worker that will not answer."""
    job = asyncio.get_running_loop().run_in_executor(pool(), ai_pool.act, player, view)
    try:
        return await asyncio.wait_for(job, GIVE_UP)
    except TimeoutError:
        log.error("an AI decision took over %.0f s: abandoned, new workers start", GIVE_UP)
        shutdown()
        return None, player


async def hint_for(view: View) -> Hint:
    """The hint for the person at the table, searched in a worker process."""
    return await asyncio.get_running_loop().run_in_executor(pool(), hint, view)


__all__ = [
    "Hint",
    "Player",
    "decide",
    "hint",
    "hint_for",
    "levels",
    "make_player",
    "pool",
    "shutdown",
]
