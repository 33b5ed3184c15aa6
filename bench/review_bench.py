"""How long does a hand review take, and how are its losses spread?

    python bench/review_bench.py                      # one classic hand, seat 0, default budget
    python bench/review_bench.py --calibrate --hands 6  # every seat of 6 hands: loss quantiles

The hands are played by four rule-based (``normal``) players from seeded deals
(``engine.puzzles.mine.ai_hand``); the review runs in this process, on one core. The target
(issue 35): a classic hand's review within 20 s at the default budget (``review.DEALS``).
``--calibrate`` prints the quantiles of the judged losses and of their lower confidence bounds
and how many decisions each label would flag: the thresholds in ``engine.review.LABELS`` come
from these figures (docs/AI.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.puzzles.mine import ai_hand
from engine.records import hand_record
from engine.review import DEALS, LABELS, review


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hands", type=int, default=1)
    ap.add_argument("--deals", type=int, default=DEALS)
    ap.add_argument("--calibrate", action="store_true", help="every seat; loss quantiles")
    args = ap.parse_args()
    seats = (0, 1, 2, 3) if args.calibrate else (0,)
    times, losses, lcbs = [], [], []
    for seed in range(args.seed, args.seed + args.hands):
        record = hand_record(ai_hand(args.preset, seed))
        for seat in seats:
            t0 = time.perf_counter()
            r = review(record, seat, deals=args.deals)
            took = time.perf_counter() - t0
            times.append(took)
            losses += [m.loss for m in r.moments]
            lcbs += [m.lcb for m in r.moments]
            flagged = ", ".join(f"{m.label} {m.loss:.2f}" for m in r.costliest())
            print(
                f"seed {seed} seat {seat}: {took:.1f} s, {len(r.moments)} decisions judged"
                f" on {args.deals} deals; costliest: {flagged or 'none'}",
                flush=True,
            )
    print(f"review time: mean {statistics.fmean(times):.1f} s, max {max(times):.1f} s")
    if args.calibrate and len(losses) > 1:
        qs = statistics.quantiles(losses, n=20)
        ql = statistics.quantiles(lcbs, n=20)
        print(f"{len(losses)} decisions; loss p50 {qs[9]:.3f} p75 {qs[14]:.3f} p90 {qs[17]:.3f}")
        print(f"  p95 {qs[18]:.3f}; lcb p90 {ql[17]:.3f} p95 {ql[18]:.3f}")
        for name, at in LABELS:
            n = sum(1 for x in lcbs if x >= at)
            print(f"  {name} (lcb ≥ {at}): {n} ({100 * n / len(lcbs):.1f}%)")


if __name__ == "__main__":
    main()
