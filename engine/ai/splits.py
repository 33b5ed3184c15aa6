"""Deals drawn uniformly over the deals that keep the voids and the caps on copies (lever 2,
docs/AI.md).

Dealing card by card to a place chosen by the room left there is exactly uniform while the
places each suit may go to nest (one seat void, or one void inside another), and no card is
capped; otherwise it is not: late in a hand the draws of one split can be several times as
frequent as the deals that complete it. Here the deal is drawn the way a count of the deals
reads it. For each suit some place cannot take, or whose copies some seat may hold only so many
of (a *constrained* suit), how many of its cards go to each place, with odds by how many whole
deals complete that split; then which copies, by the same count code by code. The other suits
go anywhere, so the deals that complete a split are a multinomial coefficient of the room left.

A suit's count is a polynomial in the places: the product over its codes of the ways to put
that code's copies (distinguishable cards) where they may go, the coefficient of x^n being the
number of ways to deal the suit with n_p cards to place p.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from itertools import product

from .codes import NCODES

# The most joint splits of the constrained suits counted for one view: past it, counting costs
# more than the draws it would correct, and the card-by-card draw stands. Late in a hand, where
# the splits matter most, most views have a few hundred.
MAX_SPLITS = 20000

Room = tuple[int, ...]
Poly = dict[Room, int]  # exponents per place -> ways
Caps = dict[int, list[tuple[int, int]]]  # per code, (place, copies it may get)


class Suit:
    """One constrained suit: its codes, and the running products of their polynomials."""

    def __init__(self, copies: dict[int, int], places: list[int], caps: Caps, room: Room):
        self.codes = sorted(copies)
        self.parts: list[Poly] = [
            _code_poly(copies[c], places, caps.get(c, []), room) for c in self.codes
        ]
        # prefix[j]: the ways to deal the first j codes
        self.prefix: list[Poly] = [{(0,) * len(room): 1}]
        for part in self.parts:
            self.prefix.append(_times(self.prefix[-1], part, room))
        self.poly = self.prefix[-1]

    def give(self, out: list[list[int]], split: Room, rng: random.Random) -> None:
        """The copies of each code for a deal of this suit with ``split`` cards per place, by
        the count, last code first."""
        left = split
        for j in range(len(self.codes) - 1, -1, -1):
            before = self.prefix[j]
            options: list[Room] = []
            totals: list[int] = []
            total = 0
            for k, ways in self.parts[j].items():
                rest = _less(left, k)
                w = ways * before.get(rest, 0)
                if w:
                    total += w
                    options.append(k)
                    totals.append(total)
            k = options[bisect_right(totals, rng.randrange(total))]
            code = self.codes[j]
            for p, n in enumerate(k):
                out[p][code] += n
            left = _less(left, k)


class Splits:
    """The splits of a view's constrained suits with their counts, and draws from them."""

    def __init__(self, suits: list[Suit], free: list[int], room: Room) -> None:
        self.suits = suits
        self.free = free  # the cards of the suits every place may take, none capped
        self.room = room
        # (suit index, room left) -> the splits that fit, with running totals of their counts
        self.table: dict[tuple[int, Room], tuple[list[Room], list[int]]] = {}
        self.total = self._count(0, room)

    @classmethod
    def of(
        cls,
        pool: list[int],
        suit_of: list[int],
        places: list[list[int]],
        room: list[int],
        caps: Caps,
    ) -> Splits | None:
        """The splits of ``pool`` dealt to ``room`` (per place) where ``places[suit]`` are the
        places a suit may go to and ``caps`` what a place may hold of a code; None when no
        suit is constrained (a card-by-card draw is then exactly uniform), when the splits are
        too many to count, or when no deal exists."""
        live = [p for p in range(len(room)) if room[p]]
        by_suit: dict[int, dict[int, int]] = {}
        for c in pool:
            codes = by_suit.setdefault(suit_of[c], {})
            codes[c] = codes.get(c, 0) + 1
        suits: list[Suit] = []
        free: list[int] = []
        ways = 1
        for suit, copies in sorted(by_suit.items()):
            ok = [p for p in places[suit] if room[p]]
            capped = any(c in caps for c in copies)
            if len(ok) == len(live) and not capped:
                free.extend(c for c, n in copies.items() for _ in range(n))
                continue
            ways *= math.comb(sum(copies.values()) + len(ok) - 1, max(0, len(ok) - 1))
            if ways > MAX_SPLITS:
                return None
            suits.append(Suit(copies, ok, caps, tuple(room)))
        if not suits:
            return None
        splits = cls(suits, free, tuple(room))
        return splits if splits.total else None

    def _count(self, i: int, room: Room) -> int:
        """The deals of the constrained suits from the ``i``-th on, and then of the free cards,
        into ``room``."""
        if i == len(self.suits):
            return _multinomial(room)
        key = (i, room)
        known = self.table.get(key)
        if known is not None:
            return known[1][-1] if known[1] else 0
        fits: list[Room] = []
        totals: list[int] = []
        total = 0
        for split, ways in self.suits[i].poly.items():
            rest = _less(room, split)
            if min(rest) < 0:
                continue
            ways *= self._count(i + 1, rest)
            if ways:
                total += ways
                fits.append(split)
                totals.append(total)
        self.table[key] = (fits, totals)
        return total

    def deal(self, rng: random.Random) -> list[list[int]]:
        """One deal, uniform over those that keep the voids and the caps: per place, copies per
        code."""
        out = [[0] * NCODES for _ in self.room]
        room = self.room
        for i, suit in enumerate(self.suits):
            fits, totals = self.table[i, room]
            split = fits[bisect_right(totals, rng.randrange(totals[-1]))]
            suit.give(out, split, rng)
            room = _less(room, split)
        cards = list(self.free)
        rng.shuffle(cards)
        k = 0
        for p, n in enumerate(room):
            for c in cards[k : k + n]:
                out[p][c] += 1
            k += n
        return out


def _code_poly(copies: int, places: list[int], caps: list[tuple[int, int]], room: Room) -> Poly:
    """The ways to put ``copies`` distinguishable copies of one code in ``places``, each place
    within its room and its cap, by copies per place."""
    most = [0] * len(room)
    for p in places:
        most[p] = min(copies, room[p])
    for p, n in caps:
        most[p] = min(most[p], max(0, n))
    out: Poly = {}
    for k in product(*(range(m + 1) for m in most)):
        if sum(k) == copies:
            out[k] = math.factorial(copies) // math.prod(math.factorial(x) for x in k)
    return out


def _times(a: Poly, b: Poly, room: Room) -> Poly:
    out: Poly = {}
    for ka, wa in a.items():
        for kb, wb in b.items():
            k = tuple(x + y for x, y in zip(ka, kb, strict=True))
            if all(x <= r for x, r in zip(k, room, strict=True)):
                out[k] = out.get(k, 0) + wa * wb
    return out


def _less(a: Room, b: Room) -> Room:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _multinomial(counts: Room) -> int:
    out, n = 1, 0
    for k in counts:
        n += k
        out *= math.comb(n, k)
    return out
