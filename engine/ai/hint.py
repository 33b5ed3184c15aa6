"""Hints: the expert's suggestion for a human seat, with a one-line reason (English, Chinese)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action
from engine.views import View


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action | None
    reason_en: str
    reason_zh: str


def hint(view: View) -> Hint:
    from .players import ExpertPlayer

    action = ExpertPlayer().act(view)
    return Hint(action, "", "")
