"""Throw puzzles (甩牌): a lead where throwing several top cards of a suit at once is the
question. A player tempted to throw tries the top of a suit: its highest cards, a unit more,
the whole suit. ``tempting_throws`` lists those for a lead; the miner weighs them beside the
search's own candidates (``judge(..., extra=...)``), so a puzzle is either a throw that is
clearly best, or a position where the throw that looks good fails (``fails``: judged against
the real hands, as the table would) and something else is clearly best.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Play
from engine.cards import Card
from engine.errors import RulesError
from engine.events import ThrowFailed
from engine.hand import Hand
from engine.shapes import decompose
from engine.views import View

SHORT_SUIT = 5  # a suit this short is thrown whole too


def tempting_throws(v: View) -> list[list[Card]]:
    """Each suit's tempting throws from this lead (the seat leads a new trick): its cards from
    the highest down, cut where they first make two units (a pair, a tractor, a single), and
    the whole suit when it is short; those the rules let the seat lead. Few, so that throws
    that fail alike do not crowd the judgement with ties."""
    trumps = v.trumps
    if trumps is None or v.trick or v.seat is None:
        return []
    by_suit: dict[str, list[Card]] = {}
    for c in sorted(v.hand, key=trumps.position, reverse=True):
        by_suit.setdefault(trumps.suit(c), []).append(c)
    out: list[list[Card]] = []
    for cards in by_suit.values():
        if len(decompose(cards, trumps)) < 2:
            continue
        head = next(
            cards[:n]
            for n in range(2, len(cards) + 1)
            # a pair is not split, and the head holds two units
            if (n == len(cards) or cards[n] != cards[n - 1])
            and len(decompose(cards[:n], trumps)) > 1
        )
        for throw in (head, cards) if len(cards) <= SHORT_SUIT else (head,):
            if throw not in out and _leads(v, throw):
                out.append(throw)
    return out


def _leads(v: View, cards: Sequence[Card]) -> bool:
    try:
        v.check_play(list(cards))
    except RulesError:
        return False
    return True


def fails(hand: Hand, seat: int, cards: Sequence[Card]) -> ThrowFailed | None:
    """How the throw ``cards`` led by ``seat`` fails against the real hands (None: it stands)."""
    trial = Hand(hand.rules, hand.setup)
    for action in hand.actions:
        trial.apply(action)
    before = len(trial.events)
    trial.apply(Play(seat, tuple(cards)))
    for event in trial.events[before:]:
        if isinstance(event.body, ThrowFailed):
            return event.body
    return None


__all__ = ["fails", "tempting_throws"]
