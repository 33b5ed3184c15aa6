"""How soon the table tells who plays like whom (``engine.ai.lean``, ``Style.table_lean``).

Seats 1 and 3 play as ``--others``: ``mimic`` (the open bots' rule model played on the real deal,
a stand-in for their bot) or one of our levels; seats 0 and 2 as ``--ours``. At each of seat 0's
plays the evidence is read as a searching level would read it, and the bench prints, by the
trick it was read at, how often the rollouts give the other side's seats the model (``master``'s
style: the model unless the evidence says our policy) and how often the partner (our policy
unless it says the model), and the time a reading takes.

    python bench/lean_read.py --others hard --deals 20 --seed 21
    python bench/lean_read.py --others mimic --deals 20 --seed 21
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import Action
from engine.ai import AIPlayer, lean, opponent
from engine.ai.fastworld import from_world
from engine.ai.players import BasicPlayer
from engine.ai.sampling import Unseen, real_world
from engine.arena import Config, arena_samples, deals, new_player
from engine.cards import Card
from engine.hand import Hand, Phase, Setup
from engine.rules import PRESETS, preset
from engine.selfplay import Player, play_hand
from engine.views import View

BUCKET = 4  # tricks a row of the table


class Mimic(BasicPlayer):
    """A bot that plays as the open bots' rule bot does: the model's play on the real deal (it
    sees every card, so only benches and tests seat it); its bids are the rule-based ones."""

    def __init__(self, seed: int, hand: Hand) -> None:
        super().__init__(seed)
        self.hand = hand

    def play(self, v: View) -> list[Card]:
        f = from_world(real_world(v, self.hand))
        codes, _ = opponent.choose(f)
        return list(f.tab.names(codes))


def seat(name: str, seed: int, hand: Hand, cfg: Config) -> AIPlayer:
    return Mimic(seed, hand) if name == "mimic" else new_player(name, seed, cfg)


def watch_plays(
    hand: Hand, players: list[AIPlayer], seed: int, watch: Callable[[View], None]
) -> None:
    """Play ``hand`` to its end, calling ``watch`` with seat 0's view before each of its plays
    (the hand then as it stands)."""

    def act(s: int) -> Player:
        def decide(v: View, _rng: random.Random) -> Action | None:
            if s == 0 and v.phase == Phase.PLAY:
                watch(v)
            return players[s].act(v)

        return decide

    play_hand(hand, [act(s) for s in range(4)], random.Random(seed))


def read_hand(
    cfg: Config, deal: tuple[int, int, str], ours: str, others: str
) -> list[tuple[int, float, list[float]]]:
    """One hand: at each of seat 0's plays, (tricks played, seconds, evidence per seat)."""
    seed, dealer, level = deal
    hand = Hand(cfg.rules, Setup(seed, (level,) * 4, dealer))
    players = [seat(others if s % 2 else ours, seed + s, hand, cfg) for s in range(4)]
    out: list[tuple[int, float, list[float]]] = []

    def read(v: View) -> None:
        if v.tricks:
            u = Unseen(v)  # the search builds it in any case
            t = time.perf_counter()
            llr = lean.evidence(v, u, random.Random(seed ^ len(v.tricks)))
            out.append((len(v.tricks), time.perf_counter() - t, llr))

    watch_plays(hand, players, seed, read)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    p.add_argument("--ours", default="hard")
    p.add_argument("--others", default="mimic", help="mimic, or a level of ours")
    p.add_argument("--seed", type=int, default=21)
    p.add_argument("--deals", type=int, default=20)
    a = p.parse_args()
    rules = preset(a.preset)
    cfg = Config(rules, a.ours, a.others, arena_samples(rules), None)
    rows = [r for d in deals(a.seed, a.deals) for r in read_hand(cfg, d, a.ours, a.others)]
    print(f"{a.others} at seats 1 and 3, {a.ours} at 0 and 2, {a.preset}, seed {a.seed}")
    print("tricks   reads  others by the model  partner by the model")
    for lo in range(0, max(r[0] for r in rows) + 1, BUCKET):
        part = [r for r in rows if lo <= r[0] < lo + BUCKET]
        if not part:
            continue
        leans = [lean.lean_of(r[2]) for r in part]
        others = statistics.fmean(bin(x.modelled(0b1010) & 0b1010).count("1") / 2 for x in leans)
        partner = statistics.fmean(bool(x.modelled(0b1010) & 0b0100) for x in leans)
        print(f"{lo:>2}-{lo + BUCKET - 1:<4} {len(part):>6}  {others:>19.2f}  {partner:>20.2f}")
    secs = sorted(r[1] for r in rows)
    print(
        f"a reading: mean {statistics.fmean(secs) * 1000:.1f} ms, "
        f"p95 {secs[int(0.95 * (len(secs) - 1))] * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
