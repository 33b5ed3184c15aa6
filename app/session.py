"""Sessions: what the table binds to. The table never knows which one it talks to.

A session owns a game somewhere (a local engine, a server, a record) and publishes, for its
seat (``None`` for a spectator), the engine's ``View`` plus the events each change caused. The
table sends it actions; a refusal comes back as the engine's error (code, English, Chinese) and
changes nothing.

- ``OfflineSession``: a local ``Match``; AI seats think in the app's worker processes, awaited on
  the qasync loop (the UI never blocks, and no thread of ours touches a QObject), and are paced
  so a person can follow; the running game is saved after every change and each
  finished hand is kept as a record (engine.records) for the replay viewer.
- ``OfflineSession(seat=None)``: four AIs, watched — the spectator table without a server.
- ``ReplaySession``: steps through a hand record with every hand open.
- ``app.online.OnlineSession``: the same interface over ``net.client``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import Coroutine
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from app import players, stats
from app.settings import Settings, data_dir
from engine.actions import Action, DealCard, action_from_dict, action_to_dict
from engine.cards import Card
from engine.errors import RulesError
from engine.events import Event, Played, TrickWon
from engine.hand import DEAL_STEP, Decision, Hand, Phase
from engine.match import Match
from engine.records import hand_record, replay
from engine.rules import RuleSet, rules_from
from engine.selfplay import answer, seat_seed
from engine.views import View, view

log = logging.getLogger(__name__)
SAVE_FORMAT = "tuolaji-offline/1"


class Session(QObject):
    """The interface the table binds to."""

    changed = Signal()  # ``view`` (and the rest) changed
    eventsArrived = Signal(list)  # the events of the last change, as this seat may see them
    refused = Signal(str, str, str)  # code, English, Chinese
    notice = Signal(str, str)  # English, Chinese: a change the player did not make
    thinkingChanged = Signal()
    hintReady = Signal(object)  # players.Hint

    kind = "session"

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.seat: int | None = None
        self.view: View | None = None
        self.names: list[str] = ["", "", "", ""]
        self.thinking: frozenset[int] = frozenset()
        self.levels: list[str] = ["2"] * 4  # the match's levels per seat
        self.winners: tuple[int, ...] | None = None  # the match's winners, once over
        self.open_hands: list[tuple[Card, ...]] | None = None  # replay: every hand shown
        self.trustee = False  # 托管: the AI plays this seat
        self.clock = 0  # seconds per turn (online), 0: no clock
        self._tasks: set[asyncio.Task[None]] = set()

    # what the table may ask
    def set_trustee(self, on: bool) -> None:
        """托管 on or off (where the session allows it)."""

    def count_hand(self, key: str) -> None:
        """Statistics: count this finished hand (and the match, once over) for the seat."""
        v = self.view
        if self.seat is None or v is None or not v.outcome:
            return
        stats.record_hand(key, self.seat, v.outcome)
        if self.winners is not None:
            stats.record_match(key.rsplit(":", 1)[0], self.seat in self.winners)

    def act(self, action: Action) -> bool:
        raise NotImplementedError

    def request_hint(self) -> None:
        """A hint for the seat's view, searched in a worker process (``hintReady``)."""
        if self.view is not None and self.seat is not None:
            self._spawn(self._hint(self.view))

    async def _hint(self, v: View) -> None:
        try:
            h = await players.hint_for(v)
        except Exception:
            log.exception("the hint search failed")
            return
        if self.view is v:  # nothing changed while it was searched
            self.hintReady.emit(h)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` on the app's asyncio loop (qasync, the UI thread); ``close`` cancels it."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_report_failure)

    def next_hand(self) -> None:
        """After a hand: go on to the next one (when the session allows it)."""

    def close(self) -> None:
        """Stop: no more signals."""
        for task in self._tasks:
            task.cancel()

    @property
    def can_act(self) -> bool:
        return self.seat is not None


class OfflineSession(Session):
    kind = "offline"

    def __init__(
        self,
        settings: Settings,
        rules: RuleSet,
        seat: int | None = 0,
        ai_levels: tuple[str, ...] = ("normal",) * 4,
        seed: int | None = None,
        names: list[str] | None = None,
        save: bool = True,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.kind = "offline" if seat is not None else "spectator"
        self.settings = settings
        self.seat = seat
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(48)
        self.ai_levels = tuple(ai_levels)
        self.names = list(names or ["", "", "", ""])
        self.save_enabled = save and seat is not None
        self.match = Match(rules, self.seed)
        self._players: dict[int, players.Player] = {
            s: players.make_player(self.ai_levels[s], seat_seed(self.seed, s))
            for s in range(4)
            if s != seat
        }
        self._gen = 0
        self._job: tuple[str, float] | None = None
        self._pending: Action | None = None  # the AI's action, held for its pause
        self._decision: Decision = DEAL_STEP  # what the running AI job answers
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._pump)
        self._save_timer = QTimer(self)
        self._save_timer.setSingleShot(True)
        self._save_timer.setInterval(250)
        self._save_timer.timeout.connect(self.save)
        self._closed = False
        self.auto_next = seat is None  # a watched table goes on by itself
        self._sync([])

    # -- restore -----------------------------------------------------------------------
    @classmethod
    def restore(cls, settings: Settings, path: Path | None = None) -> OfflineSession | None:
        """The running offline game saved at ``path``, or None if there is none (or it is bad)."""
        path = path or save_path()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != SAVE_FORMAT:
                return None
            rules = rules_from(data["rules"])
            session = cls(
                settings,
                rules,
                seat=data["seat"],
                ai_levels=tuple(data["ai_levels"]),
                seed=data["seed"],
                names=data.get("names"),
            )
            session._replay_into(data["hands"])
        except (OSError, ValueError, KeyError, TypeError, RulesError) as e:
            if path.exists():
                log.warning("discarding the saved game %s: %s", path, e)
            return None
        session._sync([])
        return session

    def _replay_into(self, hands: list[list[dict[str, Any]]]) -> None:
        for i, actions in enumerate(hands):
            if i:
                self.match.next_hand()
            for a in actions:
                self.match.apply(action_from_dict(a))
        self.levels = list(self.match.levels)

    def start(self) -> None:
        self._schedule(0)

    # -- the table's requests ------------------------------------------------------------
    def act(self, action: Action) -> bool:
        if self._closed or self.seat is None or getattr(action, "seat", None) != self.seat:
            return False
        try:
            events = self.match.apply(action)
        except RulesError as e:
            self.refused.emit(e.code, e.en, e.zh)
            return False
        self._after(events)
        return True

    def next_hand(self) -> None:
        hand = self.match.hand
        if hand.phase != Phase.DONE or self.match.over:
            return
        self.match.next_hand()
        self._gen += 1
        self.levels = list(self.match.levels)
        self._sync([])
        self._save_soon()
        self._schedule(0)

    def set_trustee(self, on: bool) -> None:
        if self.seat is None or on == self.trustee:
            return
        self.trustee = on
        if on:
            self._players[self.seat] = players.make_player(
                "normal", seat_seed(self.seed, self.seat)
            )
        else:
            self._players.pop(self.seat, None)
        self.changed.emit()
        self._schedule(0)

    def close(self) -> None:
        self._closed = True
        self._gen += 1
        self._timer.stop()
        if self._save_timer.isActive():
            self._save_timer.stop()
            self.save()
        super().close()

    # -- driving the game ------------------------------------------------------------------
    def waiting_on(self) -> str:
        """What the game waits for now, in words (the self-test names it when a hand stalls)."""
        if self._job is not None:
            what, since = self._job
            ago = time.monotonic() - since
            return f"the AI's {what} for seat {self._decision.seat}, asked {ago:.1f} s ago"
        seats = [d.seat for d in self.match.hand.pending()]
        step = (
            f"the next step in {self._timer.remainingTime()} ms"
            if self._timer.isActive()
            else "no step scheduled"
        )
        return f"decisions owed by seats {seats}, {step}"

    def _schedule(self, ms: int) -> None:
        if not self._closed:
            self._timer.start(max(0, ms))

    def _pump(self) -> None:
        if self._closed or self._job is not None:
            return
        hand = self.match.hand
        if hand.phase == Phase.DONE:
            if self.auto_next and not self.match.over:
                self.next_hand()
            return
        # The engine's order: the AI seats' decisions are offered one at a time as listed; the
        # person's own (a bid while the cards come, a turn) are theirs to take meanwhile.
        for d in hand.pending():
            if d.seat is None:
                self._after(self.match.apply(DealCard()), pump=False)
                self._schedule(self.settings.timing("deal"))
                return
            if d.seat not in self._players:
                continue
            if d.required:
                self._set_thinking({d.seat})
            self._start("act" if d.required else "bid", d, view(hand, d.seat))
            return
        # Only the person at the table can act now: wait for them.

    def _start(self, what: str, decision: Decision, v: View) -> None:
        self._job = (what, time.monotonic())
        self._decision = decision
        self._spawn(self._decide(self._gen, what, decision, v))

    async def _decide(self, gen: int, what: str, decision: Decision, v: View) -> None:
        """The AI seat's answer to ``decision``, from a worker process; the player's new state
        is kept (its random choices go on from where the worker left them)."""
        assert decision.seat is not None
        asked = self._players[decision.seat]
        try:
            action, player = await players.decide(asked, v)
        except BrokenProcessPool:
            log.exception("an AI worker process died; starting new ones")
            players.shutdown()
            action, player = None, asked
        except Exception:
            log.exception("AI player failed")
            action, player = None, asked
        if self._players.get(decision.seat) is asked:
            self._players[decision.seat] = player
        self._job_done(gen, what, action)

    def _job_done(self, gen: int, what: str, out: Action | None) -> None:
        if gen != self._gen or self._closed:
            self._job = None
            self._schedule(0)  # the game moved on while it thought (a new hand)
            return
        started = self._job[1] if self._job else time.monotonic()
        if what == "bid":
            self._job = None
            self._apply_ai(self._decision, out)
            return
        wait = self.settings.timing("ai") - int((time.monotonic() - started) * 1000)
        self._pending = out
        if wait > 0:
            QTimer.singleShot(wait, lambda g=gen: self._finish_act(g))
        else:
            self._finish_act(gen)

    def _finish_act(self, gen: int) -> None:
        if gen != self._gen or self._closed:
            return
        self._job = None
        action = self._pending
        self._pending = None
        self._set_thinking(set())
        self._apply_ai(self._decision, action)

    def _apply_ai(self, d: Decision, action: Action | None) -> None:
        """Apply the AI's answer to ``d`` (``selfplay.answer`` when it has none or it is
        refused), unless the person's own action meanwhile settled ``d``."""
        hand = self.match.hand
        if all(p.seat != d.seat for p in hand.pending()):
            self._schedule(0)  # e.g. the person's bid closed the bidding while the AI thought
            return
        if action is not None:
            try:
                self._after(self.match.apply(action))
                return
            except RulesError as e:
                # The person may have acted while the AI thought (a stronger bid): the AI's
                # choice is stale, not wrong. Anything else is the AI's mistake: play for it.
                log.info("AI seat %s: %s refused (%s)", d.seat, action, e.en)
        fallback = answer(hand, d, None)
        try:
            events = self.match.apply(fallback) if fallback is not None else []
        except RulesError:
            events = []
        if events:
            self._after(events)
        else:
            self._schedule(0)

    def _after(self, events: list[Event], pump: bool = True) -> None:
        self._sync(events)
        self._save_soon()
        if self.match.hand.phase == Phase.DONE:
            self._hand_finished()
        if not pump:
            return
        if any(isinstance(e.body, TrickWon) for e in events):
            self._schedule(self.settings.timing("hold") + self.settings.timing("flight"))
        else:
            self._schedule(0)

    def _hand_finished(self) -> None:
        if self.auto_next:
            self._schedule(self.settings.timing("hold") * 3 + 500)
        if self.seat is not None:
            save_record(self.match.hand)
            self.winners = self.match.winners
            self.count_hand(f"offline:{self.seed}:{self.match.hand.setup.hand_no}")

    def _set_thinking(self, seats: set[int]) -> None:
        new = frozenset(seats)
        if new != self.thinking:
            self.thinking = new
            self.thinkingChanged.emit()

    def _sync(self, events: list[Event]) -> None:
        hand = self.match.hand
        self.view = view(hand, self.seat)
        self.winners = self.match.winners
        self.levels = list(self.match.levels)
        if events:
            seen = [d for d in (e.for_seat(self.seat) for e in events) if d is not None]
            if seen:
                self.eventsArrived.emit(seen)
        self.changed.emit()

    # -- persistence ---------------------------------------------------------------------
    def _save_soon(self) -> None:
        if self.save_enabled and not self._save_timer.isActive():
            self._save_timer.start()

    def save(self) -> None:
        if not self.save_enabled:
            return
        data = {
            "format": SAVE_FORMAT,
            "rules": self.match.rules.to_dict(),
            "seed": self.seed,
            "seat": self.seat,
            "ai_levels": list(self.ai_levels),
            "names": self.names,
            "hands": [[action_to_dict(a) for a in h.actions] for h in self.match.hands],
        }
        path = save_path()
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)

    def discard_save(self) -> None:
        self.save_enabled = False
        save_path().unlink(missing_ok=True)


def _report_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and (e := task.exception()) is not None:
        log.error("a session's task failed", exc_info=e)


def save_path() -> Path:
    return data_dir() / "offline-game.json"


def records_dir() -> Path:
    path = data_dir() / "records"
    path.mkdir(parents=True, exist_ok=True)
    return path


def save_record(hand: Hand) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = records_dir() / f"hand-{stamp}-{hand.setup.seed % 100000:05d}-{hand.setup.hand_no}.json"
    path.write_text(json.dumps(hand_record(hand), ensure_ascii=False), encoding="utf-8")
    return path


def list_records() -> list[Path]:
    return sorted(records_dir().glob("*.json"), reverse=True)


class ReplaySession(Session):
    """A finished hand, step by step, every hand open. Steps: the deal, then each action."""

    kind = "replay"

    def __init__(self, record: dict[str, Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        full = replay(record)
        self._record = record
        self._actions = list(full.actions)
        last_deal = max(
            (i for i, a in enumerate(self._actions) if isinstance(a, DealCard)), default=-1
        )
        # The first stop shows the dealt hands; then one stop per bid, bury, call and play.
        self._stops = [last_deal + 1, *range(last_deal + 2, len(self._actions) + 1)]
        self.seat = None
        self.levels = list(full.setup.levels)
        self.step = 0
        self._build()

    @property
    def steps(self) -> int:
        return len(self._stops)

    def act(self, action: Action) -> bool:
        return False

    def go(self, step: int) -> None:
        step = max(0, min(step, self.steps - 1))
        if step != self.step:
            before = self.step
            self.step = step
            self._build(forward=step == before + 1)

    def _build(self, forward: bool = False) -> None:
        record = dict(self._record)
        record["actions"] = [action_to_dict(a) for a in self._actions[: self._stops[self.step]]]
        hand = replay(record)
        trumps = hand.trumps
        self.open_hands = [
            tuple(trumps.sorted(list(h.elements())) if trumps else sorted(h.elements()))
            for h in hand.hands
        ]
        self.kitty = tuple(hand.kitty)
        self.buried = tuple(hand.buried)
        self.view = view(hand, None)
        if forward and hand.events:
            last = [e for e in hand.events[-3:] if isinstance(e.body, Played | TrickWon)]
            seen = [e.for_seat(None) for e in last]
            self.eventsArrived.emit([d for d in seen if d])
        self.changed.emit()
