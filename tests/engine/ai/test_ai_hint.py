"""Hints: the expert's legal action with a reason in English and Chinese."""

from __future__ import annotations

import random
import re

import pytest

from engine.actions import Bury, DealCard, Play
from engine.ai import hint
from engine.ai.players import BasicPlayer, is_legal_play
from engine.hand import Hand, Phase, Setup
from engine.rules import preset
from engine.selfplay import play_hand
from engine.views import View, view


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


def test_hint_reasons_name_the_cards_in_a_players_words() -> None:
    """Every reason names the cards it suggests, in English and Chinese, and never speaks of the
    search behind it (samples, deals, plays compared)."""
    from engine.ai.hint import short_name
    from engine.cards import card_name

    hand = Hand(preset("classic"), Setup(7, ("2",) * 4, 0))
    players = [BasicPlayer(s) for s in range(4)]
    reasons = 0
    while hand.phase != Phase.DONE and len(hand.tricks) < 3:
        if hand.phase == Phase.DEAL and not hand.deal_complete:
            hand.apply(DealCard())
        for seat in range(4):
            if hand.phase == Phase.DONE or not hand.actions_for(seat):
                continue
            v = view(hand, seat)
            if hand.phase == Phase.PLAY:
                h = hint(v, budget=0.05)
                assert isinstance(h.action, Play)
                for text in (h.reason_en, h.reason_zh):
                    assert not re.search(r"sampl|deals|best of|模拟|次", text), text
                assert any(short_name(c) in h.reason_en for c in h.action.cards), h.reason_en
                assert any(card_name(c, "zh") in h.reason_zh for c in h.action.cards)
                reasons += 1
                hand.apply(h.action)
                continue
            action = players[seat].act(v)
            if action is not None:
                hand.apply(action)
    assert reasons >= 8


def _first_lead(seed: int) -> View:
    hand = Hand(preset("classic"), Setup(seed, ("2",) * 4, 0))
    players = [BasicPlayer(s) for s in range(4)]
    while hand.phase != Phase.PLAY:
        if hand.phase == Phase.DEAL and not hand.deal_complete:
            hand.apply(DealCard())
        for seat in range(4):
            if hand.phase != Phase.PLAY and hand.actions_for(seat):
                action = players[seat].act(view(hand, seat))
                if action is not None:
                    hand.apply(action)
    assert hand.turn is not None
    return view(hand, hand.turn)


def test_a_sure_lead_says_nobody_can_beat_it() -> None:
    from engine.ai.hint import _play_reason
    from engine.ai.memory import knowledge

    v = next(v for v in map(_first_lead, range(1, 60)) if "BJ" in v.hand)
    en, zh = _play_reason(knowledge(v), ["BJ"])
    assert en == "Lead your big joker: nobody can beat it."
    assert zh == "出大王：没人大得过。"


def test_burial_and_call_hints_are_the_hard_players_own_choices(monkeypatch) -> None:
    """The hint is the ``hard`` player's decision in every phase: here its burial and friend
    call are made to differ from the rule-based ones, and the hints follow them."""
    from engine.ai import basic as rules_based
    from engine.ai.players import ExpertPlayer

    def unlikely_burial(_self: ExpertPlayer, v: View) -> tuple[str, ...]:
        return tuple(rules_based.bury_options(v)[-1])

    def unlikely_call(_self: ExpertPlayer, v: View) -> str:
        return rules_based.call_options(v)[-1]

    monkeypatch.setattr(ExpertPlayer, "bury", unlikely_burial)
    monkeypatch.setattr(ExpertPlayer, "call", unlikely_call)
    hand = Hand(preset("find-friend"), Setup(5, ("2",) * 4, 0))
    basic = [BasicPlayer(s) for s in range(4)]
    seen: dict[str, bool] = {}

    def player(v: View, _rng: object) -> object:
        assert v.seat is not None
        if v.phase == "play":
            raise StopIteration  # the burial and the call are what this test is about
        if v.phase in ("bury", "call-friend"):
            expected = ExpertPlayer(budget=None).act(v)
            assert expected != basic[v.seat].act(v)
            seen[v.phase] = hint(v).action == expected
            return expected
        return basic[v.seat].act(v)

    with pytest.raises(StopIteration):
        play_hand(hand, [player] * 4, random.Random(5))
    assert seen == {"bury": True, "call-friend": True}
