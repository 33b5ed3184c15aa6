"""Is there one clearly best play here? The search's candidates judged on the same sampled deals.

A position is a seat's view. The candidates are the searching player's (``expert.candidates``:
the policy's best plays that differ in effect, and the best play of each other kind); each is
played out with ``basic`` at every seat on the same deals, drawn from what the seat can see
(``sample_inferred``: never the real hidden cards), scored by level utility (levels won or lost,
smoothed by the points). The dealer's burial is judged the same way, each candidate burial
played out from the first lead. The *only move* rule, after lichess-puzzler's: the best play beats
every other candidate by at least ``MIN_GAIN`` levels on average, with the paired difference's
lower confidence bound above zero; and so again on a larger set of fresh deals.
"""

from __future__ import annotations

import math
import random
import statistics
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai import basic
from engine.ai.codes import codes_for
from engine.ai.expert import MAX_CANDIDATES, _playout, candidates
from engine.ai.fastpolicy import run
from engine.ai.fastworld import from_world
from engine.ai.sampling import Unseen, deal_unseen, sample_inferred, starting_world
from engine.cards import Card
from engine.views import View

MIN_GAIN = 0.25  # levels: the best play's lead over the second best, on average
LCB_Z = 2.33  # one-sided 99%: a puzzle with a wrong answer is worse than one puzzle fewer
JUDGE_DEALS = 40
VERIFY_DEALS = 160


@dataclass(frozen=True, slots=True)
class Judgement:
    """The candidates and their mean utility over ``deals`` deals, best first; ``gain`` and
    ``lcb``: the best play's paired lead over the second best."""

    scores: tuple[tuple[tuple[Card, ...], float], ...]
    deals: int
    gain: float
    lcb: float

    @property
    def best(self) -> tuple[Card, ...]:
        return self.scores[0][0]

    @property
    def only(self) -> bool:
        return self.gain >= MIN_GAIN and self.lcb > 0


def judge(
    v: View, deals: int = JUDGE_DEALS, stream: int = 0, extra: Sequence[Sequence[Card]] = ()
) -> Judgement | None:
    """Every candidate play, and the ``extra`` plays (a lead's tempting throws), on the same
    ``deals`` deals (None: fewer than two candidates)."""
    cands = candidates(v)
    known = {tuple(sorted(c)) for c in cands}
    for e in extra:
        if tuple(sorted(e)) not in known:
            known.add(tuple(sorted(e)))
            cands.append(list(e))
    if len(cands) < 2:
        return None
    seat = v.seat
    assert seat is not None and v.trumps is not None
    tab = codes_for(v.trumps)
    codes = [tab.of(c) for c in cands]
    rng = random.Random(_seed(v, stream))
    u = Unseen(v)
    rows = []
    for _ in range(deals):
        world = sample_inferred(v, rng, u=u)
        rows.append([_playout(world, code, seat) for code in codes])
    return _scored(cands, rows, deals)


def judge_bury(v: View, deals: int = JUDGE_DEALS, stream: int = 0) -> Judgement | None:
    """The dealer's burials (the searching player's candidates, fixed partners) on the same
    deals of the unseen cards, each played out from the first lead."""
    seat = v.seat
    assert seat is not None and v.rules.partners == "fixed"
    cands = [list(b) for b in basic.bury_options(v)[:MAX_CANDIDATES]]
    if len(cands) < 2:
        return None
    rng = random.Random(_seed(v, stream))
    rows = []
    for _ in range(deals):
        hands, _kitty = deal_unseen(v, rng)
        row = []
        for burial in cands:
            left = list(hands)
            left[seat] = left[seat] - Counter(burial)
            world = from_world(starting_world(v, left, tuple(burial), None))
            run(world)
            row.append(world.utility(seat))
        rows.append(row)
    return _scored(cands, rows, deals)


def _scored(cands: list[list[Card]], rows: list[list[float]], deals: int) -> Judgement:
    means = [statistics.fmean(r[i] for r in rows) for i in range(len(cands))]
    order = sorted(range(len(cands)), key=lambda i: -means[i])
    best, second = order[0], order[1]
    # the lead over the closest rival on the same deals (paired: the deal's luck cancels)
    worst_lcb = math.inf
    gain = means[best] - means[second]
    for other in order[1:]:
        diffs = [r[best] - r[other] for r in rows]
        se = statistics.stdev(diffs) / math.sqrt(len(diffs))
        worst_lcb = min(worst_lcb, statistics.fmean(diffs) - LCB_Z * se)
    scores = tuple((tuple(sorted(cands[i])), means[i]) for i in order)
    return Judgement(scores, deals, gain, worst_lcb)


def _seed(v: View, stream: int) -> int:
    text = repr((stream, v.seat, v.hand_no, sorted(v.hand), len(v.tricks), v.trick))
    return zlib.crc32(text.encode())
