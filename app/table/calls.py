"""The table's sounds: a card played, a trick taken, and the Mandarin call-outs the engine gives a
play (对子, 拖拉机, 甩牌, 毙了), which the app plays at the voice volume (off by default)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from app.table.state import TableState
from engine.callouts import call_out
from engine.cards import Card
from engine.order import Trumps
from engine.rules import RuleSet


def callout(
    plays: list[tuple[Card, ...]], trumps: Trumps, rules: RuleSet, thrown: bool = False
) -> str:
    """The sound (app.sounds.CALLS) for the call-out the engine gives a trick's newest play."""
    name = call_out(plays, trumps, rules, thrown)
    return f"call-{name}" if name else ""


class CallsPart(QObject):
    soundWanted = Signal(str)  # card, trick, and the call-outs (app.sounds.CALLS)

    def __init__(self, state: TableState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self._calling: list[tuple[Card, ...]] = []  # the trick's plays so far
        self._thrown = False  # the next lead was a throw that failed

    def reset(self) -> None:
        v = self.state.view
        self._calling = [tuple(c) for _, c in v.trick] if v is not None else []
        self._thrown = False

    def throw_failed(self) -> None:
        self._thrown = True

    def played(self, cards: tuple[Card, ...]) -> None:
        self.soundWanted.emit("card")
        if len(self._calling) >= 4:
            self._calling = []  # a trick's end we did not see (a resumed connection)
        self._calling.append(cards)
        thrown, self._thrown = self._thrown, False
        v = self.state.view
        if v is not None and v.trumps is not None:
            name = callout(self._calling, v.trumps, v.rules, thrown)
            if name:
                self.soundWanted.emit(name)

    def trick_won(self) -> None:
        self.soundWanted.emit("trick")
        self._calling = []
