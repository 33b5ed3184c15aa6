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

PREFIX = "tuolaji:"


def raise_if_cancelled() -> None:
    """End a loop whose task was cancelled. redis-py times its reads out with async-timeout,
    which on Python 3.11 can swallow a cancellation arriving with the timeout: the call then
    returns (or fails) as if nothing happened, so each loop checks after its Redis calls."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


def lease_key(table: str) -> str:
    return f"{PREFIX}lease:{table}"


def inbox_key(node: str) -> str:
    return f"{PREFIX}inbox:{node}"


def node_key(node: str) -> str:
    return f"{PREFIX}node:{node}"


NODES = f"{PREFIX}nodes"
LOBBY = f"{PREFIX}lobby"
LOBBY_CHANGES = f"{PREFIX}lobby-changes"
