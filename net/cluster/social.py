"""Presence and notices across nodes (friends, invitations, moderation).

- **Where players are**: each node writes, every ``every`` seconds, one hash
  ``where:<node>`` (user -> the rooms their connections on that node watch) with a time to
  live of a few beats, so a node that stops drops out on its own. A node asked for a friend's
  presence reads the live nodes' hashes (``NODES``) for that friend. A player whose share
  changed is written at once (``put``) before their friends are told; ``keep`` tells the node
  of the changes it finds itself (a table watched on another node), so none goes untold.
- **Private rooms**: each node's private rooms (room -> RoomInfo) in ``private:<node>``, the same
  way, for the lobby's list of the private rooms a player may enter.
- **Notices**: a notice for a player goes on one channel; every node hands it to its own
  connections of that player (one publish whoever's node it is).
- **Sign-outs**: an account whose sessions ended (signed out everywhere, recovered) on another
  channel; every node closes its own connections of those sessions.
- **The chat flood rule**'s memory, one per player for every node (``net.cluster.flood``).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from net.cluster import NODES, PREFIX, raise_if_cancelled
from net.cluster.flood import SharedFlood

log = logging.getLogger(__name__)

NOTICES = f"{PREFIX}notices"
SIGN_OUTS = f"{PREFIX}sign-outs"


def where_key(node: str) -> str:
    return f"{PREFIX}where:{node}"


def private_key(node: str) -> str:
    return f"{PREFIX}private:{node}"


class SocialLink:
    def __init__(self, redis: Redis, node: str, every: float = 1.0) -> None:
        self.redis = redis
        self.node = node
        self.every = every
        self.written: dict[str, str] = {}  # user -> the rooms doc last written for them here
        self.flood = SharedFlood(redis)  # the chat flood rule's memory, shared

    async def publish(self, user: int, frame: bytes, close: bool = False) -> None:
        """``frame`` to ``user``'s connections on every node (``close``: then closed)."""
        doc = json.dumps({"user": user, "frame": frame.decode(), "close": close})
        await self.redis.publish(NOTICES, doc)

    async def sign_out(self, user: int, spare: str | None) -> None:
        """``user``'s sessions ended: every node closes its connections of them (those of the
        session ``spare``, one just started, excepted)."""
        await self.redis.publish(SIGN_OUTS, json.dumps({"user": user, "spare": spare}))

    async def listen(
        self,
        deliver: Callable[[int, bytes, bool], None],
        signed_out: Callable[[int, str | None], None],
    ) -> None:
        """Hand every notice to ``deliver`` and every sign-out to ``signed_out`` until
        cancelled; a lost Redis is retried."""
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(NOTICES, SIGN_OUTS)
                async for msg in pubsub.listen():
                    if msg["type"] != "message":
                        continue
                    d = json.loads(msg["data"])
                    if msg["channel"] in (SIGN_OUTS, SIGN_OUTS.encode()):
                        signed_out(int(d["user"]), d["spare"])
                    else:
                        deliver(int(d["user"]), d["frame"].encode(), bool(d["close"]))
            except (RedisError, OSError) as e:
                raise_if_cancelled()
                log.warning("notices: %r; listening again", e)
                await asyncio.sleep(0.5)
            finally:
                await pubsub.aclose()

    def _ttl(self) -> int:
        return int(self.every * 4000)

    async def put(self, shares: Mapping[int, Iterable[str] | None]) -> None:
        """Write these players' whereabouts on this node now (None: not connected here)."""
        key = where_key(self.node)
        async with self.redis.pipeline(transaction=True) as pipe:
            for user, rooms in shares.items():
                if rooms is None:
                    pipe.hdel(key, str(user))
                else:
                    pipe.hset(key, str(user), json.dumps(sorted(rooms)))
            pipe.pexpire(key, self._ttl())
            await pipe.execute()
        for user, rooms in shares.items():
            if rooms is None:
                self.written.pop(str(user), None)
            else:
                self.written[str(user)] = json.dumps(sorted(rooms))

    async def keep(
        self,
        where: Callable[[], Mapping[int, Iterable[str]]],
        private: Callable[[], Mapping[str, Any]],
        moved: Callable[[Iterable[int]], None],
    ) -> None:
        """Write this node's players' whereabouts and its private rooms (room -> RoomInfo,
        for the lobby's private list) every ``every`` seconds; the players whose share
        changed since it was last written go to ``moved`` (their friends are told)."""
        ttl = self._ttl()
        while True:
            try:
                docs = {str(u): json.dumps(sorted(rooms)) for u, rooms in where().items()}
                rooms = {r: json.dumps(info) for r, info in private().items()}
                async with self.redis.pipeline(transaction=True) as pipe:
                    for key, mapping in (
                        (where_key(self.node), docs),
                        (private_key(self.node), rooms),
                    ):
                        pipe.delete(key)
                        if mapping:
                            pipe.hset(key, mapping=mapping)  # type: ignore[arg-type]
                            pipe.pexpire(key, ttl)
                    await pipe.execute()
                before, self.written = self.written, docs
                moved(int(u) for u in before.keys() | docs.keys() if before.get(u) != docs.get(u))
            except (RedisError, OSError) as e:
                raise_if_cancelled()
                log.warning("whereabouts: %r", e)
            raise_if_cancelled()
            await asyncio.sleep(self.every)

    async def _read(self, key: Callable[[str], str], fields: list[str]) -> list[list[Any]]:
        """Each live node's values of ``fields`` in its hash ``key(node)``."""
        nodes = sorted(
            n.decode() if isinstance(n, bytes) else str(n) for n in await self.redis.smembers(NODES)
        )
        async with self.redis.pipeline(transaction=False) as pipe:
            for node in nodes:
                pipe.hmget(key(node), fields)
            return list(await pipe.execute())

    async def where(self, users: list[int]) -> dict[int, set[str]]:
        """The online ones of ``users`` and the rooms they watch, over every node."""
        if not users:
            return {}
        found: dict[int, set[str]] = {}
        for docs in await self._read(where_key, [str(u) for u in users]):
            for user, doc in zip(users, docs, strict=True):
                if doc is not None:
                    found.setdefault(user, set()).update(json.loads(doc))
        return found

    async def private_rooms(self, rooms: list[str]) -> dict[str, dict[str, Any]]:
        """The RoomInfo (plain) of those of ``rooms`` some node runs."""
        if not rooms:
            return {}
        found: dict[str, dict[str, Any]] = {}
        for docs in await self._read(private_key, rooms):
            for room, doc in zip(rooms, docs, strict=True):
                if doc is not None:
                    found[room] = json.loads(doc)
        return found

    async def leave(self) -> None:
        await self.redis.delete(where_key(self.node), private_key(self.node))
