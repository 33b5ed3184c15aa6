"""Play fixed seeds through the engine on ``sys.path`` and print digests, one line a part, then
the files its hot modules were loaded from. ``test_compiled_engine.py`` runs it against a pure
and a compiled copy of the engine (``PYTHONPATH``) and compares the lines."""

from __future__ import annotations

import hashlib
import json
import random
import sys

from engine.actions import Action, action_to_dict
from engine.ai import basic, expert, memory, opponent, playout
from engine.ai.players import BasicPlayer
from engine.ai.style import PLAIN, TUNED
from engine.hand import Hand, Phase, Setup
from engine.rules import preset
from engine.selfplay import play_hand
from engine.views import View

PRESETS = ("classic", "four-deck", "three-deck", "find-friend", "chaoshan")


def digest(items: list[str]) -> str:
    return hashlib.sha256("\n".join(items).encode()).hexdigest()[:16]


def hands_and_decisions(name: str, seed: int, every: int) -> tuple[str, list[str]]:
    """A rule-based hand's action log, and searched decisions at every ``every``-th play, in
    turn with the plain style and the levels' own (the model of the open bots rolls out)."""
    hand = Hand(preset(name), Setup(seed, ("5",) * 4, seed % 4))
    players = [BasicPlayer(s) for s in range(4)]
    decisions: list[str] = []
    n = 0

    def act(v: View, _rng: random.Random) -> Action | None:
        nonlocal n
        if hand.phase == Phase.PLAY:
            n += 1
            if n % every == 0:
                style = TUNED if n // every % 2 else PLAIN
                decisions.append(repr(expert.decide(v, None, 3, seed, 6, style)))
        assert v.seat is not None
        return players[v.seat].act(v)

    play_hand(hand, [act] * 4, random.Random(seed))
    return json.dumps([action_to_dict(a) for a in hand.actions]), decisions


def main() -> None:
    for name in PRESETS:
        logs, searched = [], []
        for seed in (1, 2):
            log, decisions = hands_and_decisions(name, seed, 17)
            logs.append(log)
            searched += decisions
        print(f"{name}: hands {digest(logs)}, {len(searched)} searched {digest(searched)}")
    for module in (basic, memory, opponent, playout):
        print(f"loaded {module.__name__} from {module.__file__}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
