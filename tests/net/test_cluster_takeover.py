"""Tables changing nodes, against a real PostgreSQL and redis-server: a node that stops (its
leases lapse) has its tables taken over by the others, each by exactly one, with every action
it logged; a node cut off is fenced and drops what it lost; after Redis restarts empty a node
keeps its own tables without reloading them."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass, field
from typing import Any

import pytest
from cluster_fixtures import RedisInstance
from redis.asyncio import Redis
from test_store_backends import room_row

from net.cluster import lease_key
from net.cluster.lease import Leases
from net.cluster.takeover import Takeover
from net.store_pg import Fenced, PgStore

TTL = 0.5


def run(coro: Awaitable[Any]) -> Any:
    async def main() -> Any:
        return await asyncio.wait_for(coro, 60)

    return asyncio.run(main())


@dataclass
class Node:
    """A server node's store, leases and takeover; ``tables`` stands for the tables it runs
    (room -> the log it replayed), as the server's ``restore`` would hold them."""

    name: str
    store: PgStore
    redis: Redis
    leases: Leases
    takeover: Takeover
    tables: dict[str, list[Any]] = field(default_factory=dict)
    restored: list[tuple[str, int]] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    def live(self) -> None:
        """Renew leases and scan for orphans, as a running node does."""
        self.tasks += [
            asyncio.create_task(self.leases.keep(self.takeover.lost)),
            asyncio.create_task(self.takeover.run()),
        ]

    async def die(self) -> None:
        """Stop renewing and scanning (a SIGKILL, as far as the others can tell)."""
        for t in self.tasks:
            t.cancel()
            await asyncio.wait([t])
        self.tasks = []

    async def act(self, room: str, seq: int) -> None:
        await self.store.call(self.store.append_action, room, seq, {"n": seq}, 1, seq, seq)
        self.tables[room].append(({"n": seq}, 1, seq, seq))


@contextlib.asynccontextmanager
async def cluster(pg_url: str, redis_url: str, *names: str) -> AsyncIterator[list[Node]]:
    made: list[Node] = []
    for name in names:
        store = PgStore(pg_url)
        store.start()
        redis = Redis.from_url(redis_url)
        leases = Leases(redis, name, ttl=TTL)
        node = Node(name, store, redis, leases, None)  # type: ignore[arg-type]

        async def restore(row: dict[str, Any], epoch: int, n: Node = node) -> None:
            n.tables[row["id"]] = list(row["actions"])
            n.restored.append((row["id"], epoch))

        async def drop(room: str, n: Node = node) -> None:
            n.tables.pop(room, None)
            n.dropped.append(room)

        node.takeover = Takeover(store, leases, restore, drop, every=0.1)
        made.append(node)
    try:
        yield made
    finally:
        for node in made:
            await node.die()
            await node.redis.aclose()
            node.store.close()


async def until(check: Any, within: float = 20.0) -> None:
    end = asyncio.get_running_loop().time() + within
    while not check():
        assert asyncio.get_running_loop().time() < end, "timed out"
        await asyncio.sleep(0.02)


async def open_rooms(node: Node, count: int) -> list[str]:
    rooms = [f"{node.name}{i}" for i in range(count)]
    for room in rooms:
        await node.store.call(node.store.create_room, room_row(room, 1))
        assert await node.takeover.adopt(room) == 1
        node.tables[room] = []
    return rooms


def test_a_dead_nodes_tables_are_taken_over_once_each(pg_url: str, redis_url: str) -> None:
    async def go() -> None:
        async with cluster(pg_url, redis_url, "A", "B", "C") as (a, b, c):
            a.live()
            rooms = await open_rooms(a, 6)
            for i, room in enumerate(rooms):
                for seq in range(i + 1):
                    await a.act(room, seq)
            b.live()
            c.live()
            await asyncio.sleep(3 * TTL)  # A lives: nobody takes anything
            assert b.restored == [] and c.restored == []
            await a.die()
            await until(lambda: len(b.tables) + len(c.tables) == 6)
            assert sorted([*b.tables, *c.tables]) == rooms  # each by exactly one
            for room in rooms:
                taker = b if room in b.tables else c
                assert taker.tables[room] == a.tables[room]  # every action A logged
                assert (room, 2) in taker.restored
                await taker.act(room, len(taker.tables[room]))  # the hand moves on
            # A was only paused: what it writes now is refused, nothing is written twice
            with pytest.raises(Fenced):
                await a.act(rooms[0], 1)
            await asyncio.sleep(3 * TTL)
            assert len(b.restored) + len(c.restored) == 6

    run(go())


def test_a_node_cut_off_drops_what_it_lost(pg_url: str, redis_url: str) -> None:
    async def go() -> None:
        async with cluster(pg_url, redis_url, "A", "B") as (a, b):
            a.live()
            (room,) = await open_rooms(a, 1)
            await a.act(room, 0)
            await a.die()  # paused
            b.live()
            await until(lambda: room in b.tables)
            await b.act(room, 1)
            a.live()  # A wakes up: its renewal fails, it cannot take the room back
            await until(lambda: a.dropped == [room])
            assert room not in a.tables and a.takeover.epochs == {}
            await asyncio.sleep(3 * TTL)
            assert b.tables[room] == [({"n": s}, 1, s, s) for s in range(2)]
            assert [r for r, _ in b.restored] == [room]

    run(go())


def test_a_closed_room_is_not_taken_over(pg_url: str, redis_url: str) -> None:
    async def go() -> None:
        async with cluster(pg_url, redis_url, "A", "B") as (a, b):
            a.live()
            first, second = await open_rooms(a, 2)
            await a.store.call(a.store.update_room, first, 1, [None] * 4, True)
            await a.takeover.release(first)
            await a.die()
            b.live()
            await until(lambda: second in b.tables)
            await asyncio.sleep(3 * TTL)
            assert list(b.tables) == [second]

    run(go())


def test_after_redis_restarts_a_node_keeps_its_tables(
    pg_url: str, own_redis: RedisInstance
) -> None:
    """Redis comes back empty: the owner re-takes its tables at the epoch it knows (no reload,
    no takeover by another node); the fencing epoch moved on in PostgreSQL."""

    async def go() -> None:
        async with cluster(pg_url, own_redis.url, "A", "B") as (a, b):
            a.live()
            rooms = await open_rooms(a, 3)
            await a.act(rooms[0], 0)
            b.live()
            own_redis.stop()
            await asyncio.sleep(TTL / 2)
            own_redis.start()
            await until(lambda: all(e == 2 for e in a.takeover.epochs.values()))
            await asyncio.sleep(3 * TTL)
            assert sorted(a.takeover.epochs) == rooms
            assert a.restored == [] and a.dropped == []  # memory was current
            assert b.restored == []
            await a.act(rooms[0], 1)  # writes with the new epoch

    run(go())


def test_a_node_shutting_down_takes_nothing_over(pg_url: str, redis_url: str) -> None:
    """B begins to shut down (``closing``) as A dies: A's tables go to C alone, and a lease B
    loses meanwhile is given up rather than taken back."""

    async def go() -> None:
        async with cluster(pg_url, redis_url, "A", "B", "C") as (a, b, c):
            a.live()
            rooms = await open_rooms(a, 3)
            (mine,) = await open_rooms(b, 1)
            b.live()
            b.takeover.closing = True
            await a.die()
            c.live()
            await until(lambda: sorted(c.tables) == rooms)
            assert b.restored == []
            await b.redis.delete(*[k async for k in b.redis.scan_iter("*")])  # Redis emptied
            await until(lambda: b.dropped == [mine])  # given up, for C to take at once
            await until(lambda: mine in c.tables)

    run(go())


def test_a_room_is_loading_from_its_lease_to_its_restore(pg_url: str, redis_url: str) -> None:
    """Between taking a room's lease (Redis names the node its owner from then on) and its
    restore, ``loading`` names the room, so that a request forwarded there waits for the table
    instead of being told there is no such room."""

    async def go() -> None:
        async with cluster(pg_url, redis_url, "A", "B") as (a, b):
            a.live()
            (room,) = await open_rooms(a, 1)
            await a.die()
            seen: list[tuple[bool, bool]] = []
            inner = b.takeover.restore

            async def restore(row: dict[str, Any], epoch: int) -> None:
                seen.append(
                    (room in b.takeover.loading, await b.leases.owners([room]) == {room: "B"})
                )
                await inner(row, epoch)

            b.takeover.restore = restore
            b.live()
            await until(lambda: room in b.tables)
            assert seen == [(True, True)]
            assert b.takeover.loading == set()

    run(go())


@pytest.mark.parametrize("given_up", ["fenced", "reloaded"])
def test_a_table_given_up_while_its_lease_is_taken_back_is_not_kept(
    pg_url: str, redis_url: str, given_up: str
) -> None:
    """The lease keeper finds a lease lost (``lost``: it takes it back) while the same table
    is given up (a write fenced, or a COMMIT broken off: reload it from its log). Whatever
    their order, the node never ends up holding a lease for a table it no longer runs (nobody
    would ever run it again); it either runs the table or lets it go to be taken over."""

    async def go() -> None:
        async with cluster(pg_url, redis_url, "A") as (a,):
            (room,) = await open_rooms(a, 1)
            await a.redis.delete(lease_key(room))  # lapsed unrenewed
            a.leases.held.discard(room)
            give_up = a.takeover.give_up(room) if given_up == "fenced" else a.takeover.reload(room)
            await asyncio.gather(a.takeover.lost([room]), give_up)
            runs = room in a.tables
            assert (room in a.takeover.epochs) == runs
            assert (room in a.leases.held) == runs
            if not runs:  # free for whoever scans next (this node included)
                a.live()
                await until(lambda: room in a.tables)

    run(go())
