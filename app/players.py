"""The one adapter between the app and the AI players.

``engine.ai`` (``make_player``, ``hint``, ``LEVELS``) is used when it is importable; until then
(or if it fails to import) a seeded random-legal player stands in, and the hint is the first
legal candidate. Everything here runs in a worker thread: it only reads the ``View`` it is given.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any, Protocol

from engine.actions import Action, Play
from engine.selfplay import random_player
from engine.views import View

log = logging.getLogger(__name__)


class Player(Protocol):
    def act(self, view: View) -> Action | None: ...


@dataclass(frozen=True)
class Hint:
    action: Action | None
    reason_en: str
    reason_zh: str


def _ai() -> Any | None:
    try:
        import engine.ai as ai
    except Exception as e:  # a missing or half-written module must not take the table down
        log.info("engine.ai unavailable (%s); using random players", e)
        return None
    return ai if hasattr(ai, "make_player") else None


class RandomPlayer:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def act(self, view: View) -> Action | None:
        return random_player(view, self._rng)


def levels() -> tuple[str, ...]:
    ai = _ai()
    return tuple(getattr(ai, "LEVELS", ("random",))) if ai else ("random",)


def make_player(level: str, seed: int) -> Player:
    ai = _ai()
    if ai is None or level == "random":
        return RandomPlayer(seed)
    try:
        return ai.make_player(level=level, seed=seed)
    except Exception as e:
        log.warning("engine.ai.make_player(%r) failed (%s); using a random player", level, e)
        return RandomPlayer(seed)


def hint(view: View) -> Hint:
    ai = _ai()
    if ai is not None and hasattr(ai, "hint"):
        try:
            h = ai.hint(view)
            return Hint(h.action, h.reason_en, h.reason_zh)
        except Exception as e:
            log.warning("engine.ai.hint failed (%s)", e)
    cands = view.play_candidates(limit=1)
    if not cands or view.seat is None:
        return Hint(None, "", "")
    return Hint(Play(view.seat, tuple(cands[0])), "a legal play", "一手合法的牌")
