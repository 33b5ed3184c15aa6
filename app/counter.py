"""The card counter (记牌器): what is still out, worked out from what this seat has seen.

Everything comes from the seat's own ``View``: the full deck, less its hand, the cards played
in this hand's tricks and the kitty it buried (the dealer knows those). A seat that did not
follow the led suit with as many cards as were led has shown a void in that suit.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import JOKERS, POINTS, Card, deck
from engine.views import View

ORDER = ("T", "S", "H", "C", "D")


def played_cards(v: View) -> list[Card]:
    out = [c for t in v.tricks for _, cards in t.plays for c in cards]
    out += [c for _, cards in v.trick for c in cards]
    return out


def kitty_seen(v: View) -> list[Card]:
    """The kitty's cards this seat has seen: all of them to the dealer who buried them and to
    everyone once the hand's end turns them over; before that only those shown (潮汕)."""
    if v.buried:
        return list(v.buried)
    if v.outcome:
        return list(v.outcome.kitty)
    return list(v.buried_shown)


def unseen(v: View) -> Counter[Card]:
    """The cards this seat has not seen: in the other hands (and a kitty not yet shown to it)."""
    left = Counter(deck(v.rules.decks))
    left.subtract(v.hand)
    left.subtract(played_cards(v))
    left.subtract(kitty_seen(v))
    return +left


def points_out(v: View) -> int:
    """Points not yet played: in the hands, and in the kitty while this seat has not seen it."""
    gone = played_cards(v) + kitty_seen(v)
    return v.rules.total_points - sum(POINTS.get(c, 0) for c in gone)


def voids(v: View) -> dict[int, list[str]]:
    """Seat -> the effective suits it has shown it cannot follow, in ``ORDER``."""
    trumps = v.trumps
    found: dict[int, set[str]] = {}
    if trumps is None:
        return {}
    plays_by_trick = [t.plays for t in v.tricks]
    if v.trick:
        plays_by_trick.append(v.trick)
    for plays in plays_by_trick:
        lead = list(plays[0][1])
        suit = trumps.suit(lead[0])
        for seat, cards in plays[1:]:
            if sum(1 for c in cards if trumps.suit(c) == suit) < len(lead):
                found.setdefault(seat, set()).add(suit)
    return {s: [x for x in ORDER if x in suits] for s, suits in found.items()}


def rows(v: View, card_text: Any) -> list[dict[str, Any]]:
    """Per effective suit: how many cards are still out and the highest of them.

    ``card_text(card, in_trumps)`` names a card briefly ("A", "♥2", "BJ").
    """
    trumps = v.trumps
    if trumps is None:
        return []
    left = unseen(v)
    out = []
    for suit in ORDER:
        if suit == trumps.trump:
            continue  # the trump suit is counted with the trumps
        cards = [c for c in trumps.sorted(list(left.elements())) if trumps.suit(c) == suit]
        high = cards[:6]
        out.append(
            {
                "suit": suit,
                "remaining": len(cards),
                "high": " ".join(card_text(c, suit == "T") for c in high),
                "jokers": sum(1 for c in cards if c in JOKERS),
            }
        )
    return out
