"""Hints: the expert's legal action with a reason in English and Chinese."""

from __future__ import annotations

import pytest

from engine.actions import Bury, DealCard, Play
from engine.ai import hint
from engine.ai.players import BasicPlayer, is_legal_play
from engine.hand import Hand, Phase, Setup
from engine.rules import preset
from engine.views import view


def test_hints_in_every_phase() -> None:
    hand = Hand(preset("one-deck"), Setup(21, ("2",) * 4, 0))
    players = [BasicPlayer(s) for s in range(4)]
    kinds = set()
    while hand.phase != Phase.DONE and len(hand.tricks) < 1:
        if hand.phase == Phase.DEAL and not hand.deal_complete:
            hand.apply(DealCard())
        for seat in range(4):
            if hand.phase == Phase.DONE or not hand.actions_for(seat):
                continue
            v = view(hand, seat)
            if hand.phase != Phase.DEAL:
                h = hint(v, budget=0.01)
                assert h.reason_en and h.reason_zh
                kinds.add(type(h.action))
                if isinstance(h.action, Play):
                    assert is_legal_play(v, h.action.cards)
                hand.apply(h.action)
                continue
            action = players[seat].act(v)
            if action is not None:
                hand.apply(action)
    assert {Bury, Play} <= kinds
    idle = hint(view(hand, (hand.turn + 1) % 4 if hand.turn is not None else 1))
    assert idle.action is None and idle.reason_en


def test_hint_refuses_a_hand() -> None:
    with pytest.raises(TypeError):
        hint(Hand(preset("classic"), Setup(1, ("2",) * 4, 0)))  # type: ignore[arg-type]
