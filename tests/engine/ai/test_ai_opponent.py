"""The opponents' model for rollouts (``engine.ai.opponent``, lever 3 of docs/AI.md): legal,
deterministic, and used by the search only at the other side's seats."""

from __future__ import annotations

import pytest
from test_ai_fastpolicy import first_leads, legal

from engine.ai import expert, fastpolicy, opponent
from engine.ai.fastworld import Fast
from engine.ai.style import PLAIN, TUNED
from engine.leads import check_lead
from engine.rules import PRESETS


def _replay(f: Fast, modelled: int) -> list[tuple[int, tuple[int, ...]]]:
    """Play ``f`` out (the ``modelled`` seats by the model), checking every play; the plays."""
    out: list[tuple[int, tuple[int, ...]]] = []
    tab = f.tab
    while not f.over():
        seat = f.turn()
        if modelled >> seat & 1:
            codes, shape = opponent.choose(f)
        else:
            codes, shape = fastpolicy.choose(f)
        assert legal(f, codes), tab.names(codes)
        if not f.seats and shape is not None and len(codes) > 1:
            # a lead the model says stands is one the engine lets stand against the others
            others = [tab.hand(f.hands[s]) for s in range(4) if s != seat]
            lead = check_lead(
                tab.hand(f.hands[seat]),
                tab.names(codes),
                tab.trumps,
                f.deal.rules,
                others,
                f.played(),
            )
            assert lead.attempted is None and sorted(lead.cards) == sorted(tab.names(codes))
        out.append((seat, tuple(codes)))
        f.play(codes, shape)
    return out


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_model_plays_legally_and_the_same_way_twice(name: str) -> None:
    for f in first_leads(name, 4, seed=3):
        for modelled in (0b1111, 0b1010, 0b0101):
            a, b = f.copy(), f.copy()
            plays = _replay(a, modelled)
            assert plays == _replay(b, modelled)
            rules = a.deal.rules
            assert sum(a.won) + a.deal.kitty_points == rules.total_points


def test_the_option_plays_only_the_other_sides_seats_by_the_model() -> None:
    """With ``Style.model_opponents`` a rollout plays the seats against the searching seat by the
    model and the searching seat and its partner by our own policy; without it, every seat by
    ours. (Compared on the whole rollout, so it holds for the compiled engine too.)"""
    mixed = 0
    fs = first_leads("classic", 3, seed=5) + first_leads("find-friend", 2, seed=5)
    for f in fs:
        for seat in range(4):
            theirs = 0
            for x in range(4):
                if f.defending(x) != f.defending(seat):
                    theirs |= 1 << x
            assert expert.opponents_of(f, seat) == theirs
            a, b, c, d = f.copy(), f.copy(), f.copy(), f.copy()
            expert._rollout(a, seat, TUNED)
            _replay(b, theirs)
            assert (a.won, a.last_cards, a.result()) == (b.won, b.last_cards, b.result())
            expert._rollout(c, seat, PLAIN)
            fastpolicy.run(d)
            assert (c.won, c.last_cards) == (d.won, d.last_cards)
            everyone = f.copy()
            opponent.run(everyone, 0b1111)
            mixed += a.won != c.won and a.won != everyone.won
    assert mixed  # the partner's seat is not the model's


def test_the_model_rollouts_differ_from_ours() -> None:
    """The model is not our policy under another name: some rollouts end differently."""
    differ = 0
    for f in first_leads("classic", 6, seed=7):
        a, b = f.copy(), f.copy()
        fastpolicy.run(a)
        opponent.run(b, 0b1111)
        differ += a.won != b.won
    assert differ >= 2
