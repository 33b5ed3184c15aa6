"""AI players: only legal actions in every preset and phase, a View and never a Hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Bury, CallFriend, DealCard, PassBid, Play
from engine.ai import LEVELS, basic, make_player
from engine.ai.memory import knowledge
from engine.ai.players import BasicPlayer, ExpertPlayer, is_legal_play
from engine.bids import Bid
from engine.hand import Hand, Phase, Setup
from engine.rules import PRESETS, preset
from engine.selfplay import play_hand
from engine.views import View, view

PRESET_NAMES = sorted(PRESETS)


def lineup(levels: list[str], seed: int) -> list:
    """Players for the four seats; the search is kept tiny so the suite stays fast."""
    out = []
    for s, level in enumerate(levels):
        if level in ("hard", "master"):
            out.append(ExpertPlayer(seed + s, budget=None, samples=1, level=level))
        else:
            out.append(make_player(level, seed + s))
    return out


def drive(rules_name: str, seed: int, players: list, dealer: int | None = 0) -> tuple[Hand, int]:
    """Play a hand to its end with ``players``; every action must be accepted by the engine.

    Returns the hand and how many decisions were checked.
    """
    rules = preset(rules_name)
    level = random.Random(seed).choice(["2", "5", "T", "K", "A"])
    hand = Hand(rules, Setup(seed, (level,) * 4, dealer))
    checked = 0

    def act(v: View, _rng: random.Random) -> None:
        """Ask the seat's player and apply its action here, so that a refusal raises (the
        engine's driver would fall back to its own choice)."""
        nonlocal checked
        seat = v.seat
        assert seat is not None
        action = players[seat].act(v)
        if action is None:
            assert v.phase == Phase.DEAL and not v.deal_complete
            return
        assert action.seat == seat
        kind = {Bid: "bid", PassBid: "pass-bid", Bury: "bury", CallFriend: "call-friend"}
        assert kind.get(type(action), "play") in v.actions
        if isinstance(action, Play):
            assert is_legal_play(v, action.cards)
        hand.apply(action)  # raises RulesError on an illegal action
        checked += 1

    play_hand(hand, [act] * 4, random.Random(seed))
    return hand, checked


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_level_plays_only_legal_actions(name: str) -> None:
    total = 0
    hands = 1 if preset(name).decks >= 3 else 2  # big hands are slow to search
    for seed in range(hands):
        levels = list(LEVELS[1:]) if seed % 2 == 0 else ["random", "normal", "master", "easy"]
        if hands == 1:
            levels = ["random", "easy", "normal", "hard"]
        hand, checked = drive(name, 100 + seed, lineup(levels, seed), dealer=seed % 4)
        assert hand.outcome is not None
        total += checked
    assert total > 50


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_first_hand_bidding_decides_the_dealer(name: str) -> None:
    hand, _ = drive(name, 7, lineup(["normal"] * 4, 7), dealer=None)
    assert hand.dealer is not None and hand.outcome is not None


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), name=st.sampled_from(PRESET_NAMES))
def test_basic_policy_choices_are_legal_before_any_fallback(seed: int, name: str) -> None:
    """The policy's own choice (not the player's safety net) is legal in every position."""
    rules = preset(name)
    hand = Hand(rules, Setup(seed, ("2",) * 4, seed % 4))
    rng = random.Random(seed)
    players = [BasicPlayer(seed + s) for s in range(4)]
    while hand.phase != Phase.DONE:
        if hand.phase == Phase.PLAY:
            assert hand.turn is not None
            v = view(hand, hand.turn)
            cards = basic.choose_play(knowledge(v))
            assert is_legal_play(v, cards), (name, v.trick, cards)
            if rng.random() < 0.3:  # wander off the policy's line to reach other positions
                cards = rng.choice(v.play_candidates(limit=30))
            hand.apply(Play(hand.turn, tuple(cards)))
            continue
        if hand.phase == Phase.DEAL and not hand.deal_complete:
            hand.apply(DealCard())
        for seat in range(4):
            if hand.phase in (Phase.DEAL, Phase.BURY, Phase.CALL) and hand.actions_for(seat):
                action = players[seat].act(view(hand, seat))
                if action is not None:
                    hand.apply(action)


def test_basic_buries_no_points_when_it_can_help_it() -> None:
    for seed in range(6):
        hand = Hand(preset("classic"), Setup(seed, ("2",) * 4, 0))
        players = [BasicPlayer(s) for s in range(4)]
        while hand.phase == Phase.DEAL:
            if not hand.deal_complete:
                hand.apply(DealCard())
            for seat in range(4):
                if hand.phase == Phase.DEAL and hand.actions_for(seat):
                    a = players[seat].act(view(hand, seat))
                    if a is not None:
                        hand.apply(a)
        v = view(hand, 0)
        cards = basic.bury_choice(v)
        assert len(cards) == v.kitty_size
        trumps = v.trumps
        assert trumps is not None
        spare = [c for c in v.hand if not trumps.is_trump(c) and c[0] not in "5TK"]
        if len(spare) >= v.kitty_size + 4:
            assert not any(trumps.is_trump(c) for c in cards)


@pytest.mark.parametrize("level", LEVELS)
def test_act_refuses_a_hand(level: str) -> None:
    hand = Hand(preset("classic"), Setup(1, ("2",) * 4, 0))
    player = make_player(level, 1)
    with pytest.raises(TypeError):
        player.act(hand)  # type: ignore[arg-type]


def test_unknown_level() -> None:
    with pytest.raises(ValueError):
        make_player("grandmaster")


def test_a_seat_with_nothing_to_do_gets_none() -> None:
    hand = Hand(preset("classic"), Setup(1, ("2",) * 4, 0))
    for _ in range(10):
        hand.apply(DealCard())
    while hand.phase == Phase.DEAL:
        hand.apply(DealCard()) if not hand.deal_complete else hand.apply(PassBid(len(hand.passed)))
    # Burying: only the dealer acts.
    assert hand.phase in (Phase.BURY, Phase.PLAY)
    for level in LEVELS:
        assert lineup([level], 0)[0].act(view(hand, 1)) is None
