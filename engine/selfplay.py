"""Random-legal players and a loop that drives a hand with them.

The random player sees only its seat's ``View`` (never the hand), like every player: it bids
now and then when a bid is legal, passes after the deal, buries and calls at random, and plays
a uniformly random legal candidate. ``play_hand`` runs a whole hand from the deal to the score,
offering the decisions ``Hand.pending`` lists, in its order; ``answer`` is every driver's
fallback for a player that gives no (or a refused) answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.actions import Action, AutoPlay, Bury, CallFriend, DealCard, PassBid, Play
from engine.bids import Bid
from engine.cards import RANKS, SUITS
from engine.errors import RulesError
from engine.hand import Decision, Hand, Phase
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

    The same choices as ``random_player`` without building views, offered in ``Hand.pending``
    order: the measure of the engine's own speed (bench/engine_bench.py) and the fast driver for
    property tests.
    """
    while hand.phase != Phase.DONE:
        d = hand.pending()[0]
        seat = d.seat
        if seat is None:
            hand.apply(DealCard())
        elif hand.phase == Phase.DEAL:
            bids = hand.legal_bids(seat)
            if bids and rng.random() < (0.5 if hand.deal_complete else 0.05):
                hand.apply(Bid(seat, rng.choice(bids)))
            elif d.required:
                hand.apply(PassBid(seat))
            else:
                hand.decline(seat)
        elif hand.phase == Phase.PLAY:
            cards = rng.choice(hand.play_candidates(seat, limit=30))
            hand.apply(Play(seat, tuple(cards)))
        else:
            hand.apply(random_player(view(hand, seat), rng) or AutoPlay(seat))
    return hand


def answer(hand: Hand, decision: Decision, action: Action | None) -> Action | None:
    """What a driver applies for a player's answer to ``decision``: the action; for no answer
    (or a refused one), the engine's own choice on a required decision (托管), or nothing on
    an optional bid (the seat is marked as having declined it). The one fallback of every
    driver, so the same players make the same record everywhere."""
    if action is not None:
        return action
    assert decision.seat is not None
    if decision.required:
        return AutoPlay(decision.seat)
    if decision in hand.pending():
        hand.decline(decision.seat)
    return None


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the AI player at ``seat`` of a table whose match has ``seed``: offline, on
    the server and in tests alike, so that the same seed makes the same players."""
    return seed * 4 + seat


def play_hand(
    hand: Hand,
    players: list[Player],
    rng: random.Random,
    apply: Callable[[Action], object] | None = None,
) -> Hand:
    """Drive ``hand`` to its end, offering each decision of ``Hand.pending`` in its order.

    ``apply`` replaces ``hand.apply`` (a text table prints what it applies). A player may also
    apply its own action and return None; progress is read from the hand's action log. An
    action the hand refuses counts as no answer (``answer``).
    """
    do = apply or hand.apply
    while hand.phase != Phase.DONE:
        d = hand.pending()[0]
        if d.seat is None:
            do(DealCard())
            continue
        before = len(hand.actions)
        action = players[d.seat](view(hand, d.seat), rng)
        if len(hand.actions) != before:
            continue  # the player applied its own action
        if action is not None:
            try:
                do(action)
                continue
            except RulesError:
                action = None
        fallback = answer(hand, d, action)
        if fallback is not None:
            do(fallback)
    return hand
