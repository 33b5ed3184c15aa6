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
import dataclasses
import json
import logging
import random
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from app import players, stats
from app.settings import Settings, data_dir
from engine.actions import Action, DealCard, action_from_dict, action_to_dict
from engine.cards import Card
from engine.driver import Clock, Deal, Driver, Expire, Pacing, Play, Think
from engine.errors import RulesError
from engine.events import Event, Played, TrickWon
from engine.hand import Hand, Phase
from engine.match import Match
from engine.records import HandRecord, hand_record, replay
from engine.rules import RuleSet, rules_from
from engine.selfplay import seat_seed
from engine.views import View, view

log = logging.getLogger(__name__)
SAVE_FORMAT = "tuolaji-offline/1"


class Session(QObject):
    """The interface the table binds to."""

    changed = Signal()  # ``view`` (and the rest) changed
    eventsArrived = Signal(list)  # the events of the last change, as this seat may see them
    refused = Signal(str, str, str)  # code, English, Chinese
    # a change the player did not make: a sentence of the "Notices" catalogue, its %1… filled,
    # and the seat it is about when it is about another seat's 托管 (-1: none)
    notice = Signal(str, list, int)
    thinkingChanged = Signal()
    hintReady = Signal(object)  # players.Hint
    handSaved = Signal(str)  # a finished hand's record file (the review judges it)

    kind = "session"
    practice = False  # a practice table (app.practice): never rated, never counted

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.seat: int | None = None
        # the seat shown is another player's (a replay from their profile): the table speaks
        # of it by name, as to a spectator, never as "you"
        self.watching = False
        self.view: View | None = None
        self.names: list[str] = ["", "", "", ""]
        self.thinking: frozenset[int] = frozenset()
        self.levels: list[str] = ["2"] * 4  # the match's levels per seat
        self.winners: tuple[int, ...] | None = None  # the match's winners, once over
        self.open_hands: list[tuple[Card, ...]] | None = None  # replay: every hand shown
        self.trustee = False  # 托管: the AI plays this seat
        self.spectators = 0  # how many watch (online)
        self.seat_flags: list[dict[str, Any]] = [{} for _ in range(4)]  # online: away, bot...
        self.step = 0  # a replay's step (of ``steps``)
        self.clock = 0.0  # seconds per turn, 0: no clock
        # seat -> time.monotonic() (this machine's) when its turn clock runs out; empty: none runs
        self.deadlines: dict[int, float] = {}
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

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> bool:
        """Run ``coro`` on the app's asyncio loop (qasync, the UI thread); ``close`` cancels it.
        False when there is no loop any more (the app is closing): nothing runs."""
        try:
            task = asyncio.get_running_loop().create_task(coro)
        except RuntimeError:
            coro.close()
            return False
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_report_failure)
        return True

    def next_hand(self) -> None:
        """After a hand: go on to the next one (when the session allows it)."""

    @property
    def steps(self) -> int:
        """A replay's steps (0: this is no replay)."""
        return 0

    def go(self, step: int) -> None:
        """A replay: show ``step``."""

    @property
    def can_take_back(self) -> bool:
        """Practice: whether the player's last decision can be taken back now."""
        return False

    def buried_cards(self) -> tuple[Card, ...]:
        """The buried kitty, as far as this seat knows it."""
        return self.view.buried if self.view is not None else ()

    def set_paused(self, on: bool) -> None:
        """Hold the game still (a dialog is open over the table) where the session can: offline
        nothing moves until it is resumed; online the game is not ours to stop."""

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
        clock: Clock = time.monotonic,
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
        self.driver = Driver(self._pacing(), clock)
        # the pacing follows the speed the Settings page sets, built again only when it changes
        settings.motionChanged.connect(self._repace)
        settings.trickHoldChanged.connect(self._repace)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._pump)
        self._pumps = 0  # steps taken, and when the last was (``waiting_on`` reports them)
        self._pumped_at: float | None = None
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
        hand = self.match.hand
        if not hand.actions:  # a new hand: its start is told, as a server tells it
            self._sync(list(hand.events))
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
        self.levels = list(self.match.levels)
        self.driver.applied(list(self.match.hand.events))
        self._sync(list(self.match.hand.events))
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

    def set_paused(self, on: bool) -> None:
        self.driver.pause(on)
        if not on:
            self._schedule(0)

    def close(self) -> None:
        if not self._closed:
            self.settings.motionChanged.disconnect(self._repace)
            self.settings.trickHoldChanged.disconnect(self._repace)
        self._closed = True
        self._timer.stop()
        if self._save_timer.isActive():
            self._save_timer.stop()
            self.save()
        super().close()

    # -- driving the game: engine.driver says what is next, and when ----------------------
    @property
    def steps_taken(self) -> int:
        """The table's steps so far: one that moves slowly is told from one that stalled."""
        return self._pumps

    def waiting_on(self) -> str:
        """What the game waits for now, in words (the self-test names it when a hand stalls)."""
        hand = self.match.hand
        d = self.driver.next_decision(hand, self._auto)
        if d is not None and d.seat is not None and (since := self.driver.asked_at(d.seat)):
            ago = self.driver.clock() - since
            what = "bid" if not d.required else "/".join(d.kinds)
            return f"the AI's {what} for seat {d.seat}, asked {ago:.1f} s ago"
        seats = [d.seat for d in hand.pending()]
        held = [s for s in seats if s is not None and self.driver.planned(s)]
        step = (
            f"the next step in {self._timer.remainingTime()} ms"
            if self._timer.isActive()
            else "no step scheduled"
        )
        last = (
            f"{self.driver.clock() - self._pumped_at:.1f} s ago"
            if self._pumped_at is not None
            else "never"
        )
        return (
            f"decisions owed by seats {seats} (the AI's answer held for {held}), {step}; "
            f"{self._pumps} steps taken, the last {last}"
        )

    def _pacing(self) -> Pacing:
        t = self.settings.timing
        ai = t("ai") / 1000
        return Pacing(
            deal=t("deal") / 1000,
            ai_pause=(ai, ai),
            trick_hold=(t("hold") + self.settings._flight()) / 1000,
        )

    def _repace(self) -> None:
        self.driver.pacing = self._pacing()

    def _auto(self, seat: int) -> bool:
        return seat in self._players

    def _schedule(self, ms: int) -> None:
        if not self._closed:
            self._timer.start(max(0, ms))

    def _pump(self) -> None:
        if self._closed:
            return
        self._pumps += 1
        self._pumped_at = self.driver.clock()
        hand = self.match.hand
        if hand.phase == Phase.DONE:
            if self.auto_next and not self.match.over:
                self.next_hand()
            return
        step = self.driver.step(hand, self._auto)
        self._set_thinking(set(self.driver.thinking()))
        if isinstance(step, Deal):
            events: list[Event] = []
            while len(events) < step.cards and self.driver.deal_open(hand, self._auto):
                events += self.match.apply(DealCard())
            self.driver.dealt(step.cards)
            self._after(events)
        elif isinstance(step, Think):
            self._spawn(self._decide(step))
        elif isinstance(step, Play):
            self._apply_ai(step)
        elif isinstance(step, Expire):
            self.set_trustee(True)
        elif step.until is not None:
            self._schedule(int((step.until - self.driver.clock()) * 1000) + 1)

    async def _decide(self, step: Think) -> None:
        """The AI seat's answer to ``step``, from a worker process; the player's new state is
        kept (its random choices go on from where the worker left them)."""
        seat = step.decision.seat
        assert seat is not None
        asked = self._players.get(seat)
        if asked is None:
            return
        try:
            action, player = await players.decide(asked, view(self.match.hand, seat))
        except Exception:
            log.exception("AI player failed")
            action, player = None, asked
        if self._closed:
            return
        if self._players.get(seat) is asked:
            self._players[seat] = player
        self.driver.thought(seat, step.key, action)
        self._schedule(0)

    def _apply_ai(self, step: Play) -> None:
        """Apply the AI's answer (the engine's when it has none or it is refused)."""
        hand, d = self.match.hand, step.decision
        action = step.action or self.driver.fallback(hand, d)
        if action is not None:
            try:
                self._after(self.match.apply(action))
                return
            except RulesError as e:
                log.info("AI seat %s: %s refused (%s)", d.seat, action, e.en)
                fallback = self.driver.fallback(hand, d)
                if fallback is not None:
                    self._after(self.match.apply(fallback))
                    return
        self._schedule(0)

    def _after(self, events: list[Event]) -> None:
        self.driver.applied(events)
        self._sync(events)
        self._save_soon()
        if self.match.hand.phase == Phase.DONE:
            self._hand_finished()
        else:
            self._schedule(0)

    def _hand_finished(self) -> None:
        if self.match.ends_match():  # scored now: the hand's result says the match is won
            self.match.next_hand()
            self._sync([])
        if self.auto_next:
            self._schedule(self.settings.timing("hold") * 3 + 500)
        if self.seat is not None:
            self.handSaved.emit(str(save_record(self.match.hand, self.seat, self.names)))
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

    def record(self) -> HandRecord:
        """The hand on the table as a record, with the seat and names it is played with."""
        return _with_table(hand_record(self.match.hand), self.seat, self.names)

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


def save_record(hand: Hand, seat: int | None = None, names: list[str] | None = None) -> Path:
    """The hand's record, with the seat it was played from and the names the table gave the
    seats: the replay shows it as the table did."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = records_dir() / f"hand-{stamp}-{hand.setup.seed % 100000:05d}-{hand.setup.hand_no}.json"
    record = _with_table(hand_record(hand), seat, names or ["", "", "", ""])
    path.write_text(json.dumps(record.to_dict(), ensure_ascii=False), encoding="utf-8")
    return path


def _with_table(record: HandRecord, seat: int | None, names: list[str]) -> HandRecord:
    return dataclasses.replace(record, seat=seat, names=(names[0], names[1], names[2], names[3]))


def list_records() -> list[Path]:
    return sorted(records_dir().glob("*.json"), reverse=True)


def read_record(path: Path) -> HandRecord:
    """A saved hand record: ``OSError``/``ValueError`` when the file cannot be read as JSON,
    ``RulesError("malformed")`` when it is no record."""
    return HandRecord.from_dict(json.loads(path.read_text(encoding="utf-8")))


class ReplaySession(Session):
    """A finished hand, step by step, every hand open: from before the first card is dealt, a
    stop at each bid (or pass) as the cards come, the whole deal, then each action. Seen from
    the seat that played it (a record the app saved names it): the same names as at the table."""

    kind = "replay"

    def __init__(
        self, record: HandRecord, watching: bool = False, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        full = replay(record)
        self.watching = watching
        self._record = record
        self._actions = list(full.actions)
        last_deal = max(
            (i for i, a in enumerate(self._actions) if isinstance(a, DealCard)), default=-1
        )
        acted = [i + 1 for i, a in enumerate(self._actions) if not isinstance(a, DealCard)]
        self._stops = sorted({0, last_deal + 1, *acted})
        self.seat = record.seat
        if record.names is not None:
            self.names = list(record.names)
        self.levels = list(full.setup.levels)
        self.step = 0
        self._build()

    @property
    def steps(self) -> int:
        return len(self._stops)

    def act(self, action: Action) -> bool:
        return False

    def buried_cards(self) -> tuple[Card, ...]:
        return self.buried or self.kitty  # every hand is open: the kitty before the burial

    def branch_point(self) -> tuple[HandRecord, int]:
        """The record and how many of its actions this step shows: where practice's "play
        from here" (app.practice) branches."""
        return self._record, self._stops[self.step]

    def step_at(self, actions: int) -> int:
        """The step that shows the hand after its first ``actions`` actions (or the last one
        before)."""
        return max(i for i, n in enumerate(self._stops) if n <= actions)

    def go(self, step: int) -> None:
        step = max(0, min(step, self.steps - 1))
        if step != self.step:
            before = self.step
            self.step = step
            self._build(forward=step == before + 1)

    def _build(self, forward: bool = False) -> None:
        hand = replay(self._record.upto(self._stops[self.step]))
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
