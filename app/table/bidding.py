"""Bidding and the friend: the bid buttons (a ``RowsModel``, each naming the very cards it would
show), who bid what, passing, and the call for a friend (找朋友) with its answer."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot

from app.cards import SYMBOLS
from app.models import RowsModel
from app.table.notice import NoticePart
from app.table.part import Part, shown
from app.table.state import BIDDING_PHASES, TableState, rank_text
from engine.actions import CallFriend, PassBid
from engine.bids import Bid
from engine.cards import JOKERS, RANKS, SUITS, Card


class BiddingPart(Part):
    changed = Signal()  # bidText, canPass, friendText, friendRanks

    def __init__(self, state: TableState, notice: NoticePart, parent: Any = None) -> None:
        super().__init__(state, parent)
        self.notice = notice
        self._options = RowsModel(("label", "count", "allowed", "suit", "red", "cards"), self)
        self.publish()

    def values(self) -> dict[str, Any]:
        v = self.state.view
        level = v.level if v is not None else ""
        return {
            "bidText": self._bid_text(),
            "canPass": "pass-bid" in self.state.actions(),
            "friendText": self._friend_text(),
            "friendRanks": [rank_text(r) for r in reversed(RANKS) if r != level],
        }

    def sync(self) -> None:
        rows = []
        for key in (*SUITS, "N"):
            cards = self._bid_for(key)
            label = SYMBOLS[key] if key != "N" else self.state.no_trump()
            if cards is not None:  # the button shows the very cards it would show
                label = self.state.cards_text(cards)
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
        self._options.set_rows(rows)
        self.publish()

    def _bid_for(self, key: str) -> tuple[Card, ...] | None:
        """The weakest legal bid for a button (a suit, or ``N`` for no trump)."""
        v = self.state.view
        if v is None:
            return None
        for cards in v.legal_bids:  # listed weakest first per card
            if key == "N" and cards[0] in JOKERS:
                return cards
            if key != "N" and cards[0] not in JOKERS and cards[0][1] == key:
                return cards
        return None

    def _bid_text(self) -> str:
        """Who bid what, shown on the table from the bid until play starts."""
        v = self.state.view
        if v is None or v.bid is None or v.phase not in BIDDING_PHASES:
            return ""
        return (
            self.tr("%1 bid %2")
            .replace("%1", self.state.seat_name(v.bid.seat))
            .replace("%2", self.state.cards_text(v.bid.cards))
        )

    def _friend_text(self) -> str:
        v = self.state.view
        if v is None or v.friend_card is None:
            return ""
        card = v.friend_card
        name = SYMBOLS[card[1]] + rank_text(card[0])
        if v.friend is not None:
            return (
                self.tr("Friend %1: %2")
                .replace("%1", name)
                .replace("%2", self.state.seat_name(v.friend))
            )
        return self.tr("Friend %1: not yet shown").replace("%1", name)

    # -- verbs ---------------------------------------------------------------------------
    @Slot(str)
    def bid(self, key: str) -> None:
        s = self.state.session
        if s is None or s.seat is None:
            return
        cards = self._bid_for(key)
        if cards is None:  # the button was pressed as the bidding moved on: say so
            self.notice.show(self._too_late)
            return
        s.act(Bid(s.seat, cards))

    def _too_late(self) -> str:
        v = self.state.view
        if v is None or v.phase != "deal":
            return self.tr("Too late to bid: the bidding is over.")
        if v.bid is not None and v.bid.seat != self.state.me():
            return (
                self.tr("Too late for that bid: %1 bid %2 first.")
                .replace("%1", self.state.seat_name(v.bid.seat))
                .replace("%2", self.state.cards_text(v.bid.cards))
            )
        return self.tr("That bid cannot be made now.")

    @Slot()
    def passBid(self) -> None:
        s = self.state.session
        if s is not None and s.seat is not None:
            s.act(PassBid(s.seat))

    @Slot(str)
    def callFriend(self, card: str) -> None:
        s = self.state.session
        if s is not None and s.seat is not None:
            s.act(CallFriend(s.seat, card))

    @Slot(str, str, result=str)
    def friendCard(self, suit: str, rank: str) -> str:
        return ("T" if rank == "10" else rank) + suit

    options = Property(QObject, lambda self: self._options, constant=True)
    bidText = shown(str, "bidText", changed)
    canPass = shown(bool, "canPass", changed)
    friendText = shown(str, "friendText", changed)
    friendRanks = shown(list, "friendRanks", changed)
