"""Chaos for a cluster: three real server nodes on one PostgreSQL and one Redis (each node
reaching them through a TCP proxy of its own, which can be cut), people, server bots and
spectators playing hand after hand, and a seeded schedule of faults, one at a time: a node
SIGKILLed or SIGTERMed (and started again), Redis stopped (it comes back empty), PostgreSQL
stopped, one node cut off from Redis or from PostgreSQL.

What is checked afterwards (``Run.check``): every acknowledged action is in the log exactly
once; each room's log is whole (its sequence numbers 1..n, each epoch claimed once); every
spectator's frames match the record (it reached the hand's last version); every table moved
again within a bound after the last fault healed; no request was answered ``internal``.

Used by tests/net/test_cluster_chaos.py (a short run) and bench/chaos.py (longer, figures).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import re
import signal
import statistics
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import psycopg
import redis
from cluster_fixtures import PostgresInstance, RedisInstance
from cutproxy import CutProxy
from netkit import ServerProcess
from websockets.exceptions import InvalidHandshake

from engine.records import HandRecord, replay
from net.bot import play_seat
from net.client import Client, ServerError
from net.cluster import lease_key
from net.players import make_ai
from net.protocol import Act, HandEnd, Request, VersionReply

log = logging.getLogger("chaos")

R = TypeVar("R")
NODES = ("a", "b", "c")
KINDS = ("kill", "term", "redis", "postgres", "cut-redis", "cut-postgres")


class Player(Client):
    """A person at a table (or watching): remembers every action acknowledged, rides out
    ``unavailable`` (nothing was done: the same request again, as the app does) and notes
    every other refusal."""

    def __init__(self, run: Run, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.run = run
        self.acked: list[tuple[int, int, float]] = []  # (request id, version, when)
        self.asking: list[str] = []  # the requests waiting for their answer
        self.last: dict[str, str] = {}  # room -> the last frame of it (what the player saw)
        self.on_frame = self._saw

    def _saw(self, frame: Any) -> None:
        room = getattr(frame, "room", None)
        if isinstance(room, str):
            view = getattr(frame, "view", None)
            acts = getattr(frame, "actions", None) or getattr(view, "actions", None)
            self.last[room] = f"{type(frame).__name__} v{getattr(frame, 'v', '?')} {acts}"

    async def ask(self, msg: Request, kind: type[R]) -> R:
        what = f"{type(msg).__name__} #{msg.id}"
        self.asking.append(what)
        try:
            while True:
                try:
                    return await super().ask(msg, kind)
                except ServerError as e:
                    if e.code != "unavailable":
                        self.run.refusals.append(e.code)
                        raise
                    await asyncio.sleep(0.3)
        finally:
            self.asking.remove(what)

    async def act(self, room: str, action: Any) -> VersionReply:
        req = Act(self.next_id(), room, action)
        got = await self.ask(req, VersionReply)
        self.acked.append((req.id, got.v, time.monotonic()))
        self.run.moved = time.monotonic()
        return got


@dataclass
class Node:
    name: str
    redis: CutProxy
    pg: CutProxy
    proc: ServerProcess | None = None

    @property
    def up(self) -> bool:
        return self.proc is not None and self.proc.alive()


@dataclass
class Run:
    seed: int
    tmp: Path
    pg: PostgresInstance
    redis: RedisInstance
    pg_url: str
    longest: float = 4.0  # the longest outage drawn (seconds)
    shortest: float = 1.0
    kinds: tuple[str, ...] = KINDS  # the faults drawn
    nodes: dict[str, Node] = field(default_factory=dict)
    players: list[Player] = field(default_factory=list)
    spectators: list[tuple[str, int, int]] = field(default_factory=list)  # room, last v, seen
    refusals: list[str] = field(default_factory=list)
    faults: list[tuple[str, str, float]] = field(default_factory=list)  # kind, node, seconds
    failovers: list[float] = field(default_factory=list)  # fault start -> tables moving again
    recoveries: list[float] = field(default_factory=list)  # fault healed -> moving again
    hands: int = 0
    healed: float = 0.0  # when the last fault healed
    moved: float = 0.0  # when an action was last acknowledged
    stopping: bool = False
    lost: int = 0  # acknowledged actions not in the log (``check``)
    current: dict[int, tuple[str, list[Player]]] = field(default_factory=dict)  # table -> room

    # -- the nodes ---------------------------------------------------------------------------
    def start_nodes(self) -> None:
        for name in NODES:
            node = Node(name, CutProxy(self.redis.port).start(), CutProxy(self.pg.port).start())
            self.nodes[name] = node
            self.launch(node)

    def launch(self, node: Node, port: int = 0) -> None:
        node.proc = ServerProcess(
            self.tmp / f"{node.name}.sqlite3",  # unused: the store is PostgreSQL
            *("--store", node.pg.url(self.pg_url), "--redis", node.redis.url(self.redis.url)),
            *("--node-id", node.name, "--deal-delay", "0", "--away-grace", "60"),
            *("--log-level", "INFO"),  # takeovers and restores: to follow a room afterwards
            port=port,
            log=self.tmp / f"{node.name}.log",
        ).start()

    def url(self, avoid: str | None = None) -> str:
        """A live node's address, as the balancer would choose it."""
        live = [n for n in self.nodes.values() if n.up and n.name != avoid]
        assert live, "no node is up"
        proc = random.choice(live).proc
        assert proc is not None
        return proc.url

    def stop(self) -> None:
        for node in self.nodes.values():
            if node.proc is not None:
                node.proc.stop()
            node.redis.close()
            node.pg.close()

    # -- play ----------------------------------------------------------------------------------
    async def table(self, index: int) -> None:
        """Hand after hand at a new room each time: two people on random nodes, two server
        bots, a spectator on a third node."""
        rng = random.Random(self.seed * 1000 + index)
        while not self.stopping:
            people = [await self.connected(f"P{index}x{i}{rng.randrange(999)}") for i in (0, 1)]
            watcher = await self.connected(f"W{index}{rng.randrange(999)}", keep_raw=True)
            self.players += people
            room = (await people[0].create("classic")).room
            self.current[index] = (room, people)
            for seat, c in enumerate(people):
                await c.join(room)
                await done(c.sit(room, seat), "already-seated")
                await c.ready(room)
            for seat in (2, 3):
                await done(people[0].add_bot(room, seat, "easy"), "seat-taken")
            await watcher.join(room)
            end = [0]
            for _ in range(20):  # ready marks live in the owner's memory: a failover drops them
                try:
                    await done(people[0].start(room), "hand-running")
                    break
                except ServerError as e:
                    if e.code != "not-ready":
                        raise
                    for c in people:
                        await c.ready(room)
            await asyncio.gather(*(self._seat(c, room, s, end) for s, c in enumerate(people)))
            self.hands += 1
            last = max(c.versions.get(room, 0) for c in people)
            deadline = time.monotonic() + 15  # the spectator's frames may still be on their way
            while watcher.versions.get(room, 0) < last and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            self.spectators.append((room, last, watcher.versions.get(room, 0)))
            for c in (*people, watcher):
                await c.close()

    async def connected(self, name: str, keep_raw: bool = False) -> Player:
        """A new client, through the "balancer": a node that went down meanwhile (or cannot
        reach its database: ``unavailable``) is passed over."""
        for _ in range(50):
            c = Player(self, self.url(), name=name, keep_raw=keep_raw)
            try:
                await c.connect()
                return c
            except (OSError, InvalidHandshake, TimeoutError, ServerError) as e:
                if isinstance(e, ServerError) and e.code != "unavailable":
                    raise
                await c.close()
                await asyncio.sleep(0.2)
        raise AssertionError("no node took a new client for 10 s")

    async def _seat(self, c: Player, room: str, seat: int, end: list[int]) -> None:
        def over(event: HandEnd) -> None:
            end[0] = c.versions.get(room, 0)

        while True:
            try:
                await play_seat(c, room, make_ai("easy", seat), on_hand_end=over)
                return
            except ServerError:  # noted; the seat goes on from a fresh view
                if end[0]:
                    return
                with contextlib.suppress(ServerError):
                    await c.join(room)

    # -- faults --------------------------------------------------------------------------------
    async def faults_for(self, duration: float) -> None:
        rng = random.Random(self.seed)
        until = time.monotonic() + duration
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(3.0, 6.0))
            kind, node = rng.choice(self.kinds), self.nodes[rng.choice(NODES)]
            seconds = round(rng.uniform(self.shortest, self.longest), 1)
            log.warning("fault: %s %s for %.1f s", kind, node.name, seconds)
            started = time.monotonic()
            await self.strike(kind, node, seconds)
            self.faults.append((kind, node.name, seconds))
            self.healed = time.monotonic()
            before = self.moved
            while self.moved == before and time.monotonic() - self.healed < 60:
                await asyncio.sleep(0.1)
            self.failovers.append(self.moved - started)
            self.recoveries.append(self.moved - self.healed)

    async def strike(self, kind: str, node: Node, seconds: float) -> None:
        if kind in ("kill", "term"):
            assert node.proc is not None
            port = node.proc.port
            for c in self.players:
                if c.url == node.proc.url:
                    c.url = self.url(avoid=node.name)  # the balancer: another node
            if kind == "kill":
                node.proc.kill()
            else:
                node.proc.stop()
            await asyncio.sleep(seconds)
            self.launch(node, port)  # back on its address
        elif kind == "redis":
            self.redis.stop()
            await asyncio.sleep(seconds)
            self.redis.start()
        elif kind == "postgres":
            self.pg.stop()
            await asyncio.sleep(seconds)
            self.pg.start()
        else:
            proxy = node.redis if kind == "cut-redis" else node.pg
            proxy.cut()
            await asyncio.sleep(seconds)
            proxy.heal()

    def where(self, rooms: list[str]) -> dict[str, Any]:
        """What the store and Redis say of ``rooms`` (why a table does not move): closed or
        not, its epoch, its last logged action, the lease's holder."""
        found: dict[str, Any] = {}
        with psycopg.connect(self.pg_url) as db:
            for room in rooms:
                row = db.execute(
                    "SELECT closed, epoch FROM rooms WHERE id = %s", (room,)
                ).fetchone()
                last = db.execute(
                    "SELECT max(seq), max(v) FROM actions WHERE room = %s", (room,)
                ).fetchone()
                found[room] = {"closed, epoch": row, "last seq, v": last}
        client = redis.Redis.from_url(self.redis.url)
        for room in rooms:
            found[room]["lease"] = client.get(lease_key(room))
        client.close()
        return found

    async def report(self) -> None:
        """Each live node logs why each of its tables is where it is (SIGUSR1)."""
        for node in self.nodes.values():
            if node.up and node.proc is not None and node.proc.proc is not None:
                node.proc.proc.send_signal(signal.SIGUSR1)
        await asyncio.sleep(1.0)

    def trail(self, rooms: list[str], most: int = 40) -> str:
        """What the nodes logged of ``rooms`` (and of stalls, lost leases and failed steps):
        the last ``most`` lines of each node's log, to follow a stuck table afterwards."""
        marks = (*rooms, "stalled", "lapsed", "fenced", "Traceback", "failed")
        out = []
        for node in self.nodes.values():
            if node.proc is None or node.proc.log is None:
                continue
            lines = [
                ln for ln in node.proc.log.read_text().splitlines() if any(m in ln for m in marks)
            ]
            out += [f"-- node {node.name} (port {node.proc.port}):", *lines[-most:]]
        return "\n".join(out)

    # -- the invariants ------------------------------------------------------------------------
    def check(self, moved_within: float) -> list[str]:
        """What went wrong (empty: nothing)."""
        problems = []
        with psycopg.connect(self.pg_url) as db:
            rows = db.execute(
                "SELECT room, seq, user_id, req, v FROM actions ORDER BY room, seq"
            ).fetchall()
            games = {r[0]: r[1] for r in db.execute("SELECT room, record FROM games")}
        by_room: dict[str, list[tuple[int, Any, Any, int]]] = {}
        for room, seq, user, req, v in rows:
            by_room.setdefault(room, []).append((seq, user, req, v))
        logged = {(u, r, v) for rs in by_room.values() for _s, u, r, v in rs if r is not None}
        ids = [(u, r) for rs in by_room.values() for _s, u, r, _v in rs if r is not None]
        if len(ids) != len(set(ids)):
            problems.append("a request was applied twice")
        lost = [
            (c.user.user, req, v)
            for c in self.players
            if c.user is not None
            for req, v, _at in c.acked
            if (c.user.user, req, v) not in logged
        ]
        self.lost = len(lost)
        if lost:
            problems.append(f"{len(lost)} acknowledged actions are not in the log: {lost[:3]}")
        for room, rs in by_room.items():
            if [s for s, *_ in rs] != list(range(1, len(rs) + 1)):
                problems.append(f"room {room}: its log has holes or forks")
        for room, record in games.items():
            outcome = replay(HandRecord.from_dict(_json(record))).outcome
            if outcome is None:
                problems.append(f"room {room}: its record does not replay to an outcome")
        for room, last, seen in self.spectators:
            if seen < last:
                problems.append(f"room {room}: a spectator stopped at v{seen} of v{last}")
        claims: dict[tuple[str, int], list[str]] = {}
        for node in self.nodes.values():
            assert node.proc is not None and node.proc.log is not None
            text = node.proc.log.read_text()
            for m in re.finditer(r"running table (\w+) \(epoch (\d+)\)", text):
                claims.setdefault((m[1], int(m[2])), []).append(node.name)
            if "Traceback" in text:
                problems.append(f"node {node.name} logged a traceback")
        problems += [
            f"room {r} epoch {e} claimed by {n}" for (r, e), n in claims.items() if len(n) > 1
        ]
        if "internal" in self.refusals:
            problems.append(f"{self.refusals.count('internal')} requests answered internal")
        late = [f for f in self.recoveries if f > moved_within]
        if late:
            problems.append(f"tables moved again {max(late):.1f} s after a fault healed")
        return problems

    def figures(self) -> dict[str, Any]:
        ordered = sorted(self.failovers) or [0.0]
        return {
            "seed": self.seed,
            "faults": len(self.faults),
            "by kind": {k: sum(1 for f in self.faults if f[0] == k) for k in KINDS},
            "hands": self.hands,
            "actions acked": sum(len(c.acked) for c in self.players),
            "actions lost": self.lost,
            "failover p50 s": round(statistics.median(ordered), 2),
            "failover p99 s": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2),
            "recovery max s": round(max(self.recoveries, default=0.0), 2),
            "refusals": {code: self.refusals.count(code) for code in sorted(set(self.refusals))},
        }


async def done(request: Awaitable[Any], already: str) -> None:
    """A request that is not an action, resent after a failover: only actions are remembered
    by their request id across nodes (the log has them), so the new owner may answer that it
    was done already (``already``), which is as good."""
    try:
        await request
    except ServerError as e:
        if e.code != already:
            raise


def _json(text: Any) -> Any:
    return json.loads(text) if isinstance(text, str) else text


async def play(run: Run, duration: float, tables: int, settle: float = 60.0) -> None:
    """Tables play while faults strike for ``duration`` seconds; then every table must finish
    its hand within ``settle`` seconds."""
    run.start_nodes()
    playing = [asyncio.create_task(run.table(i)) for i in range(tables)]
    try:
        await run.faults_for(duration)
        run.stopping = True  # each table finishes the hand it plays
        done, pending = await asyncio.wait(playing, timeout=settle)
        for task in done:
            task.result()
        if pending:
            stuck = [
                (room, [(c.url, c.connected, c.last.get(room), c.asking) for c in people])
                for i, (room, people) in run.current.items()
                if playing[i] in pending
            ]
            rooms = [room for room, _ in stuck]
            await run.report()
            raise AssertionError(
                f"tables did not finish within {settle} s: {stuck}; {run.where(rooms)}\n"
                + run.trail(rooms)
            )
    finally:
        for task in playing:
            task.cancel()
        for c in run.players:
            with contextlib.suppress(Exception):
                await c.close()
