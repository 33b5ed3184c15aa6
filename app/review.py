"""The hand review screen (``App.review``, issue 35 part 3): a finished hand's decisions of the
player's seat judged by ``engine.review``, decision by decision in the AI worker pool (never on
the UI thread; one decision at a time, so a table's AI keeps the other workers), with a
progress bar. The result is cached in the records folder (``reviews/``), keyed by the hand, so a
hand reviewed once opens at once. Offline hands are reviewed in the background as they end.

It also feeds the evaluation bar: a replay's from its review, and a live one for a spectator
of a room that delays its spectators (``liveWin``): the defenders' chance from the spectator's
own view (``engine.review.public_win``: public cards only), judged in the worker pool after each
trick it sees. A seated player never gets one, nor a spectator of a live (undelayed) table,
where it would coach the players.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlUncreatable

from app import players
from app.i18n import engine_text
from app.online import OnlineSession
from app.session import ReplaySession, Session, read_record, records_dir
from app.settings import Settings
from engine.actions import Bury, CallFriend, PassBid, action_to_dict
from engine.errors import RulesError
from engine.lessons.check import cards_text
from engine.order import Trumps, trumps_for
from engine.records import HandRecord, replay
from engine.review import DEALS, LIVE_DEALS, Moment, Review, decisions, judge_step, public_win
from engine.views import View

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1

log = logging.getLogger(__name__)


def cache_path(record: HandRecord, seat: int) -> Path:
    """Where the review of ``record`` from ``seat`` is kept: the hand itself names it (a server's
    record and a saved file of the same hand share it)."""
    actions = [action_to_dict(a) for a in record.actions]
    key = json.dumps([record.rules.to_dict(), record.setup.to_dict(), actions], sort_keys=True)
    digest = hashlib.sha1(key.encode()).hexdigest()[:16]
    folder = records_dir() / "reviews"
    folder.mkdir(exist_ok=True)
    return folder / f"{digest}-{seat}.json"


def cached(record: HandRecord, seat: int) -> Review | None:
    try:
        data = json.loads(cache_path(record, seat).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    try:
        return Review.from_dict(data)
    except (KeyError, TypeError, ValueError):
        return None  # a damaged cache is judged again


@QmlElement
@QmlUncreatable("App.review")
class ReviewViewModel(QObject):  # type: ignore[operator]  # QmlUncreatable (see viewmodels)
    changed = Signal()
    progressChanged = Signal()
    liveChanged = Signal()
    jumpWanted = Signal(object, int)  # the record and the action index to show in the replay
    retryWanted = Signal(object, int, int)  # the record, the action index, the seat

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self.deals = DEALS
        self._trumps: Trumps = trumps_for("2", None)
        self._record: HandRecord | None = None
        self._seat = 0
        self._review: Review | None = None
        self._done = 0
        self._total = 0
        self._state = "idle"  # idle, running, ready, failed
        self._task: asyncio.Task[None] | None = None
        self._background: list[tuple[HandRecord, int]] = []
        self._worker: asyncio.Task[None] | None = None
        # the replay on show, its seat and its cached review (the evaluation bar)
        self._bar: tuple[HandRecord, int, Review | None] | None = None
        # the session on show, and its live evaluation: the trick it was judged after, the
        # defenders' chance (-1: none shown)
        self._watched: Session | None = None
        self._live_at: tuple[str, int, int] | None = None
        self._live = -1.0
        self._live_task: asyncio.Task[None] | None = None
        sessions = getattr(parent, "sessionChanged", None)  # the App's
        if sessions is not None:
            sessions.connect(self._follow)

    # -- what is reviewed ----------------------------------------------------------------
    def open(self, record: HandRecord, seat: int) -> None:
        """Show the review of ``record`` from ``seat``: the cached one, or judged now."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._record, self._seat = record, seat
        self._trumps = replay(record).trumps or trumps_for("2", None)
        self._review = cached(record, seat)
        self._done, self._total = 0, len(decisions(record, seat))
        if self._review is not None:
            self._state = "ready"
        else:
            self._state = "running"
            self._task = self._spawn(self._run(record, seat, foreground=True))
            if self._task is None:
                self._state = "failed"
        self.changed.emit()
        self.progressChanged.emit()

    def in_background(self, record: HandRecord, seat: int) -> None:
        """Review an offline hand after it ends, at low priority: queued, one decision at a
        time in the worker pool, cached for when the player opens it."""
        if cached(record, seat) is not None:
            return
        self._background.append((record, seat))
        if self._worker is None or self._worker.done():
            self._worker = self._spawn(self._drain())

    @Slot(str)
    def queue_path(self, path: str) -> None:
        """A saved offline hand (``Session.handSaved``), reviewed in the background."""
        try:
            record = read_record(Path(path))
        except (OSError, ValueError, RulesError):
            return
        if record.seat is not None:
            self.in_background(record, record.seat)

    def stop_background(self) -> None:
        """The table the hands came from is left: the rest is judged when it is opened."""
        self._background.clear()
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None

    async def _drain(self) -> None:
        while self._background:
            record, seat = self._background.pop(0)
            if cached(record, seat) is None:
                await self._run(record, seat, foreground=False)

    @Slot(str, result=bool)
    def openPath(self, path: str) -> bool:
        """The review of a saved hand (a replay file), from the seat it was played from."""
        try:
            record = read_record(Path(path))
        except (OSError, ValueError, RulesError):
            return False
        return self.open_record(record)

    def open_record(self, record: HandRecord) -> bool:
        if record.seat is None:
            return False
        self.open(record, record.seat)
        return True

    async def _run(self, record: HandRecord, seat: int, foreground: bool) -> None:
        loop = asyncio.get_running_loop()
        steps = decisions(record, seat)
        moments: list[Moment] = []
        try:
            for i, step in enumerate(steps):
                m = await loop.run_in_executor(
                    players.pool(), judge_step, record, seat, step, self.deals
                )
                if m is not None:
                    moments.append(m)
                if foreground:
                    self._done = i + 1
                    self.progressChanged.emit()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the review failed")
            if foreground:
                self._state = "failed"
                self.changed.emit()
            return
        result = Review(seat, self.deals, tuple(moments))
        cache_path(record, seat).write_text(json.dumps(result.to_dict()), encoding="utf-8")
        self._bar = None  # a replay of this hand has its review now
        if foreground or (record is self._record and seat == self._seat):
            self._review = result
            self._state = "ready"
            self.changed.emit()

    def _spawn(self, coro: Any) -> asyncio.Task[None] | None:
        try:
            return asyncio.get_running_loop().create_task(coro)
        except RuntimeError:  # no loop any more: the app is closing
            coro.close()
            return None

    # -- what the screen shows -----------------------------------------------------------
    def _text(self, en: str, zh: str) -> str:
        return engine_text(en, zh, str(self._settings.language))

    def _row(self, m: Moment, index: int) -> dict[str, Any]:
        made = self._record.actions[m.step] if self._record is not None else None
        bid = m.kind == "bid"
        if bid:  # a bid, a pass, or a chance to bid let go (``played`` then empty)
            passed = isinstance(made, PassBid) and made.seat == self._seat
            played = self._bid_text(m.played, self.tr("Pass") if passed else self.tr("No bid"))
            best = self._bid_text(m.best, self.tr("No bid"))
            figures = self.tr("Chance to win the hand: %1% as you bid, %2% with the best bid")
        else:
            played = self._text(*cards_text(self._trumps.sorted(m.played)))
            best = self._text(*cards_text(self._trumps.sorted(m.best)))
            figures = self.tr("Chance to win the hand: %1% played, %2% with the best play")
        return {
            "index": index,
            "step": m.step,
            "trick": m.trick + 1,
            "burial": isinstance(made, Bury),
            "call": isinstance(made, CallFriend),
            "bid": bid,
            "label": m.label,
            "labelText": self._label_text(m.label),
            "played": played,
            "best": best,
            "loss": round(m.loss, 2),
            "win": m.played_result.win,
            "bestWin": m.best_result.win,
            "levels": round(m.played_result.levels, 2),
            "bestLevels": round(m.best_result.levels, 2),
            "hindsight": m.hindsight,
            "hindsightLoss": round(m.hindsight_best - m.hindsight, 2),
            "reason": self._text(m.reason_en, m.reason_zh),
            "figures": figures.replace("%1", str(round(100 * m.played_result.win))).replace(
                "%2", str(round(100 * m.best_result.win))
            ),
        }

    def _bid_text(self, cards: tuple[str, ...], none: str) -> str:
        """A bid as the player showed it (``2♥ 2♥``), or ``none`` for no bid."""
        return self._text(*cards_text(cards)) if cards else none

    def _label_text(self, label: str) -> str:
        return {
            "blunder": self.tr("Blunder"),
            "mistake": self.tr("Mistake"),
            "inaccuracy": self.tr("Inaccuracy"),
        }.get(label, self.tr("Good"))

    def _moments(self) -> list[dict[str, Any]]:
        if self._review is None:
            return []
        return [self._row(m, i) for i, m in enumerate(self._review.moments)]

    def _costliest(self) -> list[dict[str, Any]]:
        if self._review is None:
            return []
        index = {m.step: i for i, m in enumerate(self._review.moments)}
        return [self._row(m, index[m.step]) for m in self._review.costliest()]

    def _summary(self) -> str:
        if self._review is None:
            return ""
        ms = self._review.moments
        counts = [sum(1 for m in ms if m.label == name) for name in ("blunder", "mistake")]
        slips = sum(1 for m in ms if m.label == "inaccuracy")
        text = self.tr("%1 decisions judged · blunders: %2 · mistakes: %3 · inaccuracies: %4")
        for key, n in zip(("%1", "%2", "%3", "%4"), (len(ms), *counts, slips), strict=True):
            text = text.replace(key, str(n))
        return text

    def _progress(self) -> float:
        return self._done / self._total if self._total else 0.0

    @Slot(int)
    def jump(self, step: int) -> None:
        """Show the replay at the action ``step`` (the App opens it)."""
        if self._record is not None:
            self.jumpWanted.emit(self._record, step)

    @Slot(int)
    def retry(self, step: int) -> None:
        """Play the decision at ``step`` again (the App opens practice from there)."""
        if self._record is not None:
            self.retryWanted.emit(self._record, step, self._seat)

    @Slot()
    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self._state == "running":
            self._state = "idle"
            self.changed.emit()

    def close(self) -> None:
        """The app quits: nothing more is judged."""
        self.cancel()
        self.stop_background()
        if self._live_task is not None:
            self._live_task.cancel()

    # -- the evaluation bar of a replay -------------------------------------------------------
    def _replay_review(self, record: HandRecord, seat: int) -> Review | None:
        """The review of the replay on show: this screen's when it is that hand, else the
        cached one (read from its file once per replay)."""
        if record is self._record and seat == self._seat:
            return self._review
        if self._bar is None or self._bar[0] is not record or self._bar[1] != seat:
            self._bar = (record, seat, cached(record, seat))
        return self._bar[2]

    @Slot(int, result=float)
    def replayWin(self, step: int) -> float:
        """The chance that the replay's seat's side wins the hand, as its review judged the
        last of the seat's decisions shown at replay step ``step`` (the play made); -1 when
        the hand has no review yet or none of its judged decisions is shown. QML passes the
        replay's step so that the bar follows it."""
        session = getattr(self.parent(), "session", None)
        if not isinstance(session, ReplaySession) or session.seat is None or step < 0:
            return -1.0
        record, shown = session.branch_point()
        review = self._replay_review(record, session.seat)
        if review is None:
            return -1.0
        made = [m for m in review.moments if m.step < shown]
        return made[-1].played_result.win if made else -1.0

    # -- the live evaluation bar of a delayed table's spectator --------------------------------
    def _follow(self) -> None:
        """The App shows another session: watch its table."""
        session = getattr(self.parent(), "session", None)
        if session is self._watched:
            return
        if self._watched is not None:
            # the old session may be gone already (deleted with its table)
            with contextlib.suppress(RuntimeError):
                self._watched.changed.disconnect(self._spectate)
        self._watched = session
        if session is not None:
            session.changed.connect(self._spectate)
        self._spectate()

    def _spectated(self) -> tuple[str, int, int] | None:
        """Where the table on show stands (room, hand, tricks seen) when it gets a live bar:
        a spectator's, of a room that delays its spectators, in the play; else None."""
        s = self._watched
        if not isinstance(s, OnlineSession) or s.seat is not None or s.info is None:
            return None
        v = s.view
        if s.info.spectator_delay <= 0 or v is None or v.phase != "play":
            return None
        return s.room, v.hand_no, len(v.tricks)

    def _spectate(self) -> None:
        """Judge the spectator's table again once it has seen a trick more (or a new hand):
        one judgement at a time, the latest table next when it is done (tricks may come faster
        than a judgement)."""
        at = self._spectated()
        if at is None:
            if self._live_task is not None:
                self._live_task.cancel()
                self._live_task = None
            self._live_at = None
            self._set_live(-1.0)
        elif self._live_task is None and at != self._live_at:
            assert self._watched is not None and self._watched.view is not None
            self._live_at = at
            self._live_task = self._spawn(self._judge_live(self._watched.view, at))

    async def _judge_live(self, v: View, at: tuple[str, int, int]) -> None:
        loop = asyncio.get_running_loop()
        try:
            win = await loop.run_in_executor(players.pool(), public_win, v, LIVE_DEALS)
        except Exception:
            log.exception("the live evaluation failed")
            win = None
        self._live_task = None
        now = self._spectated()
        if win is not None and now is not None and now[:2] == at[:2]:
            self._set_live(win)  # the same hand of the same room: still worth showing
        self._spectate()

    def _set_live(self, win: float) -> None:
        if win != self._live:
            self._live = win
            self.liveChanged.emit()

    @property
    def review(self) -> Review | None:
        return self._review

    state = Property(str, lambda self: self._state, notify=changed)
    progress = Property(float, _progress, notify=progressChanged)
    moments = Property(list, _moments, notify=changed)
    costliest = Property(list, _costliest, notify=changed)
    summary = Property(str, _summary, notify=changed)
    # the defenders' chance to win at a delayed table this app watches (-1: no bar)
    liveWin = Property(float, lambda self: self._live, notify=liveChanged)
