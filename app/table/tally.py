"""The card counter (记牌): per effective suit, how many cards are still out and the highest,
and the points not yet played (a ``RowsModel`` and ``pointsOut``)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QObject, Signal

from app import counter
from app.cards import SYMBOLS
from app.models import RowsModel
from app.table.part import Part, shown
from app.table.state import TableState, rank_text
from engine.cards import JOKERS, Card, card_name


class CounterPart(Part):
    changed = Signal()  # pointsOut

    def __init__(self, state: TableState, parent: Any = None) -> None:
        super().__init__(state, parent)
        self._rows = RowsModel(("suit", "label", "remaining", "high", "red"), self)
        self.publish()

    def values(self) -> dict[str, Any]:
        v = self.state.view
        return {"pointsOut": counter.points_out(v) if self._counting() and v else 0}

    def _counting(self) -> bool:
        """Counted once the trumps are known; never in the replay viewer (every hand open)."""
        v, s = self.state.view, self.state.session
        return v is not None and v.trumps is not None and s is not None and s.open_hands is None

    def sync(self) -> None:
        v = self.state.view
        rows = []
        if self._counting() and v is not None:
            for r in counter.rows(v, self._card):
                suit = r["suit"]
                rows.append({**r, "label": self.state.suit_text(suit), "red": suit in "HD"})
        self._rows.set_rows(rows)
        self.publish()

    def _card(self, card: Card, in_trumps: bool) -> str:
        if card in JOKERS:
            return self.state.engine_text(card, card_name(card, "zh"))
        rank = rank_text(card[0])
        return SYMBOLS[card[1]] + rank if in_trumps else rank

    model = Property(QObject, lambda self: self._rows, constant=True)
    pointsOut = shown(int, "pointsOut", changed)
