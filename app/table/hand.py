"""The player's hand and what they pick from it: the cards (a ``HandModel``), the selection and
the keyboard focus, and the verbs that act on the selection (play, bury, a hint)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, Signal, Slot

from app.cards import accessible_name
from app.models import HandModel
from app.table.notice import NoticePart
from app.table.part import Part, shown
from app.table.state import TableState
from engine.actions import Bury, Play
from engine.cards import Card
from engine.errors import RulesError
from engine.shapes import decompose


class HandPart(Part):
    changed = Signal()  # the selection, its labels, the focus

    def __init__(self, state: TableState, notice: NoticePart, parent: Any = None) -> None:
        super().__init__(state, parent)
        self.notice = notice
        self._cards = HandModel(self)
        self._focus = -1
        self._drag: tuple[set[int], bool, int] | None = None  # base selection, on/off, from slot
        self.fresh: Counter[Card] = Counter()  # the kitty's cards just picked up
        # a failed throw's cards, back in the hand until the next play; pending: not yet shown
        self._returned: Counter[Card] = Counter()
        self._returned_pending = False
        # the turn the selection belongs to; when it changes, the selection is dropped
        self._turn_key: tuple[Any, ...] = ()
        self.publish()

    def reset(self) -> None:
        self.fresh = Counter()
        self._returned, self._returned_pending = Counter(), False
        self._turn_key = ()
        self._drag = None
        self._cards.update([], lambda c: "", lambda c, u: {})
        self._cards.set_selected(set())

    def take_back(self, back: Counter[Card]) -> None:
        """A failed throw of the player's: these cards are marked once back in the hand."""
        self._returned, self._returned_pending = back, True

    def values(self) -> dict[str, Any]:
        return {
            "selectedCount": len(self._cards.selected()),
            "buryLabel": self.tr("Bury %1/%2")
            .replace("%1", str(len(self._cards.selected())))
            .replace("%2", str(self.state.view.kitty_size if self.state.view else 0)),
            "playLabel": self._play_label(),
            "playProblem": self._play_problem(),
            "focusUid": self._focus_uid(),
        }

    # -- from the session ----------------------------------------------------------------
    def sync(self) -> None:
        self._drop_stale_selection()
        st = self.state
        v = st.view
        cards = list(v.hand) if v is not None else []
        s = st.session
        if s is not None and s.open_hands is not None:
            cards = list(s.open_hands[st.me()])
        trumps = st.display_trumps()
        if trumps is not None:
            cards = trumps.sorted(cards)
        real = st.trumps()
        lang = st.lang()
        legal = self._legal_cards()
        self.fresh = Counter(self.fresh) if v is not None and v.phase == "bury" else Counter()

        def info(card: Card, uid: int) -> dict[str, Any]:
            return {
                "isTrump": bool(real and real.is_trump(card)),
                "legal": legal is None or card in legal,
                "name": accessible_name(card, real, lang),
            }

        self._cards.update(cards, (trumps.suit if trumps else (lambda c: "")), info)
        self._mark_fresh()
        if self._focus >= self._cards.rowCount():
            self._focus = self._cards.rowCount() - 1
        self.publish()

    def _drop_stale_selection(self) -> None:
        """A selection belongs to one turn: it goes when the player's turn comes (what was
        picked before it was picked blind), when a card of theirs is played (by them or by
        auto-play), when a trick ends, and when the phase or the hand changes."""
        v = self.state.view
        key: tuple[Any, ...] = ()
        if v is not None:
            count = len(v.hand) if v.phase != "deal" else 0
            key = (v.hand_no, v.phase, len(v.tricks), count, self.state.my_turn_now())
        if key == self._turn_key:
            return
        self._turn_key = key
        if self._cards.selected_uids():
            self._cards.set_selected(set())
        if self._returned_pending:
            self._returned_pending = False
        else:
            self._returned = Counter()

    def _mark_fresh(self) -> None:
        """Mark the kitty's cards just picked up, and a failed throw's cards taken back."""
        for role, cards in (("fromKitty", self.fresh), ("returned", self._returned)):
            left = Counter(cards)
            for i, r in enumerate(self._cards._rows):
                marked = left[r["card"]] > 0
                if marked:
                    left[r["card"]] -= 1
                if r.get(role) != marked:
                    r[role] = marked
                    idx = self._cards.index(i, 0)
                    self._cards.dataChanged.emit(idx, idx)

    def _legal_cards(self) -> set[Card] | None:
        """Cards that appear in some legal play now (None: all are fine to pick)."""
        v = self.state.view
        if v is None or "play" not in v.actions or not v.trick:
            return None
        cands = v.play_candidates(limit=200)
        return {c for cand in cands for c in cand}

    def select_cards(self, cards: list[Card] | tuple[Card, ...]) -> None:
        want = Counter(cards)
        uids = set()
        for r in sorted(self._cards._rows, key=lambda r: r["slot"]):
            if want[r["card"]] > 0:
                want[r["card"]] -= 1
                uids.add(r["uid"])
        self._select(uids)

    def _select(self, uids: set[int]) -> None:
        self._cards.set_selected(uids)
        self.publish()

    # -- the selection's labels ------------------------------------------------------------
    def _play_label(self) -> str:
        cards = self._cards.selected()
        trumps = self.state.trumps()
        if not cards or trumps is None:
            return self.tr("Play")
        suits = {trumps.suit(c) for c in cards}
        v = self.state.view
        following = v is not None and bool(v.trick)
        if len(suits) != 1 or (following and len(cards) > 1 and len(decompose(cards, trumps)) != 1):
            return self.tr("Play")
        comps = decompose(cards, trumps)
        if len(comps) > 1:
            return self.tr("Throw")
        size, length = comps[0].size, comps[0].length
        if length >= 2:
            return self.tr("Tractor")
        return {1: self.tr("Play"), 2: self.tr("Pair"), 3: self.tr("Triple"), 4: self.tr("Quad")}[
            min(size, 4)
        ]

    def _play_problem(self) -> str:
        """Why the current selection cannot be played (the engine's words), or ''."""
        v = self.state.view
        cards = self._cards.selected()
        if v is None or not cards or "play" not in v.actions:
            return ""
        try:
            v.check_play(cards)
        except RulesError as e:
            return self.state.engine_text(e.en, e.zh)
        return ""

    def _focus_uid(self) -> int:
        uid = self._cards.uid_at_slot(self._focus) if self._focus >= 0 else None
        return -1 if uid is None else uid

    # -- verbs ---------------------------------------------------------------------------
    @Slot(int)
    def toggle(self, uid: int) -> None:
        self._select(self._cards.selected_uids() ^ {uid})

    @Slot(int)
    def selectSame(self, uid: int) -> None:
        """Shift-click: select every copy of this card."""
        row = self._cards.row_of(uid)
        if row is None:
            return
        same = {r["uid"] for r in self._cards._rows if r["card"] == row["card"]}
        self._select(self._cards.selected_uids() | same)

    @Slot(int)
    def beginDrag(self, uid: int) -> None:
        """A press on a card: it toggles, and a drag across the hand gives the cards passed
        over the same state (a run)."""
        row = self._cards.row_of(uid)
        if row is None:
            return
        self._drag = (self._cards.selected_uids(), not row["picked"], row["slot"])
        self.dragTo(uid)

    @Slot(int)
    def dragTo(self, uid: int) -> None:
        row = self._cards.row_of(uid)
        if self._drag is None or row is None:
            return
        base, on, start = self._drag
        lo, hi = sorted((start, row["slot"]))
        run = {r["uid"] for r in self._cards._rows if lo <= r["slot"] <= hi}
        self._select(base | run if on else base - run)

    @Slot()
    def endDrag(self) -> None:
        self._drag = None

    @Slot()
    def clearSelection(self) -> None:
        self._select(set())

    @Slot(int)
    def moveFocus(self, delta: int) -> None:
        n = self._cards.rowCount()
        if n == 0:
            return
        self._focus = max(0, min(n - 1, (self._focus if self._focus >= 0 else 0) + delta))
        self.publish()

    @Slot()
    def toggleFocused(self) -> None:
        uid = self._cards.uid_at_slot(max(self._focus, 0))
        if uid is not None:
            self._focus = max(self._focus, 0)
            self.toggle(uid)

    @Slot()
    def activate(self) -> None:
        """Enter: play, or bury, whichever the phase asks for."""
        actions = self.state.actions()
        if "bury" in actions:
            self.bury()
        elif "play" in actions:
            self.play()

    @Slot()
    def play(self) -> None:
        s, v = self.state.session, self.state.view
        if s is None or v is None or s.seat is None:
            return
        cards = self._cards.selected()
        if not cards:
            self.notice.show(lambda: self.tr("Select the cards to play"))
            return
        # cleared first: what the play itself causes (a failed throw) is announced after
        self.notice.show("")
        s.act(Play(s.seat, tuple(cards)))

    @Slot()
    def bury(self) -> None:
        s = self.state.session
        if s is None or s.seat is None:
            return
        self.notice.show("")
        if s.act(Bury(s.seat, tuple(self._cards.selected()))):
            self.fresh = Counter()

    @Slot()
    def hint(self) -> None:
        if self.state.session is not None:
            self.notice.show(lambda: self.tr("Thinking of a hint…"))
            self.state.session.request_hint()

    def on_hint(self, hint: Any) -> None:
        if isinstance(hint.action, Play | Bury):
            self.select_cards(hint.action.cards)
        self.notice.engine(hint.reason_en, hint.reason_zh)

    if TYPE_CHECKING:  # what Python code reads of it (a Property is untyped to mypy)
        cards: HandModel
    else:
        cards = Property(QObject, lambda self: self._cards, constant=True)
    selectedCount = shown(int, "selectedCount", changed)
    buryLabel = shown(str, "buryLabel", changed)
    playLabel = shown(str, "playLabel", changed)
    playProblem = shown(str, "playProblem", changed)
    focusUid = shown(int, "focusUid", changed)
