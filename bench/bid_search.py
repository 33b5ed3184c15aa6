"""Bids searched while the cards come against the rule's bids (issue 36, ``engine.ai.bidsearch``).

    python bench/bid_search.py --preset classic --deals 200 --samples 80 --seed 11

Duplicate deals (``engine.arena``): A is ``normal`` bidding by the search (``BidSearcher``, its
worlds played on by the rule, the very players at the table: the search's model is exact but for
the cards it cannot see), B ``normal`` as shipped. The two sides play alike until the search
leaves the rule's bid, so the count of deals whose result differs is printed with the arena's
figures. ``--samples``: worlds per option to nominate (the re-check takes up to five times as
many), as ``master``'s 80 on classic in the arena.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import arena
from engine.ai import AIPlayer
from engine.ai.bidsearch import BidSearcher, bid_options
from engine.ai.players import BasicPlayer
from engine.bids import Bid
from engine.rules import PRESETS, preset
from engine.views import View

SEARCHED = "normal-sbids"
SHIPPED = arena.new_player
TALLY: Counter[str] = Counter()


class Counting(BidSearcher):
    """Counts the searches and those whose choice left the rule's."""

    def bid(self, v: View) -> Bid | None:
        held = self._held
        out = super().bid(v)
        if self._held is not held and self._held is not None:
            TALLY["searches"] += 1
            TALLY["left the rule"] += self._held[2] != bid_options(v)[0]
        return out


def new_player(name: str, seed: int, cfg: arena.Config) -> AIPlayer:
    """``engine.arena.new_player``, and ``normal-sbids``: ``normal`` with searched bids."""
    if name != SEARCHED:
        return SHIPPED(name, seed, cfg)
    player = SHIPPED("normal", seed, cfg)
    assert isinstance(player, BasicPlayer)
    player.bidder = Counting(BasicPlayer(seed).act, cfg.samples, seed)
    return player


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--samples", type=int, default=80)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args(argv)
    arena.new_player = new_player  # one process: the pool's workers would not see the patch
    cfg = arena.Config(preset(a.preset), SEARCHED, "normal", a.samples, None)
    start = time.perf_counter()
    results = arena.run(cfg, a.seed, a.deals)
    print(arena.report(cfg, results, time.perf_counter() - start))
    differ = sum(1 for r in results if r.levels or r.points or r.won != 0.5)
    print(f"deals whose result differs: {differ} of {len(results)}")
    print(f"searched bids: {TALLY['searches']}, the rule's choice left in {TALLY['left the rule']}")


if __name__ == "__main__":
    main()
