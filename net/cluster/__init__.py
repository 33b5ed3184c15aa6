"""Several server nodes behind one load balancer, sharing Redis (volatile: who owns which
table, the lobby, fan-out) and PostgreSQL (durable: ``net.store_pg``). See docs/SCALING.md.

- ``lease``: each table is owned by exactly one node at a time (a Redis lease, renewed while
  the node lives; PostgreSQL's room epoch fences a node that lost it).
- ``presence``: the live nodes and the lobby, one view across all nodes.
- ``bus``: a node's one Redis reader: requests forwarded to the node that owns the table,
  their answers, and the frames the owner sends back for this node's clients, in order.
- ``serving``: the server as one node (``Cluster``), wired to the parts above.

Everything here is rebuilt from the nodes' memory and PostgreSQL when Redis restarts empty.
"""

import asyncio
import logging
from collections.abc import Iterable

log = logging.getLogger(__name__)

PREFIX = "tuolaji:"


def raise_if_cancelled() -> None:
    """End a loop whose task was cancelled. redis-py times its reads out with async-timeout,
    which on Python 3.11 can swallow a cancellation arriving with the timeout: the call then
    returns (or fails) as if nothing happened, so each loop checks after its Redis calls."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


async def cancel_all(tasks: Iterable[asyncio.Task[None]], again_after: float = 0.5) -> None:
    """Cancel ``tasks`` and wait until every one has ended. One whose cancellation a Redis
    call swallowed (``raise_if_cancelled``) is cancelled again: waiting on it alone would
    hang a node's shutdown for good."""
    pending = set(tasks)
    while pending:
        for task in pending:
            task.cancel()
        done, pending = await asyncio.wait(pending, timeout=again_after)
        for task in done:
            if not task.cancelled() and task.exception() is not None:
                log.error("%s had failed", task.get_name(), exc_info=task.exception())
        if pending:
            names = ", ".join(sorted(t.get_name() for t in pending))
            log.warning("cancelling again (the first cancellation was lost): %s", names)


def lease_key(table: str) -> str:
    return f"{PREFIX}lease:{table}"


def inbox_key(node: str) -> str:
    return f"{PREFIX}inbox:{node}"


def node_key(node: str) -> str:
    return f"{PREFIX}node:{node}"


NODES = f"{PREFIX}nodes"
LOBBY = f"{PREFIX}lobby"
LOBBY_CHANGES = f"{PREFIX}lobby-changes"
