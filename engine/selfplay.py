"""Random-legal players and a loop that drives a hand with them.

The random player sees only its seat's ``View`` (never the hand), like every player: it bids
now and then when a bid is legal, passes after the deal, buries and calls at random, and plays
a uniformly random legal candidate. ``play_hand`` runs a whole hand from the deal to the score.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.actions import Action, Bury, CallFriend, DealCard, PassBid, Play
from engine.bids import Bid
from engine.cards import RANKS, SUITS
from engine.hand import Hand, Phase
from engine.views import View, view

Player = Callable[[View, random.Random], Action | None]


def random_player(v: View, rng: random.Random) -> Action | None:
    """A legal action for the view's seat, or None when it has nothing to do now."""
    seat = v.seat
    assert seat is not None
    if "bid" in v.actions and rng.random() < (0.5 if v.deal_complete else 0.05):
        return Bid(seat, rng.choice(v.legal_bids))
    if "pass-bid" in v.actions:
        return PassBid(seat)
    if "bury" in v.actions:
        return Bury(seat, tuple(rng.sample(list(v.hand), v.kitty_size)))
    if "call-friend" in v.actions:
        return CallFriend(seat, rng.choice([r + s for s in SUITS for r in RANKS if r != v.level]))
    if "play" in v.actions:
        return Play(seat, tuple(rng.choice(v.play_candidates(limit=30))))
    return None


def play_random(hand: Hand, rng: random.Random) -> Hand:
    """Drive ``hand`` to its end with random-legal actions chosen by the engine itself.

    The same choices as ``random_player`` without building views: the measure of the engine's
    own speed (bench/engine_bench.py) and the fast driver for property tests.
    """
    while hand.phase != Phase.DONE:
        phase = hand.phase
        if phase == Phase.DEAL:
            if not hand.deal_complete:
                hand.apply(DealCard())
            for seat in range(4):
                if hand.phase != Phase.DEAL:
                    break
                bids = hand.legal_bids(seat)
                if bids and rng.random() < (0.5 if hand.deal_complete else 0.05):
                    hand.apply(Bid(seat, rng.choice(bids)))
                elif hand.deal_complete and seat not in hand.passed:
                    hand.apply(PassBid(seat))
        elif phase == Phase.PLAY:
            assert hand.turn is not None
            cards = rng.choice(hand.play_candidates(hand.turn, limit=30))
            hand.apply(Play(hand.turn, tuple(cards)))
        else:
            assert hand.dealer is not None
            hand.apply(random_player(view(hand, hand.dealer), rng) or DealCard())
    return hand


def play_hand(
    hand: Hand,
    players: list[Player],
    rng: random.Random,
    apply: Callable[[Action], object] | None = None,
) -> Hand:
    """Drive ``hand`` to its end: deal a card, let each seat act, repeat.

    ``apply`` replaces ``hand.apply`` (a text table prints what it applies). A player may also
    apply its own action and return None; progress is read from the hand's action log.
    """
    do = apply or hand.apply
    while hand.phase != Phase.DONE:
        before = len(hand.actions)
        if hand.phase == Phase.DEAL and not hand.deal_complete:
            do(DealCard())
        for seat in range(4):
            if not hand.actions_for(seat):  # none once the hand is done
                continue
            action = players[seat](view(hand, seat), rng)
            if action is not None:
                do(action)
        if len(hand.actions) == before:
            raise AssertionError("bidding is stuck: nobody can act")
    return hand
