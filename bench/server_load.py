"""Load bench: N tables of four loopback clients playing random-legal moves, M spectators.

    python bench/server_load.py --tables 100 --spectators 100 --procs 2 --seconds 30

Starts ``python -m net.server`` on a fresh SQLite file (every action committed before its
events are sent, as in production), then runs the clients in ``--procs`` worker processes
(plain asyncio; each worker holds a share of the tables and spectators). Tables are seated
first; the measured window starts when every worker is ready. Players act on their prompts
(``net.bot.play_seat`` with the ``random`` AI) after a think time drawn uniformly from
0.5-1.5 x ``--think`` seconds (0: as fast as possible, i.e. a saturation test). Spectators
are bare websockets that read every frame. Prints actions/s, action->answer latency p50/p99
(the answer is sent after the action's events, so this bounds action->event from above), and
the server's RSS and CPU over the window. ``--profile FILE`` runs the server under cProfile.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402

from net.bot import play_seat  # noqa: E402
from net.client import Client  # noqa: E402
from net.players import make_ai  # noqa: E402


def proc_stats(pid: int) -> tuple[float, float]:
    """(RSS in MiB, CPU seconds) of a process, from /proc."""
    with open(f"/proc/{pid}/status") as f:
        rss = int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) / 1024  # type: ignore[union-attr]
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss, (int(fields[11]) + int(fields[12])) / ticks


class Window:
    """The measured window, shared by a worker's tables."""

    def __init__(self) -> None:
        self.start = float("inf")
        self.stop = float("inf")
        self.acts = 0
        self.lat: list[float] = []
        self.spectator_frames = 0

    def on_act(self, _action: object, dt: float) -> None:
        now = time.monotonic()
        if self.start <= now - dt and now <= self.stop:
            self.acts += 1
            self.lat.append(dt)


async def spectator(url: str, name: str, room: str, w: Window) -> None:
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "id": 1, "name": name}))
        await ws.recv()
        await ws.send(json.dumps({"type": "join", "id": 2, "room": room}))
        async for _frame in ws:
            if time.monotonic() >= w.start:
                w.spectator_frames += 1


async def seat_table(url: str, n: int, watchers: int, w: Window) -> tuple[str, list[Client], Any]:
    players = [Client(url, name=f"t{n}p{i}") for i in range(4)]
    for c in players:
        await c.connect()
    room = (await players[0].create("classic"))["room"]
    for i, c in enumerate(players):
        await c.join(room)
        await c.sit(room, i)
    specs = [asyncio.create_task(spectator(url, f"t{n}w{i}", room, w)) for i in range(watchers)]
    return room, players, specs


async def play_table(
    room: str, players: list[Client], n: int, think: float, stagger: float, w: Window
) -> None:
    rng = random.Random(n)
    delay = (lambda: think * rng.uniform(0.5, 1.5)) if think > 0 else None
    await asyncio.sleep(rng.uniform(0, stagger))
    while True:
        for c in players:
            await c.ready(room)
        await players[0].start(room)
        await asyncio.gather(
            *(
                play_seat(c, room, make_ai("random", n * 4 + i), on_act=w.on_act, think=delay)
                for i, c in enumerate(players)
            )
        )


async def worker_async(
    url: str,
    tables: list[int],
    per: list[int],
    think: float,
    stagger: float,
    ready: Any,
    go: Any,
    out: Any,
) -> None:
    w = Window()
    gate = asyncio.Semaphore(20)  # connect in waves, not all at once

    async def seat(n: int) -> tuple[str, list[Client], Any]:
        async with gate:
            return await seat_table(url, n, per[n], w)

    seated = await asyncio.gather(*(seat(n) for n in tables))
    ready.put(len(tables))
    start, seconds = await asyncio.get_running_loop().run_in_executor(None, go.get)
    w.start, w.stop = start, start + seconds
    plays = [
        asyncio.create_task(play_table(room, players, n, think, stagger, w))
        for n, (room, players, _specs) in zip(tables, seated, strict=True)
    ]
    await asyncio.sleep(max(0.0, w.stop - time.monotonic()))
    out.put((w.acts, w.lat, w.spectator_frames))
    for t in plays:
        t.cancel()
    for _room, players, specs in seated:
        for s in specs:
            s.cancel()
        for c in players:
            with contextlib.suppress(Exception):
                await c.close()


def worker(*args: Any) -> None:
    asyncio.run(worker_async(*args))


def start_server(
    db: Path, deal_delay: float, profile: str | None, stats: Path
) -> subprocess.Popen[str]:
    cmd = [sys.executable]
    if profile:
        cmd += ["-m", "cProfile", "-o", profile]
    cmd += ["-m", "net.server", "--port", "0", "--db", str(db), "--deal-delay", str(deal_delay)]
    cmd += ["--rate", "1000", "--burst", "1000", "--away-grace", "600", "--stats", str(stats)]
    cmd += ["--handshake-rate", "0"]  # every client connects from 127.0.0.1
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=10)
    p.add_argument("--spectators", type=int, default=10)
    p.add_argument("--seconds", type=float, default=30, help="the measured window")
    p.add_argument("--procs", type=int, default=2, help="client worker processes")
    p.add_argument("--think", type=float, default=0.0, help="mean seconds before each action")
    p.add_argument("--deal-delay", type=float, default=0.0, help="the server's, per card")
    p.add_argument(
        "--stagger", type=float, default=0.0, help="tables start within this many seconds"
    )
    p.add_argument("--profile", default=None, help="write the server's cProfile stats here")
    a = p.parse_args()
    db = Path(tempfile.mkdtemp()) / "load.sqlite3"
    stats = db.with_suffix(".stats.json")
    server = start_server(db, a.deal_delay, a.profile, stats)
    assert server.stdout is not None
    port = re.search(r":(\d+)$", server.stdout.readline().strip()).group(1)  # type: ignore[union-attr]
    url = f"ws://127.0.0.1:{port}"
    per = [
        a.spectators // a.tables + (1 if i < a.spectators % a.tables else 0)
        for i in range(a.tables)
    ]
    ctx = mp.get_context("spawn")
    ready, go, out = ctx.Queue(), ctx.Queue(), ctx.Queue()
    shares = [list(range(i, a.tables, a.procs)) for i in range(a.procs)]
    workers = [
        ctx.Process(target=worker, args=(url, share, per, a.think, a.stagger, ready, go, out))
        for share in shares
        if share
    ]
    setup = time.monotonic()
    for proc in workers:
        proc.start()
    for _ in workers:
        ready.get()
    setup = time.monotonic() - setup
    rss0, cpu0 = proc_stats(server.pid)
    peak = rss0
    start = time.monotonic()
    wall = time.time()
    for _ in workers:
        go.put((start, a.seconds))
    while time.monotonic() < start + a.seconds:
        time.sleep(0.5)
        peak = max(peak, proc_stats(server.pid)[0])
    _rss, cpu1 = proc_stats(server.pid)
    results = [out.get() for _ in workers]
    for proc in workers:
        proc.join(30)
    server.terminate()
    server.wait()
    timings = json.loads(stats.read_text())

    def window(rows: list[list[float]]) -> list[float]:
        return sorted(d for t, d in rows if wall <= t <= wall + a.seconds)

    acts_server, lags = window(timings["acts"]), window(timings["lags"])
    gcs = window(timings["gc"])
    lat = sorted(x for _acts, lats, _sf in results for x in lats)
    total = sum(r[0] for r in results)
    frames = sum(r[2] for r in results)

    def pct(q: float, xs: list[float] = lat) -> float:
        return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")

    print(
        f"tables={a.tables} players={4 * a.tables} spectators={a.spectators} procs={a.procs} "
        f"think={a.think}s deal-delay={a.deal_delay}s stagger={a.stagger}s "
        f"setup={setup:.1f}s window={a.seconds:.0f}s\n"
        f"client actions={total} actions/s={total / a.seconds:.0f} "
        f"latency p50={pct(0.5):.1f} ms p99={pct(0.99):.1f} ms max={pct(1.0):.0f} ms\n"
        f"server-side act->answer p50={pct(0.5, acts_server):.1f} ms "
        f"p99={pct(0.99, acts_server):.1f} ms; event-loop lag p50={pct(0.5, lags):.1f} ms "
        f"p99={pct(0.99, lags):.1f} ms max={pct(1.0, lags):.0f} ms; "
        f"full GCs={len(gcs)} longest={pct(1.0, gcs):.0f} ms\n"
        f"spectator frames/s={frames / a.seconds:.0f}\n"
        f"server RSS peak={peak:.0f} MiB CPU={cpu1 - cpu0:.1f} s "
        f"({100 * (cpu1 - cpu0) / a.seconds:.0f}% of one core)"
    )


if __name__ == "__main__":
    main()
