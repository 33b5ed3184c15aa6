"""The rule-based policy's textbook choices, on positions built card by card."""

from __future__ import annotations

from collections import Counter

from engine.actions import DealCard
from engine.ai import basic
from engine.ai.memory import SIDE_MINE, SIDE_THEIRS, Knowledge, full_deck
from engine.bids import Bid
from engine.hand import Hand, Setup
from engine.leads import lead_shape
from engine.order import trumps_for
from engine.rules import preset
from engine.views import view

RULES = preset("classic")
TRUMPS = trumps_for("2", "S")


def position(seat: int, hand: list[str], trick: list[tuple[int, tuple[str, ...]]]) -> Knowledge:
    """Seat ``seat`` (partners 0 & 2 against 1 & 3) to play, nothing played before this trick."""
    mine = Counter(hand)
    played = Counter(c for _, cards in trick for c in cards)
    team = [SIDE_MINE if (s - seat) % 2 == 0 else SIDE_THEIRS for s in range(4)]
    return Knowledge(
        seat=seat,
        rules=RULES,
        trumps=TRUMPS,
        hand=mine,
        trick=trick,
        shape=lead_shape(trick[0][1], TRUMPS, RULES) if trick else None,
        outside=full_deck(2) - played - mine,
        voids=[set(), set(), set(), set()],
        team=team,
        defending=True,
        counts=[25, 25, 25, 25],
        played=played,
        kitty_points=0,
    )


def test_feeds_points_to_a_partner_who_holds_the_trick() -> None:
    k = position(3, ["KH", "4H", "6C"], [(0, ("3H",)), (1, ("AH",)), (2, ("5H",))])
    assert basic.choose_play(k) == ["KH"]


def test_plays_low_when_the_trick_is_lost() -> None:
    k = position(2, ["KH", "4H", "6C"], [(0, ("3H",)), (1, ("AH",))])
    assert basic.choose_play(k) == ["4H"]


def test_ruffs_a_trick_with_points_as_the_last_to_play() -> None:
    k = position(3, ["3S", "4C", "6C"], [(0, ("KH",)), (1, ("TH",)), (2, ("AH",))])
    assert basic.choose_play(k) == ["3S"]


def test_over_ruffs_with_the_cheapest_trump_that_wins() -> None:
    k = position(3, ["3S", "9S", "QS", "4C"], [(0, ("KH",)), (1, ("TH",)), (2, ("6S",))])
    assert basic.choose_play(k) == ["9S"]


def test_leads_a_sure_winner_and_throws_sure_components() -> None:
    k = position(0, ["AC", "AC", "KD", "3D", "4H"], [])
    k.outside["AC"] = 0  # both aces of clubs are ours
    play = basic.choose_play(k)
    assert sorted(play) == ["AC", "AC"]
    # With the other ace of diamonds and both kings gone, A D + K D is a sure throw.
    k2 = position(0, ["AD", "KD", "KD", "3C"], [])
    k2.outside["AD"] -= 1
    assert any(sorted(t) == ["AD", "KD", "KD"] for t in basic.throws(k2))


def test_the_last_to_play_takes_the_trick_with_a_point_card() -> None:
    """Point banking: last to a single lead the other side holds, take it with a winning K
    rather than the cheaper winning Q; with someone still to play, the sure ace."""
    trick = [(0, ("9H",)), (1, ("3H",)), (2, ("JH",))]
    assert basic.choose_play(position(3, ["AH", "KH", "QH", "4C"], trick)) == ["KH"]
    assert basic.choose_play(position(3, ["KH", "QH", "QH", "4C"], trick)) == ["KH"]
    assert basic.choose_play(position(2, ["AH", "KH", "QH", "4C"], trick[:2])) == ["AH"]


def test_reinforces_its_single_as_soon_as_it_holds_the_pair() -> None:
    """During the deal a single can be overcalled by any pair, after which our pair no longer
    beats it: the bidder shows its pair the moment it holds one (before, it waited for the end
    of the deal)."""
    found = 0
    for seed in range(40):
        hand = Hand(preset("classic"), Setup(seed, ("2",) * 4, seed % 4))
        while not hand.deal_complete:
            hand.apply(DealCard())
            bid = hand.bid
            if bid is None or len(bid.cards) != 1:
                for s in range(4):
                    v = view(hand, s)
                    cards = basic.bid_choice(v)
                    if cards is not None and (bid is None or len(cards) > len(bid.cards)):
                        hand.apply(Bid(s, cards))
                        break
                continue
            v = view(hand, bid.seat)
            if bid.cards * 2 in v.legal_bids:
                found += 1
                assert basic.bid_choice(v) == bid.cards * 2
                assert basic.bid_choice(v, early=False) is None
                break
    assert found >= 3
