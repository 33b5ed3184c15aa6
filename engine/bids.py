"""Bidding 亮主 (RULES.md §4.1): how strong a bid is and whether a seat may make it now.

A bid shows identical cards: level-rank cards of one suit (that suit becomes trump) or jokers
(no trump 无主). Its strength is ``(count, joker tier)`` with level cards tier 0, ``SJ`` tier 1
and ``BJ`` tier 2; comparing these tuples gives both sources' ladders at once:

- overcall (two decks): single < pair < ``SJ SJ`` < ``BJ BJ``;
- three-deck ladder (000/004): single < pair < ``SJ SJ`` < ``BJ BJ`` < triple < three ``SJ`` <
  three ``BJ``.

Pure functions: the caller (the deal) keeps the current bid and the seats' hands.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from engine.cards import BIG_JOKER, JOKERS, RANKS, SMALL_JOKER, SUITS, Card, suit_of
from engine.errors import RulesError
from engine.rules import RuleSet

_TIER: dict[Card, int] = {SMALL_JOKER: 1, BIG_JOKER: 2}


class Bid(msgspec.Struct, frozen=True, tag_field="type", tag="bid"):
    """A bid (an action, ``engine.actions``) and, once made, the standing bid: who showed it and
    the cards shown."""

    seat: int
    cards: tuple[Card, ...]


def bid_suit(cards: Iterable[Card]) -> str | None:
    """The trump suit a bid names: the level cards' suit, or None (no trump) for jokers."""
    cards = tuple(cards)
    if not cards:
        raise RulesError("bid-count", need=1)
    return None if cards[0] in JOKERS else suit_of(cards[0])


def bid_strength(cards: Iterable[Card], level: str, rules: RuleSet) -> tuple[int, int]:
    """``(count, joker tier)`` of a well-formed bid; raises ``RulesError`` for a malformed one."""
    cards = tuple(cards)
    if level not in RANKS:
        raise RulesError("bad-rank", rank=level)
    if not cards:
        raise RulesError("bid-count", need=_count_range(1, rules.decks))
    for card in cards:
        if card not in JOKERS and not (len(card) == 2 and card[0] == level and card[1] in SUITS):
            raise RulesError("bid-not-level", level=level)
    if len(set(cards)) != 1:
        raise RulesError("bid-mixed")
    if len(cards) > rules.decks:
        raise RulesError("bid-count", need=_count_range(1, rules.decks))
    tier = _TIER.get(cards[0], 0)
    # Jokers name no trump; only the ladders that list them allow them, and never singly.
    if tier and (rules.bidding in ("first-bid", "hidden") or len(cards) < 2):
        raise RulesError("bid-jokers")
    return len(cards), tier


def check_bid(
    current: Bid | None, seat: int, cards: Iterable[Card], level: str, rules: RuleSet
) -> None:
    """Raise ``RulesError`` unless ``seat`` may show ``cards`` now, over ``current``."""
    cards = tuple(cards)
    if seat not in range(4):
        raise RulesError("bad-seat")
    if rules.bidding == "first-bid" and current is not None:
        raise RulesError("bid-closed")  # the first level card shown sets the trump
    strength = bid_strength(cards, level, rules)
    if current is None:
        return
    if rules.bidding == "hidden":
        _check_hidden_change(current, seat, cards, rules)
        return
    if current.seat == seat:
        reinforcing = cards[0] == current.cards[0] and len(cards) > len(current.cards)
        allowed = rules.reinforce if reinforcing else rules.self_overcall
        if not allowed:
            raise RulesError("bid-self")
    if strength <= bid_strength(current.cards, level, rules):
        raise RulesError("bid-too-weak")


def _check_hidden_change(current: Bid, seat: int, cards: tuple[Card, ...], rules: RuleSet) -> None:
    """Four decks (004): only another seat, and only with exactly one card more."""
    if current.seat == seat:
        raise RulesError("bid-self")
    if len(current.cards) >= rules.decks:
        raise RulesError("bid-closed")  # nobody can show one card more than every copy
    if len(cards) != len(current.cards) + 1:
        raise RulesError("bid-count", need=len(current.cards) + 1)


def _count_range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"
