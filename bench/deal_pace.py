"""How long the offline table's deal and hands take, hand after hand, at a speed setting: the
deal's pace is the speed's time per card (engine.driver), so every hand's deal should take about
the same (classic: 100 cards), whatever its level and however many bidding windows it opens.

    QT_QPA_PLATFORM=offscreen python3 bench/deal_pace.py --speed fast --hands 4
    QT_QPA_PLATFORM=offscreen python3 bench/deal_pace.py --speed fast --hogs 2   # a busy machine

``--hogs N`` runs N busy processes meanwhile (the AI's workers are niced: on a busy machine a
round trip to them is slow).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _hog() -> None:
    while True:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--speed", default="fast", choices=("slow", "normal", "fast"))
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--hogs", type=int, default=0, help="busy processes meanwhile")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["TUOLAJI_HOME"] = tempfile.mkdtemp(prefix="deal-pace-")

    from PySide6.QtCore import QEventLoop
    from PySide6.QtGui import QGuiApplication

    qt = QGuiApplication([])
    from app.main import driven_loop
    from app.session import OfflineSession
    from app.settings import SPEEDS, Settings
    from engine.rules import preset

    driven_loop(qt)
    hogs = [multiprocessing.Process(target=_hog, daemon=True) for _ in range(args.hogs)]
    for h in hogs:
        h.start()
    settings = Settings()
    settings.speed = args.speed
    rules = preset("classic")
    session = OfflineSession(
        settings, rules, seat=None, ai_levels=("normal",) * 4, seed=args.seed, save=False
    )
    session.auto_next = False
    session.start()
    nominal = SPEEDS[args.speed]["deal"] / 1000 * (rules.decks * 54 - rules.kitty_size)
    print(f"speed {args.speed}, {args.hogs} hogs: nominal deal {nominal:.1f} s")
    for n in range(args.hands):
        if n:
            session.next_hand()
        start, dealt = time.monotonic(), None
        while session.view is None or session.view.phase != "done":
            qt.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
            if dealt is None and session.view is not None and session.view.deal_complete:
                dealt = time.monotonic() - start
        v = session.view
        took = time.monotonic() - start
        print(f"hand {v.hand_no} (level {v.level}): deal {dealt:.2f} s, whole hand {took:.1f} s")
    for h in hogs:
        h.terminate()
    session.close()


if __name__ == "__main__":
    main()
