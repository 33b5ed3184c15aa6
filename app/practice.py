"""Practice (issue 35): play a deal again, from its start or from any step of its record, and
take moves back. Offline only: the online session has neither.

``PracticeSession`` is an ``OfflineSession`` on one deal. The AI seats are the offline ones and
decide from their own ``View`` as at any table (they never see the record's cards). A take back
rebuilds the hand from the record's actions before the player's previous decision (the engine's
replay is exact) rather than undoing state, so the AI's later moves are decided again. The line
it abandons is kept in the record's ``branches`` (docs/RECORDS.md). Practice counts for nothing:
no statistics, no saved game; its finished hand is kept as a record marked ``practice``.
"""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from app.session import OfflineSession, records_dir
from app.settings import Settings
from engine.actions import Action
from engine.dealcode import DealSpec, decode, encode
from engine.hand import Hand, Setup
from engine.records import Branch, HandRecord, PracticeStart
from engine.rules import RuleSet

if TYPE_CHECKING:
    from app.viewmodels import App


class PracticeSession(OfflineSession):
    """One deal to practise on: ``actions`` (a record's first steps) are applied before the
    table opens; the player then plays ``seat`` against the offline AI."""

    practice = True

    def __init__(
        self,
        settings: Settings,
        rules: RuleSet,
        setup: Setup,
        actions: list[Action] | None = None,
        seat: int = 0,
        ai_levels: tuple[str, ...] = ("normal",) * 4,
        names: list[str] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(
            settings, rules, seat, ai_levels, setup.seed, names, save=False, parent=parent
        )
        self.setup = setup
        self.branched_at = len(actions or [])
        # the abandoned lines: each the whole line's actions, and how many the new line kept
        self.branches: list[Branch] = []
        self._record_path: Path | None = None
        try:
            self.deal_code = encode(DealSpec.of(rules, setup))
        except ValueError:  # rules changed from their preset: no code can carry them
            self.deal_code = ""
        self._restart(actions or [])

    def _restart(self, actions: list[Action]) -> None:
        """The match's hand rebuilt from the deal and ``actions``; the driver starts afresh
        on the new hand (it drops whatever it had planned or asked for the old one)."""
        hand = Hand(self.match.rules, self.setup)
        for a in actions:
            hand.apply(a)
        self.match.hands[:] = [hand]
        self.match.levels = list(self.setup.levels)
        self.match.dealer = self.setup.dealer
        self._set_thinking(set())
        self._sync([])

    # -- take back ---------------------------------------------------------------------
    def take_back_point(self) -> int | None:
        """How many actions stay when the player's last decision is taken back (None: the
        player has made none in this hand)."""
        actions = self.match.hand.actions
        mine = [i for i, a in enumerate(actions) if getattr(a, "seat", None) == self.seat]
        return mine[-1] if mine else None

    @property
    def can_take_back(self) -> bool:
        return not self._closed and self.take_back_point() is not None

    def take_back(self) -> bool:
        """Undo to before the player's previous decision; the line left is kept as a branch."""
        at = self.take_back_point()
        if at is None or self._closed:
            return False
        if self.trustee:  # taking a move back is wanting to make it: 托管 would remake it at once
            self.set_trustee(False)
        line = list(self.match.hand.actions)
        self.branches.append(Branch(at, tuple(line)))
        self._restart(line[:at])
        self._save_record()  # the branch is kept even if the hand is never finished
        self._schedule(0)
        return True

    # -- what practice does not do -----------------------------------------------------
    def next_hand(self) -> None:
        """One deal only: playing it again is a new practice session."""

    def count_hand(self, key: str) -> None:
        """Practice never changes statistics."""

    def discard_save(self) -> None:
        """Practice has no saved game: the offline game it was started from stays saved."""

    def _hand_finished(self) -> None:
        self._save_record()

    # -- the record --------------------------------------------------------------------
    def record(self) -> HandRecord:
        """The hand's record as played (``hand_record``), with the seat, names, the abandoned
        branches and where the practice started (docs/RECORDS.md)."""
        return dataclasses.replace(
            super().record(),
            practice=PracticeStart(self.branched_at, self.deal_code),
            branches=tuple(self.branches),
        )

    def _save_record(self) -> None:
        """Kept (and rewritten in place) once the hand is finished or a move is taken back."""
        if self._record_path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            name = f"practice-{stamp}-{self.setup.seed % 100000:05d}.json"
            self._record_path = records_dir() / name
        text = json.dumps(self.record().to_dict(), ensure_ascii=False)
        self._record_path.write_text(text, encoding="utf-8")


def practice_from_record(
    settings: Settings, record: HandRecord, step: int | None = None, seat: int | None = None
) -> PracticeSession:
    """A practice session on ``record``'s deal: its first ``step`` actions applied (None or 0:
    from the deal's start). ``RulesError`` for a record that does not replay."""
    if seat is None:
        seat = record.seat if record.seat is not None else 0
    names = list(record.names) if record.names is not None else None
    actions = list(record.actions[: step or 0])
    return PracticeSession(settings, record.rules, record.setup, actions, seat=seat, names=names)


def start_practice(
    app_vm: App, record: HandRecord, step: int | None = None, seat: int = 0
) -> PracticeSession:
    """Open a practice table on ``record``'s deal and show it (the app's current session).

    ``record``: a hand record (``engine.records.hand_record``, or a saved record file's).
    ``step``: how many of ``record.actions`` to replay before the player takes over (every
    action counts, dealt cards included): None or 0 plays the deal from its start; the index of
    one of the player's decisions in ``record.actions`` retries that decision (the table opens
    just before it). ``seat``: the seat the player plays (the AI plays the other three, from
    their own view only). Nothing is counted in the statistics. ``RulesError`` when the record
    does not replay (nothing changes then).
    """
    session = practice_from_record(app_vm.settings, record, step, seat)
    _open(app_vm, session)
    return session


def start_code(app_vm: App, code: str, seat: int = 0) -> PracticeSession:
    """Open a practice table on the deal a deal code names (``RulesError("bad-deal-code")``,
    nothing changed, for a code that names none)."""
    session = practice_from_code(app_vm.settings, code, seat)
    _open(app_vm, session)
    return session


def _open(app_vm: App, session: PracticeSession) -> None:
    old = app_vm.session
    if isinstance(old, OfflineSession) and old.save_enabled:
        old.save()  # the match it leaves stays resumable from the home page
    app_vm.set_session(session)


def practice_from_code(settings: Settings, code: str, seat: int = 0) -> PracticeSession:
    """A practice session on the deal a deal code names (``RulesError("bad-deal-code")``)."""
    spec = decode(code)
    return PracticeSession(settings, spec.rules(), spec.setup(), seat=seat)


def deal_code_of(session: object) -> str:
    """The deal code of the hand a table shows ("" when it has none: no hand, changed rules)."""
    if isinstance(session, PracticeSession):
        return session.deal_code
    if isinstance(session, OfflineSession):
        hand = session.match.hand
        try:
            return encode(DealSpec.of(hand.rules, hand.setup))
        except ValueError:
            return ""
    return ""
