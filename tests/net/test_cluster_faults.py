"""No split brain, whatever single part fails: Redis away for half a second, three seconds
(the lease ttl) or ten; one node cut off from Redis but not from PostgreSQL, and the reverse
(a TCP proxy the test cuts). Real server processes, real PostgreSQL and Redis.

What must hold each time: the lease keeper lives on; a node that lost a table (its lease
lapsed, or a write of its was fenced) stops serving it at once and its clients follow the
table to its new owner; no request is answered ``internal``; every acknowledged action is in
the log once and the hand finishes."""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.request
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import psycopg
import pytest
from cluster_fixtures import PostgresInstance, RedisInstance
from cutproxy import CutProxy
from netkit import ServerProcess
from test_cluster_e2e import Acking, Nodes, _hand_with_an_incident
from test_cluster_takeover import TTL, cluster, open_rooms, until
from test_store_backends import room_row

from net.client import Client, ServerError
from net.protocol import Request
from net.store_pg import Fenced

pytestmark = pytest.mark.timeout(240)

R = TypeVar("R")


def run(coro: Awaitable[Any]) -> Any:
    async def main() -> Any:
        return await asyncio.wait_for(coro, 90)

    return asyncio.run(main())


# -- the parts: the lease keeper and the takeover, on a real Redis and PostgreSQL -------------


def test_the_keeper_outlives_a_redis_outage_and_the_node_gives_its_tables_up(
    pg_url: str, own_redis: RedisInstance
) -> None:
    """Redis away for 4 ttls: the keeper (with the real ``Takeover.lost``, which cannot reach
    Redis either) gives the tables up at the ttl and keeps running; once Redis is back the
    table is taken over once, the other node's writes are the only ones that land, and the
    keeper renews the tables the node takes later."""

    async def go() -> None:
        async with cluster(pg_url, own_redis.url, "A", "B") as (a, b):
            a.live()
            (room,) = await open_rooms(a, 1)
            await a.act(room, 0)
            b.live()
            keeper = a.tasks[0]
            own_redis.stop()
            stopped = asyncio.get_running_loop().time()
            await until(lambda: a.dropped == [room], 4 * TTL)
            gave_up = asyncio.get_running_loop().time() - stopped
            assert gave_up <= TTL + 0.2, gave_up  # by the deadline, not after it
            assert not keeper.done()
            await asyncio.sleep(3 * TTL)
            own_redis.start()
            await until(lambda: room in a.tables or room in b.tables)
            taker = a if room in a.tables else b
            await taker.act(room, 1)
            if taker is b:  # A's claim is stale: at most one node commits for the room
                with pytest.raises(Fenced):
                    await a.store.call(a.store.append_action, room, 2, {"n": 2}, 1, 2, 2)
            assert len(a.restored) + len(b.restored) == 1  # taken over once
            await a.store.call(a.store.create_room, room_row("L1", 1))
            await a.takeover.adopt(later := "L1")
            a.tables[later] = []
            await asyncio.sleep(4 * TTL)  # the keeper renews it: nobody takes it
            assert later in a.takeover.epochs and later in a.leases.held
            assert not keeper.done()

    run(go())


def test_a_fenced_node_gives_the_table_up_at_once(pg_url: str, redis_url: str) -> None:
    """A node that still thinks it owns a table (paused past its ttl) is fenced on its next
    write; the store tells it, and it drops the table at once, before its next renewal."""

    async def go() -> None:
        async with cluster(pg_url, redis_url, "A", "B") as (a, b):
            given_up: list[str] = []
            a.store.on_fenced = lambda room: given_up.append(room)
            a.live()
            (room,) = await open_rooms(a, 1)
            await a.die()  # paused
            b.live()
            await until(lambda: room in b.tables)
            with pytest.raises(Fenced):
                await a.act(room, 0)
            assert given_up == [room]
            await a.takeover.give_up(room)
            assert a.dropped == [room] and room not in a.takeover.epochs

    run(go())


# -- whole nodes -------------------------------------------------------------------------------


class Patient(Acking):
    """A player whose requests ride out ``unavailable`` (nothing was done: it asks again with
    the same id, as the app does), and who counts the other errors it got."""

    async def ask(self, msg: Request, kind: type[R]) -> R:
        while True:
            try:
                return await super().ask(msg, kind)
            except ServerError as e:
                if e.code != "unavailable":
                    raise
                self.unavailable = getattr(self, "unavailable", 0) + 1
                await asyncio.sleep(0.3)


def fetch(port: int, path: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
        return str(r.read().decode())


def internal_answers(proc: ServerProcess) -> float:
    m = re.search(r'tuolaji_errors_total\{code="internal"\} (\S+)', fetch(proc.port, "/metrics"))
    return float(m[1]) if m else 0.0


def check_logs(*procs: ServerProcess) -> None:
    for p in procs:
        assert p.log is not None
        text = p.log.read_text()
        assert "Traceback" not in text, text[-3000:]
        assert "had failed" not in text  # a cluster task died


async def _outage(
    a: ServerProcess,
    b: ServerProcess,
    pg_url: str,
    incident: Callable[[list[Acking]], Awaitable[None]],
) -> None:
    players = await _hand_with_an_incident(a, b, pg_url, incident, client=Patient)
    room = next(iter(players[0].versions))
    end = max(c.versions[room] for c in players)
    # every seat sees the whole hand, wherever the table ended up
    await asyncio.wait_for(_all_at(players, room, end), 20)
    for p in (a, b):
        assert internal_answers(p) == 0

    def tables() -> dict[str, int]:  # as the nodes' heartbeats tell it
        view = json.loads(fetch(b.port, "/healthz"))["cluster"]
        return {n: f["tables"] for n, f in view.items()}

    end_at = time.monotonic() + 10
    while sum(tables().values()) != 1:  # the table runs on exactly one node
        assert time.monotonic() < end_at, tables()
        await asyncio.sleep(0.2)
    for c in players:
        await c.close()


async def _all_at(players: list[Acking], room: str, end: int) -> None:
    while any(c.versions.get(room) != end for c in players):
        await asyncio.sleep(0.05)


@pytest.fixture
def tmp_nodes(tmp_path: Path) -> Iterator[list[Nodes]]:
    made: list[Nodes] = []
    yield made
    for n in made:
        n.stop()


@pytest.mark.parametrize("seconds", [0.5, 3.0, 10.0])
def test_redis_away_leaves_one_owner(
    tmp_path: Path, pg_url: str, own_redis: RedisInstance, tmp_nodes: list[Nodes], seconds: float
) -> None:
    """Redis stops (empty when it comes back) for ``seconds`` in the middle of a hand."""
    nodes = Nodes(tmp_path, pg_url, own_redis.url)
    tmp_nodes.append(nodes)
    a, b = nodes.start("a"), nodes.start("b")

    async def outage(_players: list[Acking]) -> None:
        own_redis.stop()
        await asyncio.sleep(seconds)
        own_redis.start()

    asyncio.run(_outage(a, b, pg_url, outage))
    check_logs(a, b)


@pytest.mark.parametrize("part", ["redis", "postgresql"])
def test_a_node_cut_off_from_one_part(
    tmp_path: Path,
    own_postgres: PostgresInstance,
    own_redis: RedisInstance,
    tmp_nodes: list[Nodes],
    part: str,
) -> None:
    """Node a (which owns the table) loses its connections to Redis, or to PostgreSQL, for 8 s
    while node b reaches both; then the network heals."""
    pg_url = own_postgres.fresh_db()
    proxy = CutProxy(own_redis.port if part == "redis" else own_postgres.port).start()
    try:
        via = proxy.url(own_redis.url if part == "redis" else pg_url)
        urls = (pg_url, via) if part == "redis" else (via, own_redis.url)
        a_nodes, b_nodes = Nodes(tmp_path, *urls), Nodes(tmp_path, pg_url, own_redis.url)
        tmp_nodes += [a_nodes, b_nodes]
        a, b = a_nodes.start("a"), b_nodes.start("b")

        async def partition(_players: list[Acking]) -> None:
            proxy.cut()
            await asyncio.sleep(8.0)
            proxy.heal()

        asyncio.run(_outage(a, b, pg_url, partition))
        check_logs(a, b)
    finally:
        proxy.close()


def test_a_create_while_redis_is_away_opens_no_room(
    tmp_path: Path, pg_url: str, own_redis: RedisInstance
) -> None:
    """The create answers ``unavailable`` and its room never opens: it neither counts towards
    the player's open rooms (their resends used to reach the cap) nor waits to be taken over."""
    proxy = CutProxy(own_redis.port).start()
    node = ServerProcess(
        tmp_path / "unused.sqlite3",
        *("--store", pg_url, "--redis", proxy.url(own_redis.url), "--node-id", "a"),
        log=tmp_path / "a.log",
    )

    async def go() -> None:
        c = Client(node.url, name="Ann")
        await c.connect()
        proxy.cut()
        for _ in range(11):  # more than rooms_per_user
            with pytest.raises(ServerError) as refused:
                await c.create("classic")
            assert refused.value.code == "unavailable"
        proxy.heal()
        end = time.monotonic() + 20
        while True:
            try:
                made = await c.create("classic")
                break
            except ServerError as e:
                assert e.code == "unavailable" and time.monotonic() < end
                await asyncio.sleep(0.3)
        await c.join(made.room)
        await c.close()

    try:
        node.start()
        asyncio.run(go())
        with psycopg.connect(pg_url) as db:
            row = db.execute("SELECT count(*) FROM rooms WHERE NOT closed").fetchone()
        assert row is not None and row[0] == 1
        check_logs(node)
    finally:
        node.stop()
        proxy.close()
