"""What a lesson is made of: stages of levels, each a fixed position, a goal and an answer.

Positions are written in the notation of RULES.md §1 (``"AH AH KH"``) and read by the engine:
the learner is always seat 0, the partner seat 2 (fixed partners); play goes 0 → 1 → 2 → 3.
Texts are pairs (English, 简体中文); the app derives 繁體 from the 简体 as it does for every
engine message.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.cards import Card, parse_cards
from engine.order import Trumps
from engine.rules import RuleSet, preset

Text = tuple[str, str]  # (English, 简体中文)

# What the learner does in a level.
SELECT = "select"  # pick cards of the hand (every point card, every trump ...)
PLAY = "play"  # lead or follow to the trick on the table
BID = "bid"  # show cards to bid over the standing bid
BURY = "bury"  # the dealer buries the kitty's number of cards
CHOICE = "choice"  # pick one of a few answers the engine works out
TABLE = "table"  # the guided hand: an offline table with hints


@dataclass(frozen=True, slots=True)
class Position:
    """A fixed moment of a hand. ``hands`` are the four seats' cards when the trick on the
    table began (seat 0's alone where the others do not matter); ``plays`` are the cards
    already played to it, from ``leader`` on; ``bid`` the standing bid (seat, cards)."""

    preset: str = "classic"
    level: str = "2"
    trump: str = "S"  # a suit letter, or "none"
    hands: tuple[str, str, str, str] = ("", "", "", "")
    leader: int = 0
    plays: tuple[str, ...] = ()
    bid: tuple[int, str] | None = None

    @property
    def rules(self) -> RuleSet:
        return preset(self.preset)

    @property
    def trumps(self) -> Trumps:
        return Trumps.parse(self.level, self.trump, self.rules.twos_trump)

    def hand(self, seat: int = 0) -> list[Card]:
        return parse_cards(self.hands[seat]) if self.hands[seat] else []

    def counters(self) -> list[Counter[Card]]:
        return [Counter(self.hand(s)) for s in range(4)]

    def played(self) -> list[list[Card]]:
        return [parse_cards(p) for p in self.plays]


@dataclass(frozen=True, slots=True)
class Level:
    """One exercise. ``aim`` names the engine's check for ``task`` (engine.lessons.check);
    ``target`` is its parameter where it has one (the suit to void). ``solution`` is a right
    answer and ``wrong`` wrong ones (cards, or a choice's index): the tests put both to the
    checker. ``answer`` works out a choice's right index, and why, from the position."""

    key: str
    goal: Text
    task: str
    aim: str = ""
    position: Position = field(default_factory=Position)
    target: str = ""
    choices: tuple[Text, ...] = ()
    answer: Callable[[Position], tuple[int, Text]] | None = None
    solution: str = ""
    wrong: tuple[str, ...] = ()
    lesson: Text = ("", "")  # said once the level is solved: the rule to take away


@dataclass(frozen=True, slots=True)
class Stage:
    key: str
    title: Text
    intro: Text
    levels: tuple[Level, ...]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The checker's answer: right or not, and why in a player's words."""

    ok: bool
    en: str
    zh: str
