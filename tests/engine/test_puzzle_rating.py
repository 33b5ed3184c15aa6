"""Puzzle ratings (engine/puzzles/rating.py): Glicko-2 as Glickman's worked example computes
it, a try moving the solver and the puzzle in opposite directions, the prior read from the
search's figures, and the next puzzle chosen untried and near the solver."""

from __future__ import annotations

import random

import pytest

from engine.puzzles.rating import NEAR, PRIOR_RD, Rating, pick, play, prior, update


def test_glickmans_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system" (2013): 1500/200/0.06 against three
    opponents, a win and two losses, τ = 0.5."""
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    r = update(Rating(1500, 200, 0.06), games, tau=0.5, min_rd=0)
    assert r.rating == pytest.approx(1464.06, abs=0.01)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.vol == pytest.approx(0.05999, abs=0.00001)
    assert update(r, []) == r  # no games: nothing moves


def test_a_try_moves_both_ratings_by_the_surprise() -> None:
    even = Rating(1500, 60)
    won, lost = play(even, even, solved=True)
    assert won.rating > 1500 > lost.rating
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    # failing a puzzle rated far above costs little; failing one far below, a lot
    hard_fail, _ = play(even, Rating(2100, 60), solved=False)
    easy_fail, _ = play(even, Rating(900, 60), solved=False)
    assert 1500 - hard_fail.rating < 3 < 15 < 1500 - easy_fail.rating
    # a new solver (wide deviation) moves far more than a settled one, and grows surer
    new, _ = play(Rating(), Rating(1500, 60), solved=True)
    assert new.rating - 1500 > 5 * (won.rating - 1500) and new.rd < Rating().rd
    # the deviation never shrinks below the floor
    assert update(Rating(1500, 50), [(Rating(1500, 30), 1.0)], min_rd=80).rd == 80


def test_the_prior_reads_the_searchs_figures() -> None:
    obvious = prior(gain=1.5, candidates=2, burial=False)
    close = prior(gain=0.3, candidates=4, burial=False)
    burial = prior(gain=0.3, candidates=4, burial=True)
    assert obvious.rating < close.rating < burial.rating and obvious.rd == PRIOR_RD


def test_the_next_puzzle_is_untried_and_near_the_solver() -> None:
    ratings = {f"p{r}": Rating(r, 100) for r in range(1000, 2100, 50)}
    solver = Rating(1610, 80)
    near = sorted(ratings, key=lambda k: abs(ratings[k].rating - 1610))
    rng = random.Random(3)
    seen = {pick(ratings, solver, {"p1600"}, rng) for _ in range(300)}
    assert seen == set([k for k in near if k != "p1600"][:NEAR])
    # all tried: any of them again, still the nearest
    assert pick(ratings, solver, set(ratings), rng) in near[:NEAR]
    assert pick({}, solver, set(), rng) is None
