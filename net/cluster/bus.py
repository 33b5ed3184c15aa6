"""A node's traffic through Redis: table events fanned out to other nodes, and requests
forwarded to the node that owns a table. One reader per node (``run``) blocks on one
``XREAD`` over the node's inbox and the event stream of every table its clients watch.

**Fan-out.** The owner appends each broadcast to the table's stream ``events:<table>``: the
versions it moves the table from and to, and the frames for each audience (``seat0``..
``seat3``, ``watch``; ``all`` for what everyone gets), built by the owner with the same function
that builds a local seat's view, so a client on another node receives byte for byte what the
owner would send it. An audience's frames travel newline-joined (a JSON frame has no raw
newline). The append is
fenced: it happens only while this node's lease holds. Readers skip what they already have
and report a gap (``on_gap``: resync those clients) when an entry does not start where the
last one ended (the stream was trimmed past a slow reader, or Redis restarted). To join a
table without a hole: ``watch`` (the position is taken), then fetch the snapshot from the
owner, then ``known(table, its version)``; entries read in between wait for ``known``.

**Forwarding.** A request for a table owned elsewhere goes to ``inbox:<owner>`` with a
correlation id; the owner's reader runs ``on_request`` and appends the answer to
``inbox:<origin>``. An owner that does not answer in ``timeout`` (dead; its leases will lapse)
raises ``Unreachable``; the client's request id makes a resend after the takeover safe.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from net.cluster import events_key, inbox_key, lease_key, raise_if_cancelled
from net.cluster.lease import Leases

log = logging.getLogger(__name__)

# append to the table's stream only while the lease is ours; the entry's id, or nil
PUBLISH = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
    return false
end
return redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', unpack(ARGV, 3))
"""

OnEvent = Callable[[str, int, int, dict[str, list[bytes]]], None]
OnGap = Callable[[str, int, int], None]
OnRequest = Callable[[str, bytes], Awaitable[bytes]]


class Unreachable(Exception):
    """The node that owns the table did not answer."""


class Bus:
    def __init__(
        self,
        redis: Redis,
        leases: Leases,
        on_event: OnEvent,
        on_gap: OnGap,
        on_request: OnRequest,
        stream_max: int = 2000,
        block_ms: int = 1000,  # under the reader's socket timeout (redis-py: 5 s by default)
        reader: Redis | None = None,
    ) -> None:
        self.redis = redis
        self.reader = redis if reader is None else reader  # blocking reads: may be its own
        self.on_event = on_event
        self.on_gap = on_gap
        self.on_request = on_request
        self.on_frames: Callable[[bytes], None] | None = None  # frames for this node's clients
        self.leases = leases
        self.node = leases.node
        self.stream_max = stream_max
        self.block_ms = block_ms
        self._publish = redis.register_script(PUBLISH)
        self._inbox_pos = "$"
        self._watched: dict[str, str] = {}  # table -> last stream id read
        self._versions: dict[str, int] = {}  # table -> version delivered so far
        self._held: dict[str, list[dict[bytes, bytes]]] = {}  # read before ``known``
        self._ids = itertools.count(1)
        self._waiting: dict[str, asyncio.Future[bytes]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    # -- fan-out -----------------------------------------------------------------------------
    async def publish(
        self, table: str, v0: int, v: int, frames: Mapping[str, Sequence[bytes]]
    ) -> bool:
        """Append one broadcast (versions ``v0`` -> ``v``) for the other nodes. False: this
        node's lease on the table is gone, nothing was appended."""
        args: list[Any] = [self.leases.holder, self.stream_max, "v0", v0, "v", v]
        for audience, sent in frames.items():
            args += [f"a:{audience}", b"\n".join(sent)]
        found = await self._publish(keys=[lease_key(table), events_key(table)], args=args)
        return found is not None

    async def watch(self, table: str) -> None:
        """Read ``table``'s broadcasts from now on, held until ``known`` says which version
        this node's clients have."""
        if table in self._watched:
            return
        last = await self.redis.xrevrange(events_key(table), count=1)
        self._watched[table] = _text(last[0][0]) if last else "0-0"
        self._held[table] = []
        await self._wake()

    def known(self, table: str, v: int) -> None:
        """This node's clients of ``table`` are at version ``v`` (a snapshot, or a resync
        after a gap): deliver what follows it."""
        self._versions[table] = v
        for fields in self._held.pop(table, []):
            self._event(table, fields)

    async def unwatch(self, table: str) -> None:
        self._watched.pop(table, None)
        self._versions.pop(table, None)
        self._held.pop(table, None)
        await self._wake()

    async def _wake(self) -> None:
        """Make the reader's blocked XREAD return, so it reads the new set of streams."""
        await self.redis.xadd(
            inbox_key(self.node), {"kind": "wake"}, maxlen=self.stream_max, approximate=True
        )

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
        """Read until cancelled; a lost Redis is retried (gaps it caused are reported when
        the streams come back)."""
        last = await self.redis.xrevrange(inbox_key(self.node), count=1)
        self._inbox_pos = _text(last[0][0]) if last else "0-0"
        while True:
            streams = {inbox_key(self.node): self._inbox_pos}
            streams.update({events_key(t): pos for t, pos in self._watched.items()})
            try:
                got: Any = await self.reader.xread(streams, count=500, block=self.block_ms)  # type: ignore[arg-type]
            except (RedisError, OSError) as e:
                raise_if_cancelled()
                log.warning("bus: reading from Redis failed (%s); retrying", e)
                await asyncio.sleep(0.2)
                continue
            raise_if_cancelled()
            for key, entries in got or []:
                name = _text(key)
                if name == inbox_key(self.node):
                    for eid, fields in entries:
                        self._inbox_pos = _text(eid)
                        self._inbox(fields)
                else:
                    table = name[len(events_key("")) :]
                    for eid, fields in entries:
                        if table in self._watched:
                            self._watched[table] = _text(eid)
                            self._event(table, fields)

    def _inbox(self, fields: dict[bytes, bytes]) -> None:
        kind = fields.get(b"kind")
        if kind == b"req":
            origin, rid = _text(fields[b"from"]), _text(fields[b"rid"])
            task = asyncio.create_task(self._answer(origin, rid, fields[b"body"]))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        elif kind == b"frames":
            if self.on_frames is not None:
                self.on_frames(fields[b"body"])
        elif kind == b"rep":
            fut = self._waiting.get(_text(fields[b"rid"]))
            if fut is not None and not fut.done():
                fut.set_result(fields[b"body"])

    def _event(self, table: str, fields: dict[bytes, bytes]) -> None:
        held = self._held.get(table)
        if held is not None:
            held.append(fields)
            return
        v0, v = int(fields[b"v0"]), int(fields[b"v"])
        have = self._versions[table]
        if v <= have:
            return  # the clients have it already (their snapshot was newer)
        self._versions[table] = v
        if v0 != have:
            self.on_gap(table, have, v0)
            return
        frames = {_text(k)[2:]: f.split(b"\n") for k, f in fields.items() if k.startswith(b"a:")}
        self.on_event(table, v0, v, frames)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
