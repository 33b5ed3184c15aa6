"""What every part of the table reads: the bound session, its current ``View``, and the words
for seats and cards. Positions are compass slots relative to the player: 0 bottom (you),
1 right (下家), 2 top (对家), 3 left (上家).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

from app.cards import SYMBOLS
from app.i18n import engine_text
from app.session import Session
from app.settings import Settings
from engine.cards import JOKERS, Card
from engine.order import Trumps, trumps_for
from engine.views import View

RANK_TEXT = {"T": "10"}
BIDDING_PHASES = ("deal", "bury", "call-friend")


def rank_text(rank: str) -> str:
    return RANK_TEXT.get(rank, rank)


def flag(session: Session, seat: int, name: str) -> Any:
    return session.seat_flags[seat].get(name)


class TableState(QObject):
    """The session and view the table shows, read-only for the parts."""

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.session: Session | None = None
        self.view: View | None = None
        # the App's levelTitle, to name an AI as the waiting room does
        self.level_title: Callable[[str], str] | None = None

    def lang(self) -> str:
        return str(self.settings.language)

    def engine_text(self, en: str, zh: str) -> str:
        return engine_text(en, zh, self.lang())

    def phase(self) -> str:
        return self.view.phase if self.view is not None else ""

    def actions(self) -> tuple[str, ...]:
        return tuple(self.view.actions) if self.view is not None else ()

    def me(self) -> int:
        s = self.session
        return s.seat if s is not None and s.seat is not None else 0

    def speaks_to_seat(self) -> bool:
        """Whether the seat shown is the viewer's own ("you"): not for a spectator, nor for a
        replay of another player's hand, which name the seats and sides instead."""
        s = self.session
        return s is not None and s.seat is not None and not s.watching

    def pos(self, seat: int) -> int:
        return (seat - self.me()) % 4

    def my_turn_now(self) -> bool:
        """The player must act (play, bury, call a friend, or bid/pass at the deal's end)."""
        v, s = self.view, self.session
        if v is None or s is None or s.seat is None or s.trustee:
            return False
        return any(a in v.actions for a in ("play", "bury", "call-friend", "pass-bid"))

    def trumps(self) -> Trumps | None:
        return self.view.trumps if self.view is not None else None

    def display_trumps(self) -> Trumps | None:
        """The trumps once known; during the deal, jokers and level cards grouped first."""
        v = self.view
        if v is None:
            return None
        return v.trumps or trumps_for(v.level, None, v.rules.twos_trump)

    def seat_name(self, seat: int) -> str:
        s = self.session
        bot = flag(s, seat, "bot") if s is not None else None
        if bot:  # as the waiting room names it
            level = self.level_title(bot) if self.level_title is not None else bot
            # numbered by seat as in the waiting room: two AIs of a level are told apart
            return self.tr("AI %1 (%2)").replace("%1", str(seat + 1)).replace("%2", level)
        if s is not None and s.names[seat]:
            return s.names[seat]
        if s is None or s.seat is None or (s.watching and seat == s.seat):
            return self.tr("Seat %1").replace("%1", str(seat + 1))
        return [self.tr("You"), self.tr("Right"), self.tr("Opposite"), self.tr("Left")][
            self.pos(seat)
        ]

    def card_text(self, card: Card) -> str:
        """A card as players write it: 10♥, Q♠, or the joker's name."""
        if card in JOKERS:
            return self.tr("Big joker") if card == "BJ" else self.tr("Small joker")
        return rank_text(card[0]) + SYMBOLS[card[1]]

    def cards_text(self, cards: list[Card] | tuple[Card, ...]) -> str:
        return " ".join(self.card_text(c) for c in cards)

    def suit_text(self, suit: str) -> str:
        """A suit's symbol, or Trumps for the trump group ``T``."""
        return self.tr("Trumps") if suit == "T" else SYMBOLS[suit]

    def no_trump(self) -> str:
        return self.tr("No trump")
