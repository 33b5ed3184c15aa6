"""Puzzles (engine/puzzles): the shipped ones rebuild from their records, pass the only-move
rule as recorded, reproduce the verifying judgement, and their answers are checked."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.actions import Play, action_to_dict
from engine.hand import Phase
from engine.lessons.check import cards_text
from engine.puzzles import Puzzle, check, legal, load, position, puzzle_view
from engine.puzzles.judge import MIN_GAIN, VERIFY_DEALS, judge, judge_bury
from engine.puzzles.mine import mine_record
from engine.puzzles.throws import fails, tempting_throws
from engine.records import HandRecord
from engine.shapes import decompose

SHIPPED = Path(__file__).resolve().parents[2] / "resources" / "puzzles" / "classic.jsonl"
PUZZLES = load(SHIPPED)
THEMES = {
    "lead",
    "throw",
    "trump-lead",
    "ruff",
    "winning",
    "point-feeding",
    "ducking",
    "following",
    "endgame",
    "burial",
    "failed-throw",
}


def test_at_least_fifty_shipped_each_an_only_move() -> None:
    assert len(PUZZLES) >= 50
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    for p in PUZZLES:
        assert p.themes and set(p.themes) <= THEMES, p.id
        assert p.deals == VERIFY_DEALS and p.gain >= MIN_GAIN, p.id
        assert p.scores[0][0] == tuple(sorted(p.best)) and len(p.scores) >= 2
        assert p.scores[0][1] - p.scores[1][1] == pytest.approx(p.gain, abs=0.002)
    themes = Counter(t for p in PUZZLES for t in p.themes)
    assert themes["lead"] and themes["endgame"] and themes["burial"], themes


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_each_puzzle_rebuilds_and_is_checked(p: Puzzle) -> None:
    hand = position(p)
    burial = "burial" in p.themes
    assert hand.phase == (Phase.BURY if burial else Phase.PLAY)
    assert hand.pending()[0].seat == p.seat
    v = puzzle_view(p)
    assert sorted(v.hand) == sorted(hand.hands[p.seat].elements())
    right = check(p, p.best)
    assert right.ok and right.en and right.zh
    second = p.scores[1][0]
    wrong = check(p, second)
    assert not wrong.ok, wrong
    if wrong.en.startswith("That throw fails: "):  # the second best: a tempting throw
        assert "failed-throw" in p.themes and wrong.zh.startswith("甩牌失败：")
    else:
        assert "better" in wrong.en and "更好" in wrong.zh, wrong
    held = set(hand.hands[p.seat])
    absent = next(c for c in ("BJ", "SJ", "AS", "AH", "AC", "AD", "2S", "3D") if c not in held)
    refused = check(p, [absent] * len(p.best))
    assert not refused.ok and "do not hold" in refused.en
    assert legal(p, p.best) and legal(p, second) and not legal(p, [absent] * len(p.best))


def test_the_verifying_judgement_stands_from_the_view_alone() -> None:
    """The judgement reads the seat's view only (sampled deals, never the hidden hands) and is
    a function of it: from the rebuilt view and the verifying stream the best play is the one
    shipped, still an only move (an AI change that breaks this means re-verifying the file)."""
    burial = next(p for p in PUZZLES if "burial" in p.themes)
    for p in (PUZZLES[0], burial):
        how = judge_bury if p is burial else judge
        j = how(puzzle_view(p), VERIFY_DEALS, 1)
        assert j is not None and j.only and j.best == tuple(sorted(p.best))
        assert how(puzzle_view(p), VERIFY_DEALS, 1) == j


def test_a_players_own_hand_is_mined_for_its_seat() -> None:
    """``mine_record`` on a hand's record (here a shipped puzzle's, its best play made) judges
    the seat asked for and finds that puzzle again."""
    shipped = PUZZLES[0]
    made = action_to_dict(Play(shipped.seat, shipped.best))
    record = {**shipped.record, "actions": [*shipped.record["actions"], made]}
    found = mine_record(HandRecord.from_dict(record), seats=(shipped.seat,), kinds=("play",))
    assert all(z["seat"] == shipped.seat for z in found)
    again = next(z for z in found if z["id"] == shipped.id)
    assert again["best"] == sorted(shipped.best) and again["themes"] == list(shipped.themes)


def test_tempting_throws_and_how_one_fails() -> None:
    """A lead's tempting throws are leads the rules take, each the top cards of one suit in
    two units or more; one that fails against the real hands is a wrong answer that says who
    beats which part and what is led alone."""
    told = 0
    for p in PUZZLES:
        v = puzzle_view(p)
        if v.trick or v.phase == "bury":
            continue
        trumps = v.trumps
        assert trumps is not None
        hand = position(p)
        for throw in tempting_throws(v):
            suit = trumps.suit(throw[0])
            assert len(decompose(throw, trumps)) >= 2 and {trumps.suit(c) for c in throw} == {suit}
            # the suit's highest cards (level cards of other suits rank alike)
            held = sorted(trumps.position(c) for c in v.hand if trumps.suit(c) == suit)
            assert [trumps.position(c) for c in throw] == held[::-1][: len(throw)]
            assert legal(p, throw)
            failed = fails(hand, p.seat, throw)
            if failed is None or failed.beater is None:
                continue
            verdict = check(p, throw)
            beater_en, beater_zh = cards_text(trumps.sorted(failed.beater))
            forced_en, _ = cards_text(trumps.sorted(failed.forced))
            assert not verdict.ok, p.id
            assert verdict.en.startswith("That throw fails: ") and beater_en in verdict.en
            assert f"so you lead {forced_en} alone" in verdict.en
            assert verdict.zh.startswith("甩牌失败：") and beater_zh in verdict.zh
            told += 1
    assert told >= 3


def test_a_throw_puzzles_judgement_stands_from_the_view_alone() -> None:
    """A throw puzzle is judged with the lead's tempting throws beside the search's candidates:
    from the rebuilt view and the verifying stream, the best play is the one shipped."""
    p = next(p for p in PUZZLES if "failed-throw" in p.themes)
    v = puzzle_view(p)
    j = judge(v, VERIFY_DEALS, 1, extra=tempting_throws(v))
    assert j is not None and j.only and j.best == tuple(sorted(p.best))


def test_the_throw_puzzles_shipped() -> None:
    """Throw puzzles (甩牌): a "throw" puzzle's answer is a throw that stands against the real
    hands; a "failed-throw" one has a tempting throw that fails there, and its answer is not
    that throw."""
    throws = [p for p in PUZZLES if "throw" in p.themes or "failed-throw" in p.themes]
    assert throws
    for p in throws:
        v = puzzle_view(p)
        hand = position(p)
        assert v.trumps is not None and not v.trick
        if "throw" in p.themes:
            assert len(decompose(p.best, v.trumps)) >= 2 and fails(hand, p.seat, p.best) is None
        if "failed-throw" in p.themes:
            failing = [t for t in tempting_throws(v) if fails(hand, p.seat, t) is not None]
            assert failing and sorted(p.best) not in [sorted(t) for t in failing], p.id
