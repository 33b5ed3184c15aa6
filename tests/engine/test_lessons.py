"""The lessons (engine/lessons): every level's position can happen under the engine's rules,
its right answer is accepted and its wrong answers are refused with a reason in both languages."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cards import parse_cards
from engine.lessons import (
    BID,
    BURY,
    CHOICE,
    PLAY,
    STAGES,
    TABLE,
    Level,
    Verdict,
    check,
    right_choice,
    table,
)

LEVELS = [lv for st in STAGES for lv in st.levels]


def _answer(level: Level, text: str) -> int | list[str]:
    return int(text) if level.task == CHOICE else parse_cards(text)


def _worded(v: Verdict) -> bool:
    return bool(v.en.strip()) and bool(v.zh.strip()) and "{" not in v.en + v.zh


def test_the_stages_cover_the_brief() -> None:
    keys = [st.key for st in STAGES]
    assert keys == [
        "cards",
        "trumps",
        "follow",
        "pairs",
        "tractors",
        "ruffing",
        "throws",
        "bidding",
        "scoring",
        "strategy",
        "variants",
        "guided",
    ]
    assert len({lv.key for lv in LEVELS}) == len(LEVELS), "level keys are unique"
    assert all(st.levels and all(st.title) and all(st.intro) for st in STAGES)
    # the variants' levels are played under the presets whose rules differ
    presets = {lv.position.preset for lv in STAGES[keys.index("variants")].levels}
    assert presets == {"chaoshan", "four-deck"}
    assert STAGES[-1].levels[-1].task == TABLE


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv.task != TABLE], ids=lambda lv: lv.key)
def test_each_level_is_legal_and_checked_by_the_engine(level: Level) -> None:
    pos = level.position
    t = table(pos)  # raises if a play on the table breaks a rule or a card is over-counted
    if level.task == PLAY:
        sizes = {len(pos.hand(s)) for s in range(4)}
        assert len(sizes) == 1, "every seat holds as many cards when the trick begins"
        assert t.seats == [(pos.leader + i) % 4 for i in range(len(pos.plays))]
    if level.task == BURY:
        assert len(pos.hand(0)) == pos.rules.hand_size + pos.rules.kitty_size
    if level.task == BID:
        assert pos.bid is not None and pos.bid[0] != 0
    assert all(all(text) for text in level.choices)
    right = check(level, _answer(level, level.solution))
    assert right.ok and _worded(right), right
    assert level.wrong, "at least one wrong answer is tried"
    for wrong in level.wrong:
        v = check(level, _answer(level, wrong))
        assert not v.ok and _worded(v), (wrong, v)
        assert (v.en, v.zh) != (right.en, right.zh) or level.task == CHOICE


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv.task == CHOICE], ids=lambda lv: lv.key)
def test_choices_are_answered_by_the_engine(level: Level) -> None:
    index, why = right_choice(level)
    assert 0 <= index < len(level.choices)
    assert str(index) == level.solution
    assert all(why)
    wrong = check(level, (index + 1) % len(level.choices))
    assert not wrong.ok and wrong.en.startswith("Not quite.") and why[0] in wrong.en


def _level(key: str) -> Level:
    return next(lv for lv in LEVELS if lv.key == key)


def test_wrong_answers_are_explained_in_a_players_words() -> None:
    # a failed throw: the engine judges it against the others' hands and names the forced part
    v = check(_level("throw"), parse_cards("AH AH KH QH"))
    assert v.en == "The throw fails: another player can beat Q♥; you must play Q♥."
    # a trump pair ruffs a pair; two single trumps are a discard
    v = check(_level("ruff-pair"), parse_cards("9S QS"))
    assert "still wins the trick with K♦ K♦" in v.en and "ruff must match" in v.en
    # a lead that an opponent can beat: who, and with what
    v = check(_level("pairs-lead"), parse_cards("9H 9H"))
    assert v.en == "Not safe: the player on your right can beat it with K♥ K♥."
    assert v.zh == "不保险：下家可以用红桃K 红桃K大过它。"
    # the engine's refusal of an illegal follow, as a sentence
    v = check(_level("tractors-follow"), parse_cards("4H 4H 9H 5H"))
    assert v.en == "You hold a tractor in ♥ and must play it."
    # points fed to the other side, against the cheapest legal follow
    v = check(_level("others-winning"), ["KD"])
    assert "you gave them 10 points; 6♦ gives them 0" in v.en
    # cards the learner does not hold
    v = check(_level("ruff"), ["AS"])
    assert (v.ok, v.en, v.zh) == (False, "You do not hold A♠.", "你手里没有 A♠。")
    # the burial's count comes from the rule set
    v = check(_level("bury"), parse_cards("9C 8C"))
    assert v.en == "Bury exactly 8 cards (you chose 2)."


def test_a_position_that_breaks_the_rules_is_refused() -> None:
    from dataclasses import replace

    from engine.errors import RulesError

    follow = _level("follow-suit").position
    with pytest.raises(RulesError):  # a heart on a club lead from a hand holding A♣
        table(replace(follow, hands=(*follow.hands[:3], "3C 9H 4C 6C"), plays=("3C", "4H")))
    with pytest.raises(ValueError, match="copies"):
        table(replace(follow, hands=("AC AC AC 4H", *follow.hands[1:])))
    throw = _level("throw-failed").position
    with pytest.raises(ValueError, match="failed throw"):
        table(replace(throw, plays=("9D 8D 8D 4D 4D",)))


def test_select_levels_want_exactly_the_cards_the_engine_names() -> None:
    level = _level("trumps-select")
    trumps = level.position.trumps
    want = Counter(c for c in level.position.hand(0) if trumps.is_trump(c))
    assert Counter(parse_cards(level.solution)) == want
