"""Deals drawn exactly uniformly where the voids make suit splits unequal (lever 2, docs/AI.md).

Dealing card by card to a place chosen by the room left there is exactly uniform while the
places each suit may go to nest (one seat void, or one void inside another); once two seats are
void in different suits it is not: late in a hand the draws of one split can be several times as
frequent as the deals that complete it. Here the deal is drawn the way a count of the deals reads
it: for each suit some seat cannot hold (a *constrained* suit), how many of its cards go to each
place it may go to, with odds by how many whole deals complete that split; then which cards,
uniformly. The other suits go anywhere, so the deals that complete a split are a multinomial
coefficient of the room left, and only the constrained suits are counted split by split.
"""

from __future__ import annotations

import itertools
import math
import random
from bisect import bisect_right
from collections.abc import Iterator

from .codes import NCODES

# The most splits counted for one view (the product over constrained suits of the ways to split
# each): past it, counting costs more than the draws it would correct, and the card-by-card
# draw stands. Late in a hand, where the splits matter most, a view has a few hundred at most.
MAX_SPLITS = 4000

Room = tuple[int, ...]


class Splits:
    """The splits of a view's constrained suits with their counts, and draws from them."""

    def __init__(
        self,
        suits: list[list[int]],
        places: list[list[int]],
        free: list[int],
        room: list[int],
    ) -> None:
        self.suits = suits  # per constrained suit, its cards (codes, with copies)
        self.places = places  # per constrained suit, the places it may go to
        self.free = free  # the cards of the suits every place may take
        self.room = tuple(room)
        # (suit index, room left) -> the splits that fit, with running totals of their counts
        self.table: dict[tuple[int, Room], tuple[list[Room], list[int]]] = {}
        self.total = self._count(0, self.room)

    @classmethod
    def of(
        cls,
        pool: list[int],
        suit_of: list[int],
        places: list[list[int]],
        room: list[int],
        capped: bool = False,
    ) -> Splits | None:
        """The splits of ``pool`` dealt to ``room`` (per place) where ``places[suit]`` are the
        places a suit may go to; None when the splits are too many to count, when no deal
        exists, or when no suit is constrained and nothing is ``capped`` (a card-by-card draw
        is then exactly uniform; with caps on copies its dead ends make it uneven)."""
        live = [p for p in range(len(room)) if room[p]]
        by_suit: dict[int, list[int]] = {}
        for c in pool:
            by_suit.setdefault(suit_of[c], []).append(c)
        suits: list[list[int]] = []
        where: list[list[int]] = []
        free: list[int] = []
        ways = 1
        for suit, cards in sorted(by_suit.items()):
            ok = [p for p in places[suit] if room[p]]
            if len(ok) == len(live):
                free.extend(cards)
                continue
            suits.append(cards)
            where.append(ok)
            ways *= math.comb(len(cards) + len(ok) - 1, max(0, len(ok) - 1))
        if (not suits and not capped) or ways > MAX_SPLITS:
            return None
        splits = cls(suits, where, free, room)
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
        n = len(self.suits[i])
        fits: list[Room] = []
        totals: list[int] = []
        total = 0
        for split in _splits(n, self.places[i], room):
            rest = tuple(r - s for r, s in zip(room, split, strict=True))
            ways = _multinomial(split) * self._count(i + 1, rest)
            if ways:
                total += ways
                fits.append(split)
                totals.append(total)
        self.table[key] = (fits, totals)
        return total

    def deal(self, rng: random.Random) -> list[list[int]]:
        """One deal, uniform over those that respect the voids: per place, copies per code."""
        out = [[0] * NCODES for _ in self.room]
        room = self.room
        for i, cards in enumerate(self.suits):
            fits, totals = self.table[i, room]
            split = fits[bisect_right(totals, rng.randrange(totals[-1]))]
            _give(out, list(cards), split, rng)
            room = tuple(r - s for r, s in zip(room, split, strict=True))
        _give(out, list(self.free), room, rng)
        return out


def _give(out: list[list[int]], cards: list[int], split: Room, rng: random.Random) -> None:
    """``split[p]`` of ``cards`` to each place ``p``, which ones uniformly."""
    rng.shuffle(cards)
    k = 0
    for p, n in enumerate(split):
        for c in cards[k : k + n]:
            out[p][c] += 1
        k += n


def _splits(n: int, places: list[int], room: Room) -> Iterator[Room]:
    """Every way to put ``n`` cards in ``places`` within ``room``, as counts for every place."""
    if not places:
        if n == 0:
            yield (0,) * len(room)
        return
    *head, last = places
    for ks in itertools.product(*(range(min(n, room[p]) + 1) for p in head)):
        rest = n - sum(ks)
        if 0 <= rest <= room[last]:
            split = [0] * len(room)
            for p, k in zip(head, ks, strict=True):
                split[p] = k
            split[last] = rest
            yield tuple(split)


def _multinomial(counts: Room) -> int:
    out, n = 1, 0
    for k in counts:
        n += k
        out *= math.comb(n, k)
    return out
