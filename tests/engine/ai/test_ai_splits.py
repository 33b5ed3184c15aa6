"""Lever 2's invariant: where the voids make splits unequal, the draws follow the count of the
deals. Each check counts the deals by brute force (every card to every place it may go) and
holds the draws, or ``Splits``' own count, to it."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from test_ai_sampling import positions

from engine.ai.codes import NCODES
from engine.ai.sampling import CONTRADICTS, KITTY, Unseen
from engine.ai.splits import MAX_SPLITS, Splits

SUIT_OF = [c % 5 for c in range(NCODES)]  # five toy suits for the counting checks


def _brute_count(
    pool: list[int],
    places: list[list[int]],
    room: list[int],
    caps: dict[int, list[tuple[int, int]]],
) -> int:
    n = 0
    live = [p for p, r in enumerate(room) if r]
    for where in itertools.product(live, repeat=len(pool)):
        if any(p not in places[SUIT_OF[c]] for c, p in zip(pool, where, strict=True)):
            continue
        if Counter(where) != Counter({p: r for p, r in enumerate(room) if r}):
            continue
        held = Counter(zip(where, pool, strict=True))
        n += all(held[p, c] <= m for c, capped in caps.items() for p, m in capped)
    return n


@pytest.mark.parametrize(
    ("pool", "voids", "room", "caps"),
    [
        ([0, 5, 10, 1, 6, 2, 7, 3], [{0}, {1}, set(), set(), set()], [3, 2, 0, 2, 1], {}),
        ([0, 0, 5, 1, 1, 6, 2, 3, 8], [{0, 2}, {1}, {3}, set(), set()], [2, 3, 2, 0, 2], {}),
        ([4, 9, 14, 0, 5, 1], [{4}, {4}, set(), {0}, set()], [2, 1, 2, 0, 1], {}),
        ([0, 0, 5, 5, 1, 1, 2, 2], [set()] * 5, [3, 3, 0, 2, 0], {0: [(0, 1)], 5: [(0, 1)]}),
        ([0, 0, 5, 1, 1, 6, 2, 3], [{1}, set(), {0}, set(), set()], [3, 3, 0, 2, 0], {1: [(1, 1)]}),
    ],
)
def test_the_count_of_splits_is_the_count_of_deals(
    pool: list[int], voids: list[set[int]], room: list[int], caps: dict[int, list[tuple[int, int]]]
) -> None:
    """Toy deals (suit = code mod 5, two copies of a code where listed twice; ``caps``: the
    copies of a code a place may hold): ``Splits``' total is the number of ways to deal the
    distinguishable cards within the rooms, the voids and the caps."""
    places = [[p for p in range(5) if s not in voids[p]] for s in range(5)]
    splits = Splits.of(pool, SUIT_OF, places, room, caps)
    assert splits is not None
    assert splits.total == _brute_count(pool, places, room, caps) > 0


def test_no_constrained_suit_leaves_the_card_by_card_draw() -> None:
    places = [list(range(5))] * 5
    assert Splits.of([0, 1, 2, 3], SUIT_OF, places, [1, 1, 1, 0, 1], {}) is None
    assert Splits.of([0, 1, 2, 3], SUIT_OF, places, [1, 1, 1, 0, 1], {1: [(0, 0)]}) is not None
    wide = [[0, 1, 2, 3]] * 5  # no suit may go to the kitty, which has room
    many = list(range(25)) * 2
    assert Splits.of(many, SUIT_OF, wide, [13, 13, 12, 0, 12], {}) is None  # beyond MAX_SPLITS
    assert math.comb(10 + 3, 3) ** 5 > MAX_SPLITS


def _exact(u: Unseen) -> Counter[tuple[tuple[int, ...], ...]]:
    """Every deal of ``u``'s pool (cards distinguishable) that keeps the view's facts, by the
    unknown cards each place gets."""
    out: Counter[tuple[tuple[int, ...], ...]] = Counter()
    pool = u.pool
    target = Counter({p: r for p, r in enumerate(u.room) if r})
    for where in itertools.product(list(target), repeat=len(pool)):
        if Counter(where) != target:
            continue
        if any(p not in u.places[u.tab.suit[c]] for c, p in zip(pool, where, strict=True)):
            continue
        places = [[0] * NCODES for _ in range(5)]
        for c, p in zip(pool, where, strict=True):
            places[p][c] += 1
        if any(places[s][c] > n for c, caps in u.caps.items() for s, n in caps):
            continue
        hands = [
            u.mine if s == u.seat else [a + b for a, b in zip(places[s], u.known[s], strict=True)]
            for s in range(4)
        ]
        if not u.shapes.explains(hands) or u._partner(hands, True) == CONTRADICTS:
            continue
        out[tuple(tuple(p) for p in places)] += 1
    return out


@pytest.mark.parametrize(("seed", "at"), [(6, 9), (18, 6)])
def test_late_draws_match_the_count_of_deals(seed: int, at: int) -> None:
    """Late in a classic hand two seats are void in different suits (the card-by-card draw's
    splits were off there by a factor of up to three): the draws of each deal come as often as
    the count of deals says (a chi-square over every deal, bins of at least 10 expected)."""
    views = [
        v
        for _, v in positions("classic", seed, every=1)
        if v.seat == v.dealer and len(Unseen(v).pool) == at
    ]
    u = Unseen(views[0])
    assert u.splits is not None
    exact = _exact(u)
    n_exact = sum(exact.values())
    rng = random.Random(seed)
    draws = 3000
    seen: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for _ in range(draws):
        w = u.draw(rng)
        places = [
            [a - b for a, b in zip(w.hands[s], u.known[s], strict=True)]
            if s != u.seat
            else [0] * NCODES
            for s in range(4)
        ]
        kitty = [0] * NCODES
        for card in w.deal.kitty[len(u.kitty_known) :]:
            kitty[u.tab.code[card]] += 1
        places.insert(KITTY, kitty)
        seen[tuple(tuple(p) for p in places)] += 1
    assert set(seen) <= set(exact)  # never a deal the view rules out
    bins: list[tuple[float, float]] = []
    o = e = 0.0
    for deal, k in sorted(exact.items(), key=lambda x: -x[1]):
        o += seen[deal]
        e += k / n_exact * draws
        if e >= 10:
            bins.append((o, e))
            o = e = 0.0
    if e:
        bins.append((o, e))
    chi2 = sum((o - e) ** 2 / e for o, e in bins)
    df = len(bins) - 1
    assert df >= 5
    assert chi2 < df + 4 * math.sqrt(2 * df), (chi2, df)
