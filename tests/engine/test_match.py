"""Matches (engine.match): hands in a row, the next dealer, levels, and the end past A."""

from __future__ import annotations

import json
import random

import pytest

from engine.cards import RANKS
from engine.errors import RulesError
from engine.hand import Phase
from engine.match import Match
from engine.rules import RuleSet, preset
from engine.selfplay import play_hand, random_player


def finish(match: Match, seed: int) -> None:
    play_hand(match.hand, [random_player] * 4, random.Random(seed))


def expected_dealer(rules: RuleSet, dealer: int, partner: int | None, winner: str) -> int:
    """RULES.md §8 (004): attackers win → the seat after the dealer; defenders win → the
    dealer's partner (option: the same dealer; a lone find-friend dealer keeps the deal)."""
    if winner == "attackers":
        return (dealer + 1) % 4
    if rules.defender_win_dealer == "same" or partner is None:
        return dealer
    return partner


@pytest.mark.parametrize(
    "rules",
    [preset("classic"), preset("classic").with_options(defender_win_dealer="same")]
    + [preset(n) for n in ("lianzhong", "find-friend", "one-deck", "chaoshan")],
    ids=["classic", "classic-same", "lianzhong", "find-friend", "one-deck", "chaoshan"],
)
def test_next_dealer_and_levels_through_hands(rules: RuleSet) -> None:
    match = Match(rules, 21)
    winners_seen = set()
    for i in range(6):
        hand = match.hand
        finish(match, i)
        assert hand.outcome is not None and hand.dealer is not None
        outcome = hand.outcome
        partner = hand.partner if hand.partner != hand.dealer else None
        want = expected_dealer(rules, hand.dealer, partner, outcome.winner)
        before = list(match.levels)
        winners = set(outcome.defenders)
        if outcome.winner == "attackers":
            winners = set(range(4)) - winners
        winners_seen.add(outcome.winner)
        match.next_hand()
        if match.over:
            break
        assert match.dealer == want and match.hand.setup.dealer == want
        for s in range(4):
            gain = outcome.levels if s in winners else 0
            want_level = RANKS[min(RANKS.index(before[s]) + gain, RANKS.index(rules.end_level))]
            assert match.levels[s] == want_level
        new = match.hand
        assert new.level == match.levels[want] and new.setup.hand_no == i + 2
        assert new.setup.levels == tuple(match.levels)
    assert winners_seen  # at least one hand was scored


def _play_out(rules: RuleSet, levels: list[str], seed: int) -> tuple[Match, list[str]]:
    match = Match(rules, seed, levels=list(levels), dealer=0)
    results = []
    for i in range(40):
        finish(match, seed * 100 + i)
        outcome = match.hand.outcome
        assert outcome is not None
        results.append(f"{outcome.winner}+{outcome.levels}")
        match.next_hand()
        if match.over:
            break
    return match, results


def test_match_ends_when_a_side_levels_past_a() -> None:
    for seed in range(30):
        match, _ = _play_out(preset("classic"), ["A", "K", "A", "K"], seed)
        if match.over:
            last = match.hands[-1].outcome
            assert last is not None and last.levels >= 1
            side = set(last.defenders)
            if last.winner == "attackers":
                side = set(range(4)) - side
            assert set(match.winners or ()) == side
            assert all(match.levels[s] == "A" for s in side)
            with pytest.raises(RulesError) as e:
                match.next_hand()
            assert e.value.code == "wrong-phase"
            return
    pytest.fail("no match ended")


def test_win_as_defenders_only() -> None:
    rules = preset("classic").with_options(win_as_defenders_only=True)
    checked = False
    for seed in range(40):
        # seats 1 and 3 are at A but attack first: a win past A as attackers does not end it
        match = Match(rules, seed, levels=["K", "A", "K", "A"], dealer=0)
        finish(match, seed)
        outcome = match.hand.outcome
        assert outcome is not None
        match.next_hand()
        if outcome.winner == "attackers" and outcome.levels >= 1:
            assert not match.over and match.levels[1] == match.levels[3] == "A"
            checked = True
        elif outcome.winner == "defenders":
            assert not match.over or match.winners == (0, 2)
    assert checked
    plain = preset("classic")
    for seed in range(40):
        match = Match(plain, seed, levels=["K", "A", "K", "A"], dealer=0)
        finish(match, seed)
        outcome = match.hand.outcome
        assert outcome is not None
        match.next_hand()
        if outcome.winner == "attackers" and outcome.levels >= 1:
            assert match.over and match.winners == (1, 3)
            return
    pytest.fail("no attacker win found")


def test_next_hand_before_the_end_is_refused() -> None:
    match = Match(preset("classic"), 3)
    with pytest.raises(RulesError) as e:
        match.next_hand()
    assert e.value.code == "wrong-phase" and e.value.zh
    assert len(match.hands) == 1


def test_first_hand_has_no_dealer_and_matches_replay_from_the_seed() -> None:
    a, b = Match(preset("classic"), 77), Match(preset("classic"), 77)
    assert a.hand.dealer is None and a.hand.level == "2"
    assert a.hand.deck == b.hand.deck and a.hand.setup == b.hand.setup
    assert Match(preset("classic"), 78).hand.deck != a.hand.deck
    finish(a, 1)
    finish(b, 1)
    a.next_hand()
    b.next_hand()
    assert a.hand.setup == b.hand.setup and a.hand.phase == Phase.DEAL


def test_match_to_dict() -> None:
    match = Match(preset("find-friend"), 5)
    finish(match, 5)
    match.next_hand()
    data = json.loads(json.dumps(match.to_dict()))
    assert data["format"] == "tuolaji-match/1" and data["seed"] == 5
    assert data["rules"]["preset"] == "find-friend" and data["levels"] == match.levels
    assert [h["format"] for h in data["hands"]] == ["tuolaji-hand/1"] * 2
    assert data["winners"] is None
