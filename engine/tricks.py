"""Who wins a trick (RULES.md §7), and the points in it.

Every play is read in the lead's shape. A play can win only if its cards can be arranged into
that shape (the same tractors and tuples; singles fill the rest) and it is either of the led
suit or — on an off-suit lead — all trumps (a ruff 毙). Its strength is the highest top its
largest component can have in such an arrangement; a later play must be strictly stronger to
take the trick (equal cards: the one played first wins), and any ruff beats the led suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, points, tally
from engine.order import TRUMP, Trumps
from engine.shapes import Kind, best_top


@dataclass(frozen=True, slots=True)
class Standing:
    """The play currently winning a trick: its index among the plays and its strength."""

    index: int
    ruff: bool
    strength: int


def strength(cards: Sequence[Card], shape: Sequence[Kind], trumps: Trumps) -> int | None:
    """The play's strength in the lead's ``shape``, or None when it cannot take that shape."""
    if len(cards) == 1 and len(shape) == 1 and shape[0] == (1, 1):
        return trumps.position(cards[0])  # a single answering a single
    return best_top(tally(cards), trumps, list(shape))


def standing(plays: Sequence[Sequence[Card]], shape: Sequence[Kind], trumps: Trumps) -> Standing:
    """The winning play so far; ``plays[0]`` is the lead as it stands."""
    suit = trumps.suit(plays[0][0])
    lead_strength = strength(plays[0], shape, trumps)
    assert lead_strength is not None, "a lead always has its own shape"
    best = Standing(0, False, lead_strength)
    for i in range(1, len(plays)):
        best = challenge(best, i, plays[i], suit, shape, trumps)
    return best


def challenge(
    best: Standing,
    index: int,
    cards: Sequence[Card],
    suit: str,
    shape: Sequence[Kind],
    trumps: Trumps,
) -> Standing:
    """The standing once play ``index`` (``cards``) of a trick led in ``suit`` meets ``best``."""
    suit_of = trumps.suit_table
    played_suit = suit_of[cards[0]]
    if any(suit_of[c] != played_suit for c in cards):
        return best  # a mixed play is a discard
    ruff = played_suit == TRUMP and suit != TRUMP
    if played_suit != suit and not ruff:
        return best
    s = strength(cards, shape, trumps)
    if s is None:
        return best
    if (ruff and not best.ruff) or (ruff == best.ruff and s > best.strength):
        return Standing(index, ruff, s)
    return best


def winner(plays: Sequence[Sequence[Card]], shape: Sequence[Kind], trumps: Trumps) -> int:
    """Index (in play order) of the play that wins the trick."""
    return standing(plays, shape, trumps).index


def trick_points(plays: Sequence[Sequence[Card]]) -> int:
    return sum(points(cards) for cards in plays)
