"""``tuolaji --screenshots DIR``: the main screens rendered offscreen to PNG files.

The player's moves are made through the table's view-model, as clicks would make them.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEventLoop

from engine.rules import preset

SHOTS = (
    "home",
    "setup",
    "table-deal",
    "table-kitty",
    "table-play",
    "table-result",
    "lobby",
    "spectator",
)


def wait_until(pred: Callable[[], bool], timeout: float = 20.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        if pred():
            return True
        time.sleep(0.003)
    return pred()


def pump(seconds: float) -> None:
    wait_until(lambda: False, seconds)


def select(table: Any, cards: list[str]) -> None:
    """Click the given cards in the hand (clearing the selection first)."""
    table.clearSelection()
    want = Counter(cards)
    for row in sorted(table.hand.rows(), key=lambda r: r["slot"]):
        if want[row["card"]] > 0:
            want[row["card"]] -= 1
            table.toggle(row["uid"])


def human_step(table: Any, bid: bool = False) -> bool:
    """One move for the person at the table, as clicks; False when nothing is theirs to do."""
    session = table.session
    v = session.view if session is not None else None
    if v is None or session.seat is None:
        return False
    if v.phase == "deal":
        if bid:
            for row in table.bidOptions.rows():
                if row["allowed"]:
                    table.bid(row["suit"])
                    return True
        if table.canPass:
            table.passBid()
            return True
        return False
    if "bury" in v.actions:
        trumps = v.trumps
        low = sorted(v.hand, key=lambda c: (trumps.is_trump(c), c[0] in "5TK", trumps.position(c)))
        select(table, low[: v.kitty_size])
        table.bury()
        return True
    if "call-friend" in v.actions:
        held = set(v.hand)
        table.callFriend(next((c for c in ("AS", "AH", "AC", "AD") if c not in held), "KS"))
        return True
    if "play" in v.actions:
        select(table, list(v.play_candidates(limit=1)[0]))
        table.play()
        return True
    return False


def take_screenshots(qt_app: Any, engine: Any, app_vm: Any, out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    window = engine.rootObjects()[0]
    settings = app_vm.settings
    table = app_vm.table
    saved_speed = settings.speed

    def shot(name: str) -> None:
        pump(0.25)
        img = window.grabWindow()
        img.save(str(out / f"{name}.png"))
        print(out / f"{name}.png")

    window.setProperty("screen", "home")
    shot("home")
    window.setProperty("screen", "setup")
    shot("setup")

    # The deal, at the normal pace: about a third of the cards out, a bid on the table.
    settings.speed = "normal"
    app_vm.start_rules(preset("classic"), seat=0, seed=7)
    wait_until(lambda: table.session.view.dealt >= 40, 30)
    for _ in range(3):
        human_step(table, bid=True)
    wait_until(lambda: table.session.view.dealt >= 48, 10)
    shot("table-deal")

    # The kitty exchange: find a seed where the player ends up the dealer.
    settings.speed = "instant"
    for seed in range(1, 40):
        app_vm.start_rules(preset("classic"), seat=0, seed=seed)
        wait_until(lambda: _me_to_act(table) or table.phase != "deal", 20)
        while table.phase == "deal" and wait_until(lambda: _me_to_act(table), 2):
            human_step(table, bid=True)
        if wait_until(lambda: table.phase == "bury", 5) and table.session.view.dealer == 0:
            break
    v = table.session.view
    select(table, list(v.kitty[:5]))
    shot("table-kitty")
    human_step(table)

    # Play, with a trick in the centre when it is the player's turn.
    settings.speed = "fast"
    wait_until(lambda: table.phase == "play", 10)
    for _ in range(60):
        wait_until(lambda: _me_to_act(table), 20)
        if len(table.session.view.trick) >= 2:
            break
        human_step(table)
        pump(0.3)
    cands = table.session.view.play_candidates(limit=1)
    if cands:
        select(table, list(cands[0]))
    shot("table-play")

    # To the end of the hand, quickly.
    settings.speed = "instant"
    while table.phase != "done":
        if not wait_until(lambda: _me_to_act(table) or table.phase == "done", 20):
            break
        human_step(table)
    wait_until(lambda: table.phase == "done", 5)
    shot("table-result")

    app_vm.leaveTable()
    window.setProperty("screen", "lobby")
    shot("lobby")

    settings.speed = "fast"
    app_vm.watchOffline("classic")
    wait_until(lambda: table.phase == "play" and len(table.session.view.trick) >= 2, 60)
    shot("spectator")
    app_vm.set_session(None)
    settings.speed = saved_speed
    window.setProperty("screen", "home")
    return 0


def _me_to_act(table: Any) -> bool:
    v = table.session.view if table.session is not None else None
    if v is None or not v.actions:
        return False
    if v.phase == "deal":
        return "pass-bid" in v.actions
    return True
