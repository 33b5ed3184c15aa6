"""Real server processes as nodes of one cluster on 127.0.0.1, sharing a real PostgreSQL and
Redis (tests/net/cluster_fixtures.py), with real websockets clients spread over the nodes."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
import urllib.request
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from cluster_fixtures import PostgresInstance, RedisInstance
from netkit import ServerProcess, leaks, seat_four, start_against_bots, until
from redis import Redis

from engine.actions import Action
from engine.records import HandRecord, replay
from net import config
from net.bot import play_seat
from net.client import Client, ServerError
from net.players import make_ai
from net.protocol import Act, VersionReply

log = logging.getLogger(__name__)

pytestmark = pytest.mark.timeout(180)


class Nodes:
    """Cluster nodes started on demand, all stopped at the end of the test."""

    def __init__(self, tmp: Path, pg_url: str, redis_url: str) -> None:
        self.tmp, self.pg_url, self.redis_url = tmp, pg_url, redis_url
        self.procs: list[ServerProcess] = []

    def start(self, name: str, *extra: str) -> ServerProcess:
        args = ("--store", self.pg_url, "--redis", self.redis_url, "--node-id", name)
        proc = ServerProcess(
            self.tmp / f"{name}.sqlite3",  # unused: the store is PostgreSQL
            *args,
            "--deal-delay",
            "0",
            "--away-grace",
            "30",
            *extra,
            log=self.tmp / f"{name}.log",
        ).start()
        self.procs.append(proc)
        return proc

    def stop(self) -> None:
        for p in self.procs:
            p.stop()


@pytest.fixture
def nodes(tmp_path: Path, pg_url: str, redis_url: str) -> Iterator[Nodes]:
    n = Nodes(tmp_path, pg_url, redis_url)
    yield n
    n.stop()


def fetch(port: int, path: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
        return str(r.read().decode())


def events(raws: list[str], room: str) -> list[str]:
    return [r for r in raws if '"type":"event"' in r and json.loads(r)["room"] == room]


async def _game_across_nodes(procs: list[ServerProcess]) -> None:
    """Seats round robin over the nodes (seat 0, the room's creator, on node a: the owner),
    one spectator on node a and one on the last node."""
    urls = [procs[i % len(procs)].url for i in range(4)]
    a, b = procs[0].url, procs[-1].url
    room, players = await seat_four(urls)
    watchers = [Client(u, name=n, keep_raw=True) for u, n in ((a, "Wu"), (b, "Xi"))]
    for w in watchers:
        await w.connect()
        await w.join(room)
    await until(lambda: players[1].rooms[room].spectators == 2)
    lobby = await watchers[1].lobby()  # the last node lists node a's room
    assert room in [r.room for r in lobby.rooms]
    await players[0].start(room)
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, room, make_ai("easy", i)) for i, c in enumerate(players))),
        90,
    )
    end = players[0].versions[room]
    await until(lambda: all(w.versions.get(room) == end for w in watchers))
    during = {id(c): len(c.raw) for c in [*players, *watchers]}  # the frames of the hand
    games = (await players[3].games()).games
    fetched = await players[3].record(games[0].game)
    record, v0 = fetched.record, fetched.v0
    assert replay(HandRecord.from_dict(record)).outcome is not None
    for seat, c in [*enumerate(players), (None, watchers[0]), (None, watchers[1])]:
        raws = c.raw[: during[id(c)]]
        problems = leaks(record, v0, seat, raws)
        assert not problems, problems[:5]
        got = events(raws, room)
        # every version once, in order, none missed (no resync was needed)
        assert [json.loads(r)["v"] for r in got] == list(range(v0 + 1, end + 1))
    # a spectator on the owner and one on the other node received the same bytes
    assert events(watchers[0].raw, room) == events(watchers[1].raw, room)
    # each node's health and metrics show the cluster: the table runs on node a
    names_of = {p.url: n for p, n in zip(procs, "abc", strict=False)}
    expected = {n: {"tables": int(n == "a"), "connections": 0} for n in names_of.values()}
    for c in [*players, *watchers]:
        expected[names_of[c.url]]["connections"] += 1

    def view() -> dict[str, Any]:
        return dict(json.loads(fetch(procs[-1].port, "/healthz")).get("cluster", {}))

    def metrics_view() -> dict[str, Any]:
        """Node a's view in its /metrics: each node's figures as of a's last look at Redis,
        which may be a heartbeat behind the last node's (a whole hand can take under 2 s)."""
        found: dict[str, Any] = {}
        for line in fetch(procs[0].port, "/metrics").splitlines():
            m = re.fullmatch(r'tuolaji_cluster_(tables|connections)\{node="(\w+)"\} (\S+)', line)
            if m:
                found.setdefault(m[2], {})[m[1]] = int(float(m[3]))
        return found

    await until(lambda: view() == expected, 10, 0.2)  # as of the nodes' last heartbeats (2 s)
    assert json.loads(fetch(procs[-1].port, "/healthz"))["node"] == "abc"[len(procs) - 1]
    await until(lambda: metrics_view() == expected, 10, 0.2)
    # a seat is held whichever node a player comes back through
    again = Client(procs[-1].url, token=players[0].token)
    assert [(s.room, s.seat) for s in (await again.connect()).seats] == [(room, 0)]
    for c in [*players, *watchers, again]:
        await c.close()


@pytest.mark.parametrize("count", [2, 3])
def test_a_game_spread_over_the_nodes_plays_to_the_end(nodes: Nodes, count: int) -> None:
    procs = [nodes.start(name) for name in "abc"[:count]]
    asyncio.run(_game_across_nodes(procs))
    assert all(p.alive() for p in procs)


class Acking(Client):
    """A client that remembers every action the server acknowledged: (request id, version).
    Its actions wait while its ``gate`` is closed (``holding``: one is waiting)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.acked: list[tuple[int, int]] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.holding = False

    async def act(self, room: str, action: Action) -> VersionReply:
        if not self.gate.is_set():
            self.holding = True
            await self.gate.wait()
            self.holding = False
        req = Act(self.next_id(), room, action)
        got = await self.ask(req, VersionReply)
        self.acked.append((req.id, got.v))
        return got


def logged(pg_url: str, room: str) -> list[tuple[int | None, int | None, int]]:
    """(user, request id, version) of every action in the room's log."""
    with psycopg.connect(pg_url) as db:
        rows = db.execute(
            "SELECT user_id, req, v FROM actions WHERE room = %s ORDER BY seq", (room,)
        ).fetchall()
    return [(u, r, v) for u, r, v in rows]


async def _hand_with_an_incident(
    a: ServerProcess,
    b: ServerProcess,
    pg_url: str,
    incident: Callable[[list[Acking]], Awaitable[None]],
    client: type[Acking] = Acking,
) -> list[Acking]:
    """Four players, two on each node, play a hand of a room node ``a`` owns; ``incident``
    strikes once the tricks are under way. Every acknowledged action must be in the log once."""
    urls = (a.url, b.url, a.url, b.url)
    players = [client(u, name=n, keep_raw=True) for u, n in zip(urls, "ABCD", strict=True)]
    for c in players:
        await c.connect()
    room = (await players[0].create("classic")).room  # owned by node a
    for i, c in enumerate(players):
        await c.join(room)
        await c.sit(room, i)
        await c.ready(room)
    await players[0].start(room)
    play = asyncio.gather(*(play_seat(c, room, make_ai("easy", i)) for i, c in enumerate(players)))
    await until(lambda: sum(len(c.acked) for c in players) >= 8, 60)  # tricks under way
    assert not play.done()
    before = sum(len(c.acked) for c in players)
    struck = time.monotonic()
    await incident(players)
    await asyncio.wait_for(play, 90)
    log.info("the hand finished %.1f s after the incident", time.monotonic() - struck)
    assert sum(len(c.acked) for c in players) > before  # the hand went on after it
    rows = logged(pg_url, room)
    ids = [(u, r) for u, r, _v in rows if r is not None]
    assert len(ids) == len(set(ids)), "a request was applied twice"
    for c in players:
        assert c.user is not None
        for req, v in c.acked:
            assert (c.user.user, req, v) in rows, f"acknowledged action {req} (v{v}) lost"
    games = (await players[1].games()).games
    record = (await players[1].record(games[0].game)).record
    assert replay(HandRecord.from_dict(record)).outcome is not None
    return players


async def _kill_mid_hand(nodes: Nodes, pg_url: str) -> None:
    a, b = nodes.start("a"), nodes.start("b")

    async def kill(players: list[Acking]) -> None:
        a.kill()
        for c in players[0::2]:
            c.url = b.url  # the balancer sends them to the node that is left

    players = await _hand_with_an_incident(a, b, pg_url, kill)
    assert b.alive()
    for c in players:
        await c.close()


def test_a_node_killed_mid_hand_the_hand_finishes_on_another(nodes: Nodes, pg_url: str) -> None:
    asyncio.run(_kill_mid_hand(nodes, pg_url))


async def _stop_mid_hand(nodes: Nodes, pg_url: str) -> None:
    a, b = nodes.start("a"), nodes.start("b")
    owners: list[bytes | None] = []

    async def stop(players: list[Acking]) -> None:
        for c in players[0::2]:
            c.url = b.url  # the balancer sends them to the node that is left
        assert a.proc is not None
        a.proc.terminate()  # SIGTERM: the tables stop, then are handed over
        await asyncio.to_thread(a.proc.wait, 10)
        assert a.proc.returncode == 0
        room = next(iter(players[0].versions))
        with Redis.from_url(nodes.redis_url) as r:
            owners.append(r.get(f"tuolaji:lease:{room}"))

    players = await _hand_with_an_incident(a, b, pg_url, stop)
    # handed over at once: the lease is released (or b's already), not left to lapse as a's
    assert owners[0] is None or owners[0].startswith(b"b/")
    assert b.alive()
    for c in players:
        await c.close()


def test_a_node_stopped_mid_hand_hands_its_table_over(nodes: Nodes, pg_url: str) -> None:
    asyncio.run(_stop_mid_hand(nodes, pg_url))


async def _redis_restart(a: ServerProcess, b: ServerProcess, redis: RedisInstance, pg: str) -> None:
    """Redis dies with a prompt for a seat on node b in it, unread: b is frozen while the seats
    on node a play (b's inbox then holds their events and the next prompt of a seat on b).
    Lost with Redis, the hand must go on from the owner's fresh snapshots (without them it
    waits for good)."""
    inbox = "tuolaji:inbox:b"

    async def restart(players: list[Acking]) -> None:
        on_a = players[0::2]
        for c in on_a:
            c.gate.clear()
        await until(lambda: any(c.holding for c in on_a), 30)  # a seat on a is to act
        b.pause()
        # b's blocking read ends meanwhile (1 s): what comes next stays in Redis, not in
        # b's socket, where it would outlive Redis
        await asyncio.sleep(1.5)
        with Redis.from_url(redis.url) as r:
            last = r.xrevrange(inbox, count=1)
            mark = last[0][0].decode() if last else "0-0"
            for c in on_a:
                c.gate.set()
            await until(lambda: bool(r.xrange(inbox, f"({mark}", "+")), 10)
        await asyncio.sleep(0.5)  # a's seats play on until a seat on b is to act
        redis.stop()  # with b's unread frames
        await asyncio.sleep(1.0)  # everything in it is gone; the nodes keep trying meanwhile
        redis.start()
        b.resume()

    players = await _hand_with_an_incident(a, b, pg, restart)
    # presence rebuilt: both nodes alive, the room listed again, one owner
    client = Redis.from_url(redis.url)
    try:
        end = time.monotonic() + 10
        while time.monotonic() < end:
            nodes_alive = {n.decode() for n in client.smembers("tuolaji:nodes")}
            listed = client.hkeys("tuolaji:lobby")
            if nodes_alive == {"a", "b"} and listed:
                break
            await asyncio.sleep(0.1)
        assert nodes_alive == {"a", "b"}
        room = next(iter(players[0].versions))
        assert [r.decode() for r in listed] == [room]
        assert client.get(f"tuolaji:lease:{room}").decode().startswith("a/")
    finally:
        client.close()
    assert a.alive() and b.alive()
    for c in players:
        await c.close()


def test_redis_restarted_mid_hand_loses_nothing(
    tmp_path: Path, pg_url: str, own_redis: RedisInstance
) -> None:
    nodes = Nodes(tmp_path, pg_url, own_redis.url)
    try:
        a, b = nodes.start("a"), nodes.start("b")
        asyncio.run(_redis_restart(a, b, own_redis, pg_url))
    finally:
        nodes.stop()


async def _database_away(
    a: ServerProcess, b: ServerProcess, pg: PostgresInstance, url: str
) -> None:
    async def outage(_players: list[Acking]) -> None:
        pg.stop()
        await asyncio.sleep(3.0)  # shorter than the store's wait: requests wait, then go on
        pg.start()

    players = await _hand_with_an_incident(a, b, url, outage)
    # longer than the store waits: a request fails clearly, and is served once it is back
    pg.stop()
    newcomer = Client(b.url, name="Late")
    try:
        with pytest.raises(ServerError) as refused:
            await newcomer.connect()
        assert refused.value.code == "unavailable"
        assert "数据库" in refused.value.zh and "database" in refused.value.en
    finally:
        pg.start()
        await newcomer.close()
    again = Client(b.url, name="Late")
    assert (await again.connect()).name == "Late"
    for c in [*players, again]:
        await c.close()


def test_postgres_away_for_seconds_acknowledges_nothing_unwritten(
    tmp_path: Path, own_postgres: PostgresInstance, redis_url: str
) -> None:
    url = own_postgres.fresh_db()
    nodes = Nodes(tmp_path, url, redis_url)
    try:
        a, b = nodes.start("a"), nodes.start("b")
        asyncio.run(_database_away(a, b, own_postgres, url))
    finally:
        nodes.stop()


def test_redis_without_postgresql_is_refused() -> None:
    with pytest.raises(ValueError, match="redis: a cluster keeps its tables in PostgreSQL"):
        config.load(env={}, overrides={"redis": "redis://127.0.0.1:6379/0"})
    assert config.load(env={}, overrides={"store": "postgresql://h/db"}).database() == (
        "postgresql://h/db"
    )


async def _one_server_on_postgresql(url: str, restart: Callable[[], ServerProcess]) -> None:
    c = Client(url, name="Ann")
    await c.connect()
    room = (await c.create("classic")).room
    await c.join(room)
    await start_against_bots(c, room)
    await until(lambda: c.versions.get(room, 0) >= 20)
    seen = c.versions[room]
    await c.close()
    again = restart()  # the same database: the table is restored from its log
    c2 = Client(again.url, token=c.token)
    me = await c2.connect()
    assert [s.room for s in me.seats] == [room]
    joined = await c2.join(room)
    assert joined.seat == 0 and joined.v >= seen
    await c2.close()


def test_one_server_on_postgresql_resumes_its_tables(tmp_path: Path, pg_url: str) -> None:
    """``--store postgresql://…`` without ``--redis``: one server, everything in PostgreSQL."""
    procs: list[ServerProcess] = []

    def start() -> ServerProcess:
        if procs:
            procs[-1].stop()
        proc = ServerProcess(tmp_path / "unused.sqlite3", "--store", pg_url, "--deal-delay", "0")
        procs.append(proc.start())
        return procs[-1]

    try:
        asyncio.run(_one_server_on_postgresql(start().url, start))
    finally:
        for p in procs:
            p.stop()


async def _rooms_capped_across(a: ServerProcess, b: ServerProcess) -> None:
    c = Client(a.url, name="Flood")
    await c.connect()
    for _ in range(2):
        await c.create("classic")
    other = Client(b.url, token=c.token)  # the same player through the other node
    await other.connect()
    with pytest.raises(ServerError) as e:
        await other.create("classic")
    assert e.value.code == "too-many-rooms" and "at most 2" in e.value.en
    for client in (c, other):
        await client.close()


def test_the_open_rooms_cap_counts_every_node(nodes: Nodes) -> None:
    """``rooms_per_user`` is one player's open rooms on the whole cluster, not per node."""
    a, b = (nodes.start(n, "--rooms-per-user", "2") for n in "ab")
    asyncio.run(_rooms_capped_across(a, b))


async def _client_of_a_restarted_node(nodes: Nodes) -> None:
    a, b = nodes.start("a"), nodes.start("b")
    room, (ann, bo) = await seat_four([a.url, b.url], names=("Ann", "Bo"))
    assert not ann.rooms[room].seats[1].away  # type: ignore[union-attr]
    bo.reconnect_enabled = False  # Bo does not come back
    b.kill()  # his connection dies with node b, without a word to node a
    b.start()  # node b again, on the same address, before node a could miss it
    # the table on node a no longer counts Bo as here: his seat goes away (its grace, then
    # the AI), as it would had he been connected to node a itself
    await until(lambda: ann.rooms[room].seats[1].away, 10, 0.1)  # type: ignore[union-attr]
    await ann.close()
    await bo.close()


def test_the_clients_of_a_restarted_node_are_gone_from_the_tables(nodes: Nodes) -> None:
    """A node killed and started again within the presence ttl never looked departed: the
    tables elsewhere must still let go of its previous run's clients."""
    asyncio.run(_client_of_a_restarted_node(nodes))
