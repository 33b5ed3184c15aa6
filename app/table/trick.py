"""The trick on the table and the hand's tricks before it. It speaks in card moves: a play lands
in its slot, a finished trick is held (its points shown) and then swept to its winner. Also the
looks back: the last trick, the buried kitty, the list of the hand's tricks."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QObject, QTimer, Signal, Slot

from app.models import RowsModel
from app.table.part import Part, shown
from app.table.state import TableState
from engine.callouts import flash
from engine.cards import Card
from engine.errors import RulesError
from engine.leads import lead_shape
from engine.tricks import standing

_SLOT_ROLES = ("pos", "seat", "name", "cards", "leader", "winning", "ruff", "flash")

Plays = list[tuple[int, tuple[Card, ...]]]


class TrickPart(Part):
    changed = Signal()  # holding, sweeping, sweepPos, trickPoints, hasLast
    peekChanged = Signal()  # peek, buried
    myPlayChanged = Signal()  # the player's own play came onto the table, or went

    def __init__(self, state: TableState, parent: Any = None) -> None:
        super().__init__(state, parent)
        self._slots = RowsModel(_SLOT_ROLES, self)
        self._last = RowsModel(_SLOT_ROLES, self)
        self._history = RowsModel(("no", "plays", "points", "winner"), self)
        self._slots.set_rows(_empty_slots(0))
        self._last.set_rows(_empty_slots(0))
        self._hold_timer = QTimer(self)
        self._hold_timer.setSingleShot(True)
        self._hold_timer.timeout.connect(self._sweep)
        self._sweep_timer = QTimer(self)
        self._sweep_timer.setSingleShot(True)
        self._sweep_timer.timeout.connect(self._clear)
        # (hand number, tricks finished in it) already held: a new hand starts from none
        self._seen = (0, 0)
        self._holding = self._sweeping = False
        self._points = 0
        self._my_play = False  # the player's play is on the table
        self._peek = ""  # "last" (the last trick) or "kitty" (the buried cards) while shown
        self._buried: list[str] = []
        self.publish()

    def reset(self) -> None:
        """A new session: its tricks so far count as seen (none is held on arrival)."""
        v = self.state.view
        self._seen = (v.hand_no, len(v.tricks)) if v is not None else (0, 0)
        self._set_peek("")
        self._stop_hold()

    def values(self) -> dict[str, Any]:
        return {
            "holding": self._holding,
            "sweeping": self._sweeping,
            "sweepPos": self._sweep_pos(),
            "trickPoints": self._points,
            # a trick finished this hand: before one, Last trick has nothing to show
            "hasLast": self._has_last(),
        }

    def _has_last(self) -> bool:
        v = self.state.view
        return v is not None and bool(v.last_trick)

    # -- from the session ----------------------------------------------------------------
    def sync(self) -> None:
        st = self.state
        v = st.view
        if st.phase() != "play":
            self._set_peek("")  # a look back belongs to the play of this hand
        buried = self._buried_now()
        if buried != self._buried:
            self._buried = buried
            self.peekChanged.emit()
        if v is None:
            self._stop_hold()
            self._set_trick([], None)
        else:
            if v.hand_no != self._seen[0] or len(v.tricks) < self._seen[1]:
                # another hand, or a replay stepped back: what is finished there counts as held
                self._seen = (v.hand_no, len(v.tricks))
                self._stop_hold()
            # A trick held stays its whole hold, then sweeps, however soon the next lead
            # comes (online the server may move on first): ``_clear`` shows what came since.
            if not self._holding and not self._sweeping:
                self._show_now()
        if v is not None and v.last_trick:
            self._last.set_rows(
                self._slot_rows(list(v.last_trick), v.last_trick[0][0], v.last_winner)
            )
        else:
            self._last.set_rows(_empty_slots(st.me()))
        self._sync_history()
        self.publish()

    def _buried_now(self) -> list[str]:
        s = self.state.session
        return list(s.buried_cards()) if s is not None else []

    def _stop_hold(self) -> None:
        if self._holding or self._sweeping:
            self._hold_timer.stop()
            self._sweep_timer.stop()
            self._holding = self._sweeping = False

    def _sweep(self) -> None:
        self._holding, self._sweeping = False, True
        self.publish()
        self._sweep_timer.start(self.state.settings._flight() * 3 // 2 + 50)  # TrickArea's sweep

    def _clear(self) -> None:
        self._sweeping = False
        self._show_now()
        self.publish()

    def _show_now(self) -> None:
        """Nothing held: hold the latest trick finished since the last one held (one finished
        during a hold is held after it; of several, only the latest), or show the trick on."""
        v = self.state.view
        if v is None:
            self._set_trick([], None)
        elif len(v.tricks) > self._seen[1]:
            self._seen = (v.hand_no, len(v.tricks))
            last = v.tricks[-1]
            self._points = last.points
            self._set_trick([(p, tuple(c)) for p, c in last.plays], last.leader, last.winner)
            self._holding = True
            self._hold_timer.start(self.state.settings.timing("hold"))
        else:
            self._set_trick(list(v.trick), v.leader)

    def _set_trick(self, plays: Plays, leader: int | None, winner: int | None = None) -> None:
        self._slots.set_rows(self._slot_rows(plays, leader, winner))
        mine = any(seat == self.state.me() for seat, _ in plays)
        if mine != self._my_play:
            self._my_play = mine
            self.myPlayChanged.emit()

    def _slot_rows(
        self, plays: Plays, leader: int | None, winner: int | None = None
    ) -> list[dict[str, Any]]:
        st = self.state
        rows = _empty_slots(st.me())
        if not plays:
            return rows
        trumps = st.trumps()
        win_i, ruff = 0, False
        if winner is not None:
            win_i = next((i for i, (p, _) in enumerate(plays) if p == winner), 0)
        if trumps is not None and st.view is not None:
            try:
                shape = lead_shape(plays[0][1], trumps, st.view.rules)
                at = standing([c for _, c in plays], shape, trumps)
                ruff = at.ruff
                if winner is None:
                    win_i = at.index
            except (AssertionError, RulesError, KeyError):
                pass
        for i, (seat, cards) in enumerate(plays):
            rows[st.pos(seat)].update(
                {
                    "name": st.seat_name(seat),
                    "cards": list(cards),
                    "leader": seat == leader,
                    "winning": i == win_i,
                    "ruff": ruff and i == win_i,
                    "flash": flash(cards, trumps),
                }
            )
        return rows

    def _sweep_pos(self) -> int:
        """Where the held trick goes: its winner's position (-1 while no trick is held)."""
        if not self._holding and not self._sweeping:
            return -1
        for r in self._slots.rows():
            if r.get("winning") and r.get("cards"):
                return int(r["pos"])
        return -1

    def _sync_history(self) -> None:
        """The hand's tricks so far, for the list of tricks (not in the replay viewer)."""
        st = self.state
        v, s = st.view, st.session
        if v is None or v.trumps is None or s is None or s.open_hands is not None:
            self._history.set_rows([])
            return
        tricks = []
        for i, t in enumerate(v.tricks):
            plays = [
                {"name": st.seat_name(p), "cards": list(c), "winner": p == t.winner}
                for p, c in t.plays
            ]
            tricks.append(
                {"no": i + 1, "plays": plays, "points": t.points, "winner": st.seat_name(t.winner)}
            )
        self._history.set_rows(tricks)

    # -- the looks back ------------------------------------------------------------------
    def _set_peek(self, what: str) -> None:
        if what != self._peek:
            self._peek = what
            self.peekChanged.emit()

    @Slot(str)
    def setPeek(self, what: str) -> None:
        """Show the last trick ("last") or the buried kitty ("kitty"); "" hides both."""
        if what == "last" and not self._has_last():
            what = ""
        self._set_peek(what if what in ("last", "kitty") else "")

    @Slot(str)
    def togglePeek(self, what: str) -> None:
        """A click on Last trick or Kitty: shows it, or hides it when it is shown."""
        self.setPeek("" if self._peek == what else what)

    slots = Property(QObject, lambda self: self._slots, constant=True)
    last = Property(QObject, lambda self: self._last, constant=True)
    history = Property(QObject, lambda self: self._history, constant=True)
    holding = shown(bool, "holding", changed)
    sweeping = shown(bool, "sweeping", changed)
    sweepPos = shown(int, "sweepPos", changed)
    trickPoints = shown(int, "trickPoints", changed)
    hasLast = shown(bool, "hasLast", changed)
    myPlayShown = Property(bool, lambda self: self._my_play, notify=myPlayChanged)
    peek = Property(str, lambda self: self._peek, notify=peekChanged)
    buried = Property(list, lambda self: self._buried, notify=peekChanged)


def _empty_slots(me: int) -> list[dict[str, Any]]:
    return [
        {
            "pos": p,
            "seat": (me + p) % 4,
            "name": "",
            "cards": [],
            "leader": False,
            "winning": False,
            "ruff": False,
            "flash": "",
        }
        for p in range(4)
    ]
