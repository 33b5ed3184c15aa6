"""AI decision times per level on random positions (p50 / p95 / max).

    python bench/ai_bench.py [--preset classic] [--positions 40] [--seed 1] [--levels ...] [--fixed]

Positions are seeded: hands played by the rule-based player, a view of the seat to play taken
at random moments (every phase of the play, early and late). Each level decides every position
with its default settings (``make_player(level)``: the expert's clock and sample cap included);
only the ``act`` call is timed. ``--fixed`` plays the levels as the arena does (a fixed playout
budget, no clock), which measures the search's speed rather than the clock. "choice" counts
the positions with more than one candidate.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import Action
from engine.ai import LEVELS, make_player
from engine.ai.players import BasicPlayer
from engine.arena import Config, arena_samples, new_player
from engine.hand import Hand, Phase, Setup
from engine.rules import PRESETS, preset
from engine.selfplay import play_hand
from engine.views import View


def positions(name: str, n: int, seed: int) -> list[View]:
    rng = random.Random(seed)
    out: list[View] = []
    rules = preset(name)
    while len(out) < n:
        hand = Hand(rules, Setup(rng.getrandbits(63), ("2",) * 4, rng.randrange(4)))
        players = [BasicPlayer(s) for s in range(4)]

        def act(
            v: View, _rng: random.Random, players: list[BasicPlayer] = players
        ) -> Action | None:
            if len(out) >= n:
                raise Enough  # stop this hand here
            if v.phase == Phase.PLAY and rng.random() < 0.15:
                out.append(v)
            assert v.seat is not None
            return players[v.seat].act(v)

        with contextlib.suppress(Enough):
            play_hand(hand, [act] * 4, rng)
    return out


class Enough(Exception):
    """Enough positions have been taken."""


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    p.add_argument("--positions", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--levels", nargs="*", default=list(LEVELS))
    p.add_argument(
        "--fixed",
        action="store_true",
        help="the arena's fixed budget, no clock: the search's cost, whatever the clock allows",
    )
    p.add_argument("--samples", type=int, default=None, help="with --fixed (default: the arena's)")
    args = p.parse_args()
    views = positions(args.preset, args.positions, args.seed)
    choice = sum(1 for v in views if len(v.play_candidates(limit=2)) > 1)
    print(f"preset {args.preset}: {len(views)} positions ({choice} with a choice)")
    for level in args.levels:
        if args.fixed:  # the level as the arena and the round robin play it
            rules = preset(args.preset)
            fixed = Config(rules, level, level, args.samples or arena_samples(rules), None)
            player = new_player(level, args.seed, fixed)
        else:
            player = make_player(level, args.seed)
        times = []
        for v in views:
            start = time.perf_counter()
            player.act(v)
            times.append(time.perf_counter() - start)
        times.sort()
        p50, p95 = times[len(times) // 2], times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"{level:>7}: p50 {1000 * p50:7.1f} ms  p95 {1000 * p95:7.1f} ms  "
            f"max {1000 * times[-1]:7.1f} ms  total {sum(times):6.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
