"""The exact endgame: alpha-beta agrees with plain minimax over the same moves, and the search's
solver (a table at trick boundaries, equivalent cards merged) with alpha-beta."""

from __future__ import annotations

import math

import pytest
from test_ai_sampling import positions

from engine.ai import expert
from engine.ai.endgame import Memo, applies, merged, moves, solve, solve_memo
from engine.ai.fastworld import Deal, Fast, from_world
from engine.ai.sampling import facts, world_from


def minimax(f: Fast, seat: int) -> float:
    """Every line of play, no pruning."""
    if f.over():
        return f.utility(seat)
    values = []
    for codes, shape in moves(f):
        g = f.copy()
        g.play(list(codes), shape)
        values.append(minimax(g, seat))
    return max(values) if f.defending(f.turn()) == f.defending(seat) else min(values)


@pytest.mark.parametrize("name", ["classic", "find-friend", "three-deck", "one-deck"])
def test_alpha_beta_agrees_with_minimax_on_the_real_deal(name: str) -> None:
    solved = 0
    for seed in (1, 2, 3, 4):
        for truth, v in positions(name, seed, every=1):
            f = facts(v)
            real = from_world(world_from(v, truth.hands, (), truth.partner, f.played, f.voids))
            if not applies(real):
                continue
            assert v.seat is not None
            value = solve(real.copy(), v.seat)
            assert math.isclose(value, minimax(real.copy(), v.seat))
            # A zero-sum game: the other side's value is ours, negated.
            other = next(s for s in range(4) if real.defending(s) != real.defending(v.seat))
            assert math.isclose(solve(real.copy(), other), -value)
            solved += 1
    assert solved >= 20


def test_the_solver_leaves_the_deal_as_it_was() -> None:
    truth, v = next((t, v) for t, v in positions("classic", 5, every=1) if len(v.hand) <= 3)
    f = facts(v)
    real = from_world(world_from(v, truth.hands, (), truth.partner, f.played, f.voids))
    before = (list(real.size), [list(h) for h in real.hands], list(real.won))
    assert v.seat is not None
    solve(real, v.seat)
    assert (list(real.size), [list(h) for h in real.hands], list(real.won)) == before


def test_the_search_values_late_plays_by_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``expert.ENDGAME`` on, a play whose deal is small enough is worth its solved value."""
    monkeypatch.setattr(expert, "ENDGAME", True)
    checked = 0
    for truth, v in positions("classic", 6, every=1):
        f = facts(v)
        real = from_world(world_from(v, truth.hands, (), truth.partner, f.played, f.voids))
        assert v.seat is not None
        for cards in expert.candidates(v):
            play = real.tab.of(cards)
            after = real.copy()
            after.play(list(play))
            if applies(after):
                assert expert._playout(real, play, v.seat) == solve(after, v.seat)
                checked += 1
    assert checked >= 5


def real_positions(name: str, seeds: range, cards: int) -> list[tuple[Fast, int]]:
    """The true deals of rule-based hands once no hand holds more than ``cards`` cards."""
    out = []
    for seed in seeds:
        for truth, v in positions(name, seed, every=1):
            f = facts(v)
            real = from_world(world_from(v, truth.hands, (), truth.partner, f.played, f.voids))
            assert v.seat is not None
            if max(real.size) <= cards:
                out.append((real, v.seat))
    return out


@pytest.mark.parametrize("name", ["classic", "find-friend", "three-deck", "one-deck"])
@pytest.mark.parametrize("cards", [3, 4])
def test_the_table_and_merged_cards_keep_the_value(name: str, cards: int) -> None:
    """The points-to-come search with its table and merged cards gives alpha-beta's utility,
    and leaves the deal as it was."""
    reals = real_positions(name, range(1, 4), cards)
    assert len(reals) >= 12
    for real, seat in reals:
        before = (list(real.size), [list(h) for h in real.hands], list(real.won), real.penalty)
        value = solve_memo(real, seat, {})
        assert after_state(real) == before
        assert math.isclose(value, solve(real.copy(), seat)), (name, seat)


def after_state(f: Fast) -> tuple[list[int], list[list[int]], list[int], int]:
    return list(f.size), [list(h) for h in f.hands], list(f.won), f.penalty


def test_merged_cards_play_alike() -> None:
    """Every single card ``merged`` drops is worth exactly what the card kept for it is worth,
    at every node of the solved endgames; and some are dropped."""
    dropped = 0

    def walk(f: Fast, seat: int) -> None:
        nonlocal dropped
        if f.over():
            return
        options = moves(f)
        kept = [c for c, _ in merged(f, options)]
        value = {}
        for codes, shape in options:
            g = f.copy()
            g.play(list(codes), shape)
            value[tuple(codes)] = solve(g, seat)
            walk(g, seat)
        for codes, _ in options:
            if codes not in kept:
                rep = max(k for k in kept if len(k) == 1 and k[0] < codes[0])
                assert f.tab.suit[rep[0]] == f.tab.suit[codes[0]]
                assert value[tuple(codes)] == value[tuple(rep)]
                dropped += 1

    for real, seat in real_positions("classic", range(1, 3), 3):
        walk(real, seat)
    assert dropped >= 10


def test_one_table_serves_every_candidate_of_a_deal() -> None:
    """The search's table is kept across the candidates of a sampled deal: each candidate gets
    the value a fresh table gives, the later ones find entries, and a new deal starts afresh."""
    endgame_cards = 4
    reused = 0
    for truth, v in positions("classic", 7, every=1):
        f = facts(v)
        real = from_world(world_from(v, truth.hands, (), truth.partner, f.played, f.voids))
        if max(real.size) > endgame_cards:
            continue
        assert v.seat is not None
        memo = Memo()
        for cards in expert.candidates(v):
            after = real.copy()
            after.play(list(real.tab.of(cards)))
            table = memo.for_deal(real.deal)
            known = len(table)
            assert solve_memo(after, v.seat, table) == solve_memo(after, v.seat, {})
            reused += known > 0
        other = real.copy()
        other.deal = Deal(real.deal.rules, real.tab, (), real.dealer, real.partner, -1)
        assert memo.for_deal(other.deal) == {}
    assert reused >= 5


def test_the_search_uses_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """``expert._playout`` with a table is worth the plain solver's value."""
    monkeypatch.setattr(expert, "ENDGAME", True)
    checked = 0
    for real, seat in real_positions("find-friend", range(6, 8), 3):
        memo = Memo()
        for codes, shape in moves(real):
            after = real.copy()
            after.play(list(codes), shape)
            assert expert._playout(real, list(codes), seat, memo) == solve(after, seat)
            checked += 1
    assert checked >= 5
