"""The table's view-model: what QML shows and the verbs a player uses, for any session.

It turns the session's ``View`` into list models (hand, trick slots, seats, bid buttons) and
HUD properties, and the player's clicks and keys into engine actions. It speaks in card moves
(KPatience's facade): a card is dealt to a seat, a play lands in a slot, a finished trick is held
and then swept to its winner; QML animates each change with Behaviors. Positions are compass
slots relative to the player: 0 bottom (you), 1 right (下家), 2 top (对家), 3 left (上家).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Property, QObject, QTimer, Signal, Slot

from app import counter
from app.cards import SYMBOLS, accessible_name
from app.i18n import engine_text
from app.models import HandModel, RowsModel
from app.session import ReplaySession, Session
from app.settings import Settings
from engine.actions import Bury, CallFriend, PassBid, Play
from engine.bids import Bid
from engine.callouts import call_out, flash
from engine.cards import JOKERS, POINTS, RANKS, SUITS, Card, card_name
from engine.errors import RulesError
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
from engine.leads import lead_shape
from engine.order import Trumps, trumps_for
from engine.rules import RuleSet
from engine.scoring import advance_level
from engine.shapes import decompose
from engine.targets import deal_passes_at
from engine.tricks import standing
from engine.views import HandOutcome, View

RANK_TEXT = {"T": "10"}


def rank_text(rank: str) -> str:
    return RANK_TEXT.get(rank, rank)


def _model(name: str) -> Property:
    return Property(QObject, lambda self: getattr(self, name), constant=True)


class TableViewModel(QObject):
    changed = Signal()  # HUD and state properties
    selectionChanged = Signal()
    messageChanged = Signal()
    trickChanged = Signal()
    resultChanged = Signal()
    dealt = Signal(int)  # a card was dealt to this position (for the deal animation)
    bidShown = Signal(int)  # a bid appeared at this position
    kittyMoved = Signal(int, int, bool)  # the dealer's position, cards, True: to the dealer
    throwPulled = Signal(int, list)  # a failed throw: the cards taken back at this position
    soundWanted = Signal(str)  # card, trick, and the call-outs (app.sounds.CALLS)
    yourTurn = Signal()  # the player has something to do now (and had not a moment ago)
    counterChanged = Signal()
    peekChanged = Signal()
    mySlotChanged = Signal()  # the player's own play came onto the table, or went

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.session: Session | None = None
        self._hand = HandModel(self)
        self._trick = RowsModel(_SLOT_ROLES, self)
        self._last = RowsModel(_SLOT_ROLES, self)
        self._seats = RowsModel(
            (
                "pos",
                "seat",
                "name",
                "count",
                "dealer",
                "bidder",
                "active",
                "thinking",
                "side",
                "level",
                "bidCards",
                "passed",
                "friend",
                "openCards",
                "trustee",
                "clock",
                "voids",
            ),
            self,
        )
        self._counter = RowsModel(("suit", "label", "remaining", "high", "red"), self)
        self._tricks = RowsModel(("no", "plays", "points", "winner"), self)
        self._points_out = 0
        self._was_my_turn = False
        self._drag: tuple[set[int], bool, int] | None = None  # base selection, on/off, from slot
        self._clock_key: tuple[Any, ...] | None = None
        self._clock_since = 0.0
        self._clock_timer = QTimer(self)
        self._clock_timer.setInterval(1000)
        self._clock_timer.timeout.connect(self._sync_seats)
        self._bids = RowsModel(("label", "count", "allowed", "suit", "red", "cards"), self)
        self._trick.set_rows(_empty_slots(0))
        self._last.set_rows(_empty_slots(0))
        self._view: View | None = None
        self._focus = -1
        self._message = ""
        self._say: Callable[[], str] | None = None  # how the message on show is worded
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(lambda: self._set_message(""))
        self._hint_reason = ""
        self._tricks_seen = 0
        self._hold_timer = QTimer(self)
        self._hold_timer.setSingleShot(True)
        self._hold_timer.timeout.connect(self._sweep)
        self._sweep_timer = QTimer(self)
        self._sweep_timer.setSingleShot(True)
        self._sweep_timer.timeout.connect(self._clear_trick)
        self._sweeping = False
        self._trick_points = 0
        self._holding = False
        self._my_slot = False  # the player's play is on the table
        self._peek = ""  # "last" (the last trick) or "kitty" (the buried cards) while shown
        self._fresh: Counter[Card] = Counter()
        # a failed throw's cards, back in the hand until the next play; pending: not yet shown
        self._returned: Counter[Card] = Counter()
        self._returned_pending = False
        # the turn the selection belongs to; when it changes, the selection is dropped
        self._turn_key: tuple[Any, ...] = ()
        self._calling: list[tuple[Card, ...]] = []  # the trick's plays so far, for call-outs
        self._thrown = False  # the next lead was a throw that failed
        self._result: dict[str, Any] = {}
        settings.languageChanged.connect(self._resync)
        settings.fourColourChanged.connect(self._resync)

    # -- binding to a session ------------------------------------------------------------
    def bind(self, session: Session | None) -> None:
        if self.session is not None:
            for sig, slot in self._connections():
                sig.disconnect(slot)
        self.session = session
        self._tricks_seen = 0
        self._fresh = Counter()
        self._returned, self._returned_pending = Counter(), False
        self._turn_key = ()
        self._set_peek("")
        self._calling, self._thrown = [], False
        self._hold_timer.stop()
        self._sweep_timer.stop()
        self._holding = self._sweeping = False
        self._hand.update([], lambda c: "", lambda c, u: {})
        self._hand.set_selected(set())
        self._result = {}
        self._set_message("")
        self._hint_reason = ""
        self._was_my_turn = False
        self._drag = None
        self._clock_key = None
        if session is not None:
            for sig, slot in self._connections():
                sig.connect(slot)
            if session.view is not None:
                self._tricks_seen = len(session.view.tricks)
                self._calling = [tuple(c) for _, c in session.view.trick]
        self._resync()
        self.resultChanged.emit()

    def _connections(self) -> list[tuple[Any, Any]]:
        s = self.session
        assert s is not None
        return [
            (s.changed, self._resync),
            (s.eventsArrived, self._on_events),
            (s.refused, self._on_refused),
            (s.notice, self._on_notice),
            (s.thinkingChanged, self._sync_seats),
            (s.hintReady, self._on_hint),
        ]

    # -- from the session ------------------------------------------------------------------
    def _lang(self) -> str:
        return str(self.settings.language)

    def _engine_text(self, en: str, zh: str) -> str:
        return engine_text(en, zh, self._lang())

    def _on_refused(self, code: str, en: str, zh: str) -> None:
        self._on_notice(en, zh)

    def _on_notice(self, en: str, zh: str) -> None:
        """A refusal, or a change the player did not make: shown until the next message."""
        self._set_message(lambda: self._engine_text(en, zh), sticky=True)

    def _on_hint(self, hint: Any) -> None:
        action = hint.action
        self._hint_reason = self._engine_text(hint.reason_en, hint.reason_zh)
        if isinstance(action, Play | Bury):
            self._select_cards(list(action.cards))
        self._set_message(lambda: self._engine_text(hint.reason_en, hint.reason_zh))
        self.changed.emit()

    def _on_events(self, events: list[EventBody]) -> None:
        for e in events:
            if isinstance(e, Dealt):
                self.dealt.emit(self._pos(e.seat))
            elif isinstance(e, BidMade):
                self.bidShown.emit(self._pos(e.seat))
            elif isinstance(e, KittyPickup):
                if e.cards is not None:
                    self._fresh = Counter(e.cards)
                self.kittyMoved.emit(self._pos(e.seat), self._kitty_size(), True)
            elif isinstance(e, Buried):
                self._fresh = Counter()
                self.kittyMoved.emit(self._pos(e.seat), self._kitty_size(), False)
            elif isinstance(e, Played):
                self.soundWanted.emit("card")
                self._call(e.cards)
            elif isinstance(e, TrickWon):
                self.soundWanted.emit("trick")
                self._calling = []
            elif isinstance(e, ThrowFailed):
                self._on_throw_failed(e)
            elif isinstance(e, Redeal):
                self._set_message(lambda: self.tr("Nobody bid: the cards are dealt again"))
                self._fresh = Counter()

    def _on_throw_failed(self, e: ThrowFailed) -> None:
        """Say what failed, what beat it, what is played instead and the penalty; the cards
        taken back are pulled back to the thrower (and, when it is the player, marked in the
        hand until the next play)."""
        self._thrown = True
        seat, attempted, forced = e.seat, e.attempted, e.forced
        back = Counter(attempted)
        back.subtract(forced)
        mine = self.session is not None and self.session.seat == seat

        def said() -> str:
            if mine:
                text = self.tr("Your throw %1 failed.")
            else:
                text = self.tr("%2's throw %1 failed.").replace("%2", self._seat_name(seat))
            parts = [text.replace("%1", self._cards_text(attempted))]
            if e.beater and e.beaten_by is not None:
                parts.append(
                    self.tr("%1 beats %2 with %3.")
                    .replace("%1", self._seat_name(e.beaten_by))
                    .replace("%2", self._cards_text(forced))
                    .replace("%3", self._cards_text(e.beater))
                )
            parts.append(self.tr("Only %1 is played.").replace("%1", self._cards_text(forced)))
            if e.penalty:
                parts.append(self.tr("Penalty: %1 points.").replace("%1", str(e.penalty)))
            return " ".join(parts)

        self._set_message(said, duration=THROW_MESSAGE_MS)
        if mine:
            self._returned, self._returned_pending = +back, True
        self.throwPulled.emit(self._pos(seat), list((+back).elements()))

    def _card_text(self, card: Card) -> str:
        """A card as players write it: 10♥, Q♠, or the joker's name."""
        if card in JOKERS:
            return self.tr("Big joker") if card == "BJ" else self.tr("Small joker")
        return rank_text(card[0]) + SYMBOLS[card[1]]

    def _cards_text(self, cards: list[Card] | tuple[Card, ...]) -> str:
        return " ".join(self._card_text(c) for c in cards)

    def _resync(self) -> None:
        s = self.session
        self._view = s.view if s is not None else None
        self._drop_stale_selection()
        if self._phase() != "play":
            self._set_peek("")  # a look back belongs to the play of this hand
        self._sync_hand()
        self._sync_seats()
        self._sync_trick()
        self._sync_bids()
        self._sync_result()
        self._sync_counter()
        self.changed.emit()
        self.selectionChanged.emit()
        mine = self._my_turn_now()
        if mine and not self._was_my_turn:
            self.yourTurn.emit()
        self._was_my_turn = mine

    def _drop_stale_selection(self) -> None:
        """A selection belongs to one turn: it goes when the player's turn comes (what was
        picked before it was picked blind), when a card of theirs is played (by them or by
        auto-play), when a trick ends, and when the phase or the hand changes."""
        v = self._view
        key: tuple[Any, ...] = ()
        if v is not None:
            count = len(v.hand) if v.phase != "deal" else 0
            key = (v.hand_no, v.phase, len(v.tricks), count, self._my_turn_now())
        if key == self._turn_key:
            return
        self._turn_key = key
        if self._hand.selected_uids():
            self._hand.set_selected(set())
        if self._returned_pending:
            self._returned_pending = False
        else:
            self._returned = Counter()

    def _my_turn_now(self) -> bool:
        """The player must act (play, bury, call a friend, or bid/pass at the deal's end)."""
        v, s = self._view, self.session
        if v is None or s is None or s.seat is None or s.trustee:
            return False
        return any(a in v.actions for a in ("play", "bury", "call-friend", "pass-bid"))

    # -- positions and names -------------------------------------------------------------
    def _me(self) -> int:
        s = self.session
        return s.seat if s is not None and s.seat is not None else 0

    def _pos(self, seat: int) -> int:
        return (seat - self._me()) % 4

    def _seat_name(self, seat: int) -> str:
        s = self.session
        bot = _flag(s, seat, "bot") if s is not None else None
        if bot:  # as the waiting room names it
            title = getattr(self.parent(), "levelTitle", None)  # the App's, as the room says
            level = title(bot) if title is not None else bot
            # numbered by seat as in the waiting room: two AIs of a level are told apart
            return self.tr("AI %1 (%2)").replace("%1", str(seat + 1)).replace("%2", level)
        if s is not None and s.names[seat]:
            return s.names[seat]
        if s is None or s.seat is None:
            return self.tr("Seat %1").replace("%1", str(seat + 1))
        return [self.tr("You"), self.tr("Right"), self.tr("Opposite"), self.tr("Left")][
            self._pos(seat)
        ]

    def _call(self, cards: tuple[Card, ...]) -> None:
        """The Mandarin call-out for a play, if it earns one (the app plays it at the voice
        volume, off by default)."""
        if len(self._calling) >= 4:
            self._calling = []  # a trick's end we did not see (a resumed connection)
        self._calling.append(cards)
        thrown, self._thrown = self._thrown, False
        v = self._view
        if v is not None and v.trumps is not None:
            name = callout(self._calling, v.trumps, v.rules, thrown)
            if name:
                self.soundWanted.emit(name)

    def _trumps(self) -> Trumps | None:
        v = self._view
        return v.trumps if v is not None else None

    def _display_trumps(self) -> Trumps | None:
        """The trumps once known; during the deal, jokers and level cards grouped first."""
        v = self._view
        if v is None:
            return None
        return v.trumps or trumps_for(v.level, None, v.rules.twos_trump)

    # -- the hand ------------------------------------------------------------------------
    def _sync_hand(self) -> None:
        v = self._view
        cards = list(v.hand) if v is not None else []
        s = self.session
        if s is not None and s.open_hands is not None:
            cards = list(s.open_hands[self._me()])
        trumps = self._display_trumps()
        if trumps is not None:
            cards = trumps.sorted(cards)
        real = self._trumps()
        lang = self._lang()
        legal = self._legal_cards()
        fresh = Counter(self._fresh) if v is not None and v.phase == "bury" else Counter()
        self._fresh = fresh

        def info(card: Card, uid: int) -> dict[str, Any]:
            return {
                "isTrump": bool(real and real.is_trump(card)),
                "legal": legal is None or card in legal,
                "name": accessible_name(card, real, lang),
            }

        self._hand.update(cards, (trumps.suit if trumps else (lambda c: "")), info)
        self._mark_fresh()
        if self._focus >= self._hand.rowCount():
            self._focus = self._hand.rowCount() - 1

    def _mark_fresh(self) -> None:
        """Mark the kitty's cards just picked up, and a failed throw's cards taken back."""
        for role, cards in (("fromKitty", self._fresh), ("returned", self._returned)):
            left = Counter(cards)
            for i, r in enumerate(self._hand._rows):
                marked = left[r["card"]] > 0
                if marked:
                    left[r["card"]] -= 1
                if r.get(role) != marked:
                    r[role] = marked
                    idx = self._hand.index(i, 0)
                    self._hand.dataChanged.emit(idx, idx)

    def _legal_cards(self) -> set[Card] | None:
        """Cards that appear in some legal play now (None: all are fine to pick)."""
        v = self._view
        if v is None or "play" not in v.actions or not v.trick:
            return None
        cands = v.play_candidates(limit=200)
        return {c for cand in cands for c in cand}

    def _select_cards(self, cards: list[Card]) -> None:
        want = Counter(cards)
        uids = set()
        for r in sorted(self._hand._rows, key=lambda r: r["slot"]):
            if want[r["card"]] > 0:
                want[r["card"]] -= 1
                uids.add(r["uid"])
        self._hand.set_selected(uids)
        self.selectionChanged.emit()

    # -- seats ---------------------------------------------------------------------------
    def _sync_seats(self) -> None:
        v = self._view
        s = self.session
        clock = self._clock_left()
        voids = counter.voids(v) if v is not None and v.phase == "play" else {}
        voids_text = {**SYMBOLS, "T": self.tr("Trumps")}
        rows = []
        for pos in range(4):
            seat = (self._me() + pos) % 4
            if v is None or s is None:
                rows.append({**_EMPTY_SEAT, "pos": pos, "seat": seat})
                continue
            bid_cards: list[str] = []
            for b in v.bids:
                if b.seat == seat:
                    bid_cards = list(b.cards)
            side = ""
            if v.defenders is not None:
                side = "defenders" if seat in v.defenders else "attackers"
            open_cards = list(s.open_hands[seat]) if s.open_hands is not None else []
            active = v.turn == seat or (v.phase in ("bury", "call-friend") and v.dealer == seat)
            rows.append(
                {
                    "pos": pos,
                    "seat": seat,
                    "name": self._seat_name(seat),
                    "count": v.counts[seat],
                    "dealer": v.dealer == seat,
                    "bidder": v.bid is not None and v.bid.seat == seat,
                    "active": active,
                    "thinking": seat in s.thinking,
                    "side": side,
                    "level": rank_text(s.levels[seat] if s.levels else v.levels[seat]),
                    # the bid stays shown at the bidder's seat until play starts
                    "bidCards": bid_cards if v.phase in BIDDING_PHASES else [],
                    "passed": seat in v.passed and v.phase == "deal",
                    "friend": v.friend == seat,
                    "openCards": open_cards,
                    "trustee": bool(_flag(s, seat, "trustee")),
                    # the clock runs at the seat to act; at the deal's end, at mine while I may bid
                    "clock": clock if active or (v.phase == "deal" and seat == s.seat) else -1,
                    "voids": " ".join(voids_text.get(x, "") for x in voids.get(seat, [])),
                }
            )
        self._seats.set_rows(rows)

    def _clock_left(self) -> int:
        """Seconds left on the online turn clock (-1: no clock). The server starts it at each
        change of the table; the client restarts its own at each change it sees."""
        s, v = self.session, self._view
        closing_bids = v is not None and v.phase == "deal" and "pass-bid" in v.actions
        waiting = v is not None and (v.phase in ("bury", "call-friend", "play") or closing_bids)
        if s is None or v is None or not s.clock or not waiting:
            self._clock_timer.stop()
            return -1
        key = (v.hand_no, v.phase, v.turn, len(v.trick), len(v.tricks), len(v.bids))
        if key != self._clock_key:
            self._clock_key = key
            self._clock_since = time.monotonic()
        if not self._clock_timer.isActive():
            self._clock_timer.start()
        return max(0, int(s.clock - (time.monotonic() - self._clock_since) + 0.999))

    # -- the trick -----------------------------------------------------------------------
    def _sync_trick(self) -> None:
        v = self._view
        if v is None:
            self._set_trick([], None)
            return
        finished = len(v.tricks)
        if finished > self._tricks_seen:
            self._tricks_seen = finished
            last = v.tricks[-1]
            plays = [(p, tuple(c)) for p, c in last.plays]
            self._trick_points = last.points
            self._set_trick(plays, last.leader, winner=last.winner)
            self._holding = True
            self._sweeping = False
            hold = self.settings.timing("hold")
            self._hold_timer.start(hold)
            self.trickChanged.emit()
        elif v.trick:
            self._stop_hold()
            self._set_trick(list(v.trick), v.leader)
        elif not self._holding and not self._sweeping:
            self._set_trick([], None)
        if v.last_trick:
            self._last.set_rows(
                self._slot_rows(list(v.last_trick), v.last_trick[0][0], v.last_winner)
            )
        else:
            self._last.set_rows(_empty_slots(self._me()))

    def _stop_hold(self) -> None:
        if self._holding or self._sweeping:
            self._hold_timer.stop()
            self._sweep_timer.stop()
            self._holding = self._sweeping = False
            self.trickChanged.emit()

    def _sweep(self) -> None:
        self._holding = False
        self._sweeping = True
        self.trickChanged.emit()
        self._sweep_timer.start(self.settings._flight() + 50)

    def _clear_trick(self) -> None:
        self._sweeping = False
        v = self._view
        self._set_trick(list(v.trick) if v is not None and v.trick else [], v.leader if v else None)
        self.trickChanged.emit()

    def _set_trick(
        self,
        plays: list[tuple[int, tuple[Card, ...]]],
        leader: int | None,
        winner: int | None = None,
    ) -> None:
        self._trick.set_rows(self._slot_rows(plays, leader, winner))
        mine = any(seat == self._me() for seat, _ in plays)
        if mine != self._my_slot:
            self._my_slot = mine
            self.mySlotChanged.emit()

    def _slot_rows(
        self,
        plays: list[tuple[int, tuple[Card, ...]]],
        leader: int | None,
        winner: int | None = None,
    ) -> list[dict[str, Any]]:
        rows = _empty_slots(self._me())
        if not plays:
            return rows
        trumps = self._trumps()
        win_i, ruff = 0, False
        if winner is not None:
            win_i = next((i for i, (p, _) in enumerate(plays) if p == winner), 0)
        if trumps is not None and self._view is not None:
            try:
                shape = lead_shape(plays[0][1], trumps, self._view.rules)
                st = standing([c for _, c in plays], shape, trumps)
                ruff = st.ruff
                if winner is None:
                    win_i = st.index
            except (AssertionError, RulesError, KeyError):
                pass
        for i, (seat, cards) in enumerate(plays):
            pos = self._pos(seat)
            rows[pos].update(
                {
                    "name": self._seat_name(seat),
                    "cards": list(cards),
                    "leader": seat == leader,
                    "winning": i == win_i,
                    "ruff": ruff and i == win_i,
                    "flash": flash(cards, trumps),
                }
            )
        return rows

    # -- the card counter and the hand's tricks ----------------------------------------------
    def _counter_card(self, card: Card, in_trumps: bool) -> str:
        if card in JOKERS:
            return self._engine_text(card, card_name(card, "zh"))
        rank = rank_text(card[0])
        return SYMBOLS[card[1]] + rank if in_trumps else rank

    def _sync_counter(self) -> None:
        v = self._view
        s = self.session
        if v is None or v.trumps is None or s is None or s.open_hands is not None:
            self._counter.set_rows([])
            self._tricks.set_rows([])
            self._points_out = 0
            self.counterChanged.emit()
            return
        rows = []
        for r in counter.rows(v, self._counter_card):
            suit = r["suit"]
            label = self.tr("Trumps") if suit == "T" else SYMBOLS[suit]
            rows.append({**r, "label": label, "red": suit in "HD"})
        self._counter.set_rows(rows)
        self._points_out = counter.points_out(v)
        tricks = []
        for i, t in enumerate(v.tricks):
            plays = [
                {"name": self._seat_name(p), "cards": list(c), "winner": p == t.winner}
                for p, c in t.plays
            ]
            tricks.append(
                {
                    "no": i + 1,
                    "plays": plays,
                    "points": t.points,
                    "winner": self._seat_name(t.winner),
                }
            )
        self._tricks.set_rows(tricks)
        self.counterChanged.emit()

    # -- bids ----------------------------------------------------------------------------
    def _bid_for(self, key: str) -> tuple[Card, ...] | None:
        """The weakest legal bid for a button (a suit, or ``N`` for no trump)."""
        v = self._view
        if v is None:
            return None
        for cards in v.legal_bids:  # listed weakest first per card
            if key == "N" and cards[0] in JOKERS:
                return cards
            if key != "N" and cards[0] not in JOKERS and cards[0][1] == key:
                return cards
        return None

    def _sync_bids(self) -> None:
        rows = []
        for key in (*SUITS, "N"):
            cards = self._bid_for(key)
            name = SYMBOLS[key] if key != "N" else self.tr("No trump")
            label = name
            if cards is not None:  # the button shows the very cards it would show
                label = self._cards_text(cards)
                if key == "N":
                    label = self.tr("No trump: %1").replace("%1", label)
            rows.append(
                {
                    "label": label,
                    "count": len(cards) if cards else 0,
                    "allowed": cards is not None,
                    "suit": key,
                    "red": key in "HD",
                    "cards": list(cards or ()),
                }
            )
        self._bids.set_rows(rows)

    # -- the result ----------------------------------------------------------------------
    def _sync_result(self) -> None:
        v = self._view
        out = v.outcome if v is not None else None
        if not out:
            if self._result:
                self._result = {}
                self.resultChanged.emit()
            return
        me = self._me()
        we_defend = me in out.defenders
        won = (out.winner == "defenders") == we_defend
        if self.session is not None and self.session.seat is None:
            title = (
                self.tr("The defenders win")
                if out.winner == "defenders"
                else self.tr("The attackers win")
            )
        else:
            title = self.tr("You win the hand") if won else self.tr("You lose the hand")
        if out.levels:
            detail = self._levels_text(out, won)
        elif out.dealer_passes:
            detail = self.tr("The deal passes; no level change")
        else:
            detail = ""
        captured = out.multiplier > 0
        kitty_pts = sum(POINTS.get(c, 0) for c in out.kitty)
        result = {
            "title": title,
            "won": won,
            "detail": detail,
            "attackerPoints": out.attacker_points,
            "trickPoints": out.trick_points,
            "kitty": list(out.kitty),
            "kittyPoints": kitty_pts,
            "multiplier": out.multiplier,
            "captured": captured,
            "nextDealer": self._seat_name(out.next_dealer),
            "matchOver": self.session is not None and self.session.winners is not None,
            "matchText": self._match_text(),
        }
        if result != self._result:
            self._result = result
            self.resultChanged.emit()

    def _levels_text(self, out: HandOutcome, won: bool) -> str:
        """Who goes up, from the level the top bar shows to the one it will show next hand."""
        s, v = self.session, self._view
        assert s is not None and v is not None
        winners = [
            seat for seat in range(4) if (seat in out.defenders) == (out.winner == "defenders")
        ]
        seat = s.seat if s.seat in winners else winners[0]
        new, _ = advance_level(s.levels[seat], out.levels, v.rules.end_level)
        if s.seat is None:
            text = (
                self.tr("Levels +%1 for the defenders: %2 → %3")
                if out.winner == "defenders"
                else self.tr("Levels +%1 for the attackers: %2 → %3")
            )
        elif won:
            text = self.tr("Levels +%1 for your side: %2 → %3")
        else:
            text = self.tr("Levels +%1 for the other side: %2 → %3")
        return (
            text.replace("%1", str(out.levels))
            .replace("%2", rank_text(s.levels[seat]))
            .replace("%3", rank_text(new))
        )

    def _match_text(self) -> str:
        s = self.session
        if s is None or s.winners is None:
            return ""
        if s.seat is None:
            names = ", ".join(self._seat_name(w) for w in s.winners)
            return self.tr("%1 win the match").replace("%1", names)
        if s.seat in s.winners:
            return self.tr("You win the match!")
        return self.tr("The match is lost")

    # -- messages ------------------------------------------------------------------------
    def _set_message(
        self, say: str | Callable[[], str], sticky: bool = False, duration: int = 4000
    ) -> None:
        """Show a message; one given as a function is worded again when the language changes
        (``reword``)."""
        self._say = say if callable(say) else None
        text = say() if callable(say) else say
        if text != self._message:
            self._message = text
            self.messageChanged.emit()
        if text and not sticky:
            self._message_timer.start(duration)
        else:
            self._message_timer.stop()

    def reword(self) -> None:
        """The language was switched: the message on show, in the new one."""
        if self._say is not None and self._message:
            self._message = self._say()  # its timer, if any, runs on
            self.messageChanged.emit()

    def _set_peek(self, what: str) -> None:
        if what != self._peek:
            self._peek = what
            self.peekChanged.emit()

    # == verbs (QML) ======================================================================
    @Slot(int)
    def toggle(self, uid: int) -> None:
        sel = self._hand.selected_uids()
        sel ^= {uid}
        self._hand.set_selected(sel)
        self._hint_reason = ""
        self.selectionChanged.emit()

    @Slot(int)
    def selectSame(self, uid: int) -> None:
        """Shift-click: select every copy of this card."""
        row = self._hand.row_of(uid)
        if row is None:
            return
        sel = self._hand.selected_uids() | {
            r["uid"] for r in self._hand._rows if r["card"] == row["card"]
        }
        self._hand.set_selected(sel)
        self.selectionChanged.emit()

    @Slot(int)
    def beginDrag(self, uid: int) -> None:
        """A press on a card: it toggles, and a drag across the hand gives the cards passed
        over the same state (a run)."""
        row = self._hand.row_of(uid)
        if row is None:
            return
        self._drag = (self._hand.selected_uids(), not row["picked"], row["slot"])
        self.dragTo(uid)

    @Slot(int)
    def dragTo(self, uid: int) -> None:
        row = self._hand.row_of(uid)
        if self._drag is None or row is None:
            return
        base, on, start = self._drag
        lo, hi = sorted((start, row["slot"]))
        run = {r["uid"] for r in self._hand._rows if lo <= r["slot"] <= hi}
        self._hand.set_selected(base | run if on else base - run)
        self._hint_reason = ""
        self.selectionChanged.emit()

    @Slot()
    def endDrag(self) -> None:
        self._drag = None

    @Slot()
    def toggleTrustee(self) -> None:
        s = self.session
        if s is not None and s.seat is not None:
            s.set_trustee(not s.trustee)
            self.changed.emit()

    @Slot()
    def clearSelection(self) -> None:
        self._hand.set_selected(set())
        self.selectionChanged.emit()

    @Slot(int)
    def moveFocus(self, delta: int) -> None:
        n = self._hand.rowCount()
        if n == 0:
            return
        self._focus = max(0, min(n - 1, (self._focus if self._focus >= 0 else 0) + delta))
        self.selectionChanged.emit()

    @Slot()
    def toggleFocused(self) -> None:
        uid = self._hand.uid_at_slot(max(self._focus, 0))
        if uid is not None:
            self._focus = max(self._focus, 0)
            self.toggle(uid)

    @Slot()
    def activate(self) -> None:
        """Enter: play, or bury, whichever the phase asks for."""
        v = self._view
        if v is None:
            return
        if "bury" in v.actions:
            self.bury()
        elif "play" in v.actions:
            self.play()

    @Slot()
    def play(self) -> None:
        s, v = self.session, self._view
        if s is None or v is None or s.seat is None:
            return
        cards = self._hand.selected()
        if not cards:
            self._set_message(lambda: self.tr("Select the cards to play"))
            return
        # cleared first: what the play itself causes (a failed throw) is announced after
        self._set_message("")
        if s.act(Play(s.seat, tuple(cards))):
            self._hint_reason = ""

    @Slot()
    def bury(self) -> None:
        s = self.session
        if s is None or s.seat is None:
            return
        self._set_message("")
        if s.act(Bury(s.seat, tuple(self._hand.selected()))):
            self._fresh = Counter()

    @Slot(str)
    def bid(self, key: str) -> None:
        s = self.session
        cards = self._bid_for(key)
        if s is None or s.seat is None or cards is None:
            return
        s.act(Bid(s.seat, cards))

    @Slot()
    def passBid(self) -> None:
        s = self.session
        if s is not None and s.seat is not None:
            s.act(PassBid(s.seat))

    @Slot(str)
    def callFriend(self, card: str) -> None:
        s = self.session
        if s is not None and s.seat is not None:
            s.act(CallFriend(s.seat, card))

    @Slot()
    def hint(self) -> None:
        if self.session is not None:
            self._set_message(lambda: self.tr("Thinking of a hint…"))
            self.session.request_hint()

    @Slot()
    def nextHand(self) -> None:
        if self.session is not None:
            self.session.next_hand()

    @Slot(str)
    def setPeek(self, what: str) -> None:
        """Show the last trick ("last") or the buried kitty ("kitty"); "" hides both."""
        self._set_peek(what if what in ("last", "kitty") else "")

    @Slot(str)
    def togglePeek(self, what: str) -> None:
        """A click on Last trick or Kitty: shows it, or hides it when it is shown."""
        self.setPeek("" if self._peek == what else what)

    @Slot(int)
    def replayStep(self, delta: int) -> None:
        s = self.session
        if isinstance(s, ReplaySession):
            s.go(s.step + delta)
            self.changed.emit()

    @Slot(int)
    def replayGo(self, step: int) -> None:
        s = self.session
        if isinstance(s, ReplaySession):
            s.go(step)
            self.changed.emit()

    # == properties ======================================================================
    def _phase(self) -> str:
        return self._view.phase if self._view is not None else ""

    def _phase_text(self) -> str:
        return {
            "deal": self.tr("Dealing"),
            "bury": self.tr("Burying the kitty"),
            "call-friend": self.tr("Calling a friend"),
            "play": self.tr("Playing"),
            "done": self.tr("Hand over"),
        }.get(self._phase(), "")

    def _trump_text(self) -> str:
        v = self._view
        if v is None:
            return ""
        if v.trump_known:
            return SYMBOLS[v.trump] if v.trump else self.tr("No trump")
        if v.bid is not None:
            card = v.bid.cards[0]
            return self.tr("No trump") if card in JOKERS else SYMBOLS[card[1]]
        return "?"

    def _trump_red(self) -> bool:
        t = self._trump_text()
        return t in ("♥", "♦")

    def _level_rank(self) -> str:
        return rank_text(self._view.level) if self._view is not None else ""

    def _dealer_name(self) -> str:
        v = self._view
        if v is None or v.dealer is None:
            return "—"
        return self._seat_name(v.dealer)

    def _points(self) -> int:
        v = self._view
        if v is None:
            return 0
        if v.outcome:
            return v.outcome.attacker_points
        return int(v.attacker_points) if v.attacker_points is not None else 0

    def _points_known(self) -> bool:
        v = self._view
        return v is not None and (v.attacker_points is not None or bool(v.outcome))

    def _target(self) -> int:
        v = self._view
        if v is None:
            return 80
        return deal_passes_at(v.rules)

    def _points_text(self) -> str:
        shown = str(self._points()) if self._points_known() else "?"
        return f"{shown} / {self._target()}"

    def _captured(self) -> list[str]:
        """The point cards the attackers have taken so far (once the sides are known)."""
        v = self._view
        if v is None or v.defenders is None:
            return []
        out = [
            c
            for t in v.tricks
            if t.winner not in v.defenders
            for _, cards in t.plays
            for c in cards
            if POINTS.get(c, 0)
        ]
        trumps = self._display_trumps()
        return trumps.sorted(out) if trumps else out

    def _our_level(self) -> str:
        s = self.session
        return rank_text(s.levels[self._me()]) if s is not None else ""

    def _their_level(self) -> str:
        s = self.session
        return rank_text(s.levels[(self._me() + 1) % 4]) if s is not None else ""

    def _fixed_partners(self) -> bool:
        v = self._view
        return v is None or v.rules.partners == "fixed"

    def _kitty_size(self) -> int:
        return self._view.kitty_size if self._view is not None else 0

    def _hand_no(self) -> int:
        return self._view.hand_no if self._view is not None else 0

    def _actions(self) -> list[str]:
        return list(self._view.actions) if self._view is not None else []

    def _my_turn(self) -> bool:
        return "play" in self._actions()

    def _can_pass(self) -> bool:
        return "pass-bid" in self._actions()

    def _selected_count(self) -> int:
        return len(self._hand.selected())

    def _bury_need(self) -> int:
        return self._kitty_size()

    def _bury_label(self) -> str:
        return (
            self.tr("Bury %1/%2")
            .replace("%1", str(self._selected_count()))
            .replace("%2", str(self._bury_need()))
        )

    def _play_label(self) -> str:
        cards = self._hand.selected()
        trumps = self._trumps()
        if not cards or trumps is None:
            return self.tr("Play")
        suits = {trumps.suit(c) for c in cards}
        following = self._view is not None and bool(self._view.trick)
        if len(suits) != 1 or (following and len(cards) > 1 and not self._one_shape(cards)):
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

    def _one_shape(self, cards: list[Card]) -> bool:
        trumps = self._trumps()
        return trumps is not None and len(decompose(cards, trumps)) == 1

    def _play_problem(self) -> str:
        """Why the current selection cannot be played (the engine's words), or ''."""
        v = self._view
        cards = self._hand.selected()
        if v is None or not cards or "play" not in v.actions:
            return ""
        try:
            v.check_play(cards)
        except RulesError as e:
            return self._engine_text(e.en, e.zh)
        return ""

    def _focus_uid(self) -> int:
        uid = self._hand.uid_at_slot(self._focus) if self._focus >= 0 else None
        return -1 if uid is None else uid

    def _spectator(self) -> bool:
        return self.session is not None and self.session.seat is None

    def _kind(self) -> str:
        return self.session.kind if self.session is not None else ""

    def _replay_step(self) -> int:
        s = self.session
        return s.step if isinstance(s, ReplaySession) else 0

    def _replay_steps(self) -> int:
        s = self.session
        return s.steps if isinstance(s, ReplaySession) else 0

    def _buried(self) -> list[str]:
        v = self._view
        s = self.session
        if isinstance(s, ReplaySession):
            return list(s.buried or s.kitty)
        return list(v.buried) if v is not None else []

    def _friend_text(self) -> str:
        v = self._view
        if v is None or v.friend_card is None:
            return ""
        card = v.friend_card
        name = SYMBOLS[card[1]] + rank_text(card[0])
        if v.friend is not None:
            return (
                self.tr("Friend %1: %2")
                .replace("%1", name)
                .replace("%2", self._seat_name(v.friend))
            )
        return self.tr("Friend %1: not yet shown").replace("%1", name)

    def _friend_ranks(self) -> list[str]:
        v = self._view
        level = v.level if v is not None else ""
        return [rank_text(r) for r in reversed(RANKS) if r != level]

    @Slot(str, str, result=str)
    def friendCard(self, suit: str, rank: str) -> str:
        return ("T" if rank == "10" else rank) + suit

    def _bid_text(self) -> str:
        """Who bid what, shown on the table from the bid until play starts."""
        v = self._view
        if v is None or v.bid is None or v.phase not in BIDDING_PHASES:
            return ""
        return (
            self.tr("%1 bid %2")
            .replace("%1", self._seat_name(v.bid.seat))
            .replace("%2", self._cards_text(v.bid.cards))
        )

    def _turn_prompt(self) -> str:
        """What the player has to do now, in words ("" when nothing)."""
        v = self._view
        if v is None or not self._my_turn_now():
            return ""
        if "bury" in v.actions:
            return self.tr("Your turn: bury %1 cards").replace("%1", str(v.kitty_size))
        if "call-friend" in v.actions:
            return self.tr("Your turn: call a friend")
        if "play" in v.actions:
            return self.tr("Your turn: lead") if not v.trick else self.tr("Your turn")
        return self.tr("Bid or pass")

    def _trick_points_prop(self) -> int:
        return self._trick_points

    def _result_prop(self) -> dict[str, Any]:
        return dict(self._result)

    def _trustee(self) -> bool:
        return self.session is not None and self.session.trustee

    def _can_trustee(self) -> bool:
        s = self.session
        return s is not None and s.seat is not None and s.kind in ("offline", "online")

    def _ready_for_next(self) -> bool:
        """Online, after a hand: this seat is ready and waits for the others."""
        s, v = self.session, self._view
        if s is None or s.seat is None or s.kind != "online" or v is None or v.phase != "done":
            return False
        return bool(_flag(s, s.seat, "ready"))

    def _spectators(self) -> int:
        return int(getattr(self.session, "spectators", 0))

    hand = _model("_hand")
    counter = _model("_counter")
    handTricks = _model("_tricks")
    pointsOut = Property(int, lambda self: self._points_out, notify=counterChanged)
    trustee = Property(bool, _trustee, notify=changed)
    canTrustee = Property(bool, _can_trustee, notify=changed)
    spectators = Property(int, _spectators, notify=changed)
    readyForNext = Property(bool, _ready_for_next, notify=changed)
    trick = _model("_trick")
    lastTrick = _model("_last")
    seats = _model("_seats")
    bidOptions = _model("_bids")

    phase = Property(str, _phase, notify=changed)
    phaseText = Property(str, _phase_text, notify=changed)
    trumpText = Property(str, _trump_text, notify=changed)
    trumpRed = Property(bool, _trump_red, notify=changed)
    levelRank = Property(str, _level_rank, notify=changed)
    dealerName = Property(str, _dealer_name, notify=changed)
    points = Property(int, _points, notify=changed)
    pointsTarget = Property(int, _target, notify=changed)
    pointsText = Property(str, _points_text, notify=changed)
    capturedCards = Property(list, _captured, notify=changed)
    ourLevel = Property(str, _our_level, notify=changed)
    theirLevel = Property(str, _their_level, notify=changed)
    fixedPartners = Property(bool, _fixed_partners, notify=changed)
    kittySize = Property(int, _kitty_size, notify=changed)
    handNo = Property(int, _hand_no, notify=changed)
    actions = Property(list, _actions, notify=changed)
    myTurn = Property(bool, _my_turn, notify=changed)
    canPass = Property(bool, _can_pass, notify=changed)
    spectator = Property(bool, _spectator, notify=changed)
    kind = Property(str, _kind, notify=changed)
    buried = Property(list, _buried, notify=changed)
    friendText = Property(str, _friend_text, notify=changed)
    friendRanks = Property(list, _friend_ranks, notify=changed)
    replayStepNo = Property(int, _replay_step, notify=changed)
    replaySteps = Property(int, _replay_steps, notify=changed)
    selectedCount = Property(int, _selected_count, notify=selectionChanged)
    buryNeed = Property(int, _bury_need, notify=changed)
    buryLabel = Property(str, _bury_label, notify=selectionChanged)
    playLabel = Property(str, _play_label, notify=selectionChanged)
    playProblem = Property(str, _play_problem, notify=selectionChanged)
    focusUid = Property(int, _focus_uid, notify=selectionChanged)
    message = Property(str, lambda self: self._message, notify=messageChanged)
    holding = Property(bool, lambda self: self._holding, notify=trickChanged)
    sweeping = Property(bool, lambda self: self._sweeping, notify=trickChanged)
    sweepPos = Property(int, lambda self: self._sweep_winner_pos(), notify=trickChanged)
    trickPoints = Property(int, _trick_points_prop, notify=trickChanged)
    peek = Property(str, lambda self: self._peek, notify=peekChanged)
    myPlayShown = Property(bool, lambda self: self._my_slot, notify=mySlotChanged)
    bidText = Property(str, _bid_text, notify=changed)
    turnPrompt = Property(str, _turn_prompt, notify=changed)
    turnSeconds = Property(  # the online turn clock's length, for its ring
        int, lambda self: self.session.clock if self.session is not None else 0, notify=changed
    )
    result = Property("QVariantMap", _result_prop, notify=resultChanged)  # type: ignore[arg-type]

    def _sweep_winner_pos(self) -> int:
        for r in self._trick.rows():
            if r.get("winning") and r.get("cards"):
                return int(r["pos"])
        return -1


BIDDING_PHASES = ("deal", "bury", "call-friend")
THROW_MESSAGE_MS = 9000  # a failed throw's message: long enough to read who beat what

_SLOT_ROLES = ("pos", "seat", "name", "cards", "leader", "winning", "ruff", "flash")


def _flag(session: Session, seat: int, name: str) -> Any:
    flags = getattr(session, "seat_flags", None)
    return flags[seat].get(name) if flags else None


def callout(
    plays: list[tuple[Card, ...]], trumps: Trumps, rules: RuleSet, thrown: bool = False
) -> str:
    """The sound (app.sounds.CALLS) for the call-out the engine gives a trick's newest play."""
    name = call_out(plays, trumps, rules, thrown)
    return f"call-{name}" if name else ""


_EMPTY_SEAT: dict[str, Any] = {
    "name": "",
    "count": 0,
    "dealer": False,
    "bidder": False,
    "active": False,
    "thinking": False,
    "side": "",
    "level": "",
    "bidCards": [],
    "passed": False,
    "friend": False,
    "openCards": [],
    "trustee": False,
    "clock": -1,
    "voids": "",
}


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
