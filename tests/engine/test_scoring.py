"""End of a hand (RULES.md §8): kitty multipliers, every level table's bands, dealers, levels."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine.cards import RANKS
from engine.errors import RulesError
from engine.rules import RuleSet, preset
from engine.scoring import (
    Verdict,
    advance_level,
    hand_result,
    kitty_bonus,
    kitty_multiplier,
    next_dealer,
)

D = "defenders"
A = "attackers"


def expect(winner: str, levels: int) -> Verdict:
    """The written row: the winning side and its levels."""
    return winner, levels  # type: ignore[return-value]


def table(name: str) -> RuleSet:
    return RuleSet(level_table=name)


# -- kitty ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "multiplier"),
    [
        ((1, 1), 2),  # single 单扣
        ((2, 1), 4),  # pair 双扣
        ((3, 1), 6),  # triple 三对扣底
        ((4, 1), 8),  # quad
        ((2, 2), 8),  # pair tractor 拖拉机乘8
        ((2, 3), 16),
        ((3, 2), 18),  # Titanic 泰坦尼克乘18
        ((3, 3), 54),
        ((4, 2), 32),
    ],
)
def test_structure_multiplier(kind: tuple[int, int], multiplier: int) -> None:
    rules = RuleSet(kitty_capture="structure")
    assert kitty_multiplier(rules, kind) == multiplier
    assert kitty_bonus(rules, 25, kind) == 25 * multiplier


@pytest.mark.parametrize(("mode", "multiplier"), [("double", 2), ("points", 1), ("none", 0)])
@pytest.mark.parametrize("kind", [None, (1, 1), (2, 2), (3, 2)])
def test_flat_multipliers_ignore_the_play(
    mode: str, multiplier: int, kind: tuple[int, int] | None
) -> None:
    rules = RuleSet(kitty_capture=mode)  # type: ignore[arg-type]
    assert kitty_multiplier(rules, kind) == multiplier
    assert kitty_bonus(rules, 30, kind) == 30 * multiplier


def test_presets_kitty_capture() -> None:
    assert kitty_bonus(preset("classic"), 20, (2, 2)) == 160
    assert kitty_bonus(preset("three-deck"), 10, (3, 2)) == 180
    assert kitty_bonus(preset("one-deck"), 15, (1, 1)) == 30
    assert kitty_bonus(preset("chaoshan"), 15, (2, 1)) == 15
    assert kitty_bonus(preset("four-deck"), 15, (2, 1)) == 0


def test_structure_needs_a_kind() -> None:
    with pytest.raises(ValueError):
        kitty_multiplier(RuleSet(), None)
    with pytest.raises(ValueError):
        kitty_multiplier(RuleSet(), (0, 1))
    assert kitty_bonus(RuleSet(), 0, None) == 0  # nothing to multiply


# -- level tables --------------------------------------------------------------------------

COMMON = [-10, 0, 5, 35, 40, 75, 80, 115, 120, 155, 160, 195, 200, 235, 240, 275, 280]

# standard-40 (001, 004): 0 +3; 5-35 +2; 40-75 +1; 80-115 deal passes; 120-155 A+1; +1 per 40.
STANDARD_40 = {
    -10: (D, 3), 0: (D, 3), 5: (D, 2), 35: (D, 2), 40: (D, 1), 75: (D, 1), 80: (A, 0),
    115: (A, 0), 120: (A, 1), 155: (A, 1), 160: (A, 2), 195: (A, 2), 200: (A, 3), 235: (A, 3),
    240: (A, 4), 275: (A, 4), 280: (A, 5),
}  # fmt: skip

# lianzhong-40 (000, 002): 0 +3; <40 +2; 40-75 +1; 80-115 A+1; 120-155 A+2; +1 per 40.
LIANZHONG_40 = {
    -10: (D, 3), 0: (D, 3), 5: (D, 2), 35: (D, 2), 40: (D, 1), 75: (D, 1), 80: (A, 1),
    115: (A, 1), 120: (A, 2), 155: (A, 2), 160: (A, 3), 195: (A, 3), 200: (A, 4), 235: (A, 4),
    240: (A, 5), 275: (A, 5), 280: (A, 6),
}  # fmt: skip

# one-deck (000): 0 +2; <40 +1; 40-75 deal passes; 80-95 A+1; 100 A+2; (above: +1 per 20).
ONE_DECK = {
    -10: (D, 2), 0: (D, 2), 5: (D, 1), 35: (D, 1), 40: (A, 0), 75: (A, 0), 80: (A, 1),
    95: (A, 1), 100: (A, 2), 115: (A, 2), 120: (A, 3), 155: (A, 4), 160: (A, 5), 195: (A, 6),
    200: (A, 7), 235: (A, 8), 240: (A, 9), 275: (A, 10), 280: (A, 11),
}  # fmt: skip

# one-deck-20 (004): standard-40 halved: 0 +3; 5-15 +2; 20-35 +1; 40-55 deal; 60-75 A+1; ...
ONE_DECK_20 = {
    -10: (D, 3), 0: (D, 3), 5: (D, 2), 15: (D, 2), 20: (D, 1), 35: (D, 1), 40: (A, 0),
    55: (A, 0), 60: (A, 1), 75: (A, 1), 80: (A, 2), 95: (A, 2), 100: (A, 3), 115: (A, 3),
    120: (A, 4), 155: (A, 5), 160: (A, 6), 195: (A, 7), 200: (A, 8), 235: (A, 9), 240: (A, 10),
    275: (A, 11), 280: (A, 12),
}  # fmt: skip

# three-deck-60 (000, 004): 0 +3; <60 +2; 60-115 +1; 120-175 take over; 180 A+1; +1 per 60.
THREE_DECK_60 = {
    -10: (D, 3), 0: (D, 3), 5: (D, 2), 35: (D, 2), 40: (D, 2), 55: (D, 2), 60: (D, 1),
    75: (D, 1), 80: (D, 1), 115: (D, 1), 120: (A, 0), 155: (A, 0), 160: (A, 0), 175: (A, 0),
    180: (A, 1), 195: (A, 1), 200: (A, 1), 235: (A, 1), 240: (A, 2), 275: (A, 2), 280: (A, 2),
    295: (A, 2), 300: (A, 3), 355: (A, 3), 360: (A, 4),
}  # fmt: skip

# four-deck-80 (004): <=0 +3; <80 +2; 80-155 +1; 160-235 A+1; 240-315 A+2; +1 per 80.
FOUR_DECK_80 = {
    -10: (D, 3), 0: (D, 3), 5: (D, 2), 35: (D, 2), 40: (D, 2), 75: (D, 2), 80: (D, 1),
    115: (D, 1), 120: (D, 1), 155: (D, 1), 160: (A, 1), 195: (A, 1), 200: (A, 1), 235: (A, 1),
    240: (A, 2), 275: (A, 2), 280: (A, 2), 315: (A, 2), 320: (A, 3), 399: (A, 3), 400: (A, 4),
}  # fmt: skip

# chaoshan (003), 否 column (no kitty capture): every row's both ends.
CHAOSHAN_NOT_CAPTURED = {
    -10: (D, 5), 0: (D, 5), 5: (D, 4), 15: (D, 4), 20: (D, 3), 35: (D, 3), 40: (D, 2),
    55: (D, 2), 60: (D, 1), 75: (D, 1), 80: (A, 0), 95: (A, 0), 100: (A, 1), 115: (A, 1),
    120: (A, 2), 135: (A, 2), 140: (A, 3), 155: (A, 3), 160: (A, 4), 175: (A, 4), 180: (A, 5),
    195: (A, 5), 200: (A, 6), 220: (A, 7),
}  # fmt: skip

# chaoshan (003), 是 column (kitty captured): 0-75 移莊; 80-95 A+1; ...; 200 A+7.
CHAOSHAN_CAPTURED = {
    -10: (A, 0), 0: (A, 0), 5: (A, 0), 35: (A, 0), 40: (A, 0), 75: (A, 0), 80: (A, 1),
    95: (A, 1), 100: (A, 2), 115: (A, 2), 120: (A, 3), 135: (A, 3), 140: (A, 4), 155: (A, 4),
    160: (A, 5), 175: (A, 5), 180: (A, 6), 195: (A, 6), 200: (A, 7), 220: (A, 8),
}  # fmt: skip

TABLES = {
    "standard-40": STANDARD_40,
    "lianzhong-40": LIANZHONG_40,
    "one-deck": ONE_DECK,
    "one-deck-20": ONE_DECK_20,
    "three-deck-60": THREE_DECK_60,
    "four-deck-80": FOUR_DECK_80,
}


def test_every_table_lists_the_common_boundaries() -> None:
    for rows in (*TABLES.values(), CHAOSHAN_NOT_CAPTURED, CHAOSHAN_CAPTURED):
        assert set(COMMON[:13]) <= set(rows)


@pytest.mark.parametrize(
    ("name", "points", "row"),
    [(name, p, row) for name, rows in TABLES.items() for p, row in rows.items()],
)
@pytest.mark.parametrize("captured", [False, True])
def test_table_row(name: str, points: int, row: tuple[str, int], captured: bool) -> None:
    # Only the chaoshan table reads kitty capture.
    assert hand_result(table(name), points, captured) == expect(*row)


@pytest.mark.parametrize(("points", "row"), CHAOSHAN_NOT_CAPTURED.items())
def test_chaoshan_without_capture(points: int, row: tuple[str, int]) -> None:
    assert hand_result(preset("chaoshan"), points, kitty_captured=False) == expect(*row)


@pytest.mark.parametrize(("points", "row"), CHAOSHAN_CAPTURED.items())
def test_chaoshan_with_capture(points: int, row: tuple[str, int]) -> None:
    assert hand_result(preset("chaoshan"), points, kitty_captured=True) == expect(*row)


@pytest.mark.parametrize(
    ("name", "table_name"),
    [
        ("classic", "standard-40"),
        ("lianzhong", "lianzhong-40"),
        ("find-friend", "standard-40"),
        ("one-deck", "one-deck"),
        ("three-deck", "three-deck-60"),
        ("four-deck", "four-deck-80"),
    ],
)
def test_presets_use_their_tables(name: str, table_name: str) -> None:
    for points, row in TABLES[table_name].items():
        assert hand_result(preset(name), points) == expect(*row)


ALL_TABLES = [*TABLES, "chaoshan"]


@pytest.mark.parametrize("name", ALL_TABLES)
@pytest.mark.parametrize("captured", [False, True])
@given(low=st.integers(-300, 1300), step=st.integers(0, 200))
def test_more_points_never_help_the_defenders(
    name: str, captured: bool, low: int, step: int
) -> None:
    def score(p: int) -> int:
        winner, levels = hand_result(table(name), p, captured)
        return levels if winner == A else -levels - 1

    assert score(low) <= score(low + step)


@pytest.mark.parametrize("name", ALL_TABLES)
@given(points=st.integers(-300, 1300), captured=st.booleans())
def test_results_are_consistent(name: str, points: int, captured: bool) -> None:
    winner, levels = hand_result(table(name), points, captured)
    assert levels >= (0 if winner == A else 1)


# -- next dealer ---------------------------------------------------------------------------

DEFENDERS_WIN = D
ATTACKERS_WIN = A  # with or without a level: the deal passes


@pytest.mark.parametrize("dealer", range(4))
def test_next_dealer_fixed_partners(dealer: int) -> None:
    rules = RuleSet()
    opposite = (dealer + 2) % 4
    assert next_dealer(rules, dealer, opposite, DEFENDERS_WIN) == opposite
    assert next_dealer(rules, dealer, None, DEFENDERS_WIN) == opposite
    assert next_dealer(rules, dealer, opposite, ATTACKERS_WIN) == (dealer + 1) % 4
    assert next_dealer(rules, dealer, None, ATTACKERS_WIN) == (dealer + 1) % 4


@pytest.mark.parametrize("dealer", range(4))
def test_next_dealer_same_dealer_option(dealer: int) -> None:
    rules = RuleSet(defender_win_dealer="same")
    assert next_dealer(rules, dealer, (dealer + 2) % 4, DEFENDERS_WIN) == dealer
    assert next_dealer(rules, dealer, None, DEFENDERS_WIN) == dealer
    assert next_dealer(rules, dealer, None, ATTACKERS_WIN) == (dealer + 1) % 4


@pytest.mark.parametrize("dealer", range(4))
def test_next_dealer_called_card(dealer: int) -> None:
    rules = preset("find-friend")
    friend = (dealer + 1) % 4
    assert next_dealer(rules, dealer, friend, DEFENDERS_WIN) == friend
    assert next_dealer(rules, dealer, None, DEFENDERS_WIN) == dealer  # played one against three
    assert next_dealer(rules, dealer, friend, ATTACKERS_WIN) == (dealer + 1) % 4
    assert next_dealer(rules, dealer, None, ATTACKERS_WIN) == (dealer + 1) % 4


def test_chaoshan_move_dealer_rows_pass_the_deal() -> None:
    rules = preset("chaoshan")
    assert next_dealer(rules, 3, 1, hand_result(rules, 85)[0]) == 0
    assert next_dealer(rules, 3, 1, hand_result(rules, 30, kitty_captured=True)[0]) == 0
    assert next_dealer(rules, 3, 1, hand_result(rules, 30)[0]) == 1


# -- levels --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "steps", "end", "result"),
    [
        ("2", 0, "A", ("2", False)),
        ("2", 3, "A", ("5", False)),
        ("9", 2, "A", ("J", False)),
        ("Q", 2, "A", ("A", False)),
        ("K", 1, "A", ("A", False)),
        ("K", 2, "A", ("A", True)),
        ("A", 0, "A", ("A", False)),
        ("A", 1, "A", ("A", True)),
        ("J", 7, "A", ("A", True)),
        ("8", 2, "T", ("T", False)),
        ("8", 3, "T", ("T", True)),
    ],
)
def test_advance_level(level: str, steps: int, end: str, result: tuple[str, bool]) -> None:
    assert advance_level(level, steps, end) == result


@given(level=st.sampled_from(RANKS), end=st.sampled_from(RANKS), steps=st.integers(0, 20))
def test_advance_level_caps_at_the_end(level: str, end: str, steps: int) -> None:
    assume(RANKS.index(level) <= RANKS.index(end))
    new, won = advance_level(level, steps, end)
    assert RANKS.index(new) == min(RANKS.index(level) + steps, RANKS.index(end))
    assert won == (RANKS.index(level) + steps > RANKS.index(end))


def test_advance_level_refuses_bad_input() -> None:
    with pytest.raises(RulesError) as e:
        advance_level("1", 1, "A")
    assert e.value.code == "bad-rank"
    with pytest.raises(RulesError):
        advance_level("2", 1, "Z")
    with pytest.raises(ValueError):
        advance_level("5", -1, "A")
