"""Inference from the other seats' plays: the real deal explains them better than a uniform one,
and inferred samples keep every hard fact of the view."""

from __future__ import annotations

import random
import statistics
from collections import Counter

from test_ai_sampling import positions

from engine.ai import basic
from engine.ai.expert import candidates
from engine.ai.memory import knowledge, view_tricks, voids_from
from engine.ai.players import is_legal_play
from engine.ai.sampling import Unseen, sample_inferred


def test_the_real_deal_explains_basic_players_better_than_uniform_deals() -> None:
    rng = random.Random(3)
    real, uniform = [], []
    for seed in (1, 2):
        for truth, v in positions("classic", seed, every=9):
            u = Unseen(v)
            w = u.draw(rng)
            hands = [w.tab.counts(h) for h in truth.hands]
            real.append(u.weight(w.redeal(w.deal, hands, w.penalty)))
            uniform.append(u.weight(w))
    assert len(real) > 10
    assert all(0.0 < x <= 1.0 for x in real + uniform)
    assert statistics.fmean(real) > 2 * statistics.fmean(uniform)


def test_inferred_samples_keep_hands_counts_and_voids() -> None:
    rng = random.Random(4)
    for _truth, v in positions("find-friend", 5, every=11):
        trumps = v.trumps
        assert trumps is not None and v.seat is not None
        voids = voids_from(view_tricks(v), trumps)
        w = sample_inferred(v, rng, tries=4)
        hands = [w.tab.hand(h) for h in w.hands]
        assert hands[v.seat] == Counter(v.hand)
        for s in range(4):
            assert sum(hands[s].values()) == v.counts[s]
            assert not any(trumps.suit(c) in voids[s] for c in hands[s].elements())


def test_candidates_are_legal_distinct_and_start_with_the_policy_choice() -> None:
    for _truth, v in positions("classic", 6, every=5):
        cands = candidates(v)
        assert cands and all(is_legal_play(v, c) for c in cands)
        assert sorted(cands[0]) == sorted(basic.choose_play(knowledge(v)))
        assert len({tuple(sorted(c)) for c in cands}) == len(cands)


def test_rivals_drop_out_when_they_cannot_catch_the_favourite() -> None:
    from engine.ai.expert import _beaten

    base = [0.0, 1.0, -1.0, 0.5, 0.0, 2.0]
    better = [x + d for x, d in zip(base, [0.5, 0.6, 0.4, 0.5, 0.7, 0.5], strict=True)]
    assert _beaten(list(base), base)  # the same result on every deal: it cannot win
    assert _beaten([x - 1 for x in base], base)
    assert not _beaten(better, base)
