"""Shapes (RULES.md §2, §5): tuples, tractors, Titanic, canonical decomposition."""

from collections import Counter

import pytest

from engine.cards import parse_cards
from engine.order import Trumps
from engine.shapes import best_top, contains, decompose, describe, shape_of

T10 = Trumps("T", "H")
T5 = Trumps("5", "H")


def kinds(text: str, trumps: Trumps = T10) -> list[tuple[int, int]]:
    return shape_of(parse_cards(text), trumps)


@pytest.mark.parametrize(
    ("text", "size"), [("9S", 1), ("9S 9S", 2), ("9S 9S 9S", 3), ("9S 9S 9S 9S", 4)]
)
def test_tuples(text: str, size: int) -> None:
    (comp,) = decompose(parse_cards(text), T10)
    assert (comp.size, comp.length, comp.is_tractor) == (size, 1, False)
    assert comp.cards == tuple(parse_cards(text))
    assert comp.top == T10.position("9S")


@pytest.mark.parametrize("size", [2, 3, 4])
def test_tractors_of_each_tuple_size(size: int) -> None:
    cards = ["7S"] * size + ["8S"] * size + ["9S"] * size
    (comp,) = decompose(cards, T10)
    assert comp.kind == (size, 3) and comp.is_tractor
    assert comp.top == T10.position("9S")
    assert comp.cards == tuple(["9S"] * size + ["8S"] * size + ["7S"] * size)


def test_titanic_examples_of_seed_000() -> None:
    # level 5: 333444, 444666, off-5 + trump-5, SJ + BJ, AAA + off-5, trump-5 + SJ
    for text in (
        "3S 3S 3S 4S 4S 4S",
        "4S 4S 4S 6S 6S 6S",
        "5S 5S 5S 5H 5H 5H",
        "SJ SJ SJ BJ BJ BJ",
        "AH AH AH 5D 5D 5D",
        "5H 5H 5H SJ SJ SJ",
    ):
        assert kinds(text, T5) == [(3, 2)], text
    assert kinds("5S 5S 5S 6S 6S 6S", T5) == [(3, 1), (3, 1)]
    assert kinds("5S 5S 5S 5C 5C 5C", Trumps("5", None)) == [(3, 1), (3, 1)]


def test_decomposition_prefers_longest_tractors_of_largest_tuples() -> None:
    assert kinds("AS KS 5S 5S 4S 4S") == [(2, 2), (1, 1), (1, 1)]
    assert kinds("9S 8S 8S 4S 4S") == [(2, 1), (2, 1), (1, 1)]
    assert kinds("3S 3S 4S 4S 6S 6S 7S 7S 8S 8S") == [(2, 3), (2, 2)]
    assert kinds("3S 3S 3S 4S 4S 4S 5S 5S 6S 6S") == [(3, 2), (2, 2)]
    assert kinds("4S 4S 4S 5S 5S 5S 5S") == [(3, 2), (1, 1)]  # triples' tractor first
    assert kinds("4S 4S 4S 4S 5S 5S 5S 5S 6S 6S 6S") == [(4, 2), (3, 1)]
    assert kinds("QS QS QS 9S 9S AS") == [(3, 1), (2, 1), (1, 1)]


def test_decomposition_orders_components_largest_first() -> None:
    comps = decompose(parse_cards("2S 3S 3S AS 9S 9S 9S 5S 5S 6S 6S"), T10)
    assert [c.kind for c in comps] == [(2, 2), (3, 1), (2, 1), (1, 1), (1, 1)]
    assert [c.cards for c in comps[-2:]] == [("AS",), ("2S",)]


def test_off_suit_level_pairs_in_a_trump_tractor() -> None:
    comps = decompose(parse_cards("5S 5S 5C 5C 5H 5H"), T5)
    assert [c.kind for c in comps] == [(2, 2), (2, 1)]
    assert Counter(c for comp in comps for c in comp.cards) == Counter(
        parse_cards("5S 5S 5C 5C 5H 5H")
    )


def test_contains_counts_pairs_inside_tractors_and_triples() -> None:
    hand = Counter(parse_cards("3S 3S 4S 4S 9S 9S 9S"))
    assert contains(hand, T10, [(2, 2)])
    assert contains(hand, T10, [(2, 1), (2, 1), (2, 1)])
    assert contains(hand, T10, [(2, 2), (3, 1)])
    assert contains(hand, T10, [(2, 2), (2, 1)])
    assert not contains(hand, T10, [(2, 2), (2, 1), (2, 1)])
    assert not contains(hand, T10, [(3, 2)])


def test_best_top() -> None:
    hand = Counter(parse_cards("3S 3S 4S 4S 9S 9S 8S"))
    assert best_top(hand, T10, [(2, 1), (2, 1)]) == T10.position("9S")
    assert best_top(hand, T10, [(2, 2)]) == T10.position("4S")
    assert best_top(hand, T10, [(1, 1), (1, 1)]) == T10.position("9S")
    assert best_top(hand, T10, [(2, 2), (2, 1)]) == T10.position("4S")
    assert best_top(hand, T10, [(2, 1), (2, 1), (2, 1), (2, 1)]) is None


def test_describe() -> None:
    assert describe([(2, 2), (1, 1), (1, 1)]) == "a tractor of 2 pairs, 2 singles"
    assert "连对" in describe([(2, 2)], "zh")


def test_a_tractor_through_off_suit_level_cards_keeps_a_triple_whole() -> None:
    # Off-suit 9s share a position: the tractor takes the 9♦ pair, not two of the three 9♣,
    # whatever the suits are called (found by the suit-relabelling property).
    trumps = Trumps("9", "S", False)
    cards = ["BJ", "BJ", "SJ", "SJ", "9S", "9S", "9D", "9D", "9C", "9C", "9C"]
    assert [c.kind for c in decompose(cards, trumps)] == [(2, 4), (3, 1)]
