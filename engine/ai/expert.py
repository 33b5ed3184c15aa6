"""The searching player: determinized Monte Carlo over the hidden cards.

For a play with a real choice, the expert takes the rule-based policy's best few candidates
that differ in effect (twin cards merged), samples deals of the unseen cards consistent with its
view and leaning towards deals that explain the other seats' plays (``engine.ai.sampling``,
``engine.ai.inference``), and plays each candidate out to the end of the hand with ``basic`` at
every seat (``engine.ai.playout``). Every candidate is played on the same sampled deals (a
paired comparison: the luck of the deal cancels between candidates) and scored by level utility
(levels won or lost by our side, ``engine.scoring.hand_result`` on the final points, smoothed by
the points). After a few deals, rivals that cannot catch the rule-based favourite are dropped
and the rest get their playouts. The favourite stands unless another candidate beats it by more
than one standard error of the paired differences. Sampling stops at the playout budget, when no
rival is left, or at the time budget (checked after every playout; only complete samples
count). Forced plays (one candidate) skip the search; bids, burials and friend calls are the
rule-based player's.

``decide(view, budget)`` is a pure function of the view and a seed: an app or server calls it in
an executor or a worker process so its own thread stays responsive.
"""

from __future__ import annotations

import math
import random
import statistics
import time
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from engine.cards import POINTS, Card
from engine.views import View

from . import basic
from .memory import Knowledge, knowledge
from .playout import World, run, utility
from .sampling import sample_inferred

DEFAULT_BUDGET = 0.3  # seconds per searched decision (p95 ≤ 0.5 s on the 2-core machine)
MASTER_BUDGET = 1.2
MAX_CANDIDATES = 4
SWITCH_SE = 1.0  # another play replaces the policy's favourite when it gains this many SEs
ELIMINATE = True  # drop rivals that cannot catch the favourite, so the others get more deals
MIN_SAMPLES = 4  # deals every candidate gets before any is dropped
DROP_SE = 2.0  # a rival this many SEs below the favourite is out
MAX_SAMPLES = 200


@dataclass(frozen=True, slots=True)
class Decision:
    """A searched play: the cards, and each candidate's mean utility over the samples."""

    cards: tuple[Card, ...]
    scores: tuple[tuple[tuple[Card, ...], float], ...]  # best first
    samples: int
    searched: bool


# A card's class (``_classes``): suit, rivals under it, points, count held, the called card
Class = tuple[str, int, int, int, bool]


def candidates(v: View, k_max: int | None = None) -> list[list[Card]]:
    """The rule-based policy's best plays that differ in effect, best first."""
    k = knowledge(v)
    ranked = basic.ranked_plays(k)
    out: list[list[Card]] = []
    seen: set[tuple[Class, ...]] = set()
    below = _classes(k, v.friend_card if v.friend is None else None)
    for _, play in ranked:
        key = tuple(sorted(below(c) for c in play))
        if key in seen:
            continue
        seen.add(key)
        out.append(play)
        if len(out) >= (k_max or MAX_CANDIDATES):
            break
    return out


def _classes(k: Knowledge, friend_card: Card | None) -> Callable[[Card], Class]:
    """A card's class: two cards of one suit with the same points, the same count in our hand,
    and no card of anyone else's (outside, or on the table) between them play alike (the
    hidden friend's called card excepted: playing it reveals a side)."""
    trumps = k.trumps
    pos, suit_of = trumps.position, trumps.suit
    rivals: dict[str, list[int]] = {}
    on_table = Counter(c for _, cards in k.trick for c in cards)
    for c, n in (k.outside + on_table).items():
        rivals.setdefault(suit_of(c), []).extend([pos(c)] * n)

    def cls(c: Card) -> Class:
        p = pos(c)
        under = sum(1 for q in rivals.get(suit_of(c), ()) if q < p)
        return (suit_of(c), under, POINTS[c], k.hand[c], c == friend_card)

    return cls


def decide(
    v: View,
    budget: float | None = DEFAULT_BUDGET,
    samples: int = MAX_SAMPLES,
    seed: int = 0,
) -> Decision:
    """Search the play for ``v``'s seat within about ``budget`` seconds (``None``: no clock, so
    the choice depends only on the view and the seed) and ``samples`` deals' worth of playouts
    (``samples`` times the number of candidates; dropped candidates leave more deals to the
    rest)."""
    start = time.perf_counter()
    cands = candidates(v)
    if len(cands) == 1:
        return Decision(tuple(cands[0]), ((tuple(cands[0]), 0.0),), 0, False)
    assert v.seat is not None
    rng = random.Random(_seed(v, seed))
    results: list[list[float]] = [[] for _ in cands]
    alive = list(range(len(cands)))
    playouts = samples * len(cands)
    n = done = 0
    deadline = math.inf if budget is None else start + budget
    while done + len(alive) <= playouts and n < MAX_SAMPLES:
        if len(alive) == 1 and n >= MIN_SAMPLES:
            break  # every rival is out: the favourite stands
        t0 = time.perf_counter()
        world = sample_inferred(v, rng)
        row = []
        for i in alive:
            row.append(_playout(world, cands[i], v.seat))
            if time.perf_counter() > deadline:
                break
        if len(row) < len(alive):
            break  # out of time mid-sample: only complete samples are compared
        for i, u in zip(alive, row, strict=True):
            results[i].append(u)
        n += 1
        done += len(alive)
        if ELIMINATE and n >= MIN_SAMPLES:
            alive = [i for i in alive if i == 0 or not _beaten(results[i], results[0])]
        now = time.perf_counter()
        if budget is not None and now + (now - t0) > deadline:
            break  # the next sample would overrun the budget
    if n == 0:
        return Decision(tuple(cands[0]), ((tuple(cands[0]), 0.0),), 0, False)
    means = [statistics.fmean(r) if r else -math.inf for r in results]
    best = _pick(results)
    rest = sorted((i for i in range(len(cands)) if i != best), key=lambda i: -means[i])
    order = [best, *rest]
    scores = tuple((tuple(cands[i]), means[i]) for i in order)
    return Decision(tuple(cands[best]), scores, n, True)


def _diffs(rival: list[float], base: list[float]) -> tuple[float, float]:
    """Mean and standard error of the rival's gain over the favourite on their common deals."""
    d = [a - b for a, b in zip(rival, base, strict=False)]
    if len(d) < 2:
        return (statistics.fmean(d) if d else 0.0), math.inf
    return statistics.fmean(d), statistics.stdev(d) / math.sqrt(len(d))


def _beaten(rival: list[float], base: list[float]) -> bool:
    """A rival that cannot catch the favourite: clearly worse, or the same on every deal."""
    gain, se = _diffs(rival, base)
    return gain < -DROP_SE * se or (se == 0 and gain <= 0)


def _pick(results: list[list[float]]) -> int:
    """The rule-based favourite (index 0) unless another candidate beats it on the same deals
    by more than ``SWITCH_SE`` standard errors of the paired differences: deviating on noise
    loses."""
    best, best_gain = 0, 0.0
    for i in range(1, len(results)):
        gain, se = _diffs(results[i], results[0])
        if gain > SWITCH_SE * se and gain > best_gain:
            best, best_gain = i, gain
    return best


def _playout(world: World, play: list[Card], seat: int) -> float:
    w = world.copy()
    w.play(play)
    run(w)
    return utility(w, seat)


def _seed(v: View, seed: int) -> int:
    """The same view and seed give the same samples (reproducible arenas and hints)."""
    text = repr((seed, v.seat, v.hand_no, sorted(v.hand), len(v.tricks), len(v.trick)))
    return zlib.crc32(text.encode())
