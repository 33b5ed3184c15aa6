"""Leases, presence and the bus against a real redis-server: several "nodes" (each its own
client, leases, presence and bus) in one process."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from cluster_fixtures import RedisInstance
from redis.asyncio import Redis

from net.cluster import cancel_all
from net.cluster.bus import Bus, Unreachable
from net.cluster.lease import Leases
from net.cluster.presence import Presence


def run(coro: Awaitable[Any]) -> Any:
    async def main() -> Any:
        return await asyncio.wait_for(coro, 60)

    return asyncio.run(main())


@dataclass
class Node:
    """One server node's cluster parts, recording what its bus delivers. Nothing renews its
    leases unless a test runs ``keep``: the tests not about lapsing use a long ttl."""

    name: str
    redis: Redis
    leases: Leases
    presence: Presence
    bus: Bus
    frames: list[bytes] = field(default_factory=list)  # what other nodes sent its clients
    reader: asyncio.Task[None] | None = None


@contextlib.asynccontextmanager
async def nodes(url: str, *names: str, ttl: float = 60.0, **bus: Any) -> AsyncIterator[list[Node]]:
    made: list[Node] = []
    for name in names:
        redis = Redis.from_url(url)
        leases = Leases(redis, name, ttl=ttl)

        node = Node(name, redis, leases, Presence(redis, name, ttl=ttl), None)  # type: ignore[arg-type]

        async def echo(origin: str, body: bytes, node: Node = node) -> bytes:
            if body == b"boom":
                raise ValueError("a handler's bug")
            if body.startswith(b"frames "):  # the frames first, then the answer
                await node.bus.send_frames(origin, body[7:])
            return f"{node.name} answers {origin}: ".encode() + body

        node.bus = Bus(redis, name, echo, node.frames.append, **bus)
        node.reader = asyncio.create_task(node.bus.run())
        made.append(node)
    await asyncio.sleep(0.05)  # the readers took their inbox positions
    try:
        yield made
    finally:
        for node in made:
            assert node.reader is not None
            node.reader.cancel()
            await asyncio.wait([node.reader])  # (a test timing out still cancels us)
            await node.redis.aclose()


async def until(check: Callable[[], bool], within: float = 5.0) -> None:
    end = asyncio.get_running_loop().time() + within
    while not check():
        assert asyncio.get_running_loop().time() < end, "timed out"
        await asyncio.sleep(0.01)


# -- leases ------------------------------------------------------------------------------------
def test_one_owner_at_a_time(redis_url: str) -> None:
    async def go() -> None:
        async with nodes(redis_url, "A", "B") as (a, b):
            assert await a.leases.acquire("T1")
            assert not await b.leases.acquire("T1")
            assert await b.leases.acquire("T2")
            assert await a.leases.owners(["T1", "T2", "T3"]) == {"T1": "A", "T2": "B", "T3": None}
            await b.leases.release("T1")  # not B's: nothing happens
            assert (await b.leases.owners(["T1"]))["T1"] == "A"
            # the same node id restarted is another holder: it does not inherit the lease
            again = Leases(a.redis, "A")
            assert not await again.acquire("T1")
            await a.leases.release("T1")
            assert await b.leases.acquire("T1")

    run(go())


def test_a_lease_lapses_when_its_node_stops_renewing(redis_url: str) -> None:
    async def go() -> None:
        async with nodes(redis_url, "A", "B", ttl=0.3) as (a, b):
            lost: list[list[str]] = []

            async def on_lost(tables: list[str]) -> None:
                lost.append(tables)

            assert await a.leases.acquire("T1")
            keeper = asyncio.create_task(a.leases.keep(on_lost))
            await asyncio.sleep(1.0)  # three ttls: kept alive by renewal
            assert not await b.leases.acquire("T1")
            keeper.cancel()  # A stops (killed, paused)
            await asyncio.sleep(0.4)
            assert await b.leases.acquire("T1")  # taken over
            # A wakes up and tries to renew: it learns it lost T1
            assert await a.leases.renew() == ["T1"]
            assert a.leases.held == set() and lost == []

    run(go())


def test_keep_reports_a_lease_taken_while_paused(redis_url: str) -> None:
    async def go() -> None:
        async with nodes(redis_url, "A", "B", ttl=0.3) as (a, b):
            lost: list[list[str]] = []

            async def on_lost(tables: list[str]) -> None:
                lost.append(tables)

            assert await a.leases.acquire("T1")
            assert await a.leases.acquire("T2")
            await asyncio.sleep(0.4)
            assert await b.leases.acquire("T2")
            keeper = asyncio.create_task(a.leases.keep(on_lost))
            await until(lambda: bool(lost))
            keeper.cancel()
            assert lost == [["T1", "T2"]]  # T1 too had lapsed (nobody took it yet)

    run(go())


# -- presence ----------------------------------------------------------------------------------
def test_nodes_and_the_lobby_are_one_view(redis_url: str) -> None:
    async def go() -> None:
        async with nodes(redis_url, "A", "B", ttl=0.4) as (a, b):
            changes: list[str] = []

            async def listen() -> None:
                async for room in b.presence.changes():
                    changes.append(room)

            listener = asyncio.create_task(listen())
            await asyncio.sleep(0.1)
            await a.presence.heartbeat({"tables": 1, "conns": 3})
            await b.presence.heartbeat({"tables": 0, "conns": 1})
            view = await a.presence.nodes()
            assert sorted(view) == ["A", "B"] and view["A"]["tables"] == 1
            await a.presence.show("R1", {"status": "waiting", "seats": [None] * 4})
            await b.presence.show("R2", {"status": "playing"})
            lobby = await b.presence.lobby()
            assert lobby == {
                "R1": {"node": "A", "info": {"status": "waiting", "seats": [None] * 4}},
                "R2": {"node": "B", "info": {"status": "playing"}},
            }
            await a.presence.hide("R1")
            assert await b.presence.room("R1") is None
            await until(lambda: changes == ["R1", "R2", "R1"])
            listener.cancel()
            await asyncio.sleep(0.5)  # A stops beating
            await b.presence.heartbeat({"tables": 0, "conns": 1})
            assert sorted(await a.presence.nodes()) == ["B"]
            await b.presence.leave()  # a node shutting down says so at once
            assert await a.presence.nodes() == {}

    run(go())


# -- the bus -----------------------------------------------------------------------------------
def test_frames_reach_another_node_in_order(redis_url: str) -> None:
    async def go() -> None:
        async with nodes(redis_url, "A", "B", "C") as (a, b, c):
            sent = [b'1 {"v":%d}\n2 {"v":%d}' % (v, v) for v in range(300)]
            for body in sent:
                await a.bus.send_frames("B", body)
            await until(lambda: len(b.frames) == 300)
            assert b.frames == sent and c.frames == [] and a.frames == []

    run(go())


def test_a_requests_frames_arrive_before_its_answer(redis_url: str) -> None:
    """The owner sends a forwarded request's frames, then answers: the node that asked has
    delivered the frames by the time the answer comes back."""

    async def go() -> None:
        async with nodes(redis_url, "A", "B") as (_a, b):
            for i in range(50):
                answer = await b.bus.request("A", b'frames 7 {"n":%d}' % i)
                assert answer.startswith(b"A answers B")
                assert b.frames[-1] == b'7 {"n":%d}' % i
            assert len(b.frames) == 50

    run(go())


def test_forwarding_to_the_owner_and_to_a_dead_node(redis_url: str) -> None:
    async def go() -> None:
        async with nodes(redis_url, "A", "B") as (a, b):
            answers = await asyncio.gather(*(b.bus.request("A", b"%d" % i) for i in range(50)))
            assert answers == [b"A answers B: %d" % i for i in range(50)]
            assert await a.bus.request("B", b"hi") == b"B answers A: hi"
            with pytest.raises(Unreachable, match="node C"):
                await a.bus.request("C", b"anyone?", timeout=0.3)
            # a handler that fails answers nothing; the node goes on answering
            with pytest.raises(Unreachable):
                await b.bus.request("A", b"boom", timeout=0.5)
            assert await b.bus.request("A", b"still there?") == b"A answers B: still there?"

    run(go())


def test_a_request_waiting_when_redis_restarts_fails_at_once(redis_url: str) -> None:
    """Its entry, or the answer's, may be gone with Redis: the requester does not wait out
    the timeout but fails now, to send it again."""

    async def go() -> None:
        async with nodes(redis_url, "A", "B") as (a, b):
            assert a.reader is not None
            a.reader.cancel()  # A reads nothing: the request waits
            waiting = asyncio.create_task(b.bus.request("A", b"lost?", timeout=30))
            await asyncio.sleep(0.2)
            assert not waiting.done()
            t = asyncio.get_running_loop().time()
            b.bus.restarted()
            with pytest.raises(Unreachable, match="Redis restarted"):
                await waiting
            assert asyncio.get_running_loop().time() - t < 1.0

    run(go())


def test_redis_restarted_empty_is_rebuilt(own_redis: RedisInstance) -> None:
    """Redis comes back with nothing: the heartbeat notices, the lobby is written again, the
    owner re-takes its lease, and the readers go on (new entries are read)."""

    async def go() -> None:
        async with nodes(own_redis.url, "A", "B") as (a, b):
            assert not await a.presence.heartbeat({"tables": 1})
            await a.presence.show("R1", {"status": "playing"})
            assert await a.leases.acquire("T")
            await a.bus.send_frames("B", b"1 before")
            await until(lambda: b.frames == [b"1 before"])

            own_redis.stop()
            await asyncio.sleep(0.3)
            own_redis.start()

            restarted = False
            for _ in range(50):  # the first commands on a dropped connection may fail
                try:
                    restarted = await a.presence.heartbeat({"tables": 1})
                    break
                except Exception:
                    await asyncio.sleep(0.1)
            assert restarted
            assert await b.presence.lobby() == {}
            await a.presence.rebuild({"R1": {"status": "playing"}})
            assert (await b.presence.room("R1")) == {"node": "A", "info": {"status": "playing"}}
            assert await a.leases.renew() == ["T"]  # gone with Redis
            assert await a.leases.acquire("T")
            await a.bus.send_frames("B", b"1 after")
            await until(lambda: b.frames == [b"1 before", b"1 after"])

    run(go())


def test_a_node_lists_its_rooms_again_after_redis_restarts(own_redis: RedisInstance) -> None:
    async def go() -> None:
        async with nodes(own_redis.url, "A", "B", ttl=0.6) as (a, b):
            rooms = {"R1": {"status": "playing"}, "R2": {"status": "waiting"}}
            for room, info in rooms.items():
                await a.presence.show(room, info)
            failed: list[str] = []

            async def restarted() -> None:
                if not failed:  # the first try meets Redis away again: tried on the next beat
                    failed.append("once")
                    raise ConnectionError("Redis went away again")
                await a.presence.rebuild(rooms)

            beating = asyncio.create_task(a.presence.keep(lambda: {"tables": 2}, restarted))
            while "A" not in await b.presence.nodes():  # the first beat
                await asyncio.sleep(0.02)
            own_redis.stop()
            await asyncio.sleep(0.3)
            own_redis.start()
            lobby: dict[str, Any] = {}

            async def look() -> None:
                lobby.clear()
                with contextlib.suppress(Exception):  # b's first command may meet the restart
                    lobby.update(await b.presence.lobby())

            while len(lobby) < 2:
                assert not beating.done()
                await look()
                await asyncio.sleep(0.05)
            assert lobby == {r: {"node": "A", "info": i} for r, i in rooms.items()}
            assert failed == ["once"]
            assert (await b.presence.nodes())["A"]["tables"] == 2
            beating.cancel()
            await asyncio.wait([beating])

    run(go())


def test_a_node_that_cannot_reach_redis_for_a_ttl_gives_its_tables_up(
    own_redis: RedisInstance,
) -> None:
    """While Redis is away nobody can see this node's leases, and once it is back another
    node may take them: after a whole ttl without renewing, the node counts them lost."""

    async def go() -> None:
        async with nodes(own_redis.url, "A", ttl=0.5) as (a,):
            lost: list[list[str]] = []

            async def on_lost(tables: list[str]) -> None:
                lost.append(tables)

            assert await a.leases.acquire("T1")
            assert await a.leases.acquire("T2")
            keeper = asyncio.create_task(a.leases.keep(on_lost))
            await asyncio.sleep(0.3)
            own_redis.stop()
            await until(lambda: bool(lost))
            assert lost == [["T1", "T2"]] and a.leases.held == set()
            keeper.cancel()
            await asyncio.wait([keeper])

    run(go())


def test_a_task_that_lost_its_cancellation_is_cancelled_again() -> None:
    """A node's loops are cancelled at shutdown; a Redis call can swallow the cancellation
    (seen: the frame sender, which then waited for frames for good and held SIGTERM up for
    the whole shutdown grace). ``cancel_all`` cancels what is still running again."""
    ends: list[str] = []

    async def swallows_once() -> None:
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            asyncio.current_task().uncancel()  # type: ignore[union-attr]  # as the timeout does
        await asyncio.sleep(60)  # then waits again, as the loop would

    async def plain() -> None:
        await asyncio.sleep(60)

    async def main() -> None:
        tasks = [asyncio.create_task(f(), name=f.__name__) for f in (swallows_once, plain)]
        await asyncio.sleep(0)
        for t in tasks:
            t.add_done_callback(lambda t: ends.append(t.get_name()))
        await asyncio.wait_for(cancel_all(tasks, again_after=0.05), 5)
        assert all(t.cancelled() for t in tasks)

    run(main())
    assert sorted(ends) == ["plain", "swallows_once"]
