"""Which tables this node runs: the ones it creates, the ones nobody owns any more (their node
died), and its own again after Redis forgot them. Each is taken the same way: the Redis lease
first (one node wins), then the room's epoch in PostgreSQL (``claim_room``: the node before is
fenced out), then the room and its log from PostgreSQL, replayed by ``restore`` (the server's
restart path: ``table_from_row`` and ``resume``).

A room is taken over only once it has been seen without an owner for ``grace`` (two lease
renewals): after Redis restarts empty every room looks free for a moment, and its live owner
must get the first chance to take it back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from redis.exceptions import RedisError

from net.cluster import raise_if_cancelled
from net.cluster.lease import Leases
from net.storage import StoreUnavailable
from net.store_pg import PgStore

log = logging.getLogger(__name__)

Restore = Callable[[dict[str, Any], int], Awaitable[None]]  # (room row with its log, epoch)
Drop = Callable[[str], Awaitable[None]]  # forget the table, if this node still runs it


class Takeover:
    def __init__(
        self,
        store: PgStore,
        leases: Leases,
        restore: Restore,
        drop: Drop,
        every: float = 1.0,
        grace: float | None = None,
    ) -> None:
        self.store = store
        self.leases = leases
        self.restore = restore
        self.drop = drop
        self.every = every
        self.grace = leases.ttl_ms / 1500 if grace is None else grace
        self.epochs: dict[str, int] = {}  # the rooms this node runs -> its epoch on each
        # rooms whose lease this node holds while it reads them in: Redis already names this
        # node their owner, so a request forwarded here meanwhile must wait, not miss them
        self.loading: set[str] = set()
        # the node is shutting down: it takes nothing more (what it runs it hands over)
        self.closing = False
        self._free_since: dict[str, float] = {}  # rooms seen without an owner -> since when
        # one change of a room's ownership at a time: a table given up (a write fenced or left
        # uncertain) while the lease keeper takes its lost lease back would otherwise end with
        # the lease held and renewed for a table this node no longer runs (no one would again)
        self._changing = asyncio.Lock()

    async def adopt(self, room: str) -> int:
        """A room this node just created (its row is written): own it from the start."""
        if not await self.leases.acquire(room):
            raise RuntimeError(f"room {room} is already owned")
        try:
            epoch = await self.store.call(self.store.claim_room, room)
        except BaseException:
            self.leases.held.discard(room)  # it lapses: a scan takes the room over
            raise
        self.epochs[room] = epoch
        return int(epoch)

    async def release(self, room: str, closed: bool = False) -> None:
        """Let the room go: it closed, or this node is shutting down (another takes it over
        after the grace, without waiting for the lease to lapse)."""
        async with self._changing:
            self.epochs.pop(room, None)
            if closed:  # else the store keeps its epoch: a write still under way stays fenced
                await self.store.call(self.store.release_room, room)
            await self.leases.release(room)

    async def give_up(self, room: str) -> None:
        """Stop running ``room`` at once: another node's claim fenced this node's write.
        Nothing is asked of Redis or PostgreSQL (either may be away): the lease lapses, and
        the store keeps the stale epoch, so a write still under way is refused."""
        async with self._changing:
            await self._give_up(room)

    async def reload(self, room: str) -> None:
        """Give ``room`` up and let its lease go at once: a COMMIT of its broke off, so its
        memory may be behind its log; it is loaded from the log again (here or elsewhere)."""
        async with self._changing:
            await self._give_up(room)
            with contextlib.suppress(RedisError, OSError):
                await self.leases.release(room)

    async def _give_up(self, room: str) -> None:
        self.epochs.pop(room, None)
        self.leases.held.discard(room)
        await self.drop(room)

    async def scan(self) -> list[str]:
        """Take every open room that nobody owns; the ones taken (none once closing)."""
        if self.closing:
            return []
        rooms = await self.store.call(self.store.live_rooms)
        owners = await self.leases.owners(r for r in rooms if r not in self.epochs)
        now = asyncio.get_running_loop().time()
        since = {r: self._free_since.get(r, now) for r, owner in owners.items() if owner is None}
        self._free_since = since
        taken = []
        for room, first in list(since.items()):
            if now - first < self.grace or self.closing:
                continue
            async with self._changing:
                if room in self.epochs:
                    continue  # taken meanwhile (created here, or its lease taken back)
                if await self._take(room):
                    taken.append(room)
                    del self._free_since[room]
        return taken

    async def _take(self, room: str) -> bool:
        self.loading.add(room)
        try:
            return await self.leases.acquire(room) and await self._load(room, None)
        except BaseException:
            self.epochs.pop(room, None)
            self.leases.held.discard(room)  # it lapses: the next scan (any node's) retries
            raise
        finally:
            self.loading.discard(room)

    async def lost(self, rooms: list[str]) -> None:
        """``Leases.keep`` says these leases are gone: Redis restarted empty, another node
        took them while this one was cut off, or they lapsed while Redis was unreachable.
        Re-take what nobody else touched (memory is still right); reload what someone else
        wrote to; give up the rest, and every room that cannot be settled now (Redis or
        PostgreSQL away): it is taken over, by this node or another, once they are back."""
        for room in rooms:
            async with self._changing:
                await self._take_back(room)

    async def _take_back(self, room: str) -> None:
        epoch = self.epochs.get(room)
        if epoch is None:
            return  # given up meanwhile
        if self.closing:  # handed over anyway: let whoever takes it have it now
            await self._give_up(room)
            return
        try:
            if await self.leases.acquire(room):
                if await self._load(room, epoch):
                    return
                self.leases.held.discard(room)
        except (RedisError, OSError, StoreUnavailable) as e:
            log.warning("table %s: cannot take its lease back (%s); giving it up", room, e)
        await self._give_up(room)

    async def _load(self, room: str, expect: int | None) -> bool:
        """With the lease held: claim ``room`` (at epoch ``expect``: this node's own, still
        unchanged) or restore it from the log. False: it closed (the lease is given back)."""
        try:
            epoch = await self.store.call(self.store.claim_room, room, expect)
            if epoch is not None and expect is not None:
                self.epochs[room] = epoch
                return True  # nobody wrote since: what this node holds is current
            if epoch is None:  # someone else ran it meanwhile: start over from the log
                await self.drop(room)
                epoch = await self.store.call(self.store.claim_room, room)
            row = await self.store.call(self.store.room, room)
        except KeyError:
            self.epochs.pop(room, None)
            await self.leases.release(room)
            return False
        self.epochs[room] = epoch
        await self.restore(row, epoch)
        return True

    async def run(self) -> None:
        """Scan every ``every`` seconds while the node runs."""
        while True:
            try:
                taken = await self.scan()
                if taken:
                    log.info("took over %d tables: %s", len(taken), " ".join(taken))
            except (RedisError, OSError, StoreUnavailable) as e:
                log.warning("takeover scan failed: %s", e)
            except Exception:  # a bug must not end failover for the node's whole life
                log.exception("takeover scan failed")
            raise_if_cancelled()
            await asyncio.sleep(self.every)
