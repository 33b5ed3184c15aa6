"""Frames per second of the desktop table while the app hosts four AI tables.

The hosted server runs as the app runs it (``app.host``: a child process with its own event
loop and AI); a driver process keeps four rooms of AI players (three bots and the owner's
seat under 托管, level ``normal``) dealing and playing hand after hand. The UI's fps are taken
as bench/ui_bench.py takes them (frameSwapped while an offline deal animates), first without
hosting, then while hosting.

    QT_QPA_PLATFORM=offscreen python3 bench/host_bench.py [--tables 4] [--level normal]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TUOLAJI_HOME", tempfile.mkdtemp(prefix="tuolaji-bench-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def fps(stamps: list[float]) -> tuple[float, float, float]:
    """(fps over the span, fps from the median frame gap, the longest gap in ms)."""
    if len(stamps) < 3:
        return 0.0, 0.0, 0.0
    gaps = [b - a for a, b in itertools.pairwise(stamps)]
    return (
        (len(stamps) - 1) / (stamps[-1] - stamps[0]),
        1 / statistics.median(gaps),
        max(gaps) * 1e3,
    )


async def drive(url: str, tables: int, level: str) -> None:
    """Keep ``tables`` rooms of AI playing, hand after hand (the driver process)."""
    from net.client import Client

    owners = []
    for n in range(tables):
        c = Client(url, name=f"Owner{n}")
        await c.connect()
        room = (await c.create("classic")).room
        await c.join(room)
        await c.sit(room, 0)
        for seat in (1, 2, 3):
            await c.add_bot(room, seat, level)
        await c.trustee(room, True)
        owners.append((c, room))
    print("tables ready", flush=True)
    while True:
        for c, room in owners:
            info = c.rooms.get(room)
            if info is None or info.status in ("waiting", "between"):
                try:
                    await c.ready(room, True)
                    await c.start(room)
                except Exception:
                    pass  # not everyone ready yet: next round
        await asyncio.sleep(0.5)


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure_deal(app_vm, window, seed: int) -> tuple[float, float, float]:
    from app.screenshots import wait_until
    from engine.rules import preset

    frames: list[float] = []
    stamp = lambda: frames.append(time.perf_counter())  # noqa: E731
    window.frameSwapped.connect(stamp)
    app_vm.start_rules(preset("classic"), seat=0, seed=seed)
    wait_until(lambda: app_vm.table.session.view.dealt >= 60, 60)
    window.frameSwapped.disconnect(stamp)
    app_vm.set_session(None)
    return fps(frames)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--tables", type=int, default=4)
    p.add_argument("--level", default="normal")
    p.add_argument("--drive", default=None, help=argparse.SUPPRESS)  # the driver process
    a = p.parse_args()
    if a.drive:
        asyncio.run(drive(a.drive, a.tables, a.level))
        return 0

    from app.host import HostOptions, HostProcess
    from app.main import create_app, create_engine, make_app_vm
    from app.screenshots import wait_until

    qt_app = create_app(["host_bench"])
    app_vm = make_app_vm("en")
    app_vm.settings.speed = "normal"
    engine = create_engine(app_vm)
    window = engine.rootObjects()[0]
    wait_until(lambda: False, 1.0)
    base = measure_deal(app_vm, window, 7)
    print(
        f"deal, not hosting: {base[0]:.0f} fps over the deal, {base[1]:.0f} fps animating, "
        f"longest frame gap {base[2]:.0f} ms"
    )

    db = Path(os.environ["TUOLAJI_HOME"]) / "hosted.sqlite3"
    host = HostProcess(
        HostOptions(str(db), "bench", port=0, host="127.0.0.1", interfaces=["127.0.0.1"])
    )
    host.start()
    assert wait_until(lambda: host.poll() is not None, 30) and host.port, "the host did not start"
    url = f"ws://127.0.0.1:{host.port}"
    cmd = [sys.executable, __file__, "--drive", url, "--tables", str(a.tables), "--level", a.level]
    driver = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    assert driver.stdout is not None and driver.stdout.readline().strip() == "tables ready"
    wait_until(lambda: False, 3.0)  # the hands are under way
    pid = host._proc.pid
    assert pid is not None
    cpu0, t0 = cpu_seconds(pid), time.monotonic()
    hosting = [measure_deal(app_vm, window, seed) for seed in (8, 9)]
    server_cpu = (cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
    for i, (span, rate, gap) in enumerate(hosting, 1):
        print(
            f"deal {i}, hosting {a.tables} AI tables ({a.level}): {span:.0f} fps over the deal, "
            f"{rate:.0f} fps animating, longest frame gap {gap:.0f} ms"
        )
    print(
        f"hosted server process: {100 * server_cpu:.0f}% of a core meanwhile "
        f"(its AI searches run in its own threads, not the UI's)"
    )
    with urllib.request.urlopen(f"http://127.0.0.1:{host.port}/metrics", timeout=5) as r:
        metrics = r.read().decode()
    shown = ('tuolaji_tables{state="playing"}', "tuolaji_frames_sent_total", "tuolaji_ai_searches")
    for line in metrics.splitlines():
        if line.startswith(shown):
            print(f"  server: {line}")
    driver.terminate()
    driver.wait(10)
    host.stop()
    qt_app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
