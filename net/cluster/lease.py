"""Table ownership: a Redis key per table (``SET NX PX``) whose value names the node and this
run of it, renewed while the node lives. A node that stops renewing (killed, paused, cut off)
loses its tables after ``ttl`` and another node may take them.

Redis only says who *should* own a table; it cannot stop a node that still believes it does
(a long GC pause, a partition). The guard on what lasts is PostgreSQL's room epoch
(``PgStore.claim_room``): the new owner bumps it and the old owner's writes are refused, and
a table sends an action's events only once it is written, so a fenced action reaches no one.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from net.cluster import lease_key, raise_if_cancelled

log = logging.getLogger(__name__)

# extend the lease only while it is still ours
RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""

# delete the lease only while it is still ours
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


class Leases:
    """The leases one node holds. ``holder`` is ``node/run``: a node restarted under the
    same id does not mistake its previous life's leases for its own."""

    def __init__(self, redis: Redis, node: str, ttl: float = 3.0) -> None:
        self.redis = redis
        self.node = node
        self.holder = f"{node}/{uuid.uuid4().hex[:12]}"
        self.ttl_ms = int(ttl * 1000)
        self.held: set[str] = set()
        self._renewed = time.monotonic()  # the start of the last renewal that succeeded
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)

    async def acquire(self, table: str) -> bool:
        """Own ``table`` if nobody does."""
        ok = await self.redis.set(lease_key(table), self.holder, nx=True, px=self.ttl_ms)
        if ok:
            self.held.add(table)
        return bool(ok)

    async def release(self, table: str) -> None:
        self.held.discard(table)
        await self._release(keys=[lease_key(table)], args=[self.holder])

    async def renew(self) -> list[str]:
        """Extend every lease held; return (and forget) those lost: taken by another node,
        or gone with a Redis that restarted empty."""
        tables = sorted(self.held)
        started = time.monotonic()
        if not tables:
            self._renewed = started
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for t in tables:
                await self._renew(keys=[lease_key(t)], args=[self.holder, self.ttl_ms], client=pipe)
            kept = await pipe.execute()
        lost = [t for t, ok in zip(tables, kept, strict=True) if not ok]
        self.held.difference_update(lost)
        self._renewed = started
        return lost

    async def owners(self, tables: Iterable[str]) -> dict[str, str | None]:
        """Which node owns each table now (None: nobody; it is free to take)."""
        return {t: node_of(h) for t, h in (await self.holders(tables)).items()}

    async def holders(self, tables: Iterable[str]) -> dict[str, str | None]:
        """Which run of which node (``node/run``) owns each table now: a node restarted under
        the same name is another owner (it knows nothing of its previous life's watchers)."""
        names = list(tables)
        if not names:
            return {}
        values: list[Any] = await self.redis.mget([lease_key(t) for t in names])
        return {t: _text(v) for t, v in zip(names, values, strict=True)}

    def deadline(self) -> float:
        """Until when (``time.monotonic``) every lease held surely lasts: a ttl from the start
        of the last renewal that succeeded (Redis extended each lease after that moment), or
        from this object's creation (every lease was acquired after it)."""
        return self._renewed + self.ttl_ms / 1000

    async def keep(self, on_lost: Callable[[list[str]], Awaitable[None]]) -> None:
        """Renew every third of ``ttl`` for as long as the node runs, whatever fails. Leases
        that could not be renewed before their ``deadline`` (Redis unreachable, or too slow)
        count as lost at that very moment: another node may take them from then on. A failure
        of ``on_lost`` (Redis still away while it tries to take them back) is logged; it must
        not end the renewals of the tables taken later."""
        every = self.ttl_ms / 3000
        while True:
            await asyncio.sleep(max(0.0, min(every, self.deadline() - time.monotonic())))
            try:  # a renewal ending after the deadline proves nothing: it counts as failed
                async with asyncio.timeout(max(0.01, self.deadline() - time.monotonic())):
                    lost = await self.renew()
            except Exception as e:
                raise_if_cancelled()
                if not isinstance(e, (RedisError, OSError, TimeoutError)):
                    log.error("renewing leases failed", exc_info=e)
                if time.monotonic() < self.deadline():
                    log.warning("could not renew leases: %r", e)
                    continue
                lost = sorted(self.held)
                self.held.clear()
                if lost:
                    log.warning("leases lapsed unrenewed (%r): giving up %d tables", e, len(lost))
            raise_if_cancelled()
            if lost:
                try:
                    await on_lost(lost)
                except Exception:
                    raise_if_cancelled()
                    log.exception("handling the lost leases failed")


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value.decode() if isinstance(value, bytes) else str(value)


def node_of(holder: str | None) -> str | None:
    """The node of a lease's holder (``node/run``)."""
    return None if holder is None else holder.rsplit("/", 1)[0]
