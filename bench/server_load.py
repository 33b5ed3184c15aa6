"""Load bench: N tables of loopback clients playing random-legal moves, M spectators, and
tables whose other seats are the server's AI (bots of a level, or 托管).

    python bench/server_load.py --tables 100 --spectators 100 --procs 2 --seconds 30
    python bench/server_load.py --tables 500 --spectators 500 --think 1 --ai hard:100

Starts ``python -m net.server`` on a fresh SQLite file (every action committed before its
events are sent, as in production), then runs the clients in ``--procs`` worker processes
(plain asyncio; each worker holds a share of the tables and spectators). Tables are seated
first; the measured window starts when every worker is ready. Players act on their prompts
(``net.bot.play_seat`` with the ``random`` AI) after a think time drawn uniformly from
0.5-1.5 x ``--think`` seconds (0: as fast as possible, i.e. a saturation test). Spectators
are bare websockets that read every frame, in batches as the app's client does. Prints
actions/s, action->answer latency p50/p99 (the answer is sent after the action's events, so
this bounds action->event from above), and the server's RSS and CPU over the window.
``--profile FILE`` runs the server under cProfile.

``--ai LEVEL:K`` (repeatable) gives K of the tables one person (seat 0) and three bots of
LEVEL; ``--ai trustee:K`` gives K tables four people of whom seat 0 is in 托管 (the server's
``normal`` AI plays it). Latency is reported per kind of table: the target is about the
people-only tables while the others run.

Honest figures need an idle machine. The bench reads the load average before it starts and
refuses when it is above ``--max-load`` (``--force`` runs anyway, flagged); over the window it
measures the CPU that processes other than the bench's own (server, its AI workers, clients)
used, from /proc/stat, and prints a warning when that is above ``--max-other`` cores.
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
from net.players import LEVELS, make_ai  # noqa: E402
from net.protocol import split_batch  # noqa: E402
from net.stats import SLOW_WRITE  # noqa: E402

OPENING = 20.0  # seconds of the window in which every table starts and deals its first hand
SLICE = 5  # seconds: the loop lag's p99 is also printed for each such slice of the window


def machine_busy() -> float:
    """CPU seconds all cores spent busy since boot, from /proc/stat."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def family(pids: list[int]) -> list[int]:
    """``pids`` and their children (the server's AI workers), from /proc."""
    parents = set(pids)
    out = list(pids)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{entry}/stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) in parents:
                    out.append(int(entry))
    return out


def cpu_of(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += proc_stats(pid)[1]
    return total


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
        self.lat: dict[str, list[float]] = {}  # kind of table -> action latencies
        self.spectator_frames = 0

    def recorder(self, kind: str) -> Any:
        lat = self.lat.setdefault(kind, [])

        def on_act(_action: object, dt: float) -> None:
            now = time.monotonic()
            if self.start <= now - dt and now <= self.stop:
                self.acts += 1
                lat.append(dt)

        return on_act


async def spectator(url: str, name: str, room: str, w: Window) -> None:
    """A bare websocket that reads batches, as the app's client does (``Hello.batch``)."""
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "id": 1, "name": name, "batch": True}))
        await ws.recv()
        await ws.send(json.dumps({"type": "join", "id": 2, "room": room}))
        async for message in ws:
            if time.monotonic() >= w.start:
                w.spectator_frames += len(split_batch(message))


async def seat_table(
    url: str, n: int, kind: str, watchers: int, w: Window
) -> tuple[str, list[Client], Any]:
    """A table of ``kind``: "people" (four clients), a bot level (one client and three
    bots), or "trustee" (four clients, seat 0 in 托管)."""
    bots = kind not in ("people", "trustee")
    players = [Client(url, name=f"t{n}p{i}") for i in range(1 if bots else 4)]
    for c in players:
        await c.connect()
    room = (await players[0].create("classic")).room
    for i, c in enumerate(players):
        await c.join(room)
        await c.sit(room, i)
    if bots:
        for seat in (1, 2, 3):
            await players[0].add_bot(room, seat, kind)
    if kind == "trustee":
        await players[0].trustee(room, True)
    specs = [asyncio.create_task(spectator(url, f"t{n}w{i}", room, w)) for i in range(watchers)]
    return room, players, specs


async def play_table(
    room: str, players: list[Client], n: int, kind: str, think: float, stagger: float, w: Window
) -> None:
    rng = random.Random(n)
    delay = (lambda: think * rng.uniform(0.5, 1.5)) if think > 0 else None
    on_act = w.recorder(kind)
    playing = players[1:] if kind == "trustee" else players  # 托管: the server plays seat 0
    await asyncio.sleep(rng.uniform(0, stagger))
    while True:
        for c in players:
            await c.ready(room)
        await players[0].start(room)
        await asyncio.gather(
            *(
                play_seat(c, room, make_ai("random", n * 4 + i), on_act=on_act, think=delay)
                for i, c in enumerate(playing)
            )
        )


async def worker_async(
    url: str,
    tables: list[int],
    kinds: list[str],
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
            return await seat_table(url, n, kinds[n], per[n], w)

    seated = await asyncio.gather(*(seat(n) for n in tables))
    ready.put(os.getpid())
    start, seconds = await asyncio.get_running_loop().run_in_executor(None, go.get)
    w.start, w.stop = start, start + seconds
    plays = [
        asyncio.create_task(play_table(room, players, n, kinds[n], think, stagger, w))
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


def worker(nice: int, *args: Any) -> None:
    os.nice(nice)
    asyncio.run(worker_async(*args))


def start_server(
    db: Path, deal_delay: float, profile: str | None, stats: Path, extra: list[str]
) -> subprocess.Popen[str]:
    cmd = [sys.executable]
    if profile:
        cmd += ["-m", "cProfile", "-o", profile]
    cmd += ["-m", "net.server", "--port", "0", "--db", str(db), "--deal-delay", str(deal_delay)]
    cmd += ["--rate", "1000", "--burst", "1000", "--away-grace", "600", "--stats", str(stats)]
    cmd += ["--handshake-rate", "0"]  # every client connects from 127.0.0.1
    cmd += ["--rooms-per-user", "1", *extra]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)


def ai_mix(text: str) -> tuple[str, int]:
    kind, _, count = text.partition(":")
    if kind not in (*LEVELS, "trustee") or not count.isdigit():
        raise argparse.ArgumentTypeError(f"expected LEVEL:COUNT or trustee:COUNT, got {text!r}")
    return kind, int(count)


def table_kinds(tables: int, mix: list[tuple[str, int]]) -> list[str]:
    """Each table's kind, AI tables spread evenly among the people-only ones."""
    kinds = ["people"] * tables
    wanted = [k for k, count in mix for _ in range(count)]
    if len(wanted) > tables:
        raise SystemExit(f"--ai asks for {len(wanted)} tables of {tables}")
    for i, kind in enumerate(wanted):
        kinds[i * tables // max(1, len(wanted))] = kind
    return kinds


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
    p.add_argument(
        "--ai",
        type=ai_mix,
        action="append",
        default=[],
        metavar="LEVEL:K",
        help="K tables of one person and three LEVEL bots (trustee:K: seat 0 in 托管)",
    )
    p.add_argument("--ai-workers", type=int, default=None, help="the server's AI processes")
    p.add_argument(
        "--client-nice",
        type=int,
        default=10,
        help="the client workers' nice value: they stand in for people on other machines, so "
        "they get the CPU the server leaves (0: they compete with it for the cores)",
    )
    p.add_argument("--max-load", type=float, default=0.5, help="refuse above this load (1 min)")
    p.add_argument("--max-other", type=float, default=0.25, help="warn above this other CPU")
    p.add_argument("--force", action="store_true", help="run on a busy machine (flagged)")
    a = p.parse_args()
    cores = len(os.sched_getaffinity(0))
    load_before = os.getloadavg()
    busy = load_before[0] > a.max_load
    if busy and not a.force:
        raise SystemExit(
            f"load average {load_before[0]:.2f} > --max-load {a.max_load} on {cores} cores: "
            "other work competes and the figures would not mean much (--force to run anyway)"
        )
    kinds = table_kinds(a.tables, a.ai)
    db = Path(tempfile.mkdtemp()) / "load.sqlite3"
    stats = db.with_suffix(".stats.json")
    extra = ["--ai-workers", str(a.ai_workers)] if a.ai_workers else []
    server = start_server(db, a.deal_delay, a.profile, stats, extra)
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
        ctx.Process(
            target=worker,
            args=(a.client_nice, url, share, kinds, per, a.think, a.stagger, ready, go, out),
        )
        for share in shares
        if share
    ]
    setup = time.monotonic()
    for proc in workers:
        proc.start()
    client_pids = [ready.get() for _ in workers]
    setup = time.monotonic() - setup
    rss0, cpu0 = proc_stats(server.pid)
    peak = rss0
    ours0, busy0 = cpu_of(family([server.pid, *client_pids])), machine_busy()
    ai0 = cpu_of(family([server.pid])) - cpu0
    start = time.monotonic()
    wall = time.time()
    for _ in workers:
        go.put((start, a.seconds))
    loads = []
    while time.monotonic() < start + a.seconds:
        time.sleep(0.5)
        peak = max(peak, proc_stats(server.pid)[0])
        loads.append(os.getloadavg()[0])
    _rss, cpu1 = proc_stats(server.pid)
    ai_cpu = cpu_of(family([server.pid])) - cpu1 - ai0  # the server's AI worker processes
    ours1, busy1 = cpu_of(family([server.pid, *client_pids])), machine_busy()
    other = max(0.0, (busy1 - busy0) - (ours1 - ours0)) / a.seconds
    clients_cpu = (ours1 - ours0) - (cpu1 - cpu0) - ai_cpu  # they share the machine's cores
    results = [out.get() for _ in workers]
    for proc in workers:
        proc.join(30)
    server.terminate()
    server.wait()
    timings = json.loads(stats.read_text())

    def window(rows: list[list[float]], start: float = 0, end: float = a.seconds) -> list[float]:
        return sorted(d for t, d in rows if wall + start <= t <= wall + end)

    acts_server, lags = window(timings["acts"]), window(timings["lags"])
    # every table starts its hand, and deals it, at the window's start: the lag while they
    # do, and once they all play
    opening = min(OPENING, a.seconds / 2)
    lags_open = window(timings["lags"], end=opening)
    lags_play = window(timings["lags"], start=opening)
    slices = [
        window(timings["lags"], start=t, end=t + SLICE) for t in range(0, int(a.seconds), SLICE)
    ]
    gcs = {
        gen: sorted(d for t, d, g in timings["gc"] if g == gen and wall <= t <= wall + a.seconds)
        for gen in (0, 1, 2)
    }
    act_slices = [
        window(timings["acts"], start=t, end=t + SLICE) for t in range(0, int(a.seconds), SLICE)
    ]
    slow = [(t - wall, d) for t, d in timings["slow_writes"] if wall <= t <= wall + a.seconds]
    worst = max(slow, key=lambda row: row[1], default=None)
    by_kind: dict[str, list[float]] = {}
    for _acts, lats, _sf in results:
        for kind, xs in lats.items():
            by_kind.setdefault(kind, []).extend(xs)
    lat = sorted(x for xs in by_kind.values() for x in xs)
    total = sum(r[0] for r in results)
    frames = sum(r[2] for r in results)
    sent = [n for t, n in timings["frames"] if wall <= t <= wall + a.seconds]
    sent_rate = (sent[-1] - sent[0]) / a.seconds if len(sent) > 1 else float("nan")

    def pct(q: float, xs: list[float] = lat) -> float:
        return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")

    mix = " ".join(f"{k}:{n}" for k, n in a.ai) or "none"
    print(
        f"tables={a.tables} ai={mix} spectators={a.spectators} procs={a.procs} "
        f"think={a.think}s deal-delay={a.deal_delay}s stagger={a.stagger}s "
        f"client-nice={a.client_nice} "
        f"setup={setup:.1f}s window={a.seconds:.0f}s\n"
        f"machine: {cores} cores, load average before {load_before[0]:.2f}/"
        f"{load_before[1]:.2f}/{load_before[2]:.2f}, during max {max(loads, default=0):.2f}; "
        f"other processes used {other:.2f} cores{' (--force on a busy machine)' if busy else ''}\n"
        f"client actions={total} actions/s={total / a.seconds:.0f} "
        f"latency p50={pct(0.5):.1f} ms p99={pct(0.99):.1f} ms max={pct(1.0):.0f} ms\n"
        + "".join(
            f"  {kind} tables: n={len(xs)} p50={pct(0.5, sorted(xs)):.1f} ms "
            f"p99={pct(0.99, sorted(xs)):.1f} ms\n"
            for kind, xs in sorted(by_kind.items())
        )
        + f"server-side act->answer p50={pct(0.5, acts_server):.1f} ms "
        f"p99={pct(0.99, acts_server):.1f} ms; event-loop lag p50={pct(0.5, lags):.1f} ms "
        f"p99={pct(0.99, lags):.1f} ms max={pct(1.0, lags):.0f} ms; "
        "GC passes over 2 ms, by generation: "
        + ", ".join(f"{g}: {len(xs)} (longest {pct(1.0, xs):.0f} ms)" for g, xs in gcs.items())
        + "\n"
        f"  event-loop lag p99 in the first {opening:.0f} s (every hand starts and is dealt) "
        f"{pct(0.99, lags_open):.1f} ms, after it {pct(0.99, lags_play):.1f} ms\n"
        f"  event-loop lag p99 in each {SLICE} s: "
        + " ".join(f"{pct(0.99, xs):.0f}" for xs in slices)
        + " ms\n"
        f"  server act p99 in each {SLICE} s: "
        + " ".join(f"{pct(0.99, xs):.0f}" for xs in act_slices)
        + " ms\n"
        f"SQLite transactions over {SLOW_WRITE * 1000:.0f} ms: {len(slow)}"
        + (f", the longest {worst[1] * 1000:.0f} ms at {worst[0]:.1f} s" if worst else "")
        + "\n"
        f"frames/s sent by the server={sent_rate:.0f} (spectators got {frames / a.seconds:.0f})\n"
        f"server RSS peak={peak:.0f} MiB CPU={cpu1 - cpu0:.1f} s "
        f"({100 * (cpu1 - cpu0) / a.seconds:.0f}% of one core; its AI workers "
        f"{ai_cpu:.1f} s); the bench's clients {clients_cpu / a.seconds:.2f} cores"
    )
    if other > a.max_other:
        print(
            f"WARNING: other processes used {other:.2f} cores (> --max-other {a.max_other}) "
            "during the window: these figures do not measure this server alone"
        )


if __name__ == "__main__":
    main()
