"""Puzzle ratings, as lichess rates its puzzles: the solver and the puzzle are both Glicko-2
players (Glickman, "Example of the Glicko-2 system", 2013), and each first try at a puzzle is
one game between them, won by the solver when the puzzle is solved. A puzzle's rating comes to
say how hard its solvers found it; the next puzzle is one rated near the solver.

A shipped puzzle has not been tried by anyone yet, so it starts from a prior (``prior``) read
from the search's own figures, with a wide deviation so the first solves soon overrule it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's scale: rating points per unit of mu
TAU = 0.75  # how much the volatility may change; lichess's puzzles use 0.75
START = 1500.0
START_RD = 350.0
START_VOL = 0.06
MIN_RD = 45.0  # a rating never stops moving altogether (lichess keeps a floor too)
PRIOR_RD = 250.0  # a puzzle's deviation before anyone has tried it
NEAR = 6  # the next puzzle: one of the six rated nearest the solver, at random


@dataclass(frozen=True, slots=True)
class Rating:
    rating: float = START
    rd: float = START_RD
    vol: float = START_VOL


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(
    r: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU, min_rd: float = MIN_RD
) -> Rating:
    """``r`` after one rating period of ``games`` (the opponent, the score: 1 won, 0 lost)."""
    mu, phi, sigma = (r.rating - START) / SCALE, r.rd / SCALE, r.vol
    if not games:
        return r
    v_inv = 0.0
    total = 0.0
    for opp, score in games:
        mu_j, phi_j = (opp.rating - START) / SCALE, opp.rd / SCALE
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1 - e)
        total += g * (score - e)
    v = 1 / v_inv
    delta = v * total
    sigma = _volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * total
    rd = max(min_rd, phi_new * SCALE)
    return Rating(START + SCALE * mu_new, rd, sigma)


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """The new volatility: the root of Glickman's f by the Illinois method (his step 5)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - d) / (2 * d * d) - (x - a) / (tau * tau)

    lo = a
    if delta * delta > phi * phi + v:
        hi = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        hi = a - k * tau
    f_lo, f_hi = f(lo), f(hi)
    while abs(hi - lo) > 1e-6:
        c = lo + (lo - hi) * f_lo / (f_hi - f_lo)
        f_c = f(c)
        if f_c * f_hi <= 0:
            lo, f_lo = hi, f_hi
        else:
            f_lo /= 2
        hi, f_hi = c, f_c
    return math.exp(lo / 2)


def play(solver: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The solver's and the puzzle's ratings after one try: a game the solver wins by solving
    it and the puzzle wins otherwise, both rated from the ratings before it."""
    s = 1.0 if solved else 0.0
    return update(solver, [(puzzle, s)]), update(puzzle, [(solver, 1 - s)])


def prior(gain: float, candidates: int, burial: bool) -> Rating:
    """A puzzle's rating before anyone has tried it, from the search's figures: a best play far
    ahead of the rest (``gain``, levels) is easier to see, and every other candidate worth the
    search's time is one more way to go wrong; a burial (33 cards to choose 8 from) is harder
    than a play."""
    r = START - 250 * max(-1.0, min(1.0, gain - 0.6)) + 60 * (candidates - 3)
    return Rating(r + (150 if burial else 0), PRIOR_RD)


def pick(
    ratings: dict[str, Rating], solver: Rating, tried: set[str], rng: random.Random
) -> str | None:
    """The next puzzle among ``ratings`` (those of the theme chosen): one not tried yet, rated
    near the solver; when every one has been tried, any of them, the same way."""
    fresh = [k for k in ratings if k not in tried] or list(ratings)
    if not fresh:
        return None
    fresh.sort(key=lambda k: (abs(ratings[k].rating - solver.rating), k))
    return rng.choice(fresh[:NEAR])


__all__ = ["Rating", "pick", "play", "prior", "update"]
