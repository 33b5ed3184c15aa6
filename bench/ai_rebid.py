"""Reinforcing a single bid during the deal against reinforcing only after it (issue 36).

    python bench/ai_rebid.py --preset classic --level normal --deals 4000 --seed 13

Duplicate deals (``engine.arena``): A is the level as shipped (``BasicPlayer.reinforce_early``:
it shows its pair as soon as it holds one), B the same level reinforcing only after the deal,
the rule before. Both bid alike until a single of ours stands and we hold the pair, so most
deals play the same; the count of deals whose result differs is printed with the arena's
figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import arena
from engine.ai import AIPlayer
from engine.ai.players import BasicPlayer
from engine.rules import PRESETS, preset

LATE = "-late"
SHIPPED = arena.new_player


def new_player(name: str, seed: int, cfg: arena.Config) -> AIPlayer:
    """``engine.arena.new_player``, and ``LEVEL-late``: that level reinforcing after the deal."""
    player = SHIPPED(name.removesuffix(LATE), seed, cfg)
    if name.endswith(LATE):
        assert isinstance(player, BasicPlayer)  # every level but random bids as basic does
        player.reinforce_early = False
    return player


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    ap.add_argument("--level", default="normal", choices=["easy", "normal", "hard", "master"])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=13)
    a = ap.parse_args(argv)
    arena.new_player = new_player  # one process: the pool's workers would not see the patch
    rules = preset(a.preset)
    cfg = arena.Config(rules, a.level, a.level + LATE, arena.arena_samples(rules), None)
    start = time.perf_counter()
    results = arena.run(cfg, a.seed, a.deals)
    print(arena.report(cfg, results, time.perf_counter() - start))
    differ = sum(1 for r in results if r.levels or r.points or r.won != 0.5)
    print(f"deals whose result differs: {differ} of {len(results)}")


if __name__ == "__main__":
    main()
