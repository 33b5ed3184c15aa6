"""Cards and notation (RULES.md §1): parsing, printing, decks, points."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import (
    ALL_CARDS,
    JOKERS,
    POINTS,
    RANKS,
    SUITS,
    card_name,
    deck,
    empty_hand,
    joined,
    parse_card,
    parse_cards,
    points,
    take_one,
    tally,
)
from engine.errors import RulesError


def test_there_are_54_distinct_cards() -> None:
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 54
    assert set(JOKERS) == {"SJ", "BJ"}
    assert {r + s for r in RANKS for s in SUITS} | set(JOKERS) == set(ALL_CARDS)


@pytest.mark.parametrize("card", ALL_CARDS)
def test_parse_print_round_trip(card: str) -> None:
    assert parse_card(card) == card
    assert parse_card(str(parse_card(card))) == card
    assert parse_card(card.lower()) == card


@pytest.mark.parametrize(("text", "card"), [("10H", "TH"), ("10h", "TH"), ("10S", "TS")])
def test_ten_is_accepted_as_10(text: str, card: str) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize(("text", "card"), [("th", "TH"), ("as", "AS"), ("sj", "SJ"), ("bj", "BJ")])
def test_lower_case(text: str, card: str) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["XZ", "1H", "10", "TX", "S", "", "JJ", "11H", "HT"])
def test_unknown_card_is_refused(text: str) -> None:
    with pytest.raises(RulesError) as err:
        parse_card(text)
    assert err.value.code == "bad-card"


@pytest.mark.parametrize("value", [5, None, ["AS"], b"AS", 1.5])
def test_a_value_that_is_not_a_string_is_an_unknown_card(value: object) -> None:
    """Also in the compiled build, where a typed ``str`` parameter would raise ``TypeError``."""
    with pytest.raises(RulesError) as err:
        parse_card(value)
    assert err.value.code == "bad-card" and repr(value) in err.value.en
    with pytest.raises(RulesError) as err:
        parse_cards(["AS", value])
    assert err.value.code == "bad-card"


def test_unknown_card_message_names_it_in_both_languages() -> None:
    with pytest.raises(RulesError) as err:
        parse_card("XZ")
    assert err.value.en == "unknown card 'XZ'"
    assert "'XZ'" in err.value.zh
    assert "无法识别的牌" in err.value.zh
    assert err.value.to_dict() == {"code": "bad-card", "en": err.value.en, "zh": err.value.zh}


def test_parse_cards_accepts_spaces_commas_and_lists() -> None:
    assert parse_cards("10h, as sj") == ["TH", "AS", "SJ"]
    assert parse_cards(["10h", "BJ"]) == ["TH", "BJ"]
    with pytest.raises(RulesError):
        parse_cards("TH XZ")


@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_deck_is_a_multiset_of_every_card(decks: int) -> None:
    cards = deck(decks)
    assert len(cards) == 54 * decks
    assert Counter(cards) == Counter({c: decks for c in ALL_CARDS})


@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_points_are_100_per_deck(decks: int) -> None:
    assert points(deck(decks)) == 100 * decks


def test_point_cards() -> None:
    for card in ALL_CARDS:
        expected = {"5": 5, "T": 10, "K": 10}.get(card[0], 0) if card not in JOKERS else 0
        assert POINTS[card] == expected
    assert points(parse_cards("5H TH KH AH SJ")) == 25


def test_card_names() -> None:
    assert card_name("TH") == "10 of hearts"
    assert card_name("TH", "zh") == "红桃10"
    assert card_name("SJ", "zh") == "小王"
    assert card_name("BJ") == "big joker"


CARD_LISTS = st.lists(st.sampled_from(ALL_CARDS[:20]), max_size=30)
COUNTS = st.dictionaries(st.sampled_from(ALL_CARDS[:20]), st.integers(-2, 3), max_size=12)


@given(CARD_LISTS)
def test_tally_counts_as_counter_does_in_the_same_order(cards: list[str]) -> None:
    got = tally(cards)
    assert isinstance(got, Counter)
    assert list(got.items()) == list(Counter(cards).items())


@given(COUNTS, COUNTS)
def test_joined_adds_as_counter_does_in_the_same_order(
    a: dict[str, int], b: dict[str, int]
) -> None:
    got = joined(Counter(a), Counter(b))
    assert isinstance(got, Counter)
    assert list(got.items()) == list((Counter(a) + Counter(b)).items())


@given(CARD_LISTS, CARD_LISTS)
def test_take_one_removes_as_counter_subtract_and_del_do_in_the_same_order(
    hand: list[str], taken: list[str]
) -> None:
    got, want = tally(hand), Counter(hand)
    for card in taken:
        take_one(got, card)
        want[card] -= 1
        if want[card] <= 0:
            del want[card]
    assert list(got.items()) == list(want.items())


def test_an_empty_hand_is_a_counter_that_counts_missing_cards_as_none() -> None:
    hand = empty_hand()
    assert isinstance(hand, Counter) and hand == Counter() and hand["AS"] == 0
    hand.update(["AS", "AS"])
    assert hand == Counter({"AS": 2})
