"""A client that folds the events it may see into its view holds exactly the engine's view
(``engine.fold``): after every action of whole matches on every preset, for every seat and a
spectator, with bids, burials, friend calls, throws that fail and hands that follow hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.actions import Action, Bid, DealCard, PassBid, Play
from engine.errors import RulesError
from engine.fold import fold, fresh
from engine.hand import Phase
from engine.match import Match
from engine.rules import PRESETS
from engine.selfplay import random_player
from engine.views import View, view

WATCHERS = (0, 1, 2, 3, None)


def _choice(match: Match, rng: random.Random) -> Action | None:
    """A random legal action of the next seat, now and then a throw of a whole suit."""
    hand = match.hand
    d = hand.pending()[0]
    seat = d.seat
    if seat is None:
        return DealCard()
    if hand.phase == Phase.DEAL:
        bids = hand.legal_bids(seat)
        if bids and rng.random() < (0.5 if hand.deal_complete else 0.05):
            return Bid(seat, rng.choice(bids))
        if d.required:
            return PassBid(seat)
        hand.decline(seat)
        return None
    if hand.phase == Phase.PLAY and hand.trick is not None and not hand.trick.plays:
        trumps = hand.trumps
        assert trumps is not None
        by_suit = Counter(trumps.suit(c) for c in hand.hands[seat].elements())
        suit = rng.choice(sorted(by_suit))
        cards = [c for c in hand.hands[seat].elements() if trumps.suit(c) == suit]
        if rng.random() < 0.3 and len(cards) > 1:
            return Play(seat, tuple(rng.sample(cards, min(len(cards), rng.randint(2, 5)))))
    return random_player(view(hand, seat), rng)


def _follow(name: str, seed: int, hands: int) -> tuple[int, int]:
    """Play ``hands`` hands of a match, folding every event for every watcher; returns how
    many actions were checked and how many times a watcher had to resync (an event it may not
    see at all)."""
    rules = PRESETS[name]
    match = Match(rules, seed)
    rng = random.Random(seed)
    held: dict[int | None, View] = {}
    checked = resyncs = 0
    for n in range(hands):
        if n:
            match.next_hand()
        start = match.hand.events[0]
        for w in WATCHERS:
            body = start.for_seat(w)
            assert body is not None and body.type == "hand-start"
            held[w] = fresh(rules, w, body)  # type: ignore[arg-type]
            assert held[w] == view(match.hand, w), (name, n, w)
        while match.hand.phase != Phase.DONE:
            action = _choice(match, rng)
            if action is None:
                continue
            try:
                events = match.apply(action)
            except RulesError:
                continue  # a throw the engine refused outright: nothing happened
            hand = match.hand
            for w in WATCHERS:
                acts = hand.actions_for(w) if w is not None else ()
                bids = tuple(hand.legal_bids(w)) if w is not None else ()
                v: View | None = held[w]
                for e in events:
                    v = fold(v, e.for_seat(w), acts, bids) if v is not None else None
                if v is None:  # the client asks for a snapshot
                    resyncs += 1
                    v = view(hand, w)
                assert v == view(hand, w), (name, n, w, action, [e.type for e in events])
                held[w] = v
            checked += 1
        if match.over:
            break
    return checked, resyncs


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_folded_view_is_the_engines_view_after_every_action(name: str) -> None:
    checked = resyncs = 0
    for seed in range(3):
        c, r = _follow(name, seed, hands=2)
        checked += c
        resyncs += r
    assert checked > 300
    if PRESETS[name].bidding != "hidden":
        assert resyncs == 0  # every event a seat sees is enough to follow the hand


def test_an_event_a_seat_may_not_see_asks_for_a_snapshot() -> None:
    match = Match(PRESETS["classic"], 1)
    v = view(match.hand, 0)
    assert fold(v, None, ()) is None
