"""Load bench: N tables of four loopback clients playing random-legal moves, M spectators.

    python bench/server_load.py --tables 50 --spectators 50 --seconds 30

Starts ``python -m net.server`` (deal delay 0) on a fresh SQLite file, runs the clients in this
process, and prints actions/s, action->answer latency p50/p99 (the answer is sent after the
action's events, so this bounds action->event), and the server's RSS and CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

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


async def table(url: str, n: int, spectators: int, stop: float, lat: list[float]) -> int:
    players = [Client(url, name=f"t{n}p{i}") for i in range(4)]
    for c in players:
        await c.connect()
    room = (await players[0].create("classic"))["room"]
    watchers = [Client(url, name=f"t{n}w{i}") for i in range(spectators)]
    for w in watchers:
        await w.connect()
        await w.join(room)
    for i, c in enumerate(players):
        await c.join(room)
        await c.sit(room, i)
    acts = 0

    def count(_action: object, dt: float) -> None:
        nonlocal acts
        acts += 1
        lat.append(dt)

    hands = 0
    while time.monotonic() < stop:
        for c in players:
            await c.ready(room)
        await players[0].start(room)
        await asyncio.gather(
            *(
                play_seat(c, room, make_ai("random", n * 4 + i), on_act=count)
                for i, c in enumerate(players)
            )
        )
        hands += 1
    for c in players + watchers:
        await c.close()
    return acts


async def main_async(a: argparse.Namespace) -> None:
    db = Path(tempfile.mkdtemp()) / "load.sqlite3"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "net.server",
            "--port",
            "0",
            "--db",
            str(db),
            "--deal-delay",
            "0",
            "--rate",
            "1000",
            "--burst",
            "1000",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    port = re.search(r":(\d+)$", server.stdout.readline().strip()).group(1)  # type: ignore[union-attr]
    url = f"ws://127.0.0.1:{port}"
    lat: list[float] = []
    per = [
        a.spectators // a.tables + (1 if i < a.spectators % a.tables else 0)
        for i in range(a.tables)
    ]
    _rss0, cpu0 = proc_stats(server.pid)
    start = time.monotonic()
    stop = start + a.seconds
    peak = 0.0

    async def sample() -> None:
        nonlocal peak
        while True:
            peak = max(peak, proc_stats(server.pid)[0])
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    acts = await asyncio.gather(*(table(url, i, per[i], stop, lat) for i in range(a.tables)))
    elapsed = time.monotonic() - start
    sampler.cancel()
    _rss, cpu1 = proc_stats(server.pid)
    server.terminate()
    server.wait()
    lat.sort()
    p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")  # noqa: E731
    total = sum(acts)
    print(
        f"tables={a.tables} players={4 * a.tables} spectators={a.spectators} "
        f"seconds={elapsed:.1f}\n"
        f"client actions={total} actions/s={total / elapsed:.0f} "
        f"latency p50={p(0.5):.1f} ms p99={p(0.99):.1f} ms\n"
        f"server RSS peak={peak:.0f} MiB CPU={cpu1 - cpu0:.1f} s "
        f"({100 * (cpu1 - cpu0) / elapsed:.0f}% of one core)"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--tables", type=int, default=10)
    p.add_argument("--spectators", type=int, default=10)
    p.add_argument("--seconds", type=float, default=20)
    asyncio.run(main_async(p.parse_args()))


if __name__ == "__main__":
    main()
