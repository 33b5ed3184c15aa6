"""Card order and order positions (RULES.md §3)."""

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import ALL_CARDS, SUITS, parse_cards
from engine.errors import RulesError
from engine.order import TRUMP, Trumps
from engine.shapes import decompose


def groups(text: str) -> list[list[str]]:
    """``'BJ | SJ | 5H | 5S 5C 5D | AH'`` -> highest first, equal cards grouped."""
    return [parse_cards(g) for g in text.split("|")]


def assert_order(trumps: Trumps, suit: str, order: list[list[str]]) -> None:
    """``order`` lists every card of ``suit`` highest first; positions are consecutive."""
    listed = [c for g in order for c in g]
    assert sorted(listed) == sorted(c for c in ALL_CARDS if trumps.suit(c) == suit)
    bottom = len(order) - 1
    for i, group in enumerate(order):
        for card in group:
            assert trumps.suit(card) == suit, card
            assert trumps.position(card) == bottom - i, card


def plain(suit: str, skip: str) -> list[list[str]]:
    return [[r + suit] for r in "AKQJT98765432" if r not in skip]


def test_suit_contract_trumps() -> None:
    t = Trumps("5", "H")
    assert_order(t, TRUMP, groups("BJ | SJ | 5H | 5S 5C 5D") + plain("H", "5"))


def test_suit_contract_off_suit() -> None:
    t = Trumps("5", "H")
    for s in "SCD":
        assert_order(t, s, plain(s, "5"))


def test_no_trump() -> None:
    t = Trumps("T", None)
    assert_order(t, TRUMP, groups("BJ | SJ | TS TH TC TD"))
    for s in SUITS:
        assert_order(t, s, plain(s, "T"))


def test_twos_trump_suit_contract() -> None:
    t = Trumps("T", "S", twos_trump=True)
    assert_order(t, TRUMP, groups("BJ | SJ | TS | TH TC TD | 2S | 2H 2C 2D") + plain("S", "T2"))
    for s in "HCD":
        assert_order(t, s, plain(s, "T2"))


def test_twos_trump_no_trump() -> None:
    t = Trumps("T", None, twos_trump=True)
    assert_order(t, TRUMP, groups("BJ | SJ | TS TH TC TD | 2S 2H 2C 2D"))
    for s in SUITS:
        assert_order(t, s, plain(s, "T2"))


def test_twos_trump_at_level_two_is_just_the_level() -> None:
    assert_order(
        Trumps("2", "D", twos_trump=True),
        TRUMP,
        groups("BJ | SJ | 2D | 2S 2H 2C") + plain("D", "2"),
    )


def test_equal_cards_share_a_position() -> None:
    t = Trumps("5", "H")
    assert t.position("5S") == t.position("5C") == t.position("5D") < t.position("5H")
    n = Trumps("5", None)
    assert len({n.position(c) for c in ("5S", "5H", "5C", "5D")}) == 1


def test_parse_from_text() -> None:
    assert Trumps.parse("10", "h") == Trumps("T", "H")
    assert Trumps.parse("q", "none", True) == Trumps("Q", None, True)
    with pytest.raises(RulesError) as err:
        Trumps.parse("1", "H")
    assert err.value.code == "bad-rank"
    with pytest.raises(RulesError) as err:
        Trumps.parse("5", "X")
    assert err.value.code == "bad-suit"


def test_sorted_puts_trumps_first_highest_first() -> None:
    t = Trumps("5", "H")
    assert t.sorted(parse_cards("3S AH 5C BJ 5H KD AS")) == parse_cards("BJ 5H 5C AH AS 3S KD")


def is_tractor(text: str, trumps: Trumps) -> bool:
    comps = decompose(parse_cards(text), trumps)
    return len(comps) == 1 and comps[0].is_tractor


LEVEL5 = Trumps("5", "H")
LEVEL5_NT = Trumps("5", None)
LEVEL10 = Trumps("T", "H")


@pytest.mark.parametrize(
    ("text", "trumps"),
    [
        ("3S 3S 4S 4S", LEVEL5),
        ("4S 4S 6S 6S", LEVEL5),  # 5 is skipped
        ("5S 5S 5H 5H", LEVEL5),  # off-5 pair + trump-5 pair
        ("SJ SJ BJ BJ", LEVEL5),
        ("AH AH 5C 5C", LEVEL5),  # trump AA + off-5 pair
        ("5H 5H SJ SJ", LEVEL5),  # trump-5 pair + SJSJ
        ("AH AH 5D 5D 5H 5H SJ SJ BJ BJ", LEVEL5),
        ("4H 4H 6H 6H", LEVEL5),
        ("5S 5S SJ SJ", LEVEL5_NT),
        ("5S 5S 4S 4S 3S 3S", LEVEL10),
        ("JS JS 9S 9S", LEVEL10),  # T is skipped off-suit
        ("AH AH TS TS TH TH", LEVEL10),
    ],
)
def test_tractors(text: str, trumps: Trumps) -> None:
    assert is_tractor(text, trumps)


@pytest.mark.parametrize(
    ("text", "trumps"),
    [
        ("5S 5S 6S 6S", LEVEL5),  # a level card sits above the A
        ("5H 5H 6H 6H", LEVEL5),
        ("5S 5S 5C 5C", LEVEL5),  # same position
        ("5S 5S 5C 5C", LEVEL5_NT),
        ("JS JS TS TS", LEVEL10),  # the T is a trump
        ("AS AS 2S 2S", LEVEL10),  # no wrap-around
        ("AH AH 2H 2H", LEVEL10),
        ("5S 5S 4S", LEVEL10),
        ("5S 4S 4S", LEVEL10),
        ("5S 5S 3S 3S", LEVEL10),
        ("JS JS QS", LEVEL10),
        ("AS AS AC AC", LEVEL10),  # different suits
    ],
)
def test_not_tractors(text: str, trumps: Trumps) -> None:
    assert not is_tractor(text, trumps)


def test_twos_trump_tractors() -> None:
    t = Trumps("T", "S", twos_trump=True)
    assert is_tractor("2H 2H 2S 2S", t)  # off-suit 2 pair + trump-suit 2 pair
    assert is_tractor("2S 2S TD TD", t)  # trump 2 just under the off-suit level cards
    assert is_tractor("AS AS 2C 2C", t)  # trump A just under the off-suit 2s
    assert is_tractor("3H 3H 4H 4H", t)
    assert not is_tractor("3H 3H AH AH", t)  # 2 is not in the off-suit
    assert not is_tractor("2H 2H 2C 2C", t)


def test_trumps_unpickled_in_another_process_equal_and_hash_as_its_own() -> None:
    """A ``Trumps`` keeps its hash for speed; a string's hash differs from process to process,
    so one sent to a worker process (a view to the AI's pool) must hash as that process's own."""
    sent = pickle.dumps(Trumps("2", "S", True))
    probe = (
        "import pickle, sys\n"
        "from engine.order import Trumps\n"
        "got = pickle.loads(sys.stdin.buffer.read())\n"
        "own = Trumps('2', 'S', True)\n"
        "print(got == own, hash(got) == hash(own), len({got, own}), got.suit('2H'))\n"
    )
    for hash_seed in ("1", "2"):
        out = subprocess.run(
            [sys.executable, "-c", probe],
            input=sent,
            capture_output=True,
            check=True,
            cwd=Path(__file__).resolve().parents[2],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert out.stdout.decode().split() == ["True", "True", "1", TRUMP]
