"""Properties of whole hands under random-legal players, over random seeds and presets:
every hand ends, cards are conserved at every step, points add up, a record replays to an
identical snapshot, and no seat (nor a spectator) is ever shown a card it may not know."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import DealCard
from engine.bids import Bid
from engine.cards import ALL_CARDS, deck, points
from engine.codec import plain
from engine.events import BidMade, BidRevealed, FriendCalled, HandEnd, ThrowFailed, TrumpSet
from engine.hand import Hand, Phase, Setup
from engine.records import hand_record, replay
from engine.rules import PRESETS, preset
from engine.selfplay import random_player
from engine.views import view

CARDS = frozenset(ALL_CARDS)
SEATS: tuple[int | None, ...] = (0, 1, 2, 3, None)


def knowable(hand: Hand, seat: int | None) -> Counter[str]:
    """The cards ``seat`` may legitimately know now (as a multiset)."""
    mine: Counter[str] = Counter(hand.played)
    if seat is not None:
        mine += hand.hands[seat]
        if seat == hand.dealer:
            mine += Counter(hand.buried)
    public: Counter[str] = Counter(hand.flipped)
    if hand.trumps is not None and hand.rules.show_buried_ak:
        public |= Counter(c for c in hand.buried if c[0] in "KA" and not hand.trumps.is_trump(c))
    for e in hand.events:
        seen = e.for_seat(seat)
        if seen is None:
            continue
        match seen:
            case BidMade(cards=cards) | BidRevealed(cards=cards) | ThrowFailed(attempted=cards):
                public |= Counter(cards)
            case TrumpSet(bid=Bid(cards=cards)) | HandEnd(kitty=cards):
                public |= Counter(cards)
            case FriendCalled(card=card):
                public |= Counter([card])
    return mine | public


def card_lists(value: Any) -> list[list[str]]:
    """Every list of cards inside ``value`` (a lone card counts as a list of one)."""
    out: list[list[str]] = []
    if isinstance(value, str):
        if value in CARDS:
            out.append([value])
    elif isinstance(value, dict):
        for v in value.values():
            out += card_lists(v)
    elif isinstance(value, list | tuple):
        cards = [v for v in value if isinstance(v, str) and v in CARDS]
        if cards:
            out.append(cards)
        for v in value:
            if not isinstance(v, str):
                out += card_lists(v)
    return out


def assert_no_leak(hand: Hand, seat: int | None, new_events: int) -> None:
    allowed = knowable(hand, seat)
    shown = view(hand, seat).to_dict()
    shown.pop("rules")  # option values, not cards
    redacted = [e.for_seat(seat) for e in hand.events[len(hand.events) - new_events :]]
    for cards in card_lists(shown) + card_lists([plain(e) for e in redacted if e is not None]):
        excess = Counter(cards) - allowed
        assert not excess, f"seat {seat} sees {sorted(excess.elements())}"


def assert_conserved(hand: Hand) -> None:
    held: Counter[str] = Counter()
    for h in hand.hands:
        held += h
    if hand.phase == Phase.DEAL:  # the undealt cards, then the kitty
        rest = Counter(hand.deck[hand.dealt :])
    elif hand.phase == Phase.BURY:  # the dealer holds the kitty
        rest = Counter()
    else:
        rest = Counter(hand.buried)
    assert held + rest + hand.played == Counter(deck(hand.rules.decks))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32), st.booleans())
def test_random_hands(name: str, seed: int, first_hand: bool) -> None:
    rules = preset(name)
    rng = random.Random(seed)
    levels = tuple(rng.choice("23456789TJQKA") for _ in range(2)) * 2
    hand = Hand(rules, Setup(seed, levels, None if first_hand else seed % 4))  # type: ignore[arg-type]
    players = [random_player] * 4
    steps = 0
    while hand.phase != Phase.DONE:
        steps += 1
        assert steps < 5000, "the hand does not end"
        actions = []
        if hand.phase == Phase.DEAL and not hand.deal_complete:
            actions.append(DealCard())
        else:
            for seat in range(4):
                action = players[seat](view(hand, seat), rng)
                if action is not None:
                    actions.append(action)
                    break
            assert actions, "nobody can act"
        for action in actions:
            events = hand.apply(action)
            assert_conserved(hand)
            for s in SEATS:
                assert_no_leak(hand, s, len(events))
    outcome = hand.outcome
    assert outcome is not None
    kitty = hand.buried or tuple(hand.kitty)
    assert sum(t.points for t in hand.tricks) + points(kitty) == rules.total_points
    assert sum(hand.won) == sum(t.points for t in hand.tricks)
    again = replay(hand_record(hand))
    assert again.snapshot() == hand.snapshot()


def test_the_leak_check_catches_a_leak() -> None:
    hand = Hand(preset("classic"), Setup(5, ("2",) * 4, 0))
    for _ in range(40):
        hand.apply(DealCard())
    seat0 = view(hand, 0).to_dict()["hand"]
    assert Counter(seat0) - knowable(hand, 1)  # seat 0's cards are not seat 1's to know
    assert not Counter(seat0) - knowable(hand, 0)
