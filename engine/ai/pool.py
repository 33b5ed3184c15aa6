"""AI decisions in worker processes, so a search never holds the caller's interpreter.

A player and a ``View`` are plain picklable data. ``act`` runs in the worker and returns the
action together with the player as it is afterwards (its random state moved on), so a caller
that keeps the returned player gets exactly the decisions it would get in-process.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol

from engine.actions import Action
from engine.views import View


class Player(Protocol):
    def act(self, view: View) -> Action | None: ...


def act(player: Player, view: View) -> tuple[Action | None, Player]:
    """``player.act(view)`` and the player's new state (the worker's entry point)."""
    return player.act(view), player


def default_workers() -> int:
    """One worker per core the process may use, less one for the caller's own loop."""
    return max(1, len(os.sched_getaffinity(0)) - 1)


NICE = 10  # the workers' scheduling priority below the caller's (os.nice)


def _worker_start() -> None:
    """A worker's initializer. It yields the CPU to its caller: a search has a time budget,
    not a playout count, so on a busy machine it plays fewer deals in the same time, while the
    caller's event loop (a server's answers, the app's frames) keeps its latency. And it ends
    when the process that started it ends, however it ends (killed, it never shuts the pool
    down; the worker, holding both ends of its job queue, would wait for a job forever, and
    keep the parent's stdout open)."""
    os.nice(NICE)
    parent = multiprocessing.parent_process()
    if parent is not None:

        def watch() -> None:
            parent.join()
            os._exit(0)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def make_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """A pool started with ``spawn``: a fork of a process running Qt or an event loop with
    threads could copy a held lock into the child. Its workers end with the caller."""
    return ProcessPoolExecutor(
        max_workers=workers or default_workers(),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_start,
    )


def ready() -> bool:
    """A worker's first job (``Thinker.warm_up``): the worker has loaded ``engine.ai``."""
    return True
