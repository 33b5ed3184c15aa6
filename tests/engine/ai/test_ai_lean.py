"""Each other seat's rollouts by the continuation its plays are explained by (``engine.ai.lean``,
``Style.table_lean``): the real deal explains each seat by the policy it played; drawn deals lean
each seat the same way; the lean moves seats between the two continuations and nothing else."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from test_ai_fastpolicy import first_leads

from engine.ai import expert, fastpolicy, lean, opponent
from engine.ai.fastworld import from_world
from engine.ai.inference import Chooser, Window
from engine.ai.players import BasicPlayer
from engine.ai.sampling import Unseen, real_world
from engine.ai.style import PLAIN, TUNED
from engine.arena import parse_player
from engine.hand import Hand, Setup
from engine.rules import preset
from engine.views import View

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from lean_read import Mimic, watch_plays

BOTH: list[Chooser] = [opponent.choose, fastpolicy.choose]


def _late_views(name: str, seed: int) -> list[tuple[View, Hand]]:
    """A hand with seats 1 and 3 played by ``Mimic``, 0 and 2 by the rule-based player: seat 0's
    views from its eighth trick on, each with the hand as it stood then (its cards copied)."""
    hand = Hand(preset(name), Setup(seed, ("2",) * 4, seed % 4))
    players = [
        BasicPlayer(seed),
        Mimic(seed + 1, hand),
        BasicPlayer(seed + 2),
        Mimic(seed + 3, hand),
    ]
    seen: list[tuple[View, Hand]] = []

    def late(v: View) -> None:
        if len(v.tricks) >= 8:
            seen.append((v, _frozen(hand)))

    watch_plays(hand, players, seed, late)
    return seen


def _frozen(hand: Hand) -> Hand:
    """``real_world`` reads the hands and the burial: a copy of those as they stand now."""
    copy = Hand.__new__(Hand)
    copy.__dict__.update(hand.__dict__)
    copy.hands = [h.copy() for h in hand.hands]
    copy.buried = tuple(hand.buried)
    return copy


def test_on_the_real_deal_each_seat_is_explained_by_the_policy_it_played() -> None:
    told_apart = {1: 0, 2: 0, 3: 0}
    for seed in (3, 4):
        v, hand = _late_views("classic", seed)[-1]
        u = Unseen(v)
        window = Window(v, u.tab, u.facts.tricks, back=len(u.facts.tricks))
        explained = window.explained(from_world(real_world(v, hand)), BOTH)
        assert {s for s, _ in explained} == {1, 2, 3}
        for seat, (model, ours) in explained:
            assert model if seat in (1, 3) else ours, (seed, seat)
            told_apart[seat] += model != ours
    assert all(told_apart.values())  # some plays only one of the two makes, at every seat


def test_drawn_deals_lean_each_seat_to_the_policy_it_plays_like() -> None:
    for seed in (3, 4, 5):
        v, _ = _late_views("classic", seed)[-1]
        llr = lean.evidence(v, Unseen(v), random.Random(seed))
        leaning = lean.lean_of(llr)
        assert leaning.model & 0b1010 == 0b1010, (seed, llr)  # the mimics, by the model
        assert leaning.ours & 0b0100, (seed, llr)  # the partner, by our policy
        assert llr[0] == 0.0  # our own plays are never asked


def test_the_lean_moves_seats_between_the_continuations_and_nothing_else() -> None:
    assert lean.Lean(0b0100, 0b0010).modelled(0b1010) == 0b1100
    assert lean.NONE.modelled(0b1010) == 0b1010
    for f in first_leads("classic", 3, seed=5):
        assert expert.opponents_of(f, 0) == 0b1010
        cases = [
            (TUNED, lean.Lean(ours=0b1010), 0),  # the style's model given back to our policy
            (PLAIN, lean.Lean(model=0b1111), 0b1111),  # every seat by the model
            (TUNED, lean.Lean(0b0100, 0b0010), 0b1100),  # the partner to it, one of the others back
        ]
        for style, leaning, modelled in cases:
            a, b = f.copy(), f.copy()
            expert._rollout(a, 0, style, leaning)
            opponent.run(b, modelled)
            assert (a.won, a.last_cards, a.result()) == (b.won, b.last_cards, b.result())


def test_the_arena_names_the_part() -> None:
    spec = parse_player("master:table")
    assert spec.style is not None and spec.style.table_lean
    assert not TUNED.table_lean
    spec = parse_player("master:table,fixed")
    assert spec.style is not None and not spec.style.table_lean
