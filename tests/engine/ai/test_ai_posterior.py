"""The posterior chain: its deals keep every hard fact, lean towards deals that explain the
other seats' plays (the real deal explains them all), and carry over within a hand."""

from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest
from test_ai_sampling import assert_consistent, positions

from engine.ai.posterior import Chain, chain
from engine.ai.sampling import facts


@pytest.mark.parametrize("name", ["classic", "find-friend", "chaoshan", "three-deck"])
def test_chain_deals_keep_every_hard_fact(name: str) -> None:
    rng = random.Random(7)
    for truth, v in positions(name, 4, every=9):
        c = chain(v, rng)
        for _ in range(3):
            assert_consistent(v, c.draw(), truth)
        assert c.moves > 0


@pytest.mark.parametrize("name", ["classic", "find-friend", "three-deck"])
def test_the_real_deal_explains_every_play_of_rule_based_players(name: str) -> None:
    rng = random.Random(1)
    checked = 0
    for truth, v in positions(name, 2, every=6):
        c = Chain(v, rng)
        assert c.misses_of(truth.hands, truth.kitty, truth.partner) == [0, 0, 0, 0]
        checked += len(c.snaps)
    assert checked > 100


def test_the_chain_explains_the_plays_better_than_uniform_deals() -> None:
    rng = random.Random(2)
    uniform, chained = [], []
    for seed in (1, 2):
        for _truth, v in positions("classic", seed, every=8):
            c = Chain(v, rng)
            uniform.append(sum(c.misses))
            for _ in range(150):
                c.step()
            chained.append(sum(c.misses))
    assert len(uniform) > 10 and statistics.fmean(uniform) > 1.0
    assert statistics.fmean(chained) < statistics.fmean(uniform) / 2


def test_a_chain_carries_its_deal_to_the_seats_next_decision() -> None:
    rng = random.Random(3)
    views = [v for _t, v in positions("classic", 5, every=1) if v.seat == 1]
    early, late = views[4], views[5]
    first = chain(early, rng)
    second = Chain(late, rng, prior=first)
    assert second.carried
    pool = facts(late).pool
    stayed = sum(
        min(first.places[p][c], second.places[p][c], pool[c]) for p in range(5) for c in pool
    )
    assert stayed >= 0.8 * sum(pool.values())
    other_hand = [v for _t, v in positions("classic", 6, every=1) if v.seat == 1][5]
    assert not Chain(other_hand, rng, prior=first).carried


def test_the_same_view_and_seed_give_the_same_deals() -> None:
    _truth, v = positions("find-friend", 3, every=10)[1]
    a = chain(v, random.Random(9))
    b = chain(v, random.Random(9))
    for _ in range(3):
        wa, wb = a.draw(), b.draw()
        assert wa.hands == wb.hands and Counter(wa.kitty) == Counter(wb.kitty)
