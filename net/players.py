"""The AI behind bots and 托管 (auto-play): the one place the server picks its AI."""

from __future__ import annotations

from engine.ai import LEVELS, AIPlayer, make_player

__all__ = ["LEVELS", "make_ai"]


def make_ai(level: str = "normal", seed: int = 0) -> AIPlayer:
    return make_player(level, seed)
