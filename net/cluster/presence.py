"""Who is alive and what the lobby shows, one view across all nodes.

- Each node writes ``node:<id>`` (its figures: connections, tables) with a time to live and
  refreshes it; a node that stops refreshing drops out of ``nodes()``.
- The lobby is one hash, ``room -> {"node": owner, "info": the room's RoomInfo}``, written by
  the table's owner whenever the room changes; each change is also published on a channel so
  every node's lobby pusher can tell its own subscribers.

Redis keeps none of this on disk. ``heartbeat`` notices a Redis that restarted (its run id
changed) and says so; the node then writes its rooms again (``rebuild``), re-takes its leases
and resends what the restart may have lost in the nodes' inboxes (``ClusterNode``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from net.cluster import LOBBY, LOBBY_CHANGES, NODES, node_key, raise_if_cancelled

log = logging.getLogger(__name__)


class Presence:
    def __init__(self, redis: Redis, node: str, ttl: float = 6.0, run: str = "") -> None:
        self.redis = redis
        self.node = node
        self.run = run  # this run of the node (``Leases.holder``): a restart is another run
        self.ttl_ms = int(ttl * 1000)
        self._run_id: str | None = None

    async def heartbeat(self, figures: Mapping[str, Any]) -> bool:
        """Say this node lives (with ``figures``). True: Redis restarted empty since the last
        heartbeat (presence, leases and streams are gone and must be rebuilt)."""
        info = await self.redis.info("server")
        run_id = str(info["run_id"])
        restarted = self._run_id is not None and run_id != self._run_id
        self._run_id = run_id
        doc = json.dumps({**figures, "node": self.node, "run": self.run, "at": time.time()})
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(node_key(self.node), doc, px=self.ttl_ms)
            pipe.sadd(NODES, self.node)
            await pipe.execute()
        return restarted

    async def keep(
        self,
        figures: Callable[[], Mapping[str, Any]],
        restarted: Callable[[], Awaitable[None]],
    ) -> None:
        """Beat every third of the ttl while the node runs; after a Redis restart, run
        ``restarted`` (the node writes again what it keeps there), until it succeeds once."""
        rebuild = False
        while True:
            try:
                if await self.heartbeat(figures()):
                    log.warning("Redis restarted empty: writing this node's part again")
                    rebuild = True
                if rebuild:
                    await restarted()
                    rebuild = False
            except (RedisError, OSError) as e:
                raise_if_cancelled()
                log.warning("heartbeat failed: %s", e)
            except Exception:  # a bug must not stop the heartbeat for the node's whole life
                raise_if_cancelled()
                log.exception("heartbeat failed")
            raise_if_cancelled()
            await asyncio.sleep(self.ttl_ms / 3000)

    async def leave(self) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(node_key(self.node))
            pipe.srem(NODES, self.node)
            await pipe.execute()

    async def nodes(self) -> dict[str, dict[str, Any]]:
        """The live nodes and their last figures (the cluster view of /metrics)."""
        names = sorted(_text(n) for n in await self.redis.smembers(NODES))
        if not names:
            return {}
        docs = await self.redis.mget([node_key(n) for n in names])
        gone = [n for n, d in zip(names, docs, strict=True) if d is None]
        if gone:
            await self.redis.srem(NODES, *gone)
        return {n: json.loads(d) for n, d in zip(names, docs, strict=True) if d is not None}

    async def show(self, room: str, info: Mapping[str, Any]) -> None:
        """List (or update) ``room`` in the lobby as this node's."""
        doc = json.dumps({"node": self.node, "info": info})
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(LOBBY, room, doc)
            pipe.publish(LOBBY_CHANGES, room)
            await pipe.execute()

    async def hide(self, room: str) -> None:
        """Take ``room`` off the lobby (closed, or private)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hdel(LOBBY, room)
            pipe.publish(LOBBY_CHANGES, room)
            await pipe.execute()

    async def rebuild(self, rooms: Mapping[str, Mapping[str, Any]]) -> None:
        """Write all of this node's rooms again (after Redis came back empty)."""
        if not rooms:
            return
        docs: dict[Any, Any] = {
            r: json.dumps({"node": self.node, "info": i}) for r, i in rooms.items()
        }
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(LOBBY, mapping=docs)
            for room in rooms:
                pipe.publish(LOBBY_CHANGES, room)
            await pipe.execute()

    async def lobby(self) -> dict[str, dict[str, Any]]:
        """Every listed room: ``{"node": owner, "info": ...}``."""
        raw = await self.redis.hgetall(LOBBY)
        return {_text(k): json.loads(v) for k, v in raw.items()}

    async def room(self, room: str) -> dict[str, Any] | None:
        raw = await self.redis.hget(LOBBY, room)
        return None if raw is None else dict(json.loads(raw))

    async def changes(self) -> AsyncIterator[str]:
        """The ids of rooms that changed, as they change (any node's)."""
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(LOBBY_CHANGES)
        try:
            async for msg in pubsub.listen():
                if msg["type"] == "message":
                    yield _text(msg["data"])
        finally:
            await pubsub.aclose()


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
