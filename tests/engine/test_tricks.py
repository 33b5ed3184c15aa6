"""Who wins a trick (RULES.md §7), and the points in it."""

import pytest

from engine.cards import parse_cards
from engine.leads import lead_shape
from engine.order import Trumps
from engine.rules import RuleSet, preset
from engine.tricks import standing, trick_points, winner

T10 = Trumps("T", "H")  # level 10, hearts trump (seed 004's examples)
CLASSIC = preset("classic")


def win(*plays: str, trumps: Trumps = T10, rules: RuleSet = CLASSIC) -> int:
    cards = [parse_cards(p) for p in plays]
    return winner(cards, lead_shape(cards[0], trumps, rules), trumps)


# -- the led suit ---------------------------------------------------------------------------


def test_higher_single_of_the_led_suit_wins() -> None:
    assert win("9S", "JS", "3S", "QS") == 3
    assert win("AS", "KS", "QS", "JS") == 0


def test_off_suit_single_never_wins() -> None:
    assert win("9S", "AD", "AC", "3S") == 0


def test_pair_beats_only_with_a_higher_pair() -> None:
    assert win("9S 9S", "JS JS", "AS KS", "QS QS") == 3
    assert win("9S 9S", "AS KS", "3S 3S", "2S 2S") == 0


def test_tractor_beats_only_with_a_higher_tractor() -> None:
    assert win("5S 5S 4S 4S", "AS AS QS QS", "7S 7S 6S 6S", "3S 3S 2S 2S") == 2
    assert win("5S 5S 4S 4S", "AS AS KS QS", "AD AD KD KD", "9S 9S 8S 7S") == 0


def test_ties_go_to_the_earlier_play() -> None:
    assert win("AS", "AS") == 0
    assert win("3S", "AS", "AS") == 1
    assert win("KS KS", "AS AS", "AS AS") == 1
    # off-suit level cards are equal: the first played wins
    assert win("TS", "TC", "TD") == 0
    assert win("3H", "TC", "TS", "TD") == 1


def test_trump_lead_is_won_by_the_highest_trump() -> None:
    assert win("3H", "TH", "BJ", "TS") == 2
    assert win("AH", "TS", "TH", "SJ") == 3


def test_mixed_play_is_a_discard() -> None:
    assert win("3S 3S", "AS AH", "4S 4S") == 2


# -- ruffs ------------------------------------------------------------------------------------


def test_ruff_beats_the_led_suit() -> None:
    assert win("AS", "2H") == 1
    assert win("AS", "2H", "3H") == 2  # over-ruff
    assert win("AS", "3H", "2H") == 1
    assert win("AS", "TC", "TD") == 1  # equal level cards: the earlier ruff stands


def test_ruff_of_a_pair_needs_a_pair() -> None:
    assert win("AS AS", "3H 4H") == 0  # a discard
    assert win("AS AS", "3H 3H") == 1
    assert win("AS AS", "3H 3H", "BJ SJ") == 1
    assert win("AS AS", "3H 3H", "4H 4H") == 2


def test_ruff_of_a_tractor_needs_a_tractor() -> None:
    assert win("5S 5S 4S 4S", "3H 3H 9H 9H") == 0
    assert win("5S 5S 4S 4S", "3H 3H 2H 2H") == 1
    assert win("5S 5S 4S 4S", "3H 3H 2H 2H", "AH AH TS TS") == 2


def test_trumps_on_a_trump_lead_are_not_a_ruff() -> None:
    assert win("3H 3H", "BJ SJ", "4H 4H") == 2


def test_standing_reports_the_ruff() -> None:
    plays = [parse_cards("AS"), parse_cards("2H"), parse_cards("AS")]
    best = standing(plays, lead_shape(plays[0], T10, CLASSIC), T10)
    assert (best.index, best.ruff) == (1, True)


# -- seed 004's examples (level 10) ----------------------------------------------------------


def test_9988_7_2_ruffs_a_k_5544() -> None:
    assert win("AS KS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H") == 1


def test_9988_7_2_does_not_ruff_aa_5544() -> None:
    assert win("AS AS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H") == 0


def test_9_77_ruffs_5_44_and_88_4_over_ruffs() -> None:
    assert win("5S 4S 4S", "9H 7H 7H") == 1
    assert win("5S 4S 4S", "9H 7H 7H", "8H 8H 4H") == 2


def test_9_77_ruffs_5_6_7_and_88_4_does_not_over_ruff() -> None:
    assert win("5S 6S 7S", "9H 7H 7H") == 1
    assert win("5S 6S 7S", "9H 7H 7H", "8H 8H 4H") == 1


def test_multi_component_plays_compare_by_the_largest_component() -> None:
    # lead: a pair and a single; ruffs compare by their pair, not their single
    assert win("5S 4S 4S", "3H 3H BJ", "4H 4H 2H") == 2
    assert win("5S 4S 4S", "4H 4H 2H", "3H 3H BJ") == 1


# -- three decks and 潮汕 -----------------------------------------------------------------------


def test_titanic_is_beaten_by_a_higher_titanic_or_a_titanic_ruff() -> None:
    three = preset("three-deck")
    lead = "7S 7S 7S 8S 8S 8S"
    assert win(lead, "9S 9S 9S JS JS JS", rules=three) == 1
    assert win(lead, "AS AS AS KS KS KS", "QS QS QS JS JS JS", rules=three) == 1
    assert win(lead, "AS AS AS KS KS 2S", rules=three) == 0
    assert win(lead, "3H 3H 3H 4H 4H 4H", rules=three) == 1
    assert win(lead, "3H 3H 3H 5H 5H 5H", rules=three) == 0  # two triples are not a Titanic
    assert win(lead, "3H 3H 4H 4H 5H 5H", rules=three) == 0  # nor is a tractor of pairs


def test_chaoshan_suit_throw_is_judged_as_singles() -> None:
    shan = preset("chaoshan")
    # seed 003: J 6 3 is beaten by Q 5 2 (both whole-suit throws of three cards)
    assert win("JD 6D 3D", "QD 5D 2D", "9D 8D 7D", rules=shan) == 1
    assert win("JD 6D 3D", "2H 3H 4H", "5H 6H 4S", rules=shan) == 1  # a mixed play discards
    assert win("JD 6D 3D", "2H 3H 4H", "5H 6H 7H", rules=shan) == 2  # the higher ruff


# -- points -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plays", "points"),
    [
        (["5S", "TS", "KS", "AS"], 25),
        (["5S 5S", "KH KH", "TD TC", "BJ SJ"], 50),
        (["3S", "4S", "6S", "AS"], 0),
    ],
)
def test_trick_points(plays: list[str], points: int) -> None:
    assert trick_points([parse_cards(p) for p in plays]) == points
