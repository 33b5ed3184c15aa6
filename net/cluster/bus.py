"""A node's traffic through Redis: requests forwarded to the node that owns a table, their
answers, and the frames the owner sends back for this node's clients. One reader per node
(``run``) blocks on one ``XREAD`` of the node's inbox ``inbox:<node>``.

**Forwarding.** A request for a table owned elsewhere goes to ``inbox:<owner>`` with a
correlation id; the owner's reader runs ``on_request`` and appends the answer to
``inbox:<origin>``. An owner that does not answer in ``timeout`` (dead; its leases will lapse)
raises ``Unreachable``; the client's request id makes a resend after the takeover safe.

**Frames.** The owner sends the frames its tables push to another node's clients with
``send_frames``; they share the inbox with the answers, so they arrive in the order sent and
before the answer of a request the owner acknowledged after sending them (``on_frames``).

**A Redis restart** loses what was in the inboxes, unread: the node fails its waiting requests
at once (``restarted``; they are sent again), and owners resend their tables' state to the
other nodes' clients (``ClusterNode.restarted``).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from net.cluster import inbox_key, raise_if_cancelled

log = logging.getLogger(__name__)

OnRequest = Callable[[str, bytes], Awaitable[bytes]]
OnFrames = Callable[[bytes], None]


class Unreachable(Exception):
    """The node that owns the table did not answer."""


class Bus:
    def __init__(
        self,
        redis: Redis,
        node: str,
        on_request: OnRequest,
        on_frames: OnFrames,
        block_ms: int = 1000,  # under the reader's socket timeout (redis-py: 5 s by default)
        reader: Redis | None = None,
    ) -> None:
        self.redis = redis
        self.reader = redis if reader is None else reader  # blocking reads: may be its own
        self.on_request = on_request
        self.on_frames = on_frames
        self.node = node
        self.block_ms = block_ms
        self._inbox_pos = "$"
        self._ids = itertools.count(1)
        self._waiting: dict[str, asyncio.Future[bytes]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    # -- forwarding --------------------------------------------------------------------------
    async def request(self, node: str, body: bytes, timeout: float = 5.0) -> bytes:
        """Send ``body`` to ``node``'s ``on_request``; its answer."""
        rid = f"{self.node}:{next(self._ids)}"
        fut: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._waiting[rid] = fut
        try:
            fields = {"kind": "req", "from": self.node, "rid": rid, "body": body}
            await self.redis.xadd(inbox_key(node), fields, maxlen=10_000, approximate=True)  # type: ignore[arg-type]
            return await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            raise Unreachable(f"node {node} did not answer in {timeout} s") from None
        finally:
            self._waiting.pop(rid, None)

    def restarted(self) -> None:
        """Redis came back empty: a request or answer in an inbox may be gone with it. The
        waiting requests fail now (``Unreachable``, as after a timeout), to be sent again."""
        for fut in self._waiting.values():
            if not fut.done():
                fut.set_exception(Unreachable("Redis restarted: the request may be lost"))

    async def send_frames(self, node: str, body: bytes) -> None:
        """Frames for ``node``'s clients (``on_frames`` there), in the order sent: they share
        the inbox with the answers, so a request's frames arrive before its answer."""
        fields = {"kind": "frames", "body": body}
        await self.redis.xadd(inbox_key(node), fields, maxlen=10_000, approximate=True)  # type: ignore[arg-type]

    async def _answer(self, origin: str, rid: str, body: bytes) -> None:
        """Run the handler; it answers every request itself (refusals included), so one
        that raises is a bug: logged, and the requester times out as if this node had died."""
        try:
            reply = await self.on_request(origin, body)
            fields = {"kind": "rep", "rid": rid, "body": reply}
            await self.redis.xadd(inbox_key(origin), fields, maxlen=10_000, approximate=True)  # type: ignore[arg-type]
        except (RedisError, OSError) as e:
            log.warning("bus: could not answer %s: %s", origin, e)
        except Exception:
            log.exception("bus: the handler failed on a request from %s", origin)

    # -- the reader --------------------------------------------------------------------------
    async def run(self) -> None:
        """Read until cancelled; a lost Redis is retried (from the start: where to begin)."""
        started = False
        while True:
            try:
                if not started:
                    last = await self.redis.xrevrange(inbox_key(self.node), count=1)
                    self._inbox_pos = _text(last[0][0]) if last else "0-0"
                    started = True
                streams = {inbox_key(self.node): self._inbox_pos}
                got: Any = await self.reader.xread(streams, count=500, block=self.block_ms)  # type: ignore[arg-type]
            except (RedisError, OSError) as e:
                raise_if_cancelled()
                log.warning("bus: reading from Redis failed (%s); retrying", e)
                await asyncio.sleep(0.2)
                continue
            raise_if_cancelled()
            for _key, entries in got or []:
                for eid, fields in entries:
                    self._inbox_pos = _text(eid)
                    self._inbox(fields)

    def _inbox(self, fields: dict[bytes, bytes]) -> None:
        kind = fields.get(b"kind")
        if kind == b"req":
            origin, rid = _text(fields[b"from"]), _text(fields[b"rid"])
            task = asyncio.create_task(self._answer(origin, rid, fields[b"body"]))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        elif kind == b"frames":
            self.on_frames(fields[b"body"])
        elif kind == b"rep":
            fut = self._waiting.get(_text(fields[b"rid"]))
            if fut is not None and not fut.done():
                fut.set_result(fields[b"body"])


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
