"""Following (RULES.md §6): suit obligation, shape obligation, legal follows.

The shape obligation is one comparison: the best *pattern* the follower's cards of the led suit
can form against the lead must be matched by the play. Two orderings of patterns exist:

- the **standard** order (two decks, and every lead that has no listed order): match the lead's
  components largest first; for each, a tractor answers a tractor (longest first), else tuples
  (largest first), else singles — pairs inside tractors and triples count as pairs;
- the **listed orders** of the three- and four-deck sources (RULES.md §6, seed 004): for a given
  lead shape, tiers of patterns from best to worst; patterns in one tier are equal choices.

A play is legal when it reaches the best pattern (or tier) its holder's cards allow.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache

from engine.cards import SUIT_NAMES_EN, SUIT_NAMES_ZH, SUIT_SYMBOLS, Card, Hand, empty_hand, tally
from engine.errors import RulesError
from engine.order import Trumps
from engine.rules import RuleSet
from engine.shapes import Kind, contains, describe, kind_key, realize

S, P, TR, Q = (1, 1), (2, 1), (3, 1), (4, 1)


def T(size: int, length: int) -> Kind:
    return (size, length)


# Listed obligation orders: (follow_orders, lead shape) -> tiers of patterns, best first.
# Singles are implied by the card count, so a pattern lists its tuples and tractors only.
_TITANIC_3 = [
    [[T(3, 2)]],
    [[TR, TR]],
    [[T(2, 2)]],
    [[TR, P]],
    [[TR]],
    [[P, P]],
    [[P]],
]
_TRIPLE_3 = [[[TR]], [[P]]]
_FOUR_TAIL = [  # seed 004 item 1 after the tractor of three pairs
    [[T(2, 3), P]],
    [[T(2, 3)]],
    [[T(2, 2), P, P]],
    [[T(2, 2), P]],
    [[T(2, 2)]],
    [[Q, P, P]],
    [[Q, P]],
    [[Q]],
    [[TR, TR]],
    [[TR, P, P]],
    [[TR, P]],
    [[TR]],
    [[P, P, P, P]],
    [[P, P, P]],
    [[P, P]],
    [[P]],
]
LADDERS: dict[tuple[str, tuple[Kind, ...]], list[list[list[Kind]]]] = {
    ("three-deck", (T(3, 2),)): _TITANIC_3,
    ("three-deck", (TR,)): _TRIPLE_3,
    # 004 item 1: a tractor of four pairs (44556677); two quads are an equal choice.
    ("four-deck", (T(2, 4),)): [[[T(2, 4)], [Q, Q]], *_FOUR_TAIL],
    # 004 item 2: two quads (44445555); "2個4個" also covers two quads that are not adjacent.
    ("four-deck", (T(4, 2),)): [[[Q, Q]], [[T(2, 4)]], *_FOUR_TAIL],
    ("four-deck", (Q, Q)): [[[Q, Q]], [[T(2, 4)]], *_FOUR_TAIL],
    # 004 item 3: a tractor of three pairs (667788); a triples-tractor is an equal choice.
    ("four-deck", (T(2, 3),)): [
        [[T(2, 3)], [T(3, 2)]],
        [[Q, P]],
        [[T(2, 2), P]],
        [[P, P, P]],
        [[P, P]],
        [[P]],
    ],
    # 004 item 4: a triples-tractor (JJJQQQ).
    ("four-deck", (T(3, 2),)): [
        [[T(3, 2)]],
        [[T(2, 3)]],
        [[Q, P]],
        [[T(2, 2), P]],
        [[TR, TR]],
        [[TR, P]],
        [[P, P, P]],
        [[P, P]],
        [[P]],
    ],
    # 004 item 5: a quad (AAAA).
    ("four-deck", (Q,)): [[[Q]], [[T(2, 2)]], [[P, P]], [[TR]], [[P]]],
    # 004 item 6: a tractor of two pairs (7788); a quad is an equal choice.
    ("four-deck", (T(2, 2),)): [[[T(2, 2)], [Q]], [[P, P]], [[P]]],
}


@cache
def fills(kind: Kind) -> tuple[tuple[Kind, ...], ...]:
    """Standard order: what can stand in one lead component, best first.

    A fill is a list of tractors/tuples no wider than the lead's tuples, no longer than its
    length, and with no more tuples in all than the lead has positions; the empty fill (all
    singles) comes last.
    """
    size, length = kind
    parts = sorted(
        ((s, n) for s in range(2, size + 1) for n in range(1, length + 1)),
        key=kind_key,
        reverse=True,
    )
    found: list[tuple[Kind, ...]] = []

    def grow(acc: tuple[Kind, ...], start: int, room: int) -> None:
        found.append(acc)
        for i in range(start, len(parts)):
            if parts[i][1] <= room:
                grow((*acc, parts[i]), i, room - parts[i][1])

    grow((), 0, length)
    return tuple(sorted(found, key=lambda f: [kind_key(k) for k in f], reverse=True))


def pattern_value(
    counts: Counter[Card], trumps: Trumps, lead: Sequence[Kind], orders: str
) -> tuple[int, ...]:
    """How well ``counts`` (cards of the led suit) can match ``lead``: lower is better."""
    lead = [k for k in lead if k != S]
    ladder = LADDERS.get((orders, tuple(lead)))
    if ladder is not None:
        for i, tier in enumerate(ladder):
            if any(contains(counts, trumps, pattern) for pattern in tier):
                return (i,)
        return (len(ladder),)
    return _standard(counts, trumps, tuple(lead))


def _standard(counts: Counter[Card], trumps: Trumps, lead: tuple[Kind, ...]) -> tuple[int, ...]:
    if not lead:
        return ()
    for i, fill in enumerate(fills(lead[0])):
        if len(lead) == 1:
            if contains(counts, trumps, fill):
                return (i,)
            continue
        best = None
        for _used, left in realize(counts, trumps, fill):
            v = (i, *_standard(left, trumps, lead[1:]))
            best = v if best is None or v < best else best
        if best is not None:
            return best
    raise AssertionError("the empty fill always fits")


def _need(counts: Counter[Card], trumps: Trumps, lead: Sequence[Kind], orders: str) -> list[Kind]:
    """The best pattern the follower could form: what the message says they must play."""
    lead = [k for k in lead if k != S]
    value = pattern_value(counts, trumps, lead, orders)
    ladder = LADDERS.get((orders, tuple(lead)))
    if ladder is not None:
        tier = ladder[value[0]] if value[0] < len(ladder) else [[]]
        return next((list(p) for p in tier if contains(counts, trumps, p)), [])
    return [k for i, idx in enumerate(value) for k in fills(lead[i])[idx]]


def suit_cards(hand: Hand, trumps: Trumps, suit: str) -> Counter[Card]:
    of = trumps.suit_table
    out = empty_hand()
    dict.update(out, {c: n for c, n in hand.items() if n > 0 and of[c] == suit})  # hot: no ABC
    return out


def suits_of(hand: Hand, trumps: Trumps) -> dict[str, Counter[Card]]:
    """``hand``'s cards by effective suit, each suit in the order the hand lists its cards."""
    of = trumps.suit_table
    out: dict[str, Counter[Card]] = {}
    for c, n in hand.items():
        if n > 0:
            got = out.get(of[c])
            if got is None:  # hot: one Counter per suit, not one per card
                got = out[of[c]] = empty_hand()
            got[c] = n
    return out


def check_follow(
    hand: Hand,
    play: Sequence[Card],
    lead_cards: Sequence[Card],
    lead_shape: Sequence[Kind],
    trumps: Trumps,
    rules: RuleSet,
) -> None:
    """Raise a ``RulesError`` unless ``play`` is a legal follow from ``hand``.

    ``lead_shape`` is the lead's shape as it stands (after a failed throw, the forced play).
    """
    need = len(lead_cards)
    if not play:
        raise RulesError("empty-play")
    if len(play) != need:
        raise RulesError("wrong-count", need=need)
    played = tally(play)
    if any(hand.get(c, 0) < n for c, n in played.items()):
        missing = [c for c, n in played.items() if hand.get(c, 0) < n]
        raise RulesError("not-holding", cards=" ".join(missing))
    suit = trumps.suit(lead_cards[0])
    have = suit_cards(hand, trumps, suit)
    mine = suit_cards(played, trumps, suit)
    held, shown = sum(have.values()), sum(mine.values())
    if shown < min(held, need):
        raise RulesError("must-follow-suit", **_suit_params(suit))
    if held <= need or rules.lead_rule == "chaoshan":
        return
    orders = rules.follow_orders
    if pattern_value(mine, trumps, lead_shape, orders) != pattern_value(
        have, trumps, lead_shape, orders
    ):
        raise _shape_error(_need(have, trumps, lead_shape, orders), suit)


def _shape_error(need: list[Kind], suit: str) -> RulesError:
    params = _suit_params(suit)
    if len(need) == 1 and need[0] == P:
        return RulesError("must-follow-pair", **params)
    if len(need) == 1 and need[0][1] >= 2:
        return RulesError("must-follow-tractor", **params)
    if len(need) == 1:
        return RulesError("must-follow-tuple", **params)
    return RulesError(
        "must-follow-shape", need=describe(need), need_zh=describe(need, "zh"), **params
    )


def _suit_params(suit: str) -> dict[str, str]:
    """The suit as players see it: ``♥`` (``trumps`` for the trump suit) / ``红桃``."""
    return {"suit": SUIT_SYMBOLS.get(suit, SUIT_NAMES_EN[suit]), "suit_zh": SUIT_NAMES_ZH[suit]}


def legal_follows(
    hand: Hand,
    lead_cards: Sequence[Card],
    lead_shape: Sequence[Kind],
    trumps: Trumps,
    rules: RuleSet,
    limit: int = 200,
) -> Iterator[list[Card]]:
    """Distinct legal follows, at most ``limit`` of them, built rather than filtered.

    A follow is legal exactly when it holds one of the best patterns the hand allows plus any
    other cards of the led suit (or, short of the suit, all of it plus anything). Enumeration is
    exhaustive up to ``limit``; the lowest fillers come first.
    """
    need = len(lead_cards)
    suit = trumps.suit(lead_cards[0])
    have = suit_cards(hand, trumps, suit)
    held = sum(have.values())
    seen: set[tuple[Card, ...]] = set()
    for play in _follows(hand, have, held, need, lead_shape, trumps, rules):
        key = tuple(sorted(play))
        if key not in seen:
            seen.add(key)
            yield play
            if len(seen) >= limit:
                return


def _follows(
    hand: Hand,
    have: Counter[Card],
    held: int,
    need: int,
    lead_shape: Sequence[Kind],
    trumps: Trumps,
    rules: RuleSet,
) -> Iterator[list[Card]]:
    if need == 1:  # a single lead (most of them): any card of the suit, else any card
        pool = have if held else Counter({c: n for c, n in hand.items() if n > 0})
        yield from ([c] for c in _low_first(pool, trumps))
        return
    if held <= need:
        others = Counter({c: n for c, n in hand.items() if n > 0 and c not in have})
        base = list(have.elements())
        for extra in multiset_combinations(others, need - held, trumps):
            yield base + extra
        return
    if rules.lead_rule == "chaoshan":
        patterns: list[list[Kind]] = [[]]
    else:
        patterns = _best_patterns(have, trumps, lead_shape, rules.follow_orders)
    for pattern in patterns:
        for used, left in realize(have, trumps, pattern):
            for extra in multiset_combinations(left, need - len(used), trumps):
                yield used + extra


def _best_patterns(
    have: Counter[Card], trumps: Trumps, lead: Sequence[Kind], orders: str
) -> list[list[Kind]]:
    lead = [k for k in lead if k != S]
    ladder = LADDERS.get((orders, tuple(lead)))
    if ladder is None:
        return [_need(have, trumps, lead, orders)]
    value = pattern_value(have, trumps, lead, orders)[0]
    if value >= len(ladder):
        return [[]]
    return [list(p) for p in ladder[value] if contains(have, trumps, p)]


def multiset_combinations(pool: Counter[Card], k: int, trumps: Trumps) -> Iterator[list[Card]]:
    """Distinct k-card sub-multisets of ``pool``, lowest cards first."""
    cards = _low_first(pool, trumps)
    caps = [pool[c] for c in cards]
    suffix = [*itertools.accumulate(reversed(caps))][::-1]
    suffix.append(0)

    def rec(i: int, left: int) -> Iterator[list[Card]]:
        if left == 0:
            yield []
            return
        if suffix[i] < left:
            return
        for take in range(min(caps[i], left), -1, -1):
            for rest in rec(i + 1, left - take):
                yield [cards[i]] * take + rest

    yield from rec(0, k)


def _low_first(pool: Counter[Card], trumps: Trumps) -> list[Card]:
    """The distinct cards of ``pool``, side suits before trumps, low before high."""
    return sorted(pool, key=lambda c: (trumps.is_trump(c), trumps.position(c), c))
