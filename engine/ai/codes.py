"""Cards as small integers for the search's rollouts: one table per trump setting.

Under one ``Trumps`` every card gets a code 0..53, grouped by effective suit (spades, hearts,
clubs, diamonds, then trumps) and ascending by order position within it; cards of one position
(off-suit level cards) are adjacent, ordered by their text. A hand is then a list of 54 counts,
a suit a range of codes, and "the highest outside card of a suit" a scan down that range —
array arithmetic instead of the string-keyed ``Counter`` work of the rules functions. The table
also holds, per code, what the rule-based policy asks of a card: its suit, position, points and
keeping value (``basic.card_value``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.cards import ALL_CARDS, POINTS, SUITS, Card
from engine.order import TRUMP, Trumps

NCODES = len(ALL_CARDS)  # 54
TRUMP_SUIT = 4  # the trumps' suit index; 0..3 are the side suits in ``SUITS`` order
SUIT_NAMES: tuple[str, ...] = (*SUITS, TRUMP)


class Codes:
    """Card codes under one ``Trumps`` (build with ``codes_for``, which shares them)."""

    def __init__(self, trumps: Trumps) -> None:
        self.trumps = trumps
        suit_table = trumps.suit_table
        order = sorted(
            ALL_CARDS,
            key=lambda c: (SUIT_NAMES.index(suit_table[c]), trumps.position(c), c),
        )
        self.cards: list[Card] = order
        self.code: dict[Card, int] = {c: i for i, c in enumerate(order)}
        self.suit: list[int] = [SUIT_NAMES.index(suit_table[c]) for c in order]
        self.pos: list[int] = [trumps.position(c) for c in order]
        self.pts: list[int] = [POINTS[c] for c in order]
        self.value: list[float] = [
            14.0 + trumps.position(c) if suit_table[c] == TRUMP else float(trumps.position(c))
            for c in order
        ]
        self.lo: list[int] = []
        self.hi: list[int] = []
        # Per suit, the first code of each position, then the suit's end: the codes at
        # position p of suit s are range(starts[s][p], starts[s][p + 1]).
        self.starts: list[list[int]] = []
        for s in range(5):
            members = [i for i in range(NCODES) if self.suit[i] == s]
            lo = members[0] if members else 0
            hi = members[-1] + 1 if members else 0
            self.lo.append(lo)
            self.hi.append(hi)
            firsts: list[int] = []
            for i in members:
                while len(firsts) <= self.pos[i]:
                    firsts.append(i)
            firsts.append(hi)
            self.starts.append(firsts)

    def counts(self, hand: Counter[Card]) -> list[int]:
        """A hand as counts per code."""
        out = [0] * NCODES
        code = self.code
        for c, n in hand.items():
            if n > 0:
                out[code[c]] += n
        return out

    def of(self, cards: Iterable[Card]) -> list[int]:
        """Cards as codes, in their order."""
        code = self.code
        return [code[c] for c in cards]

    def names(self, codes: Iterable[int]) -> tuple[Card, ...]:
        """Codes as cards, in their order."""
        cards = self.cards
        return tuple(cards[i] for i in codes)

    def hand(self, counts: list[int]) -> Counter[Card]:
        """Counts per code as a hand (codes ascending)."""
        out: Counter[Card] = Counter()
        cards = self.cards
        for i in range(NCODES):
            if counts[i]:
                out[cards[i]] = counts[i]
        return out


def plus(a: list[int], b: list[int]) -> list[int]:
    """Two lists of counts per code, added."""
    return [a[i] + b[i] for i in range(NCODES)]


def suit_bits(suits: Iterable[str]) -> int:
    """Effective suits (``S`` ... ``T``) as a bit per suit index."""
    out = 0
    for s in suits:
        out |= 1 << SUIT_NAMES.index(s)
    return out


_TABLES: dict[Trumps, Codes] = {}


def codes_for(trumps: Trumps) -> Codes:
    """The shared code table of ``trumps``."""
    got = _TABLES.get(trumps)
    if got is None:
        got = _TABLES[trumps] = Codes(trumps)
    return got
