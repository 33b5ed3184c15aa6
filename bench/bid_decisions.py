"""How many bidding decisions a hand offers, and how the rule-based bids use them: the room a
searched bid would have (issue 36, docs/AI.md "Bidding decisions a hand").

    python bench/bid_decisions.py --deals 300
    python bench/bid_decisions.py --presets classic --deals 1000 --seed 11

The arena's deals (``engine.arena.deals``: a fixed dealer, as every hand after a match's
first), four ``normal`` players, who bid as ``hard`` and ``master`` do. Counted per hand, for
one seat's decisions: while the cards come, the offers of a bid (a card after which the seat
could bid) and the bids made; after the deal, the decisions with a legal bid (bid or pass) and
the bids made, and of those the decisions with more than one legal bid. Prints one Markdown
row per preset.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import Action
from engine.ai import AIPlayer, make_player
from engine.arena import deals, play_one
from engine.bids import Bid
from engine.hand import Phase, Setup
from engine.rules import PRESETS, preset
from engine.views import View


class Counting:
    """A player that counts the bidding decisions it is offered and what it did with them."""

    level = "normal"

    def __init__(self, player: AIPlayer, tally: Counter[str]) -> None:
        self.player = player
        self.tally = tally

    def act(self, v: View) -> Action | None:
        action = self.player.act(v)
        if v.phase == Phase.DEAL and v.legal_bids:
            when = "after" if v.deal_complete else "during"
            self.tally[f"{when} offers"] += 1
            self.tally[f"{when} bids"] += isinstance(action, Bid)
            if v.deal_complete and len(v.legal_bids) > 1:
                self.tally["after choices"] += 1
        return action


def tally(name: str, seed: int, n: int) -> Counter[str]:
    """The counts over ``n`` arena deals of ``seed`` on preset ``name``; ``logged bids``: the
    bids in the hands' own logs, which the counted bids must equal."""
    rules = preset(name)
    out: Counter[str] = Counter()
    for hand_seed, dealer, level in deals(seed, n):
        players = [Counting(make_player("normal", hand_seed + s), out) for s in range(4)]
        hand = play_one(rules, Setup(hand_seed, (level,) * 4, dealer), players, [[], [], [], []])
        out["logged bids"] += sum(isinstance(a, Bid) for a in hand.actions)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--presets", nargs="*", default=sorted(PRESETS), choices=sorted(PRESETS))
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=11)
    a = p.parse_args()
    print(f"hands per row: {a.deals}, seed {a.seed}; figures per hand (four seats)")
    print(
        "| preset | offers during the deal | bids during | decisions after the deal "
        "| bids after | after, more than one bid legal |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for name in a.presets:
        t = tally(name, a.seed, a.deals)
        n = a.deals
        print(
            f"| {name} | {t['during offers'] / n:.2f} | {t['during bids'] / n:.2f} "
            f"| {t['after offers'] / n:.2f} | {t['after bids'] / n:.2f} "
            f"| {t['after choices'] / n:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
