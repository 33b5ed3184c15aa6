"""The cluster end to end: real server processes on loopback sharing a throwaway PostgreSQL and
Redis (tests/net/cluster_fixtures.py), real websockets clients playing with the easy AI.

    python bench/cluster_load.py [--tables 8]

Each table plays one hand, twice: saturated (every player acts the moment it is asked: what
the nodes can do) and paced (each action after a think time drawn from 0.5-1.5 x ``--think``
seconds, as people play: what one action's trip costs when nothing queues). Prints, for one
node and for two nodes (players and tables spread over both), saturated and paced:

- CPU-seconds per 1,000 actions per node (the node processes' user + system time over the
  actions acknowledged while they played);
- client p50/p99: from sending an action to its answer;
- cross-node spectator delay p50/p99: each table has a spectator on its owner and one on the
  other node; the second receives each event this much later than the first;
- failover: two nodes, every table on node a; a is SIGKILLed mid-hand, its clients move to b;
  seconds from the kill until each table's hand moves again (an action acknowledged), and
  the actions acknowledged but missing from PostgreSQL's log (lost).

Figures are for this machine; docs/SCALING.md says what they mean for N machines.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "net"))

import psycopg  # noqa: E402
from cluster_fixtures import PostgresInstance, RedisInstance  # noqa: E402
from netkit import ServerProcess  # noqa: E402
from redis import Redis  # noqa: E402

from engine.actions import Action  # noqa: E402
from net.bot import play_seat  # noqa: E402
from net.client import Client  # noqa: E402
from net.players import make_ai  # noqa: E402
from net.protocol import Act, Frame, TableEvent, VersionReply  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def cpu(proc: ServerProcess) -> float:
    """The process's user + system CPU-seconds so far."""
    assert proc.proc is not None
    fields = Path(f"/proc/{proc.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


class Player(Client):
    """Remembers each acknowledged action: (request id, version, when sent)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.acked: list[tuple[int, int, float, float]] = []  # ... and when answered
        self.latency: list[float] = []

    async def act(self, room: str, action: Action) -> VersionReply:
        req = Act(self.next_id(), room, action)
        sent, at = time.perf_counter(), time.monotonic()
        got = await self.ask(req, VersionReply)
        self.latency.append(time.perf_counter() - sent)
        self.acked.append((req.id, got.v, at, time.monotonic()))
        return got


class Watcher(Client):
    """Remembers when each event version arrived."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, on_frame=self._seen, **kw)
        self.seen: dict[int, float] = {}

    def _seen(self, frame: Frame) -> None:
        if isinstance(frame, TableEvent):
            self.seen.setdefault(frame.v, time.perf_counter())


class Cluster:
    def __init__(self, tmp: Path, pg_url: str, redis_url: str) -> None:
        self.tmp, self.pg_url, self.redis_url = tmp, pg_url, redis_url
        self.nodes: dict[str, ServerProcess] = {}

    def start(self, name: str) -> ServerProcess:
        args = ("--store", self.pg_url, "--redis", self.redis_url, "--node-id", name)
        proc = ServerProcess(
            self.tmp / "unused.sqlite3",
            *args,
            "--deal-delay",
            "0",
            "--away-grace",
            "60",
            log=self.tmp / f"{name}.log",
        ).start()
        self.nodes[name] = proc
        return proc

    def stop(self) -> None:
        for p in self.nodes.values():
            p.stop()


async def seat_table(
    t: int, urls: list[str], watch_urls: list[str]
) -> tuple[str, list[Player], list[Watcher]]:
    """A table created through ``urls[0]`` (its node owns it), its seats' players connected to
    ``urls``, and spectators to ``watch_urls``."""
    players = [Player(u, name=f"p{t}x{i}") for i, u in enumerate(urls)]
    for c in players:
        await c.connect()
    room = (await players[0].create("classic")).room
    for i, c in enumerate(players):
        await c.join(room)
        await c.sit(room, i)
        await c.ready(room)
    watchers = [Watcher(u, name=f"w{t}x{i}") for i, u in enumerate(watch_urls)]
    for w in watchers:
        await w.connect()
        await w.join(room)
    return room, players, watchers


async def play(tables: list[tuple[str, list[Player], list[Watcher]]], think: float) -> None:
    rng = random.Random(1)
    pace = (lambda: rng.uniform(0.5, 1.5) * think) if think > 0 else None
    for room, players, _w in tables:
        await players[0].start(room)
    await asyncio.gather(
        *(
            play_seat(c, room, make_ai("easy", i), think=pace)
            for room, players, _w in tables
            for i, c in enumerate(players)
        )
    )


async def load(cluster: Cluster, names: list[str], n_tables: int, think: float) -> dict[str, Any]:
    urls = [cluster.nodes[n].url for n in names]
    tables = []
    for t in range(n_tables):
        owner = urls[t % len(urls)]
        other = urls[(t + 1) % len(urls)]
        seats = [urls[(t + i) % len(urls)] for i in range(4)]
        tables.append(await seat_table(t, seats, [owner, other]))
    before = {n: cpu(cluster.nodes[n]) for n in names}
    start = time.perf_counter()
    await play(tables, think)
    wall = time.perf_counter() - start
    used = {n: cpu(cluster.nodes[n]) - before[n] for n in names}
    players = [c for _r, ps, _w in tables for c in ps]
    actions = sum(len(c.acked) for c in players)
    latency = [x for c in players for x in c.latency]
    delays = []
    for _room, _ps, (near, far) in tables:
        delays += [far.seen[v] - near.seen[v] for v in near.seen if v in far.seen]
    for _room, ps, ws in tables:
        for c in [*ps, *ws]:
            await c.close()
    return {
        "nodes": len(names),
        "tables": n_tables,
        "think_s": think,
        "actions": actions,
        "wall_s": round(wall, 2),
        "actions_per_s": round(actions / wall, 1),
        # each node's CPU over its share of the actions (actions / nodes)
        "cpu_s_per_1000_actions_per_node": {
            n: round(used[n] / actions * 1000 * len(names), 3) for n in names
        },
        "client_p50_ms": round(pct(latency, 0.5) * 1000, 2),
        "client_p99_ms": round(pct(latency, 0.99) * 1000, 2),
        "cross_node_spectator_delay_p50_ms": round(pct(delays, 0.5) * 1000, 2)
        if len(names) > 1
        else None,
        "cross_node_spectator_delay_p99_ms": round(pct(delays, 0.99) * 1000, 2)
        if len(names) > 1
        else None,
    }


async def failover(cluster: Cluster, n_tables: int) -> dict[str, Any]:
    a, b = cluster.nodes["a"], cluster.nodes["b"]
    tables = []
    for t in range(n_tables):
        seats = [a.url, b.url, a.url, b.url]
        tables.append(await seat_table(100 + t, seats, []))
    for room, players, _w in tables:
        await players[0].start(room)
    game = asyncio.gather(
        *(
            play_seat(c, room, make_ai("easy", i))
            for room, players, _w in tables
            for i, c in enumerate(players)
        )
    )
    while any(sum(len(c.acked) for c in ps) < 8 for _r, ps, _w in tables):
        await asyncio.sleep(0.05)
    a.kill()
    killed = time.monotonic()
    for _room, players, _w in tables:
        for c in players[0::2]:
            c.url = b.url  # the balancer sends them to the node left
    await asyncio.wait_for(game, 180)
    moving = []  # until the first action sent after the kill is acknowledged
    for _room, players, _w in tables:
        after = [done for c in players for _r, _v, sent, done in c.acked if sent > killed]
        moving.append(min(after) - killed)
    lost = twice = 0
    with psycopg.connect(cluster.pg_url) as db:
        for room, players, _w in tables:
            rows = db.execute(
                "SELECT user_id, req, v FROM actions WHERE room = %s", (room,)
            ).fetchall()
            logged = {(u, r, v) for u, r, v in rows}
            ids = [(u, r) for u, r, _v in rows if r is not None]
            twice += len(ids) - len(set(ids))
            for c in players:
                assert c.user is not None
                acked = [(c.user.user, req, v) for req, v, _s, _d in c.acked]
                lost += sum(1 for row in acked if row not in logged)
    for _room, players, _w in tables:
        for c in players:
            await c.close()
    return {
        "tables": n_tables,
        "failover_s_median": round(sorted(moving)[len(moving) // 2], 2),
        "failover_s_max": round(max(moving), 2),
        "actions_lost": lost,
        "actions_applied_twice": twice,
    }


def flush(redis: RedisInstance) -> None:
    """A run starts from an empty Redis (another run's nodes and inboxes are gone)."""
    with Redis.from_url(redis.url) as client:
        client.flushall()


async def main_async(n_tables: int, think: float) -> None:
    pg = PostgresInstance(fsync=True)
    redis = RedisInstance()
    pg.start()
    redis.start()
    try:
        for names in (["a"], ["a", "b"]):
            with tempfile.TemporaryDirectory() as tmp:
                flush(redis)
                cluster = Cluster(Path(tmp), pg.fresh_db(), redis.url)
                for n in names:
                    cluster.start(n)
                try:
                    for pace in (0.0, think):
                        print(json.dumps(await load(cluster, names, n_tables, pace)), flush=True)
                finally:
                    cluster.stop()
        with tempfile.TemporaryDirectory() as tmp:
            flush(redis)
            cluster = Cluster(Path(tmp), pg.fresh_db(), redis.url)
            cluster.start("a")
            cluster.start("b")
            try:
                print(json.dumps(await failover(cluster, n_tables)), flush=True)
            finally:
                cluster.stop()
    finally:
        redis.remove()
        pg.remove()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=8, help="tables playing at once")
    p.add_argument("--think", type=float, default=0.3, help="the paced run's mean think time")
    a = p.parse_args()
    asyncio.run(main_async(a.tables, a.think))


if __name__ == "__main__":
    main()
