"""The AI behind bots and 托管 (auto-play): one adapter, so the engine's AI drops in.

``make_ai(level, seed).act(view) -> Action | None`` is the engine.ai API. Until engine.ai
exists this falls back to the random-legal player of engine.selfplay.
"""

from __future__ import annotations

import random

from engine.actions import Action
from engine.selfplay import random_player
from engine.views import View

LEVELS = ("random", "easy", "normal", "hard", "master")


class RandomAI:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action | None:
        return random_player(view, self.rng)


def make_ai(level: str = "normal", seed: int = 0) -> RandomAI:
    try:
        from engine.ai import make_player
    except ImportError:
        return RandomAI(seed)
    return make_player(level, seed)  # type: ignore[no-any-return]
