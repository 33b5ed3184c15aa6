"""How long does a hand review take, and how are its losses spread?

    python bench/review_bench.py                      # one classic hand, seat 0, default budget
    python bench/review_bench.py --calibrate --hands 6  # every seat of 6 hands: loss quantiles

The hands are played by four rule-based (``normal``) players from seeded deals
(``engine.puzzles.mine.ai_hand``); the review runs in this process, on one core. The target
(issue 35): a classic hand's review within 20 s at the default budget (``review.DEALS``).
Each review line also gives the share of its time spent on the seat's bidding decisions (its
bids, its pass and the chances to bid it let go: ``engine.review.judge_bid``); ``--seat``
picks the seat reviewed. ``--calibrate`` prints the quantiles of the judged losses and of their
lower confidence bounds and how many decisions each label would flag: the thresholds in
``engine.review.LABELS`` come from these figures (docs/AI.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import Bury, CallFriend, Play
from engine.puzzles.mine import ai_hand
from engine.records import HandRecord, hand_record
from engine.review import DEALS, LABELS, decisions, review


def _bid_steps(record: HandRecord, seat: int) -> set[int]:
    """The seat's bidding decisions among its reviewed steps."""
    others = (Play, Bury, CallFriend)
    return {i for i in decisions(record, seat) if not isinstance(record.actions[i], others)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hands", type=int, default=1)
    ap.add_argument("--deals", type=int, default=DEALS)
    ap.add_argument("--seat", type=int, default=0)
    ap.add_argument("--calibrate", action="store_true", help="every seat; loss quantiles")
    args = ap.parse_args()
    seats = (0, 1, 2, 3) if args.calibrate else (args.seat,)
    times, losses, lcbs = [], [], []
    for seed in range(args.seed, args.seed + args.hands):
        record = hand_record(ai_hand(args.preset, seed))
        for seat in seats:
            steps = sorted(decisions(record, seat))
            bids = _bid_steps(record, seat)
            stamps: list[float] = []
            stamp = stamps.append
            t0 = time.perf_counter()
            r = review(
                record,
                seat,
                deals=args.deals,
                progress=lambda *_, stamp=stamp: stamp(time.perf_counter()),
            )
            took = time.perf_counter() - t0
            times.append(took)
            spans = [b - a for a, b in zip([t0, *stamps], stamps, strict=False)]
            bid_time = sum(t for step, t in zip(steps, spans, strict=True) if step in bids)
            losses += [m.loss for m in r.moments]
            lcbs += [m.lcb for m in r.moments]
            flagged = ", ".join(f"{m.label} {m.loss:.2f}" for m in r.costliest())
            print(
                f"seed {seed} seat {seat}: {took:.1f} s ({bid_time:.1f} s on {len(bids)} bidding"
                f" decisions), {len(r.moments)} decisions judged on {args.deals} deals;"
                f" costliest: {flagged or 'none'}",
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
