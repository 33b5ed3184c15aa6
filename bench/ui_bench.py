"""Desktop table figures: start-up to the first frame of Home, frames per second while dealing,
while a trick sweeps and while the kitty flies (frameSwapped counted), the CPU the app takes
while the table waits for the player, RSS after a whole offline hand, and the table's notify
signals over that hand (each emission re-evaluates the QML bindings of every property it
notifies).

    QT_QPA_PLATFORM=offscreen python3 bench/ui_bench.py
    xvfb-run -a env QT_QPA_PLATFORM=xcb QT_QUICK_BACKEND=software python3 bench/ui_bench.py

Targets on the development machine (software renderer): first frame <= 1.5 s, >= 50 fps while
animating, RSS <= 300 MB, idle <= 5% of one core. Rates are frames per second of animation:
frames counted while an animation runs (the scene graph renders only when something changes).
Idle is this process's CPU time (all its threads; the AI's worker processes are not counted,
and none thinks while the player is to act) over a few seconds at the player's turn, once
the turn's pulses have stopped, and the frames drawn meanwhile.
"""

from __future__ import annotations

import time

T0 = time.perf_counter()

import asyncio  # noqa: E402
import itertools  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TUOLAJI_HOME", tempfile.mkdtemp(prefix="tuolaji-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QAbstractItemModel, QObject  # noqa: E402

from app import players  # noqa: E402
from app.main import (  # noqa: E402
    create_app,
    create_engine,
    driven_loop,
    make_app_vm,
    start_ai_after_first_frame,
)
from app.screenshots import human_step, wait_until  # noqa: E402
from engine.actions import DealCard  # noqa: E402
from engine.ai import make_player  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.rules import preset  # noqa: E402
from engine.views import view  # noqa: E402


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def fps(stamps: list[float]) -> tuple[float, float]:
    """(frames per second over the span, per-frame rate from the median interval)."""
    if len(stamps) < 3:
        return 0.0, 0.0
    span = stamps[-1] - stamps[0]
    gaps = [b - a for a, b in itertools.pairwise(stamps)]
    return (len(stamps) - 1) / span, 1 / statistics.median(gaps)


def cpu_seconds() -> float:
    """CPU time of this process so far: user and system, all its threads."""
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def idle_cpu(frames: list[float], settle: float = 5.0, span: float = 3.0) -> tuple[float, int]:
    """(percent of one core, frames drawn) over ``span`` seconds with nothing to do but wait,
    after ``settle`` seconds for what moves as the turn comes."""
    wait_until(lambda: False, settle)
    drawn = len(frames)
    wall, cpu = time.perf_counter(), cpu_seconds()
    wait_until(lambda: False, span)
    return 100 * (cpu_seconds() - cpu) / (time.perf_counter() - wall), len(frames) - drawn


def count_notifications(table: QObject) -> tuple[Counter[str], Counter[str]]:
    """Counts the emissions of every notify signal of the table and of its parts (the QObjects,
    list models aside, it holds as properties), and how many properties each signal notifies."""
    emitted: Counter[str] = Counter()
    notifies: Counter[str] = Counter()
    meta = table.metaObject()
    held = [table.property(meta.property(i).name()) for i in range(1, meta.propertyCount())]
    parts = [o for o in held if isinstance(o, QObject) and not isinstance(o, QAbstractItemModel)]
    objects = [table, *parts]
    for obj in objects:
        meta = obj.metaObject()
        for i in range(1, meta.propertyCount()):  # 0: objectName
            prop = meta.property(i)
            if not prop.hasNotifySignal():
                continue
            signal = prop.notifySignal().name().data().decode()
            key = f"{meta.className()}.{signal}"
            if key not in notifies:
                getattr(obj, signal).connect(lambda key=key: emitted.update([key]))
            notifies[key] += 1
    return emitted, notifies


def first_decision() -> float:
    """Seconds for a decision asked for while the AI workers are still starting (as when a game
    is started at once): the end of a deal, a bid to make."""
    match = Match(preset("classic"), 7)
    while not match.hand.deal_complete:
        match.apply(DealCard())
    asked = time.perf_counter()
    task = asyncio.ensure_future(players.decide(make_player("normal", 1), view(match.hand, 0)))
    wait_until(task.done, 30)
    task.result()
    return time.perf_counter() - asked


def main() -> int:
    qt_app = create_app(["ui_bench"])
    driven_loop(qt_app)
    app_vm = make_app_vm("en")
    app_vm.settings.speed = "normal"
    frames: list[float] = []
    engine = create_engine(app_vm)
    start_ai_after_first_frame(qt_app, engine)  # as the app does
    window = engine.rootObjects()[0]
    window.frameSwapped.connect(lambda: frames.append(time.perf_counter()))
    wait_until(lambda: bool(frames), 10)
    first = frames[0] - T0 if frames else float("nan")
    print(f"start-up to the first frame of Home: {first:.2f} s")
    print(f"first AI decision asked at the first frame: {first_decision():.2f} s to the answer")

    table = app_vm.table
    emitted, notifies = count_notifications(table)
    frames.clear()
    app_vm.start_rules(preset("classic"), seat=0, seed=7)
    wait_until(lambda: table.session.view.dealt >= 60, 60)
    deal_span, deal_rate = fps(frames)
    print(f"deal (250 ms a card): {deal_span:.0f} fps over the deal, {deal_rate:.0f} fps animating")

    settings = app_vm.settings
    sweeps: list[list[float]] = []
    current: list[float] = []

    def on_trick() -> None:
        nonlocal current
        if table.trick.sweeping:
            current = []
            window.frameSwapped.connect(current_frame)
        elif current:
            window.frameSwapped.disconnect(current_frame)
            sweeps.append(current)
            current = []

    def current_frame() -> None:
        current.append(time.perf_counter())

    table.trick.changed.connect(on_trick)
    while len(sweeps) < 3 and table.hud.phase != "done":
        me = table.session.view.actions if table.session.view else ()
        if me:
            human_step(table, bid=False)
        wait_until(lambda: False, 0.05)
        if table.hud.phase == "done":
            break
    table.trick.changed.disconnect(on_trick)
    rates = [fps(s)[1] for s in sweeps if len(s) >= 3]
    if rates:
        print(f"trick sweep ({settings.flightMs * 1.5:.0f} ms): {min(rates):.0f} fps animating")
    else:
        print("trick sweep: no sweep measured")

    # the table waiting for the player, at the player's turn in play
    wait_until(lambda: "play" in (table.session.view.actions if table.session.view else ()), 30)
    idle, drawn = idle_cpu(frames)
    print(f"idle at the player's turn: {idle:.1f}% of one core, {drawn} frames in 3 s")

    # the kitty's flight to the dealer and back (8 backs), as the table shows it
    frames.clear()
    flight = settings.flightMs * 4
    table.kittyMoved.emit(0, table.hud.kittySize or 8, True)
    wait_until(lambda: False, flight / 1000 + 0.05)
    table.kittyMoved.emit(0, table.hud.kittySize or 8, False)
    wait_until(lambda: False, flight / 1000 + 0.05)
    kitty_rate = fps(frames)[1]
    print(f"kitty flight ({flight} ms each way): {kitty_rate:.0f} fps animating")

    settings.speed = "instant"
    while table.hud.phase != "done":
        if not wait_until(
            lambda: bool(table.session.view.actions) or table.hud.phase == "done", 30
        ):
            break
        human_step(table, bid=True)
    print(f"RSS after a whole offline hand: {rss_mb():.0f} MB (phase {table.hud.phase})")
    reads = sum(emitted[k] * notifies[k] for k in notifies)
    busiest = ", ".join(f"{k} {n}" for k, n in emitted.most_common(4))
    print(
        f"notify signals over the hand: {emitted.total()} emissions, {reads} property"
        f" notifications ({busiest})"
    )
    app_vm.set_session(None)
    qt_app.processEvents()
    players.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
