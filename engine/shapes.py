"""Shapes (RULES.md §2, §5): tuples, tractors and the canonical decomposition.

All functions here work on the cards of one effective suit, given the ``Trumps`` that order
them. A *component* is a tractor or tuple: ``size`` identical cards (1 single, 2 pair, 3 triple,
4 quad) at each of ``length`` consecutive order positions (length ≥ 2 is a tractor). Matching
questions — does a set of cards contain these components, and how high can the first one be —
are answered by one small backtracking search, shared by follows, throws and trick judging.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from engine.cards import Card, empty_hand
from engine.order import Trumps

Kind = tuple[int, int]  # (size, length)


class Component(NamedTuple):
    size: int  # cards per tuple: 1 single, 2 pair, 3 triple, 4 quad
    length: int  # tuples at consecutive positions; >= 2 is a tractor
    cards: tuple[Card, ...]  # highest tuple first, each card repeated ``size`` times
    top: int  # order position of the highest tuple

    @property
    def kind(self) -> Kind:
        return (self.size, self.length)

    @property
    def is_tractor(self) -> bool:
        return self.length >= 2


def kind_key(kind: Kind) -> tuple[bool, int, int]:
    """Largest first: tractor over tuple over single, then larger tuples, then longer."""
    size, length = kind
    return (length >= 2, size, length)


def _component_key(c: Component) -> tuple[bool, int, int, int]:
    return (*kind_key(c.kind), c.top)


def by_position(counts: Counter[Card], trumps: Trumps, size: int) -> dict[int, list[Card]]:
    """Positions holding at least ``size`` copies of some card, with those cards."""
    out: dict[int, list[Card]] = {}
    for card, n in counts.items():
        if n >= size:
            out.setdefault(trumps.position(card), []).append(card)
    for cards in out.values():
        cards.sort()
    return out


def options(counts: Counter[Card], trumps: Trumps, kind: Kind) -> Iterator[tuple[int, list[Card]]]:
    """Every way to take one component of ``kind`` from ``counts``: (top, cards per position).

    Highest top first. Where equal cards share a position (off-suit level cards) each choice is
    a separate option.
    """
    size, length = kind
    avail = by_position(counts, trumps, size)
    for top in sorted(avail, reverse=True):
        if all(top - i in avail for i in range(length)):
            yield from ((top, list(ch)) for ch in _product([avail[top - i] for i in range(length)]))


def _product(choices: list[list[Card]]) -> Iterator[tuple[Card, ...]]:
    if not choices:
        yield ()
        return
    for first in choices[0]:
        for rest in _product(choices[1:]):
            yield (first, *rest)


def _take(counts: Counter[Card], cards: Iterable[Card], size: int) -> Counter[Card]:
    left = empty_hand()
    dict.update(left, counts)  # hot: Counter.copy goes through the Mapping ABC
    for c in cards:
        left[c] -= size
        if not left[c]:
            left.pop(c, None)  # not ``del``: Counter's __delitem__ is Python-level
    return left


def contains(counts: Counter[Card], trumps: Trumps, kinds: Sequence[Kind]) -> bool:
    """Whether ``counts`` holds disjoint components of all ``kinds`` (singles always fit)."""
    return _remainders(counts, trumps, _structured(kinds)) is not None


def best_top(counts: Counter[Card], trumps: Trumps, kinds: Sequence[Kind]) -> int | None:
    """The highest top the first of ``kinds`` can have while the rest still fit; None if not.

    ``kinds`` must be in canonical order (largest first); when all are singles the answer is
    the highest card.
    """
    if not kinds:
        return None
    first, rest = kinds[0], _structured(kinds[1:])
    if first[0] == 1 and first[1] == 1:
        if rest:  # a single leads only when everything else is a single too
            return None
        return max((trumps.position(c) for c in counts), default=None)
    for top, cards in options(counts, trumps, first):
        if _remainders(_take(counts, cards, first[0]), trumps, rest) is not None:
            return top
    return None


def realize(
    counts: Counter[Card], trumps: Trumps, kinds: Sequence[Kind]
) -> Iterator[tuple[list[Card], Counter[Card]]]:
    """Every disjoint realization of ``kinds``: (cards used, cards left)."""
    kinds = sorted(_structured(kinds), key=kind_key, reverse=True)
    yield from _realize(counts, trumps, kinds, None)


def _realize(
    counts: Counter[Card], trumps: Trumps, kinds: list[Kind], bound: int | None
) -> Iterator[tuple[list[Card], Counter[Card]]]:
    if not kinds:
        yield [], counts
        return
    first = kinds[0]
    same_next = len(kinds) > 1 and kinds[1] == first
    for top, cards in options(counts, trumps, first):
        if bound is not None and top > bound:
            continue  # identical kinds are taken in descending order: no permutations
        left = _take(counts, cards, first[0])
        for used, rest in _realize(left, trumps, kinds[1:], top if same_next else None):
            yield [c for c in cards for _ in range(first[0])] + used, rest


def _remainders(counts: Counter[Card], trumps: Trumps, kinds: list[Kind]) -> Counter[Card] | None:
    for _used, left in _realize(counts, trumps, sorted(kinds, key=kind_key, reverse=True), None):
        return left
    return None


def _structured(kinds: Sequence[Kind]) -> list[Kind]:
    return [k for k in kinds if k != (1, 1)]


def _longest_tractor(
    counts: Counter[Card], trumps: Trumps, size: int
) -> tuple[int, list[Card]] | None:
    avail = by_position(counts, trumps, size)
    best: tuple[int, int] | None = None  # (length, top)
    for top in sorted(avail, reverse=True):
        if top + 1 in avail:
            continue  # not the top of a run
        length = 1
        while top - length in avail:
            length += 1
        if length >= 2 and (best is None or length > best[0]):
            best = (length, top)
    if best is None:
        return None
    length, top = best
    # Where cards share a position (off-suit level cards), take the one with the fewest copies:
    # a pair taken out of a triple would break a bigger tuple, and the choice must not rest on
    # the suits' names.
    return top, [min(avail[top - i], key=lambda c: (counts[c], c)) for i in range(length)]


def decompose(cards: Iterable[Card], trumps: Trumps) -> list[Component]:
    """The canonical decomposition of cards of one effective suit, largest components first.

    Longest tractors of the largest tuples first, then tuples (largest first), then singles.
    """
    counts = Counter(cards)
    comps: list[Component] = []
    if not counts:
        return comps
    max_size = max(counts.values())
    for size in range(max_size, 1, -1):
        while (found := _longest_tractor(counts, trumps, size)) is not None:
            top, chain = found
            comps.append(_component(size, chain, top))
            counts = _take(counts, chain, size)
    for size in range(max_size, 0, -1):
        for card in sorted(counts, key=trumps.position, reverse=True):
            while counts.get(card, 0) >= size:
                comps.append(_component(size, [card], trumps.position(card)))
                counts = _take(counts, [card], size)
    comps.sort(key=_component_key, reverse=True)
    return comps


def _component(size: int, chain: list[Card], top: int) -> Component:
    return Component(size, len(chain), tuple(c for c in chain for _ in range(size)), top)


def shape_of(cards: Iterable[Card], trumps: Trumps) -> list[Kind]:
    return [c.kind for c in decompose(cards, trumps)]


def describe(kinds: Sequence[Kind], lang: str = "en") -> str:
    """``a tractor of 2 pairs and 2 singles`` / ``一个连对（2对）和2张单牌``."""
    tally = Counter(kinds)
    parts = []
    for kind in sorted(tally, key=kind_key, reverse=True):
        parts.append(_kind_name(kind, tally[kind], lang))
    return (", " if lang == "en" else "、").join(parts)


_TUPLE_EN = {1: "single", 2: "pair", 3: "triple", 4: "quad"}
_TUPLE_ZH = {1: "单张", 2: "对", 3: "三同张", 4: "四同张"}


def _kind_name(kind: Kind, n: int, lang: str) -> str:
    size, length = kind
    if lang == "en":
        if length >= 2:
            word = f"tractor of {length} {_TUPLE_EN[size]}s"
            return f"{n} {word}s" if n > 1 else f"a {word}"
        return f"{n} {_TUPLE_EN[size]}s" if n > 1 else f"a {_TUPLE_EN[size]}"
    if length >= 2:
        return f"{n}个{'连对' if size == 2 else '连' + _TUPLE_ZH[size]}（{length}组）"
    return f"{n}个{_TUPLE_ZH[size]}"
