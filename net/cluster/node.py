"""A server node's whole part in the cluster, started and stopped as one: its leases kept,
its heartbeat and lobby rooms, its bus reader and its takeover scan. The server gives it
``Hooks`` (what to do with a table restored, dropped, an event from another node, a forwarded
request, a Redis restart; its figures and public rooms) and uses ``leases``, ``presence``,
``bus`` and ``takeover`` directly for the rest (docs/SCALING.md, "Wiring into the server").
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis

from net.cluster import cancel_all
from net.cluster.bus import Bus, OnFrames, OnRequest
from net.cluster.lease import Leases
from net.cluster.presence import Presence
from net.cluster.takeover import Drop, Restore, Takeover
from net.store_pg import PgStore

# the bus reader's socket timeout: well above its blocking read (Bus.block_ms)
READER_TIMEOUT = 5.0


@dataclass
class Hooks:
    restore: Restore  # a table taken over: (room row with its log, epoch)
    drop: Drop  # a table this node no longer runs
    on_request: OnRequest  # a request forwarded here: its answer
    on_frames: OnFrames  # frames another node sent for this node's clients
    figures: Callable[[], Mapping[str, Any]]  # for the cluster view (connections, tables)
    rooms: Callable[[], Mapping[str, Mapping[str, Any]]]  # public rooms run here -> info
    resend: Callable[[], None]  # after a Redis restart: what other nodes' clients may have lost


class ClusterNode:
    def __init__(
        self,
        node: str,
        redis_url: str,
        store: PgStore,
        hooks: Hooks,
        ttl: float = 3.0,
        scan_every: float = 1.0,
    ) -> None:
        self.hooks = hooks
        # commands give up within a third of the ttl: a renewal that cannot reach Redis is
        # noticed while the leases still hold, even when the network drops packets
        self.redis = Redis.from_url(
            redis_url, socket_timeout=ttl / 3, socket_connect_timeout=ttl / 3
        )
        self.reader = Redis.from_url(redis_url, socket_timeout=READER_TIMEOUT)
        self.leases = Leases(self.redis, node, ttl)
        self.presence = Presence(self.redis, node, ttl=2 * ttl, run=self.leases.holder)
        self.bus = Bus(self.redis, node, hooks.on_request, hooks.on_frames, reader=self.reader)
        self.takeover = Takeover(store, self.leases, hooks.restore, hooks.drop, every=scan_every)
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        """Join the cluster (a Redis that cannot be reached fails here, loudly)."""
        await self.presence.heartbeat(self.hooks.figures())
        self._tasks = [
            asyncio.create_task(self.leases.keep(self.takeover.lost), name="leases"),
            asyncio.create_task(
                self.presence.keep(self.hooks.figures, self.restarted), name="presence"
            ),
            asyncio.create_task(self.bus.run(), name="bus"),
            asyncio.create_task(self.takeover.run(), name="takeover"),
        ]

    def dead(self) -> list[str]:
        """The node's tasks that ended (each should run for the node's whole life)."""
        return sorted(t.get_name() for t in self._tasks if t.done())

    async def restarted(self) -> None:
        """Redis came back empty (its leases come back through ``Leases.keep`` and
        ``Takeover.lost``): list this node's rooms again; what was in the inboxes is lost, so
        the requests waiting for an answer are sent again and the other nodes' clients of
        this node's tables get a fresh snapshot."""
        await self.presence.rebuild(self.hooks.rooms())
        self.bus.restarted()
        self.hooks.resend()

    async def stop(self, hand_over: bool = True) -> None:
        """Leave the cluster. ``hand_over``: release this node's tables now (a graceful
        shutdown, after the server stopped them), so others take them without waiting for
        the leases to lapse."""
        await cancel_all(self._tasks)
        self._tasks = []
        if hand_over:
            for room in list(self.takeover.epochs):
                await self.takeover.release(room)
        await self.presence.leave()
        await self.redis.aclose()
        await self.reader.aclose()
