"""The table's view-model, a thin facade: it binds a session, routes the session's signals to the
concerns of the table, each its own QObject with its own notify signals (``App.table.hand``,
``.trick``, ``.bidding``, ``.seats``, ``.result``, ``.counter``, ``.hud``, ``.notice``,
``.calls``), and turns the session's events into card moves that QML animates (a card dealt to
a seat, the kitty's flight, a failed throw's cards pulled back)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, Signal, SignalInstance

from app.session import Session
from app.settings import Settings
from app.table.bidding import BiddingPart
from app.table.calls import CallsPart
from app.table.hand import HandPart
from app.table.hud import HudPart
from app.table.notice import NoticePart
from app.table.result import ResultPart
from app.table.seats import SeatsPart
from app.table.state import TableState
from app.table.tally import CounterPart
from app.table.trick import TrickPart
from engine.events import (
    BidMade,
    Buried,
    Dealt,
    EventBody,
    KittyPickup,
    Played,
    Redeal,
    ThrowFailed,
    TrickWon,
)


def _part(name: str) -> Property:
    return Property(QObject, lambda self: getattr(self, name), constant=True)


class TableViewModel(QObject):
    dealt = Signal(int)  # a card was dealt to this position (for the deal animation)
    bidShown = Signal(int)  # a bid appeared at this position
    kittyMoved = Signal(int, int, bool)  # the dealer's position, cards, True: to the dealer
    throwPulled = Signal(int, list)  # a failed throw: the cards taken back at this position
    yourTurn = Signal()  # the player has something to do now (and had not a moment ago)

    def __init__(
        self,
        settings: Settings,
        parent: QObject | None = None,
        level_title: Callable[[str], str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.state = TableState(settings, self)
        self.state.level_title = level_title  # the words for an AI's level, as the room's
        self._notice = NoticePart(self.state, self)
        self._hand = HandPart(self.state, self._notice, self)
        self._trick = TrickPart(self.state, self)
        self._bidding = BiddingPart(self.state, self._notice, self)
        self._seats = SeatsPart(self.state, self)
        self._result = ResultPart(self.state, self)
        self._counter = CounterPart(self.state, self)
        self._hud = HudPart(self.state, self)
        self._calls = CallsPart(self.state, self)
        self._was_my_turn = False
        settings.languageChanged.connect(self._resync)
        settings.fourColourChanged.connect(self._resync)

    @property
    def session(self) -> Session | None:
        return self.state.session

    def my_turn_now(self) -> bool:
        return self.state.my_turn_now()

    def reword(self) -> None:
        self._notice.reword()

    def say(self, text: str) -> None:
        """A message from outside the table (a replay that would not open)."""
        self._notice.show(text)

    @property
    def sound_wanted(self) -> SignalInstance:
        return self._calls.soundWanted

    # -- binding to a session ------------------------------------------------------------
    def bind(self, session: Session | None) -> None:
        if self.state.session is not None:
            for sig, slot in self._connections(self.state.session):
                sig.disconnect(slot)
        self.state.session = session
        self.state.view = session.view if session is not None else None
        self._hand.reset()
        self._trick.reset()
        self._seats.reset()
        self._calls.reset()
        self._notice.show("")
        self._was_my_turn = False
        if session is not None:
            for sig, slot in self._connections(session):
                sig.connect(slot)
        self._resync()

    def _connections(self, s: Session) -> list[tuple[Any, Any]]:
        return [
            (s.changed, self._resync),
            (s.eventsArrived, self._on_events),
            (s.refused, self._on_refused),
            (s.notice, self._notice.notice),
            (s.thinkingChanged, self._seats.sync),
            (s.hintReady, self._hand.on_hint),
        ]

    # -- from the session ------------------------------------------------------------------
    def _resync(self) -> None:
        s = self.state.session
        self.state.view = s.view if s is not None else None
        self._hand.sync()
        self._seats.sync()
        self._trick.sync()
        self._bidding.sync()
        self._result.publish()
        self._counter.sync()
        self._hud.publish()
        self._notice.sync()
        mine = self.state.my_turn_now()
        if mine and not self._was_my_turn:
            self.yourTurn.emit()
        self._was_my_turn = mine

    def _on_refused(self, code: str, en: str, zh: str) -> None:
        """A refusal: shown until the next message."""
        self._notice.engine(en, zh, sticky=True)

    def _on_events(self, events: list[EventBody]) -> None:
        pos = self.state.pos
        for e in events:
            if isinstance(e, Dealt):
                self.dealt.emit(pos(e.seat))
            elif isinstance(e, BidMade):
                self.bidShown.emit(pos(e.seat))
            elif isinstance(e, KittyPickup):
                if e.cards is not None:
                    self._hand.fresh = Counter(e.cards)
                self.kittyMoved.emit(pos(e.seat), self._kitty_size(), True)
            elif isinstance(e, Buried):
                self._hand.fresh = Counter()
                self.kittyMoved.emit(pos(e.seat), self._kitty_size(), False)
            elif isinstance(e, Played):
                self._calls.played(e.cards)
            elif isinstance(e, TrickWon):
                self._calls.trick_won()
            elif isinstance(e, ThrowFailed):
                self._on_throw_failed(e)
            elif isinstance(e, Redeal):
                self._notice.redeal()
                self._hand.fresh = Counter()

    def _kitty_size(self) -> int:
        return self.state.view.kitty_size if self.state.view is not None else 0

    def _on_throw_failed(self, e: ThrowFailed) -> None:
        """Say what failed; the cards taken back are pulled back to the thrower (and, when it is
        the player, marked in the hand until the next play)."""
        self._calls.throw_failed()
        back = Counter(e.attempted)
        back.subtract(e.forced)
        self._notice.throw_failed(e)
        s = self.state.session
        if s is not None and s.seat == e.seat:
            self._hand.take_back(+back)
        self.throwPulled.emit(self.state.pos(e.seat), list((+back).elements()))

    if TYPE_CHECKING:  # what Python code reads of them (a Property is untyped to mypy)
        hand: HandPart
        trick: TrickPart
        bidding: BiddingPart
        seats: SeatsPart
        result: ResultPart
        counter: CounterPart
        hud: HudPart
        notice: NoticePart
        calls: CallsPart
    else:
        hand = _part("_hand")
        trick = _part("_trick")
        bidding = _part("_bidding")
        seats = _part("_seats")
        result = _part("_result")
        counter = _part("_counter")
        hud = _part("_hud")
        notice = _part("_notice")
        calls = _part("_calls")
