"""Card order and order positions (RULES.md §3).

``Trumps`` is what a hand's bidding settles: the level rank, the trump suit (``None`` for no
trump) and whether every 2 is a trump (常主). It answers, for any card, its effective suit
(``T`` for trumps, else the printed suit) and its order position: consecutive integers within
the effective suit, low to high, where equal cards share one position. Tractors, comparisons and
sorting all use these positions, so every variant's order is in this one table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from engine.cards import ALL_CARDS, BIG_JOKER, RANKS, SMALL_JOKER, SUITS, Card
from engine.errors import RulesError

TRUMP = "T"


@dataclass(frozen=True, slots=True)
class Trumps:
    level: str
    trump: str | None  # the trump suit; None: no trump (无主)
    twos_trump: bool = False
    _suit: dict[Card, str] = field(init=False, repr=False, compare=False, hash=False)
    _pos: dict[Card, int] = field(init=False, repr=False, compare=False, hash=False)
    _keys: dict[Card, tuple[int, int, int]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    _hash: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.level not in RANKS:
            raise RulesError("bad-rank", rank=self.level)
        if self.trump is not None and self.trump not in SUITS:
            raise RulesError("bad-suit", suit=self.trump)
        suit_of, pos = _build(self.level, self.trump, self.twos_trump)
        object.__setattr__(self, "_suit", suit_of)
        object.__setattr__(self, "_pos", pos)
        keys = {}
        for tie, card in enumerate(ALL_CARDS):  # stable order among equal-position cards
            s = suit_of[card]
            group = 0 if s == TRUMP else 1 + "SHCD".index(s)
            keys[card] = (group, -pos[card], -tie)
        object.__setattr__(self, "_keys", keys)
        object.__setattr__(self, "_hash", hash((self.level, self.trump, self.twos_trump)))

    def __hash__(self) -> int:
        return self._hash  # hot: the AI's tables are cached by trumps

    def __reduce__(self) -> tuple[object, tuple[str, str | None, bool]]:
        # Rebuilt where it is unpickled: a string's hash differs from process to process.
        return trumps_for, (self.level, self.trump, self.twos_trump)

    @classmethod
    def parse(cls, level: str, trump: str, twos_trump: bool = False) -> Trumps:
        """From the judge's/protocol's text: a rank (``10`` accepted) and a suit or ``none``."""
        lv = str(level).strip().upper()
        lv = "T" if lv == "10" else lv
        tr = str(trump).strip()
        return cls(lv, None if tr.lower() == "none" else tr.upper(), twos_trump)

    def suit(self, card: Card) -> str:
        """Effective suit: ``T`` for a trump, else the printed suit."""
        return self._suit[card]

    @property
    def suit_table(self) -> dict[Card, str]:
        """Card -> effective suit, for hot loops (read only)."""
        return self._suit

    def is_trump(self, card: Card) -> bool:
        return self._suit[card] == TRUMP

    def position(self, card: Card) -> int:
        return self._pos[card]

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Display order, highest first when sorted ascending: trumps, then S H C D."""
        return self._keys[card]

    def sorted(self, cards: list[Card] | tuple[Card, ...]) -> list[Card]:
        return sorted(cards, key=self.sort_key)

    def label(self) -> str:
        return f"{self.level}{self.trump or ' no trump'}"


@cache
def trumps_for(level: str, trump: str | None, twos_trump: bool = False) -> Trumps:
    """A shared ``Trumps`` (they are immutable, and building the tables costs)."""
    return Trumps(level, trump, twos_trump)


def _build(level: str, trump: str | None, twos: bool) -> tuple[dict[Card, str], dict[Card, int]]:
    twos = twos and level != "2"  # at level 2 the 2s are level cards already
    plain = [r for r in RANKS if r != level and not (twos and r == "2")]
    suit_of: dict[Card, str] = {}
    pos: dict[Card, int] = {}
    for s in SUITS:
        if s == trump:
            continue
        for i, r in enumerate(plain):
            suit_of[r + s] = s
            pos[r + s] = i
    # Trumps, low to high.
    p = 0
    if trump is not None:
        for r in plain:
            suit_of[r + trump] = TRUMP
            pos[r + trump] = p
            p += 1
    tiers: list[list[Card]] = []
    if twos:
        tiers += _tier("2", trump)
    tiers += _tier(level, trump)
    tiers += [[SMALL_JOKER], [BIG_JOKER]]
    for tier in tiers:
        for c in tier:
            suit_of[c] = TRUMP
            pos[c] = p
        p += 1
    return suit_of, pos


def _tier(rank: str, trump: str | None) -> list[list[Card]]:
    """Off-suit cards of ``rank`` share a position below the trump-suit one (none: all equal)."""
    off = [rank + s for s in SUITS if s != trump]
    return [off] if trump is None else [off, [rank + trump]]
