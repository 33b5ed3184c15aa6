"""What a play is called as it lands (RULES.md §2): the words a table says out loud and the
highlight a play gets. Pure classification of plays already made legal by the engine."""

from __future__ import annotations

from typing import Literal

from engine.cards import Card
from engine.errors import RulesError
from engine.leads import lead_shape
from engine.order import Trumps
from engine.rules import RuleSet
from engine.shapes import decompose
from engine.tricks import standing

CallOut = Literal["pair", "tractor", "throw", "ruff", ""]
Flash = Literal["tractor", "trump", ""]


def call_out(
    plays: list[tuple[Card, ...]], trumps: Trumps, rules: RuleSet, thrown: bool = False
) -> CallOut:
    """The call-out a trick's newest play earns: a lead of one pair 一对, of one tractor 拖拉机,
    or of several parts 甩牌 (also a throw that failed, ``thrown``, which leaves one part on
    the table); a trump that takes the lead of an off-suit trick 毙 (a ruff or an over-ruff).
    Empty for anything else (a single lead, a follow that does not take the lead by trumping)."""
    try:
        shape = lead_shape(plays[0], trumps, rules)
        if len(plays) == 1:
            if thrown or len(shape) > 1:
                return "throw"
            size, length = shape[0]
            return "tractor" if length >= 2 else "pair" if size == 2 else ""
        st = standing(plays, shape, trumps)
    except (AssertionError, RulesError, KeyError, ValueError):
        return ""  # not a lead the rules allow: nothing to call
    return "ruff" if st.ruff and st.index == len(plays) - 1 else ""


def flash(cards: tuple[Card, ...], trumps: Trumps | None) -> Flash:
    """The short highlight a play gets: "tractor" when a tractor is in it, else "trump" when it
    is all trumps (trumps unknown during the deal: nothing)."""
    if trumps is None or not cards:
        return ""
    try:
        if any(c.length >= 2 for c in decompose(list(cards), trumps)):
            return "tractor"
    except (AssertionError, KeyError, ValueError):
        pass  # cards of several suits: no tractor among them
    return "trump" if all(trumps.is_trump(c) for c in cards) else ""
