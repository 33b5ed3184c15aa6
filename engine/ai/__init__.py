"""AI players for every preset and every decision, and hints for a human player.

    make_player(level, seed).act(view) -> Action | None
    hint(view) -> Hint(action, reason_en, reason_zh)

Levels: ``random`` (uniform legal actions), ``easy`` (rule-based with occasional random plays),
``normal`` (rule-based, ``engine.ai.basic``), ``hard`` (the rule-based play unless a
determinized Monte Carlo search nominates another and a paired re-check confirms it,
``engine.ai.expert``), ``master`` (the same with a larger budget, the other side rolled out by a
model of the open bots and an unseen kitty dealt as a burial: ``engine.ai.style``). A player
sees only its
seat's ``View``. Search is a pure function of the view: call it off the UI thread (an executor
or a worker process). See docs/AI.md.
"""

from __future__ import annotations

from typing import Protocol

from engine.actions import Action
from engine.views import View

from .expert import DEFAULT_BUDGET, MASTER_BUDGET, MAX_SAMPLES
from .hint import Hint, hint
from .players import BasicPlayer, ExpertPlayer, RandomPlayer

LEVELS = ("random", "easy", "normal", "hard", "master")
EASY_MISTAKES = 0.2


class AIPlayer(Protocol):
    level: str

    def act(self, view: View) -> Action | None: ...


def make_player(level: str = "normal", seed: int = 0) -> AIPlayer:
    """A player of one difficulty level (``LEVELS``); ``seed`` fixes its random choices."""
    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        return BasicPlayer(seed, mistakes=EASY_MISTAKES)
    if level == "normal":
        return BasicPlayer(seed)
    if level == "hard":
        return ExpertPlayer.of("hard", seed, DEFAULT_BUDGET, MAX_SAMPLES)
    if level == "master":
        return ExpertPlayer.of("master", seed, MASTER_BUDGET, MAX_SAMPLES)
    raise ValueError(f"unknown AI level {level!r}; expected one of {', '.join(LEVELS)}")


__all__ = ["LEVELS", "AIPlayer", "Hint", "hint", "make_player"]
