"""Fixed seeds give fixed games: a guard for speed work on the AI's hot path.

The digests below must not move when the hot path is made faster (a compiled build included).
The rule-based hands were recorded in their JSON form on the engine's one hand driver, and the
code from before the playout speed-ups (cached card values and suit lengths) gives the same. A
deliberate change of the rule-based policy or the search changes them: then record the new
values, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random

from test_ai_sampling import positions

from engine.actions import action_to_dict
from engine.ai import expert
from engine.ai.players import BasicPlayer
from engine.hand import Hand, Setup
from engine.rules import preset
from engine.selfplay import play_hand

BASIC_HANDS = "2f174ae789b90ee4"
SEARCHED = "6ee1de975e6e2731"


def digest(items: list[str]) -> str:
    return hashlib.sha256("\n".join(items).encode()).hexdigest()[:16]


def test_rule_based_hands_are_unchanged() -> None:
    logs = []
    for name in ("classic", "four-deck", "chaoshan", "find-friend"):
        for seed in (1, 2):
            hand = Hand(preset(name), Setup(seed, ("5",) * 4, seed % 4))
            players = [BasicPlayer(s) for s in range(4)]
            play_hand(hand, [lambda v, _r, p=p: p.act(v) for p in players], random.Random(seed))
            logs.append(json.dumps([action_to_dict(a) for a in hand.actions]))
    assert digest(logs) == BASIC_HANDS


def test_searched_decisions_are_unchanged() -> None:
    """Two three-deck decisions in which a nominee was re-checked."""
    found = positions("three-deck", 4, every=13)
    decisions = [expert.decide(v, None, 4, seed=1, confirm=12) for _t, v in found[0:3:2]]
    assert all(d.check is not None for d in decisions)
    assert digest([repr(d) for d in decisions]) == SEARCHED
