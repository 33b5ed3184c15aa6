"""Are the rule-based bidding thresholds right on every preset? Duplicate arena deals of
``normal`` with every threshold scaled (``normal:bids=X``) against the shipped ``normal``.

    python bench/bid_thresholds.py --deals 400 --jobs 2
    python bench/bid_thresholds.py --presets classic four-deck --scales 0.8 1.2 --deals 1000

A positive row means the scaled thresholds win levels from the shipped ones on the same cards
(bidding on weaker hands below 1, on stronger above). Both sides are the rule-based player
otherwise, so a row measures the bids alone; seeds make every row reproducible. Prints one
Markdown row per preset and scale, with the 95% interval, for docs/AI.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.arena import Config, arena_samples, mean_ci, run
from engine.rules import PRESETS, preset


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--presets", nargs="*", default=sorted(PRESETS), choices=sorted(PRESETS))
    p.add_argument("--scales", nargs="*", type=float, default=[0.8, 0.9, 1.1, 1.2])
    p.add_argument("--deals", type=int, default=400)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--jobs", type=int, default=1)
    a = p.parse_args()
    print(f"duplicate deals per row: {a.deals}, seed {a.seed}")
    print("| preset | thresholds × | levels/hand vs shipped (95% CI) | points/hand | A won | s |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name in a.presets:
        for scale in a.scales:
            rules = preset(name)
            cfg = Config(rules, f"normal:bids={scale}", "normal", arena_samples(rules), None)
            t0 = time.perf_counter()
            results = run(cfg, a.seed, a.deals, a.jobs)
            lv, lv_ci = mean_ci([r.levels for r in results])
            pt, pt_ci = mean_ci([r.points for r in results])
            won = statistics.fmean(r.won for r in results)
            print(
                f"| {name} | {scale:g} | {lv:+.3f} ({lv - lv_ci:+.3f} .. {lv + lv_ci:+.3f}) "
                f"| {pt:+.1f} ± {pt_ci:.1f} | {100 * won:.1f}% | {time.perf_counter() - t0:.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
