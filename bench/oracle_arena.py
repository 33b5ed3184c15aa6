"""The ceiling of inference in whole hands: a searching level that sees every hand.

Issue 36's lever 1 asks for its ceiling first: ``master`` given the true hands in every world.
``bench/ai_decisions.py`` measures it one decision at a time; this bench plays whole hands.
Seats A play as ``--a`` (a searching level, with its knobs) except that every play's search
runs on the real deal (the other hands and the kitty as they are) instead of deals drawn from
the seat's view; its bids, burials and friend calls are the level's own. Seats B play ``--b``.
Duplicate deals as in the arena (``engine.arena.deals``), so a run pairs deal by deal with an
arena run of ``--a`` against ``--b`` on the same seed: the difference is what seeing every hand
is worth to the search's plays, the most a better drawing of the deals could give it.

    python bench/oracle_arena.py --preset classic --a master --b hard --seed 11 --deals 100 \\
        --out build/oracle.jsonl [--pair bench/results/ai_roundrobin-v3-seed11.jsonl]

Every finished deal is appended to ``--out`` (a run resumes where it stopped); ``--pair`` reads
the round robin's rows of the same levels (without knobs) and prints the paired difference.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import AIPlayer
from engine.ai.expert import MIN_CONFIRM, MIN_SAMPLES, decide_on
from engine.ai.fastworld import from_world
from engine.ai.players import ExpertPlayer, level_samples
from engine.ai.sampling import real_world
from engine.arena import (
    Config,
    arena_samples,
    deals,
    mean_ci,
    new_player,
    parse_player,
    play_seatings,
)
from engine.cards import Card
from engine.hand import Hand
from engine.rules import PRESETS, preset
from engine.views import View


class Seer(ExpertPlayer):
    """A searching level whose plays are searched on ``hand``'s real deal: with one world, and
    every rollout deterministic, a few deals and the shortest re-check find the candidate that
    does best there (``MIN_SAMPLES``, ``MIN_CONFIRM``)."""

    hand: Hand

    def play(self, v: View) -> list[Card]:
        world = from_world(real_world(v, self.hand))  # the search's playouts leave it as it is
        d = decide_on(v, lambda: world, lambda: world, None, MIN_SAMPLES, MIN_CONFIRM, self.style)
        return list(d.cards)


def play_deal(cfg: Config, deal: tuple[int, int, str]) -> dict[str, float]:
    """Both seatings of one deal, A's seats seeing every hand: the arena's figures for A."""
    spec = parse_player(cfg.a)

    def player(a: bool, seed: int, hand: Hand) -> AIPlayer:
        if not a:
            return new_player(cfg.b, seed, cfg)
        samples = level_samples(spec.level, cfg.samples)
        seer = Seer(seed, None, samples, spec.level, spec.style)
        seer.hand = hand
        return seer

    r = play_seatings(cfg, deal, player)
    return {"levels": r.levels, "points": r.points, "won": r.won}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    p.add_argument("--a", default="master", help="the level that sees every hand")
    p.add_argument("--b", default="hard")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--pair", type=Path, help="a round robin file with rows of --a against --b")
    a = p.parse_args()
    rules = preset(a.preset)
    cfg = Config(rules, a.a, a.b, arena_samples(rules), None)
    done = {}
    if a.out.exists():
        done = {r["deal"]: r for r in map(json.loads, a.out.read_text().splitlines())}
    for i, deal in enumerate(deals(a.seed, a.deals)):
        if i in done:
            continue
        t = time.perf_counter()
        row = {"deal": i, **play_deal(cfg, deal), "secs": round(time.perf_counter() - t, 1)}
        with a.out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        done[i] = row
    rows = [done[i] for i in sorted(done) if i < a.deals]
    m, h = mean_ci([r["levels"] for r in rows])
    print(
        f"{a.a} seeing every hand - {a.b}, {a.preset}, seed {a.seed}: {len(rows)} deals, "
        f"{m:+.3f} ± {h:.3f} levels a hand"
    )
    if a.pair:
        level = parse_player(a.a).level  # the round robin's rows are of the plain levels
        theirs = {}
        for line in a.pair.read_text().splitlines():
            r = json.loads(line)
            if (r["preset"], r["a"], r["b"], r["seed"]) == (a.preset, level, a.b, a.seed):
                theirs[r["deal"]] = r["levels"]
        both = [r for r in rows if r["deal"] in theirs]
        if len(both) > 1:
            m, h = mean_ci([r["levels"] - theirs[r["deal"]] for r in both])
            same = f"the round robin's {level} - {a.b}"
            print(f"paired with {same}: {len(both)} deals, {m:+.3f} ± {h:.3f}")


if __name__ == "__main__":
    main()
