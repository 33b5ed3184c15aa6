"""The app's side of the one adapter between a table and the AI players
(``engine.ai.thinker``), and the worker processes they think in.

A search runs in a process of the app's one pool (``engine.ai.pool``), never on the UI thread;
a cheap level's decision (well under a millisecond) in a thread of the default executor, which
runs engine code only. The UI thread awaits either on the qasync loop. The pool is
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
from engine.ai.thinker import Thinker
from engine.views import View

# Decisions are taken one at a time (a turn), the deal's bids at most three at once, and a hint
# may be asked for while an AI thinks.
MAX_WORKERS = 3

log = logging.getLogger(__name__)


def levels() -> tuple[str, ...]:
    return LEVELS


def workers() -> int:
    return min(MAX_WORKERS, ai_pool.default_workers())


# Searches in the workers; the cheap levels (well under a millisecond) in a thread: a round
# trip to a niced worker on a busy machine cost more, once for every AI seat that could bid
# after every card, and the deal waits for each answer.
THINKER = Thinker(workers())


def pool() -> ProcessPoolExecutor:
    """The app's AI worker processes (started on first use)."""
    return THINKER.pool()


def warm_up() -> None:
    """Start every worker now (each loads the AI in the background), unless the pool is up."""
    THINKER.warm_up()


def shutdown() -> None:
    """Stop the workers (when the app quits); a later ``pool()`` starts new ones."""
    THINKER.close()


async def decide(player: Player, view: View) -> tuple[Action | None, Player]:
    """``player.act(view)`` in a worker process: the action and the player's new state; None
    for an action when it gave up (``engine.ai.thinker``: the engine plays for the seat)."""
    return await THINKER.act(player, view)


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
