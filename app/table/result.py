"""The hand's result (who won, the points, the kitty, the levels gained, the match) and the
step to the next hand."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal, Slot

from app.table.part import Part, shown
from app.table.state import TableState, flag, rank_text
from engine.cards import POINTS
from engine.events import HandEnd
from engine.scoring import advance_level


class ResultPart(Part):
    changed = Signal()  # summary, readyForNext

    def __init__(self, state: TableState, parent: Any = None) -> None:
        super().__init__(state, parent)
        self.publish()

    def values(self) -> dict[str, Any]:
        return {"summary": self._summary(), "readyForNext": self._ready_for_next()}

    def _summary(self) -> dict[str, Any]:
        st = self.state
        s, v = st.session, st.view
        out = v.outcome if v is not None else None
        if not out:
            return {}
        won = (out.winner == "defenders") == (st.me() in out.defenders)
        if not st.speaks_to_seat():
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
        return {
            "title": title,
            "won": won,
            "detail": detail,
            "attackerPoints": out.attacker_points,
            "trickPoints": out.trick_points,
            "kitty": list(out.kitty),
            "kittyPoints": sum(POINTS.get(c, 0) for c in out.kitty),
            "multiplier": out.multiplier,
            "captured": out.kitty_captured,
            "nextDealer": st.seat_name(out.next_dealer),
            "matchOver": s is not None and s.winners is not None,
            "matchText": self._match_text(),
        }

    def _levels_text(self, out: HandEnd, won: bool) -> str:
        """Who goes up, from the level the top bar shows to the one it will show next hand."""
        s, v = self.state.session, self.state.view
        assert s is not None and v is not None
        winners = [
            seat for seat in range(4) if (seat in out.defenders) == (out.winner == "defenders")
        ]
        seat = s.seat if s.seat in winners else winners[0]
        # from the hand's own levels: the match may be scored already (the hand that ends it)
        new, through = advance_level(v.levels[seat], out.levels, v.rules.end_level)
        # the hand that wins the match goes through the last level: "A → A" read as no move
        to = rank_text(new)
        if through and s.winners is not None and seat in s.winners:
            to = self.tr("past %1").replace("%1", to)
        if not self.state.speaks_to_seat():
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
            .replace("%2", rank_text(v.levels[seat]))
            .replace("%3", to)
        )

    def _match_text(self) -> str:
        s = self.state.session
        if s is None or s.winners is None:
            return ""
        if not self.state.speaks_to_seat():
            names = ", ".join(self.state.seat_name(w) for w in s.winners)
            return self.tr("%1 win the match").replace("%1", names)
        if s.seat in s.winners:
            return self.tr("You win the match!")
        return self.tr("The match is lost")

    def _ready_for_next(self) -> bool:
        """Online, after a hand: this seat is ready and waits for the others."""
        s, v = self.state.session, self.state.view
        if s is None or s.seat is None or s.kind != "online" or v is None or v.phase != "done":
            return False
        return bool(flag(s, s.seat, "ready"))

    @Slot()
    def nextHand(self) -> None:
        if self.state.session is not None:
            self.state.session.next_hand()

    summary: dict[str, Any] = shown("QVariantMap", "summary", changed)
    readyForNext = shown(bool, "readyForNext", changed)
