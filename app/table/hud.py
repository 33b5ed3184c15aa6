"""The table's head-up display: phase, trump and levels, the attackers' points, whose turn,
what kind of table this is (and the replay's step), 托管."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal, Slot

from app.cards import SYMBOLS
from app.practice import deal_code_of
from app.table.part import Part, shown
from app.table.state import TableState, rank_text
from engine.cards import JOKERS, POINTS
from engine.targets import deal_passes_at


class HudPart(Part):
    changed = Signal()

    def __init__(self, state: TableState, parent: Any = None) -> None:
        super().__init__(state, parent)
        self.publish()

    def values(self) -> dict[str, Any]:
        s, v = self.state.session, self.state.view
        trump = self._trump_text()
        points = self._points()
        known = v is not None and (v.attacker_points is not None or bool(v.outcome))
        target = deal_passes_at(v.rules) if v is not None else 80
        me = self.state.me()
        return {
            "phase": self.state.phase(),
            "phaseText": self._phase_text(),
            "trumpText": trump,
            "trumpRed": trump in ("♥", "♦"),
            "levelRank": rank_text(v.level) if v is not None else "",
            "dealerName": self.state.seat_name(v.dealer)
            if v is not None and v.dealer is not None
            else "—",
            "points": points,
            "pointsTarget": target,
            "pointsText": f"{points if known else '?'} / {target}",
            "capturedCards": self._captured(),
            "ourLevel": rank_text(s.levels[me]) if s is not None else "",
            "theirLevel": rank_text(s.levels[(me + 1) % 4]) if s is not None else "",
            "fixedPartners": v is None or v.rules.partners == "fixed",
            "kittySize": v.kitty_size if v is not None else 0,
            "handNo": v.hand_no if v is not None else 0,
            "actions": list(self.state.actions()),
            "myTurn": "play" in self.state.actions(),
            # a replay is watched, whichever seat it is seen from: no bid, hint or play
            "spectator": s is not None and (s.seat is None or s.kind == "replay"),
            "kind": s.kind if s is not None else "",
            "replayStepNo": s.step if s is not None else 0,
            "replaySteps": s.steps if s is not None else 0,
            "trustee": s is not None and s.trustee,
            "canTrustee": s is not None and s.seat is not None and s.kind in ("offline", "online"),
            "spectators": s.spectators if s is not None else 0,
            "practice": s is not None and s.practice,  # issue 35: the table says it is practice
            "canTakeBack": s is not None and s.can_take_back,
            "dealCode": deal_code_of(s),
            "turnPrompt": self._turn_prompt(),
        }

    def _phase_text(self) -> str:
        return {
            "deal": self.tr("Dealing"),
            "bury": self.tr("Burying the kitty"),
            "call-friend": self.tr("Calling a friend"),
            "play": self.tr("Playing"),
            "done": self.tr("Hand over"),
        }.get(self.state.phase(), "")

    def _trump_text(self) -> str:
        v = self.state.view
        if v is None:
            return ""
        if v.trump_known:
            return SYMBOLS[v.trump] if v.trump else self.state.no_trump()
        if v.bid is not None:
            card = v.bid.cards[0]
            return self.state.no_trump() if card in JOKERS else SYMBOLS[card[1]]
        return "?"

    def _points(self) -> int:
        v = self.state.view
        if v is None:
            return 0
        if v.outcome:
            return v.outcome.attacker_points
        return int(v.attacker_points) if v.attacker_points is not None else 0

    def _captured(self) -> list[str]:
        """The point cards the attackers have taken so far (once the sides are known)."""
        v = self.state.view
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
        trumps = self.state.display_trumps()
        return trumps.sorted(out) if trumps else out

    def _turn_prompt(self) -> str:
        """What the player has to do now, in words ("" when nothing)."""
        v = self.state.view
        if v is None or not self.state.my_turn_now():
            return ""
        if "bury" in v.actions:
            return self.tr("Your turn: bury %1 cards").replace("%1", str(v.kitty_size))
        if "call-friend" in v.actions:
            return self.tr("Your turn: call a friend")
        if "play" in v.actions:
            return self.tr("Your turn: lead") if not v.trick else self.tr("Your turn")
        return self.tr("Bid or pass")

    # -- verbs ---------------------------------------------------------------------------
    @Slot()
    def toggleTrustee(self) -> None:
        s = self.state.session
        if s is not None and s.seat is not None:
            s.set_trustee(not s.trustee)
            self.publish()

    @Slot(bool)
    def setPaused(self, on: bool) -> None:
        """A dialog over the table (leaving?) holds the game still where the session can."""
        s = self.state.session
        if s is not None:
            s.set_paused(on)

    @Slot(int)
    def replayStep(self, delta: int) -> None:
        s = self.state.session
        if s is not None and s.steps:
            self.replayGo(s.step + delta)

    @Slot(int)
    def replayGo(self, step: int) -> None:
        s = self.state.session
        if s is not None and s.steps:
            s.go(step)
            self.publish()

    phase = shown(str, "phase", changed)
    phaseText = shown(str, "phaseText", changed)
    trumpText = shown(str, "trumpText", changed)
    trumpRed = shown(bool, "trumpRed", changed)
    levelRank = shown(str, "levelRank", changed)
    dealerName = shown(str, "dealerName", changed)
    points = shown(int, "points", changed)
    pointsTarget = shown(int, "pointsTarget", changed)
    pointsText = shown(str, "pointsText", changed)
    capturedCards = shown(list, "capturedCards", changed)
    ourLevel = shown(str, "ourLevel", changed)
    theirLevel = shown(str, "theirLevel", changed)
    fixedPartners = shown(bool, "fixedPartners", changed)
    kittySize = shown(int, "kittySize", changed)
    handNo = shown(int, "handNo", changed)
    actions = shown(list, "actions", changed)
    myTurn = shown(bool, "myTurn", changed)
    spectator = shown(bool, "spectator", changed)
    kind = shown(str, "kind", changed)
    replayStepNo = shown(int, "replayStepNo", changed)
    replaySteps = shown(int, "replaySteps", changed)
    trustee = shown(bool, "trustee", changed)
    canTrustee = shown(bool, "canTrustee", changed)
    spectators = shown(int, "spectators", changed)
    turnPrompt = shown(str, "turnPrompt", changed)
    practice = shown(bool, "practice", changed)
    canTakeBack = shown(bool, "canTakeBack", changed)
    dealCode = shown(str, "dealCode", changed)
