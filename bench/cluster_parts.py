"""What the cluster's parts cost on loopback, before any server is wired to them.

    python bench/cluster_parts.py [--n 2000] [--tables 100]

Starts a throwaway redis-server and PostgreSQL (tests/net/cluster_fixtures.py) and prints:

- forwarding: round trip of a request from one node to the owner's handler and back through
  Redis (``Bus.request``), p50/p99: what a client on a non-owner node pays per request;
- fan-out: delay from ``Bus.send_frames`` on the owner to ``on_frames`` on another node,
  p50/p99 (the added delay a spectator on another node sees), at a steady pace;
- Redis commands per broadcast (INFO commandstats before/after);
- PostgreSQL: ``--tables`` tables each appending actions one after another, all at once
  (``PgStore.append_action`` through group commit): actions/s, transactions per action and
  CPU-seconds per 1,000 actions (this process, and PostgreSQL's);
- takeover: a node stops renewing (as if killed) with the default lease and scan settings;
  seconds until another node has claimed and loaded all of its tables, and actions missing.

Figures are for this machine; docs/SCALING.md says what they mean for N machines.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "net"))

from cluster_fixtures import PostgresInstance, RedisInstance  # noqa: E402
from redis.asyncio import Redis  # noqa: E402

from net.cluster.bus import Bus  # noqa: E402
from net.cluster.lease import Leases  # noqa: E402
from net.cluster.takeover import Takeover  # noqa: E402
from net.store_pg import PgStore  # noqa: E402


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def frames(sent: float) -> bytes:
    """A batch for another node: one event frame (about a play frame's size) for each of its
    three clients at a table, as ``Cluster.send`` batches them."""
    frame = repr(sent).encode() + b"|" + b"x" * 250
    return b"\n".join(b"%d %s" % (cid, frame) for cid in range(3))


async def commands(redis: Redis) -> tuple[int, float]:
    """Redis's commands so far (scripts' inner calls included) and its CPU-seconds."""
    stats: dict[str, Any] = await redis.info("commandstats")
    cpu: dict[str, Any] = await redis.info("cpu")
    calls = sum(int(v["calls"]) for v in stats.values())
    return calls, float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"])


async def bus_figures(url: str, n: int) -> None:
    delays: list[float] = []

    async def answer(origin: str, body: bytes) -> bytes:
        return body

    def got(body: bytes) -> None:
        delays.append(time.perf_counter() - float(body.split(b" ", 1)[1].split(b"|")[0]))

    made = []
    for name in ("A", "B"):
        redis = Redis.from_url(url)
        bus = Bus(redis, name, answer, got)
        made.append((redis, bus, asyncio.create_task(bus.run())))
    (ra, a, _), (_, b, _) = made
    await asyncio.sleep(0.1)

    trips = []
    calls0, cpu0 = await commands(ra)
    for i in range(n):
        t0 = time.perf_counter()
        await b.request("A", b"%d" % i)
        trips.append(time.perf_counter() - t0)
    calls, cpu = await commands(ra)
    print(
        f"forwarding  round trip p50 {pct(trips, 0.5) * 1e3:.2f} ms"
        f"  p99 {pct(trips, 0.99) * 1e3:.2f} ms  ({n} requests);"
        f" {(calls - calls0) / n:.2f} Redis commands and {(cpu - cpu0) / n * 1e6:.0f} µs"
        " Redis CPU each"
    )

    calls0, cpu0 = await commands(ra)
    for _ in range(n):
        await a.send_frames("B", frames(time.perf_counter()))
        await asyncio.sleep(0.002)  # a steady pace, not a burst
    while len(delays) < n:
        await asyncio.sleep(0.01)
    print(
        f"fan-out     delay p50 {pct(delays, 0.5) * 1e3:.2f} ms"
        f"  p99 {pct(delays, 0.99) * 1e3:.2f} ms  ({n} broadcasts, 3 clients on the node)"
    )
    calls, cpu = await commands(ra)
    print(
        f"redis       {(calls - calls0) / n:.2f} commands and {(cpu - cpu0) / n * 1e6:.0f} µs"
        " CPU per broadcast (one other node with clients at the table)"
    )
    for redis, _, task in made:
        task.cancel()
        await redis.aclose()


class CountingStore(PgStore):
    """Counts the transactions group commit makes."""

    commits = 0

    def _commit(self, batches: list[Any]) -> None:
        self.commits += 1
        super()._commit(batches)


def cpu_of_tree(root: int) -> float:
    """CPU-seconds of a process and its children (the postmaster and its backends)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(stat.parent.name)
        if pid == root or int(fields[1]) == root:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


async def pg_figures(pg: PostgresInstance, tables: int, per_table: int) -> None:
    store = CountingStore(pg.fresh_db())
    store.start()
    assert pg.proc is not None

    for t in range(tables):
        room = {"id": f"R{t}", "owner": 1, "rules": {}, "multiplier": 1, "private": False}
        room |= {"invite": None, "seed": t, "seats": [None] * 4, "side": "any"}
        await store.call(store.create_room, room)
    x0 = store.commits
    cpu0, pg0, t0 = time.process_time(), cpu_of_tree(pg.proc.pid), time.perf_counter()

    async def table(t: int) -> None:
        for seq in range(per_table):
            act = {"type": "play", "cards": ["AS", "AS"]}
            await store.call(store.append_action, f"R{t}", seq, act, 1, seq, seq)

    await asyncio.gather(*(table(t) for t in range(tables)))
    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    pg_cpu = cpu_of_tree(pg.proc.pid) - pg0
    n = tables * per_table
    print(
        f"postgresql  {n / wall:.0f} actions/s  {(store.commits - x0) / n:.3f} transactions"
        f" per action; CPU-s per 1,000 actions: {cpu / n * 1000:.2f} node (store thread and"
        f" loop), {pg_cpu / n * 1000:.2f} PostgreSQL  ({tables} tables at once)"
    )
    store.close()


async def takeover_figures(pg: PostgresInstance, redis_url: str, tables: int) -> None:
    url = pg.fresh_db()
    a, b = PgStore(url), PgStore(url)
    ra, rb = Redis.from_url(redis_url), Redis.from_url(redis_url)
    la, lb = Leases(ra, "A"), Leases(rb, "B")
    loaded: dict[str, int] = {}

    async def restore(row: dict[str, Any], epoch: int) -> None:
        loaded[row["id"]] = len(row["actions"])

    async def nothing(room: str) -> None:
        return None

    ta = Takeover(a, la, restore, nothing)
    tb = Takeover(b, lb, restore, nothing)
    a.start()
    b.start()
    keeper = asyncio.create_task(la.keep(ta.lost))
    for t in range(tables):
        room = {"id": f"F{t}", "owner": 1, "rules": {}, "multiplier": 1, "private": False}
        room |= {"invite": None, "seed": t, "seats": [None] * 4, "side": "any"}
        await a.call(a.create_room, room)
        await ta.adopt(f"F{t}")
        for seq in range(30):
            await a.call(a.append_action, f"F{t}", seq, {"n": seq}, 1, seq, seq)
    scanner = asyncio.create_task(tb.run())
    await asyncio.sleep(2)
    keeper.cancel()  # A is "killed": no more renewals
    killed = time.perf_counter()
    while len(loaded) < tables:
        await asyncio.sleep(0.01)
    took = time.perf_counter() - killed
    lost = sum(30 - n for n in loaded.values())
    print(
        f"takeover    {took:.2f} s from the kill to {tables} tables loaded on another"
        f" node (lease {la.ttl_ms / 1000:.0f} s, grace {tb.grace:.0f} s, scan every"
        f" {tb.every:.0f} s); actions missing: {lost}"
    )
    scanner.cancel()
    for s in (a, b):
        s.close()
    await ra.aclose()
    await rb.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=100)
    args = parser.parse_args()
    redis, pg = RedisInstance(), PostgresInstance(fsync=True)
    redis.start()
    pg.start()
    try:
        asyncio.run(bus_figures(redis.url, args.n))
        asyncio.run(pg_figures(pg, args.tables, 20))
        asyncio.run(takeover_figures(pg, redis.url, args.tables))
    finally:
        redis.remove()
        pg.remove()


if __name__ == "__main__":
    main()
