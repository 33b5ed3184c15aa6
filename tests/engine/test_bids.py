"""Bidding 亮主 (RULES.md §4.1): strength ladders, the four modes, every refusal."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bids import Bid, bid_strength, bid_suit, check_bid
from engine.errors import RulesError
from engine.rules import RuleSet, preset

TWO = preset("classic")  # overcall, reinforce and self-overcall on
THREE = preset("three-deck")
ONE = preset("one-deck")  # first bid
CHAOSHAN = preset("chaoshan")  # first bid, two decks
FOUR = preset("four-deck")  # hidden


def refused(
    code: str, current: Bid | None, seat: int, cards: str, rules: RuleSet, level: str = "2"
) -> RulesError:
    with pytest.raises(RulesError) as e:
        check_bid(current, seat, cards.split(), level, rules)
    assert e.value.code == code
    return e.value


def allowed(current: Bid | None, seat: int, cards: str, rules: RuleSet, level: str = "2") -> None:
    check_bid(current, seat, cards.split(), level, rules)  # raises if refused


def bid(seat: int, cards: str) -> Bid:
    return Bid(seat, tuple(cards.split()))


# -- suit and strength ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "suit"),
    [("2H", "H"), ("2S 2S", "S"), ("TD TD TD", "D"), ("SJ SJ", None), ("BJ BJ BJ", None)],
)
def test_bid_suit(cards: str, suit: str | None) -> None:
    assert bid_suit(cards.split()) == suit


def test_bid_suit_needs_cards() -> None:
    with pytest.raises(RulesError) as e:
        bid_suit([])
    assert e.value.code == "bid-count"


def test_overcall_ladder() -> None:
    ladder = ["7C", "7C 7C", "SJ SJ", "BJ BJ"]
    strengths = [bid_strength(c.split(), "7", TWO) for c in ladder]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)


def test_three_deck_ladder() -> None:
    # 000/004: 單張 < 兩張 < 兩張王 < 三張 < 三張王 (SJ below BJ at each count).
    ladder = ["TH", "TH TH", "SJ SJ", "BJ BJ", "TH TH TH", "SJ SJ SJ", "BJ BJ BJ"]
    strengths = [bid_strength(c.split(), "T", THREE) for c in ladder]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)


@pytest.mark.parametrize("level", ["2", "T", "A"])
def test_suits_of_one_count_are_equal(level: str) -> None:
    singles = {bid_strength([level + s], level, TWO) for s in "SHCD"}
    pairs = {bid_strength([level + s] * 2, level, TWO) for s in "SHCD"}
    assert len(singles) == len(pairs) == 1
    assert max(singles) < min(pairs)


@pytest.mark.parametrize(
    ("cards", "level", "rules", "code"),
    [
        ("3H", "2", TWO, "bid-not-level"),
        ("AH AH", "K", TWO, "bid-not-level"),
        ("2H 3H", "2", TWO, "bid-not-level"),
        ("XX", "2", TWO, "bid-not-level"),
        ("2H 2S", "2", TWO, "bid-mixed"),
        ("SJ BJ", "2", TWO, "bid-mixed"),
        ("2H SJ", "2", TWO, "bid-mixed"),
        ("SJ", "2", TWO, "bid-jokers"),
        ("BJ", "2", THREE, "bid-jokers"),
        ("SJ SJ", "2", CHAOSHAN, "bid-jokers"),
        ("BJ BJ", "2", FOUR, "bid-jokers"),
        ("SJ", "2", ONE, "bid-jokers"),
        ("", "2", TWO, "bid-count"),
        ("2H 2H 2H", "2", TWO, "bid-count"),
        ("BJ BJ BJ", "2", TWO, "bid-count"),
        ("2H 2H", "2", ONE, "bid-count"),
        ("2H 2H 2H 2H", "2", THREE, "bid-count"),
        ("2H 2H 2H 2H 2H", "2", FOUR, "bid-count"),
        ("2H", "1", TWO, "bad-rank"),
    ],
)
def test_malformed_bids(cards: str, level: str, rules: RuleSet, code: str) -> None:
    with pytest.raises(RulesError) as e:
        bid_strength(cards.split(), level, rules)
    assert e.value.code == code
    # check_bid refuses the same way when nothing stands yet.
    with pytest.raises(RulesError) as e2:
        check_bid(None, 0, cards.split(), level, rules)
    assert e2.value.code == code


def test_error_params_fill_the_messages() -> None:
    e = refused("bid-not-level", None, 0, "3H", TWO, level="5")
    assert "5" in e.en and "5" in e.zh and "{" not in e.en + e.zh
    e = refused("bid-count", None, 0, "2H 2H 2H", TWO)
    assert "1-2" in e.en and "{" not in e.en + e.zh
    e = refused("bid-count", bid(0, "2H"), 1, "2S 2S 2S", FOUR)
    assert "2" in e.en and "{" not in e.en + e.zh


def test_bad_seat() -> None:
    refused("bad-seat", None, 4, "2H", TWO)
    refused("bad-seat", None, -1, "2H", TWO)


# -- overcall and three-deck ladder --------------------------------------------------------


@pytest.mark.parametrize("rules", [TWO, THREE])
def test_first_bid_is_always_open(rules: RuleSet) -> None:
    allowed(None, 0, "2S", rules)
    allowed(None, 1, "2H 2H", rules)
    allowed(None, 2, "SJ SJ", rules)
    allowed(None, 3, "BJ BJ", rules)


def test_overcall_needs_a_strictly_stronger_bid() -> None:
    allowed(bid(0, "2S"), 1, "2H 2H", TWO)
    allowed(bid(0, "2S"), 1, "2S 2S", TWO)  # same suit by another seat: takes the bid over
    allowed(bid(0, "2S 2S"), 1, "SJ SJ", TWO)
    allowed(bid(0, "SJ SJ"), 1, "BJ BJ", TWO)
    allowed(bid(0, "2S"), 1, "BJ BJ", TWO)
    refused("bid-too-weak", bid(0, "2S"), 1, "2H", TWO)
    refused("bid-too-weak", bid(0, "2S 2S"), 1, "2H 2H", TWO)
    refused("bid-too-weak", bid(0, "2S 2S"), 1, "2H", TWO)
    refused("bid-too-weak", bid(0, "SJ SJ"), 1, "2H 2H", TWO)
    refused("bid-too-weak", bid(0, "SJ SJ"), 1, "SJ SJ", TWO)
    refused("bid-too-weak", bid(0, "BJ BJ"), 1, "SJ SJ", TWO)


def test_three_deck_overcalls() -> None:
    allowed(bid(0, "2S 2S"), 1, "SJ SJ", THREE)
    allowed(bid(0, "BJ BJ"), 1, "2H 2H 2H", THREE)
    allowed(bid(0, "2H 2H 2H"), 1, "SJ SJ SJ", THREE)
    allowed(bid(0, "SJ SJ SJ"), 1, "BJ BJ BJ", THREE)
    refused("bid-too-weak", bid(0, "2H 2H 2H"), 1, "BJ BJ", THREE)
    refused("bid-too-weak", bid(0, "2H 2H 2H"), 1, "2S 2S 2S", THREE)
    refused("bid-too-weak", bid(0, "BJ BJ BJ"), 1, "BJ BJ BJ", THREE)


@pytest.mark.parametrize("rules", [TWO, THREE])
def test_reinforce_option(rules: RuleSet) -> None:
    on = rules.with_options(reinforce=True, self_overcall=False)
    off = rules.with_options(reinforce=False, self_overcall=True)
    allowed(bid(2, "2H"), 2, "2H 2H", on)  # 自保
    refused("bid-self", bid(2, "2H"), 2, "2H 2H", off)
    # more jokers of the same kind reinforce a no-trump bid too
    if rules.decks >= 3:
        allowed(bid(2, "2H 2H"), 2, "2H 2H 2H", on)
        allowed(bid(2, "SJ SJ"), 2, "SJ SJ SJ", on)
        refused("bid-self", bid(2, "SJ SJ"), 2, "SJ SJ SJ", off)


@pytest.mark.parametrize("rules", [TWO, THREE])
def test_self_overcall_option(rules: RuleSet) -> None:
    on = rules.with_options(self_overcall=True, reinforce=False)
    off = rules.with_options(self_overcall=False, reinforce=True)
    allowed(bid(1, "2H"), 1, "2S 2S", on)  # 自反
    allowed(bid(1, "2H 2H"), 1, "SJ SJ", on)
    allowed(bid(1, "SJ SJ"), 1, "BJ BJ", on)  # another joker is another bid, not a reinforcement
    refused("bid-self", bid(1, "2H"), 1, "2S 2S", off)
    refused("bid-self", bid(1, "2H 2H"), 1, "SJ SJ", off)
    refused("bid-self", bid(1, "SJ SJ"), 1, "BJ BJ", off)
    # allowed to bid on oneself, still not weaker
    refused("bid-too-weak", bid(1, "2H 2H"), 1, "2S", on)
    refused("bid-too-weak", bid(1, "2H 2H"), 1, "2S 2S", on)


@pytest.mark.parametrize("rules", [TWO, THREE])
def test_same_bid_again_by_the_bidder_is_too_weak(rules: RuleSet) -> None:
    refused("bid-too-weak", bid(0, "2H 2H"), 0, "2H 2H", rules)
    refused("bid-too-weak", bid(0, "2H 2H"), 0, "2H", rules)


def test_self_bids_with_both_options_off() -> None:
    rules = TWO.with_options(reinforce=False, self_overcall=False)
    refused("bid-self", bid(3, "2D"), 3, "2D 2D", rules)
    refused("bid-self", bid(3, "2D"), 3, "BJ BJ", rules)
    allowed(bid(3, "2D"), 0, "2D 2D", rules)  # other seats are unaffected


@given(
    a=st.sampled_from(["2S", "2H 2H", "SJ SJ", "BJ BJ", "2C 2C 2C", "SJ SJ SJ", "BJ BJ BJ"]),
    b=st.sampled_from(["2S", "2H 2H", "SJ SJ", "BJ BJ", "2C 2C 2C", "SJ SJ SJ", "BJ BJ BJ"]),
)
def test_another_seat_overcalls_exactly_when_stronger(a: str, b: str) -> None:
    stronger = bid_strength(b.split(), "2", THREE) > bid_strength(a.split(), "2", THREE)
    try:
        check_bid(bid(0, a), 1, b.split(), "2", THREE)
        accepted = True
    except RulesError as e:
        assert e.code == "bid-too-weak"
        accepted = False
    assert accepted == stronger


# -- first bid -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [ONE, CHAOSHAN])
def test_first_bid_sets_the_trump(rules: RuleSet) -> None:
    allowed(None, 0, "5D", rules, level="5")
    for seat in range(4):
        for cards in ("5S", "5D", "5S 5S", "SJ SJ"):
            refused("bid-closed", bid(0, "5D"), seat, cards, rules, level="5")


def test_first_bid_pairs_on_two_decks() -> None:
    allowed(None, 2, "5S 5S", CHAOSHAN, level="5")
    refused("bid-jokers", None, 2, "BJ BJ", CHAOSHAN)


# -- hidden (four decks) -------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_hidden_first_bid_any_count(count: int) -> None:
    allowed(None, 0, " ".join(["2H"] * count), FOUR)


def test_hidden_change_needs_one_card_more() -> None:
    allowed(bid(0, "2H"), 1, "2S 2S", FOUR)
    allowed(bid(0, "2H"), 1, "2H 2H", FOUR)
    allowed(bid(1, "2S 2S"), 2, "2D 2D 2D", FOUR)
    allowed(bid(2, "2D 2D 2D"), 0, "2C 2C 2C 2C", FOUR)
    e = refused("bid-count", bid(0, "2H"), 1, "2S", FOUR)
    assert e.params["need"] == 2
    e = refused("bid-count", bid(0, "2H"), 1, "2S 2S 2S", FOUR)
    assert e.params["need"] == 2
    e = refused("bid-count", bid(0, "2H 2H 2H"), 1, "2S 2S", FOUR)
    assert e.params["need"] == 4


def test_hidden_never_on_oneself() -> None:
    refused("bid-self", bid(0, "2H"), 0, "2S 2S", FOUR)
    refused("bid-self", bid(0, "2H"), 0, "2H 2H", FOUR)
    # the mode decides, whatever the reinforce / self-overcall options say
    loose = FOUR.with_options(reinforce=True, self_overcall=True)
    refused("bid-self", bid(0, "2H"), 0, "2H 2H", loose)
    refused("bid-self", bid(0, "2H"), 0, "2S 2S", loose)


def test_hidden_four_cards_close_the_bidding() -> None:
    refused("bid-closed", bid(0, "2H 2H 2H 2H"), 1, "2S 2S 2S 2S", FOUR)
    refused("bid-closed", bid(0, "2H 2H 2H 2H"), 1, "2S", FOUR)


def test_hidden_refuses_jokers() -> None:
    refused("bid-jokers", None, 0, "BJ BJ", FOUR)
    refused("bid-jokers", bid(0, "2H"), 1, "SJ SJ", FOUR)
