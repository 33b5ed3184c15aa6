"""Sampled deals agree with everything the seat knows, and the facts they rest on are true."""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

import pytest

from engine.actions import Action, DealCard
from engine.ai.memory import (
    full_deck,
    knowledge,
    known_holdings,
    played_cards,
    view_tricks,
    voids_from,
)
from engine.ai.players import BasicPlayer
from engine.ai.playout import legal, rollout_policy, run
from engine.ai.sampling import (
    Shapes,
    Unseen,
    below,
    facts,
    sample_world,
    shuffle,
    world_from,
)
from engine.bids import Bid
from engine.hand import Hand, Phase, Setup
from engine.rules import PRESETS, preset
from engine.selfplay import play_hand
from engine.views import View, view


class Truth(NamedTuple):
    """What is hidden at the moment of a view: every hand, and the dealer's partner."""

    hands: list[Counter]
    partner: int | None


def positions(name: str, seed: int, every: int = 7) -> list[tuple[Truth, View]]:
    """Views of the seat to play at several points of a hand played by basic players, with
    the true deal at that moment."""
    rules = preset(name)
    hand = Hand(rules, Setup(seed, ("2",) * 4, seed % 4))
    players = [BasicPlayer(seed + s) for s in range(4)]
    out = []
    n = 0

    def act(v: View, _rng: random.Random) -> Action | None:
        nonlocal n
        if hand.phase == Phase.PLAY:
            n += 1
            if n % every == 0:
                out.append((Truth([h.copy() for h in hand.hands], hand.partner), v))
        assert v.seat is not None
        return players[v.seat].act(v)

    play_hand(hand, [act] * 4, random.Random(seed))
    return out


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_sampled_deals_are_consistent_with_the_view(name: str) -> None:
    rng = random.Random(5)
    for truth, v in positions(name, 3):
        trumps = v.trumps
        assert trumps is not None and v.seat is not None
        played = played_cards(v)
        voids = voids_from(view_tricks(v), trumps)
        known = known_holdings(v)
        # The facts are true of the real deal.
        for s in range(4):
            assert not any(trumps.suit(c) in voids[s] for c in truth.hands[s].elements())
            assert not known[s] - truth.hands[s], (s, known[s])
        u = Unseen(v)
        for _ in range(4):
            w = sample_world(v, rng, u)
            hands = [w.tab.hand(h) for h in w.hands]
            kitty = w.deal.kitty
            assert hands[v.seat] == Counter(v.hand)  # our own hand is never resampled
            for s in range(4):
                assert sum(hands[s].values()) == v.counts[s] == w.size[s]
                assert not any(trumps.suit(c) in voids[s] for c in hands[s].elements())
                assert not known[s] - hands[s]
            everything = Counter(played)
            for h in hands:
                everything += h
            everything += Counter(kitty)
            assert everything == full_deck(v.rules.decks)
            assert len(kitty) == v.kitty_size
            if v.buried:
                assert Counter(kitty) == Counter(v.buried)
            assert not Counter(v.buried_shown) - Counter(kitty)
            if v.friend is not None or v.rules.partners == "fixed":
                assert w.partner == truth.partner
            assert w.turn() == v.turn
            assert w.knowledge(v.seat).outside == knowledge(v).outside


def test_a_kitty_dealt_as_a_burial_holds_few_trumps_points_or_aces() -> None:
    """``kitty_odds`` (``master``'s style): a kitty the seat has not seen gets a trump, a point
    card or an ace at those odds in tenths, as a burial would; every deal is still a deal of
    the view."""
    views = [v for _, v in positions("classic", 3, every=3) if not v.buried]

    def high_share(odds: int) -> float:
        rng = random.Random(9)
        high = dealt = 0
        for v in views:
            trumps = v.trumps
            assert trumps is not None
            voids = voids_from(view_tricks(v), trumps)
            u = Unseen(v, kitty_odds=odds)
            for _ in range(20):
                w = sample_world(v, rng, u)
                hands = [w.tab.hand(h) for h in w.hands]
                for s in range(4):
                    assert sum(hands[s].values()) == v.counts[s]
                    assert not any(trumps.suit(c) in voids[s] for c in hands[s].elements())
                everything = Counter(played_cards(v)) + Counter(w.deal.kitty)
                for h in hands:
                    everything += h
                assert everything == full_deck(v.rules.decks)
                high += sum(1 for c in w.deal.kitty if trumps.is_trump(c) or c[0] in "5TKA")
                dealt += len(w.deal.kitty)
        return high / dealt

    uniform, as_buried = high_share(0), high_share(1)
    assert uniform > 0.4 and as_buried < uniform / 2, (uniform, as_buried)


@pytest.mark.parametrize("name", ["classic", "find-friend", "chaoshan", "three-deck"])
def test_playouts_finish_with_legal_plays(name: str) -> None:
    """The reference rollout: the rule-based policy on a ``World`` of the real deal."""
    for truth, v in positions(name, 4, every=15)[:3]:
        f = facts(v)
        real = world_from(v, truth.hands, (), truth.partner, f.played, f.voids)
        w = real.copy()
        steps = 0
        while not w.over:
            cards = rollout_policy(w.knowledge(w.turn))
            assert legal(w, cards)
            w.play(cards)
            steps += 1
        assert steps > 0
        result, total = w.result()
        assert result[1] >= 0 and total >= -100
        w2 = real.copy()
        run(w2)
        assert w2.over and w2.result() == (result, total)


def test_known_holdings_follow_bids_and_plays() -> None:
    hand = Hand(preset("classic"), Setup(11, ("2",) * 4, 0))
    while not hand.deal_complete:
        hand.apply(DealCard())
    bidder = next(s for s in (1, 2, 3) if hand.legal_bids(s))
    cards = hand.legal_bids(bidder)[0]
    hand.apply(Bid(bidder, cards))
    v = view(hand, (bidder + 1) % 4)
    known = known_holdings(v)
    assert not Counter(cards) - known[bidder]
    assert not known[(bidder + 1) % 4]  # nothing is "known" about our own seat


@pytest.mark.parametrize("seed", range(20))
def test_the_fast_draws_are_the_random_modules_own(seed: int) -> None:
    """``below`` and ``shuffle`` must draw exactly as ``randrange`` and ``shuffle`` do, or the
    search's deals (and every seeded game of the AI) would change with the speed-up."""
    mine, theirs = random.Random(seed), random.Random(seed)
    for n in [1, 2, 3, 7, 8, 9, 25, 64, 100, 108, 1000]:
        assert [below(n, mine) for _ in range(50)] == [theirs.randrange(n) for _ in range(50)]
    cards = list(full_deck(2).elements())
    a, b = list(cards), list(cards)
    shuffle(a, mine)
    theirs.shuffle(b)
    assert a == b != cards


def _within_caps(u: Unseen, hands: list[list[int]]) -> bool:
    return all(hands[s][c] <= cap for c, caps in u.shapes.caps.items() for s, cap in caps)


@pytest.mark.parametrize("name", ["classic", "find-friend", "three-deck", "four-deck"])
def test_draws_keep_the_patterns_the_follows_proved(name: str) -> None:
    """A seat that followed a pair, tractor or throw with a weaker pattern than led held none
    better (RULES.md §6 read backwards): the real deal agrees with every such fact; a sampled
    deal never gives a seat a tuple wider than its follows allow, and breaks another pattern
    (a tractor it cannot have held) only past ``SHAPE_TRIES`` draws: a small share of what
    draws blind to the patterns break."""
    rng = random.Random(8)
    capped = broken = blind_broken = 0
    for seed in (3, 4, 5):
        for truth, v in positions(name, seed, every=5):
            u = Unseen(v)
            real = [u.tab.counts(h) for h in truth.hands]
            assert _within_caps(u, real) and u.shapes.explains(real)
            capped += bool(u.shapes.caps)
            blind = Unseen(v)  # draws as before the patterns were read: nothing proven
            blind.shapes, blind.caps, blind.splits = Shapes(v, blind.tab, []), {}, None
            for _ in range(10):
                w = u.draw(rng)
                assert _within_caps(u, w.hands)
                broken += not u.shapes.explains(w.hands)
                b = blind.draw(rng)
                blind_broken += not (_within_caps(u, b.hands) and u.shapes.explains(b.hands))
    assert capped >= 3  # the hands hold such follows, so the test has something to check
    assert broken * 5 <= blind_broken
