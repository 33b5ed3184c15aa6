"""What the parts beside the server may use of it: the cluster (``net.cluster.serving``), the
metrics (``net.metrics``) and nearby discovery (``net.discovery``) depend on this Protocol, not
on ``net.server.Server`` and its insides. ``Server`` is the one implementation; a name added
here is a promise to those parts, so keep it to what they use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from net.conn import Conn
from net.tables import Table


class Host(Protocol):
    tables: dict[str, Table]  # room -> the table this server runs
    parked: dict[str, str]  # room -> why its log did not replay
    conns: set[Conn]  # the open websockets

    def replay(self, row: dict[str, Any], names: dict[int, tuple[str, int]]) -> Table:
        """The table a room's row and log describe, on this server's store, settings and AI
        (raises when the log no longer replays)."""
        ...

    def install(self, table: Table, row: dict[str, Any]) -> None:
        """Serve a replayed table; its log's request ids are answered again."""
        ...

    def table_changed(self, table: Table) -> None:
        """The table's lobby entry changed (the lobby pusher sends it)."""
        ...

    def index_seats(self, table: Table) -> None:
        """Who sits at ``table`` changed, or it went: the seat index follows."""
        ...

    async def dispatch(self, conn: Conn, msg: str, local: bool = False) -> None:
        """Answer one request (``local``: forwarded here by the node that holds the client)."""
        ...

    async def quiet(self, conn: Conn, msg: str) -> None:
        """Run a request for the client without answering it (its frames still go)."""
        ...

    def nodes(self) -> Mapping[str, Mapping[str, Any]] | None:
        """Every live node's figures as the cluster last saw them; None outside a cluster."""
        ...
