"""One concurrency model: AI searches are taken in worker processes and the cheap levels'
decisions in a thread, both awaited on the app's qasync loop, so no thread of ours runs app
code, and a session (a QObject with timers) is freed by reference counting on the UI thread the
moment the app lets go of it, never left to the cycle collector (which runs on whichever thread
happens to allocate)."""

from __future__ import annotations

import gc
import os
import threading
import time
import weakref

from helpers import on_loop

from app import players
from engine.rules import preset


class _Where:
    """A player that notes where its decision was taken."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.where: tuple[int, str] | None = None

    def act(self, _view: object) -> None:
        self.where = (os.getpid(), threading.current_thread().name)


def test_searches_run_in_worker_processes_and_cheap_decisions_in_a_thread(ui, qtbot) -> None:
    from engine.actions import DealCard
    from engine.ai import make_player
    from engine.match import Match
    from engine.views import view

    match = Match(preset("classic"), 7)
    while not match.hand.deal_complete:
        match.apply(DealCard())
    v = view(match.hand, 0)
    asked = make_player("normal", 1)
    in_process = make_player("normal", 1)
    action, after = on_loop(qtbot, players.decide(asked, v), 30)
    assert action == in_process.act(v)  # the same decision, its random state moved on alike
    assert after.rng.getstate() == in_process.rng.getstate()
    me = os.getpid()
    for level, elsewhere in (("hard", True), ("normal", False)):
        _action, seen = on_loop(qtbot, players.decide(_Where(level), v), 30)  # type: ignore[arg-type]
        pid, thread = seen.where
        assert (pid != me) is elsewhere, level
        if not elsewhere:  # in this process: never on the UI thread
            assert thread != threading.main_thread().name
    pids = {players.pool().submit(os.getpid).result(timeout=30) for _ in range(3)}
    assert me not in pids


def test_a_session_is_freed_on_the_ui_thread_without_the_collector(ui, qtbot) -> None:
    table = ui.table
    gc.collect()
    gc.disable()  # whatever is left in a cycle now stays: the check below would see it
    try:
        ui.settings.speed = "fast"  # an AI decision may still be out when the session closes
        session = ui.app.start_rules(preset("classic"), seat=0, seed=5)
        qtbot.waitUntil(lambda: table.hand.cards.count >= 10, timeout=20_000)
        assert threading.current_thread() is threading.main_thread()
        ref = weakref.ref(session)
        del session
        ui.app.set_session(None)
        qtbot.waitUntil(lambda: ref() is None, timeout=10_000)
    finally:
        gc.enable()


class _Slow:
    """A player whose decision comes back only after ``seconds``."""

    level = "hard"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def act(self, _view: object) -> None:
        time.sleep(self.seconds)


def test_a_decision_that_does_not_come_back_is_abandoned(qapp, qtbot, monkeypatch) -> None:
    from engine.hand import Hand, Setup
    from engine.views import view

    monkeypatch.setattr(players.THINKER, "give_up", 0.5)
    seen = view(Hand(preset("classic"), Setup(1, ("2",) * 4, 0)), 0)
    slow = _Slow(3)
    action, after = on_loop(qtbot, players.decide(slow, seen), 10)  # type: ignore[arg-type]
    assert (action, after) == (None, slow)  # the engine plays for the seat instead


def test_a_stalled_table_says_what_it_waits_on(qapp, qtbot) -> None:
    """The self-test's "stuck in phase" report names the decision the game waits for: an AI
    seat's job and its age, or the seats that owe a decision, those whose AI answer is held,
    the next scheduled step and the last one taken."""
    from app.session import OfflineSession
    from app.settings import Settings

    settings = Settings()
    settings.speed = "instant"
    session = OfflineSession(settings, preset("classic"), seat=0, ai_levels=("normal",) * 4, seed=3)
    session.save_enabled = False
    assert session.waiting_on() == (
        "decisions owed by seats [None] (the AI's answer held for []), no step scheduled; "
        "0 steps taken, the last never"
    )
    for s in (1, 2, 3):
        session._players[s] = _Slow(3)  # type: ignore[assignment]
    session.start()
    try:
        qtbot.waitUntil(lambda: session.waiting_on().startswith("the AI's"), timeout=20_000)
        said = session.waiting_on()
        assert said.startswith("the AI's bid for seat ") and said.endswith(" s ago"), said
    finally:
        session.close()
