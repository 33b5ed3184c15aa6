"""A match: hands in a row, levels per side (fixed partners) or per player (find-friend).

Levels start at the rule set's start level; each hand's level rank is its dealer's level. After
a hand, the winners go up by the hand's levels; a side (or player) that levels past the end
level wins the match (option: only as defenders; otherwise the level stops at the end level).
Each hand's seed is hashed from the match's seed and the hand number, so a match replays from its
seed and actions.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action
from engine.errors import RulesError
from engine.events import Event, HandEnd
from engine.hand import Hand, Phase, Setup
from engine.records import hand_record
from engine.rules import RuleSet
from engine.scoring import advance_level


@dataclass
class Match:
    rules: RuleSet
    seed: int
    levels: list[str] = field(default_factory=list)
    dealer: int | None = None
    hands: list[Hand] = field(default_factory=list)
    winners: tuple[int, ...] | None = None  # seats that won the match

    def __post_init__(self) -> None:
        if not self.levels:
            self.levels = [self.rules.start_level] * 4
        self.hands.append(self._new_hand())

    @property
    def hand(self) -> Hand:
        return self.hands[-1]

    @property
    def over(self) -> bool:
        return self.winners is not None

    def _new_hand(self) -> Hand:
        setup = Setup(
            seed=hand_seed(self.seed, len(self.hands) + 1),
            levels=(self.levels[0], self.levels[1], self.levels[2], self.levels[3]),
            dealer=self.dealer,
            hand_no=len(self.hands) + 1,
        )
        return Hand(self.rules, setup)

    def apply(self, action: Action) -> list[Event]:
        return self.hand.apply(action)

    def next_hand(self) -> Hand:
        """Score the finished hand into the match and start the next one."""
        hand = self.hand
        if hand.phase != Phase.DONE or hand.outcome is None:
            raise RulesError("wrong-phase", phase=hand.phase.value)
        if self.over:
            raise RulesError("wrong-phase", phase="match over")
        self.levels, self.winners = self._scored(hand.outcome)
        self.dealer = hand.outcome.next_dealer
        if not self.over:
            self.hands.append(self._new_hand())
        return self.hand

    def ends_match(self) -> bool:
        """Whether the hand, finished, ends the match once scored (``next_hand`` then deals
        no other): its result can say so at once."""
        outcome = self.hand.outcome
        if self.over or self.hand.phase != Phase.DONE or outcome is None:
            return False
        return self._scored(outcome)[1] is not None

    def _scored(self, outcome: HandEnd) -> tuple[list[str], tuple[int, ...] | None]:
        """The levels after ``outcome``, and the match's winners if it ends the match."""
        defenders = set(outcome.defenders)
        side = defenders if outcome.winner == "defenders" else set(range(4)) - defenders
        levels, passed_end = list(self.levels), False
        for seat in side:
            levels[seat], passed = advance_level(levels[seat], outcome.levels, self.rules.end_level)
            passed_end |= passed
        if passed_end and (outcome.winner == "defenders" or not self.rules.win_as_defenders_only):
            return levels, tuple(sorted(side))
        return levels, None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "tuolaji-match/1",
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hands": [hand_record(h).to_dict() for h in self.hands],
            "levels": list(self.levels),
            "winners": list(self.winners) if self.winners is not None else None,
        }


def hand_seed(match_seed: int, hand_no: int) -> int:
    """Each hand's seed, hashed from the match's: a published record (which shows its hand's
    seed) tells nothing about the match's other hands, unlike draws from one shared generator."""
    digest = hashlib.blake2b(f"{match_seed}:{hand_no}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
