"""Several server nodes behind one load balancer, sharing Redis (volatile: who owns which
table, the lobby, fan-out) and PostgreSQL (durable: ``net.store_pg``). See docs/SCALING.md.

- ``lease``: each table is owned by exactly one node at a time (a Redis lease, renewed while
  the node lives; PostgreSQL's room epoch fences a node that lost it).
- ``presence``: the live nodes and the lobby, one view across all nodes.
- ``bus``: a node's one Redis reader: table events fanned out to the nodes whose clients
  watch them (a stream per table, in order, with gap detection), and requests forwarded to
  the node that owns the table.

Everything here is rebuilt from the nodes' memory and PostgreSQL when Redis restarts empty.
"""

PREFIX = "tuolaji:"


def lease_key(table: str) -> str:
    return f"{PREFIX}lease:{table}"


def events_key(table: str) -> str:
    return f"{PREFIX}events:{table}"


def inbox_key(node: str) -> str:
    return f"{PREFIX}inbox:{node}"


def node_key(node: str) -> str:
    return f"{PREFIX}node:{node}"


NODES = f"{PREFIX}nodes"
LOBBY = f"{PREFIX}lobby"
LOBBY_CHANGES = f"{PREFIX}lobby-changes"
