"""The conservative override: the search plays its nominee only when a paired re-check on
fresh deals confirms it (the lower confidence bound of its advantage above zero)."""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Callable

from test_ai_sampling import positions

from engine.actions import Bury, CallFriend, DealCard
from engine.ai import basic
from engine.ai.codes import codes_for
from engine.ai.expert import (
    MIN_CONFIRM,
    candidates,
    decide,
    decide_bury,
    decide_call,
    decide_on,
    paired_check,
    search,
)
from engine.ai.fastpolicy import run as run_fast
from engine.ai.fastworld import from_world
from engine.ai.players import BasicPlayer, is_legal_play
from engine.ai.playout import run
from engine.ai.sampling import real_world, starting_world
from engine.ai.style import Style
from engine.cards import Card
from engine.hand import Hand, Phase, Setup
from engine.rules import preset
from engine.selfplay import play_hand
from engine.views import View, view

FAV, RIVAL, NOMINEE = ["3S"], ["4S"], ["5S"]
CANDS = [FAV, RIVAL, NOMINEE]


def stub_worlds(tag: str) -> Callable[[], tuple[str, int]]:
    """Worlds are labels: ("nominate", i) for the search's deals, ("fresh", i) for the
    re-check's, so a stub value can tell them apart."""
    counter = itertools.count()
    return lambda: (tag, next(counter))


def stub_value(on_nomination: float, on_fresh: float, noise: float = 0.5) -> Callable:
    """The favourite scores noise around 0; NOMINEE gains ``on_nomination`` on the search's
    deals and ``on_fresh`` on fresh ones (the same noise for both plays: paired deals);
    RIVAL is a clear loser."""

    def value(world: tuple[str, int], play: list[str]) -> float:
        tag, i = world
        base = random.Random(i).uniform(-noise, noise)
        if play == NOMINEE:
            return base + (on_nomination if tag == "nominate" else on_fresh)
        if play == RIVAL:
            return base - 1.0
        return base

    return value


def run_search(value: Callable, samples: int = 8, confirm: int = 40):
    return search(
        CANDS, stub_worlds("nominate"), stub_worlds("fresh"), value, samples, confirm, None
    )


def test_a_nominee_worse_on_fresh_deals_is_not_played() -> None:
    """It wins the nomination (winner's curse: lucky on the search's deals) but loses the
    re-check: the rule-based favourite stands."""
    d = run_search(stub_value(on_nomination=1.0, on_fresh=-0.2))
    assert d.check is not None  # the nominee was nominated and re-checked
    assert d.check.gain < 0 and not d.check.confirmed
    assert list(d.cards) == FAV


def test_a_nominee_that_gains_nothing_is_not_played() -> None:
    d = run_search(stub_value(on_nomination=1.0, on_fresh=0.0))
    assert d.check is not None and not d.check.confirmed
    assert list(d.cards) == FAV


def test_a_confirmed_nominee_is_played() -> None:
    d = run_search(stub_value(on_nomination=1.0, on_fresh=0.4))
    assert d.check is not None and d.check.confirmed and d.check.lcb > 0
    assert list(d.cards) == NOMINEE


def test_a_lower_bar_plays_a_small_gain_the_shipped_bar_keeps_out() -> None:
    """``Style.confirm_z``: the fresh deals' mean is unbiased, so a bar of 0 standard errors
    plays a nominee whose gain there is positive but not yet 1.645 standard errors above zero;
    a nominee worse on fresh deals still never plays."""

    def value(on_fresh: float) -> Callable:
        def of(world: tuple[str, int], play: list[str]) -> float:
            tag, i = world
            if play == RIVAL:
                return -1.0
            if play != NOMINEE:
                return 0.0
            # the nominee's own spread: the paired differences are noisy
            return (1.0 if tag == "nominate" else on_fresh) + random.Random(i).uniform(-2, 2)

        return of

    def run_bar(on_fresh: float, z: float):
        return search(
            CANDS, stub_worlds("nominate"), stub_worlds("fresh"), value(on_fresh), 8, 40, None, z=z
        )

    shipped, low = run_bar(0.2, 1.645), run_bar(0.2, 0.0)
    assert shipped.check is not None and low.check is not None
    assert shipped.check.gain > 0 and shipped.check.lcb < 0 and list(shipped.cards) == FAV
    assert low.check.gain == shipped.check.gain and low.check.confirmed
    assert list(low.cards) == NOMINEE
    worse = run_bar(-0.2, 0.0)
    assert worse.check is not None and worse.check.gain < 0 and list(worse.cards) == FAV


def test_no_nominee_no_recheck() -> None:
    d = run_search(stub_value(on_nomination=-1.0, on_fresh=1.0))
    assert d.check is None and list(d.cards) == FAV


def test_the_recheck_pairs_the_plays_on_the_same_deals() -> None:
    """A constant gain on every deal has no spread: the paired check confirms it at once,
    where unpaired noise of ±5 would hide it."""
    seen: list[tuple[tuple[str, int], list[str]]] = []

    def value(world: tuple[str, int], play: list[str]) -> float:
        seen.append((world, play))
        base = random.Random(world[1]).uniform(-5, 5)
        return base + (0.1 if play == NOMINEE else 0.0)

    check = paired_check(stub_worlds("fresh"), value, FAV, NOMINEE, MIN_CONFIRM)
    assert check.confirmed and check.deals == MIN_CONFIRM
    assert abs(check.gain - 0.1) < 1e-9
    # every fresh deal valued for both plays
    for world in {w for w, _ in seen}:
        assert sorted(tuple(p) for w, p in seen if w == world) == [tuple(FAV), tuple(NOMINEE)]


def test_too_few_deals_never_confirm() -> None:
    check = paired_check(
        stub_worlds("fresh"),
        lambda w, p: 1.0 if p == NOMINEE else 0.0,
        FAV,
        NOMINEE,
        MIN_CONFIRM - 1,
    )
    assert check.gain == 1.0 and not check.confirmed


def test_decisions_are_legal_and_reproducible() -> None:
    for _truth, v in positions("classic", 11, every=9):
        d = decide(v, None, 2, seed=3, confirm=4)
        assert is_legal_play(v, list(d.cards))
        assert d == decide(v, None, 2, seed=3, confirm=4)


def test_on_the_real_deal_the_search_plays_the_best_candidate_there() -> None:
    """``decide_on`` with the real deal as its only world (``bench/oracle_arena.py``'s
    ceiling): every rollout is deterministic, so it plays the candidate that does best in that
    deal, or the favourite when none does better."""
    rules = preset("classic")
    hand = Hand(rules, Setup(4, ("2",) * 4, 0))
    players = [BasicPlayer(4 + s) for s in range(4)]
    checked = 0

    def act(v: View, _rng: random.Random):
        nonlocal checked
        assert v.seat is not None
        if "play" in v.actions and len(candidates(v)) > 1:
            assert v.trumps is not None
            world = from_world(real_world(v, hand))
            d = decide_on(v, world.copy, world.copy, None, 4, 8)
            tab = codes_for(v.trumps)
            values = {}
            for c in candidates(v):
                w = world.copy()
                w.play(tab.of(c))
                run_fast(w)
                values[tuple(c)] = w.utility(v.seat)
            best = max(values.values())
            favourite = values[tuple(candidates(v)[0])]
            assert values[tuple(d.cards)] == (best if best > favourite else favourite)
            checked += 1
        return players[v.seat].act(v)

    play_hand(hand, [act] * 4, random.Random(4))
    assert checked > 20


def test_wide_leads_weigh_every_length_of_a_lead() -> None:
    """Lever 5 (``Style.wide_leads``): a lead's candidates keep the narrow ones and add, where
    the hand allows, a lead of the same suit and shape but another number of cards (a tractor
    run led whole or in part); a search with them plays a legal lead."""

    def key(play: list[Card]) -> tuple[str, int]:
        return v.trumps.suit(play[0]) if v.trumps else "", len(play)

    lengths = 0
    leads = [v for seed in (11, 12, 13) for _t, v in positions("classic", seed, every=3)]
    leads = [v for v in leads if not v.trick]
    for v in leads:
        narrow = candidates(v)
        wide = candidates(v, 8, 16, lengths=True)
        assert [sorted(c) for c in narrow[:4]] == [sorted(c) for c in wide[:4]]
        assert len(wide) >= len(narrow)
        lengths += len({key(c) for c in wide}) > len({key(c) for c in narrow})
    assert lengths >= 3  # the hands hold such leads, so the test has something to check
    for v in leads[:3]:
        d = decide(v, None, 2, seed=3, confirm=4, style=Style(wide_leads=True))
        assert is_legal_play(v, list(d.cards))


def call_views(seed: int) -> list[tuple[Hand, View]]:
    """find-friend hands of rule-based players stopped at the dealer's friend call."""
    rules = preset("find-friend")
    out = []
    for i in range(3):
        hand = Hand(rules, Setup(seed + i, ("5",) * 4, i))
        players = [BasicPlayer(s) for s in range(4)]
        while hand.phase != Phase.CALL:
            if hand.phase == Phase.DEAL and not hand.deal_complete:
                hand.apply(DealCard())
            for seat in range(4):
                if hand.phase == Phase.CALL or not hand.actions_for(seat):
                    continue
                action = players[seat].act(view(hand, seat))
                if action is not None:
                    hand.apply(action)
        assert hand.dealer is not None
        out.append((hand, view(hand, hand.dealer)))
    return out


def test_a_starting_world_finds_the_friend_as_the_hand_does() -> None:
    for hand, v in call_views(5):
        for card in basic.call_options(v)[:4]:
            world = starting_world(v, hand.hands, tuple(hand.buried), card)
            after = copy.deepcopy(hand)
            after.apply(CallFriend(v.seat, card))
            assert world.partner == after.partner and world.leader == after.trick.leader
            run(world)  # the play goes to the end from the first lead
            assert world.over


def test_friend_calls_start_from_the_rule_based_call_and_stay_legal() -> None:
    for hand, v in call_views(8):
        options = basic.call_options(v)
        assert options[0] == basic.call_choice(v)
        d = decide_call(v, None, 2, seed=1, confirm=8)
        assert d.cards[0] in options[:4]
        hand.apply(CallFriend(v.seat, d.cards[0]))  # the engine accepts it


def test_burials_start_from_the_rule_based_burial_and_stay_legal() -> None:
    for name in ("classic", "find-friend"):
        rules = preset(name)
        hand = Hand(rules, Setup(3, ("7",) * 4, 1))
        players = [BasicPlayer(s) for s in range(4)]
        while hand.phase != Phase.BURY:
            if hand.phase == Phase.DEAL and not hand.deal_complete:
                hand.apply(DealCard())
            for seat in range(4):
                if hand.phase == Phase.BURY or not hand.actions_for(seat):
                    continue
                action = players[seat].act(view(hand, seat))
                if action is not None:
                    hand.apply(action)
        assert hand.dealer is not None
        v = view(hand, hand.dealer)
        options = basic.bury_options(v)
        assert options[0] == basic.bury_choice(v)
        assert len({tuple(sorted(b)) for b in options}) == len(options)
        d = decide_bury(v, None, 2, seed=1, confirm=8)
        assert d.cards in options[:4]
        hand.apply(Bury(hand.dealer, d.cards))  # the engine accepts it
