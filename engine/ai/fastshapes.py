"""Shapes on card codes: the rules of ``engine.shapes`` and the follow obligation of
``engine.follows`` (its standard order and its listed three- and four-deck orders, read from
the same tables), over counts per code, for the rollouts' follows to tractors, tuples and
throws.

A holding is a list of counts per code (``engine.ai.codes``) of which only one suit's range is
read. Positions are the codes' order positions, so a tractor is a run of positions each with a
code held ``size`` times; where codes share a position (off-suit level cards) each is a separate
choice, as in ``shapes.options``.
"""

from __future__ import annotations

from engine.follows import LADDERS, fills
from engine.shapes import Kind, kind_key

from .codes import NCODES, Codes

Comp = tuple[int, int, int]  # size, length, top position
Used = tuple[list[int], list[int]]  # the cards a pattern takes (codes), and the counts left


def options(tab: Codes, counts: list[int], suit: int, size: int, length: int) -> list[Used]:
    """Every way to take one component of ``(size, length)`` from the suit, highest top first:
    (cards taken, counts left); see ``options_at`` for the tops."""
    return [(cards, left) for _, cards, left in options_at(tab, counts, suit, size, length)]


def options_at(
    tab: Codes, counts: list[int], suit: int, size: int, length: int
) -> list[tuple[int, list[int], list[int]]]:
    """``shapes.options`` on codes: (top, cards taken, counts left), highest top first."""
    starts = tab.starts[suit]
    npos = len(starts) - 1
    avail: list[list[int]] = []
    for p in range(npos):
        avail.append([c for c in range(starts[p], starts[p + 1]) if counts[c] >= size])
    out: list[tuple[int, list[int], list[int]]] = []
    for top in range(npos - 1, length - 2, -1):
        ok = True
        for i in range(length):
            if not avail[top - i]:
                ok = False
                break
        if not ok:
            continue
        chains: list[list[int]] = [[]]
        for i in range(length):
            chains = [[*chain, c] for chain in chains for c in avail[top - i]]
        for chain in chains:
            left = list(counts)
            cards: list[int] = []
            for c in chain:
                left[c] -= size
                cards.extend([c] * size)
            out.append((top, cards, left))
    return out


def realize(
    tab: Codes, counts: list[int], suit: int, kinds: list[Kind], cap: int = 0
) -> list[Used]:
    """``shapes.realize``: every disjoint realization of ``kinds`` (singles ignored), as (cards
    used, counts left); ``cap`` > 0 stops after that many."""
    structured = sorted((k for k in kinds if k != (1, 1)), key=kind_key, reverse=True)
    out: list[Used] = []
    _realize(tab, counts, suit, structured, -1, [], out, cap)
    return out


def _realize(
    tab: Codes,
    counts: list[int],
    suit: int,
    kinds: list[Kind],
    bound: int,
    used: list[int],
    out: list[Used],
    cap: int,
) -> None:
    if not kinds:
        out.append((used, counts))
        return
    size, length = kinds[0]
    same_next = len(kinds) > 1 and kinds[1] == kinds[0]
    for top, cards, left in options_at(tab, counts, suit, size, length):
        if bound >= 0 and top > bound:
            continue  # identical kinds are taken in descending order: no permutations
        _realize(tab, left, suit, kinds[1:], top if same_next else -1, used + cards, out, cap)
        if cap and len(out) >= cap:
            return


def contains(tab: Codes, counts: list[int], suit: int, kinds: list[Kind]) -> bool:
    return bool(realize(tab, counts, suit, kinds, cap=1))


def best_top(tab: Codes, counts: list[int], suit: int, kinds: tuple[Kind, ...]) -> int:
    """``shapes.best_top``: the highest top the first of ``kinds`` can have while the rest
    still fit (-1: none); all singles: the highest card."""
    if not kinds:
        return -1
    size, length = kinds[0]
    rest = [k for k in kinds[1:] if k != (1, 1)]
    if size == 1 and length == 1:
        if rest:
            return -1
        top = -1
        pos = tab.pos
        for c in range(tab.lo[suit], tab.hi[suit]):
            if counts[c] and pos[c] > top:
                top = pos[c]
        return top
    for top, _cards, left in options_at(tab, counts, suit, size, length):
        if contains(tab, left, suit, rest):
            return top
    return -1


def pattern_value(
    tab: Codes, counts: list[int], suit: int, lead: tuple[Kind, ...], orders: str
) -> tuple[int, ...]:
    """``follows.pattern_value``: how well the suit holding can match the lead (lower is
    better)."""
    structured = tuple(k for k in lead if k != (1, 1))
    ladder = LADDERS.get((orders, structured))
    if ladder is not None:
        for i, tier in enumerate(ladder):
            for pattern in tier:
                if contains(tab, counts, suit, list(pattern)):
                    return (i,)
        return (len(ladder),)
    return _standard(tab, counts, suit, structured)


def _standard(tab: Codes, counts: list[int], suit: int, lead: tuple[Kind, ...]) -> tuple[int, ...]:
    if not lead:
        return ()
    for i, fill in enumerate(fills(lead[0])):
        if len(lead) == 1:
            if contains(tab, counts, suit, list(fill)):
                return (i,)
            continue
        best: tuple[int, ...] | None = None
        for _used, left in realize(tab, counts, suit, list(fill)):
            value = (i, *_standard(tab, left, suit, lead[1:]))
            if best is None or value < best:
                best = value
        if best is not None:
            return best
    raise AssertionError("the empty fill always fits")


def best_patterns(
    tab: Codes, counts: list[int], suit: int, lead: tuple[Kind, ...], orders: str
) -> list[list[Kind]]:
    """``follows._best_patterns``: the patterns a follow must hold, any one of them."""
    structured = tuple(k for k in lead if k != (1, 1))
    ladder = LADDERS.get((orders, structured))
    if ladder is None:
        value = _standard(tab, counts, suit, structured)
        return [[k for i, idx in enumerate(value) for k in fills(structured[i])[idx]]]
    first = pattern_value(tab, counts, suit, lead, orders)[0]
    if first >= len(ladder):
        return [[]]
    return [list(p) for p in ladder[first] if contains(tab, counts, suit, list(p))]


def decompose(tab: Codes, play: list[int], suit: int) -> list[Comp]:
    """``shapes.decompose`` of cards of one suit: the components, largest first."""
    starts = tab.starts[suit]
    npos = len(starts) - 1
    counts = [0] * NCODES
    for c in play:
        counts[c] += 1
    most = max(counts)
    comps: list[Comp] = []
    for size in range(most, 1, -1):
        while True:
            best_len, best_top = 0, -1
            p = npos - 1
            while p >= 0:
                if not _has(counts, starts, p, size):
                    p -= 1
                    continue
                top = p
                while p >= 0 and _has(counts, starts, p, size):
                    p -= 1
                if top - p > best_len:
                    best_len, best_top = top - p, top
            if best_len < 2:
                break
            for q in range(best_top, best_top - best_len, -1):
                pick = -1
                for c in range(starts[q], starts[q + 1]):
                    if counts[c] >= size and (pick < 0 or counts[c] < counts[pick]):
                        pick = c
                counts[pick] -= size
            comps.append((size, best_len, best_top))
    for size in range(most, 0, -1):
        for c in range(tab.hi[suit] - 1, tab.lo[suit] - 1, -1):
            while counts[c] >= size:
                comps.append((size, 1, tab.pos[c]))
                counts[c] -= size
    comps.sort(key=lambda k: (k[1] >= 2, k[0], k[1], k[2]), reverse=True)
    return comps


def _has(counts: list[int], starts: list[int], p: int, size: int) -> bool:
    return any(counts[c] >= size for c in range(starts[p], starts[p + 1]))
