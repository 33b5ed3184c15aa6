"""Leading (RULES.md §5): single, tuple, tractor, throw; throw checks; 潮汕 leads."""

from collections import Counter

import pytest

from engine.cards import Hand, parse_cards
from engine.errors import RulesError
from engine.leads import Lead, check_lead, lead_shape
from engine.order import Trumps
from engine.rules import preset

T10 = Trumps("T", "H")
CLASSIC = preset("classic")
CHAOSHAN = preset("chaoshan")


def hand(text: str) -> Hand:
    return Counter(parse_cards(text))


def lead(held: str, play: str, others: list[str] | None = None) -> Lead:
    other_hands = None if others is None else [hand(o) for o in others]
    return check_lead(hand(held), parse_cards(play), T10, CLASSIC, other_hands)


@pytest.mark.parametrize(
    ("play", "shape"),
    [
        ("9S", ((1, 1),)),
        ("9S 9S", ((2, 1),)),
        ("9S 9S 8S 8S", ((2, 2),)),
        ("TS TS TC TC TH TH", ((2, 2), (2, 1))),  # off-T pairs share a position
        ("BJ BJ SJ SJ TH TH", ((2, 3),)),
        ("AS KS", ((1, 1), (1, 1))),
        ("AS AS KS QS QS", ((2, 1), (2, 1), (1, 1))),
    ],
)
def test_lead_shapes(play: str, shape: tuple) -> None:
    result = lead(play + " 3D", play, ["", "", ""])
    assert result.cards == tuple(parse_cards(play))
    assert result.shape == shape
    assert result.attempted is None and result.failed is None


def test_empty_play() -> None:
    with pytest.raises(RulesError) as err:
        lead("AS", "")
    assert err.value.code == "empty-play"


def test_not_holding() -> None:
    with pytest.raises(RulesError) as err:
        lead("AS KS", "AS AS")
    assert err.value.code == "not-holding" and "AS" in err.value.en and "AS" in err.value.zh


def test_mixed_suits_refused_trumps_count_as_one_suit() -> None:
    with pytest.raises(RulesError) as err:
        lead("AS KH", "AS KH")
    assert err.value.code == "lead-mixed-suits"
    # TS, BJ and KH are all trumps at level 10 with hearts trump: one effective suit
    assert lead("TS BJ KH", "TS BJ KH", ["", "", ""]).shape == ((1, 1),) * 3


def test_throw_of_top_cards_stands() -> None:
    others = ["QS QS JS 3S", "KS 2S", "9D"]
    result = lead("AS AS KS 3S", "AS AS KS", others)
    assert result.cards == tuple(parse_cards("AS AS KS")) and result.failed is None


def test_throw_without_others_is_taken_as_it_is() -> None:
    assert lead("9S 8S 8S 4S 4S", "9S 8S 8S 4S 4S").attempted is None


# Seed 004 at level 10: throwing 9 88 44.
THROW = "9S 8S 8S 4S 4S"


@pytest.mark.parametrize(
    ("other", "forced"),
    [
        ("JS 2D", "9S"),  # a higher single: the 9 fails
        ("QS QS 2D", "4S 4S"),  # a higher pair beats both pairs, the lowest is forced
        ("5S 5S 2D", "4S 4S"),  # 55 beats only 44
        ("QS QS JS", "9S"),  # the J is loose: 9 fails too, and a single is the smallest shape
        ("9S 9S", "4S 4S"),  # 99 beats both pairs, and is spent answering them
        ("AS", "9S"),
        ("QS QS 3S 3S", "4S 4S"),  # both pairs are spent on 88 and 44: no Q to spare
        ("QS QS 5S 5S 3S", "4S 4S"),
    ],
)
def test_seed_004_failed_throw(other: str, forced: str) -> None:
    result = lead(THROW + " 3D", THROW, ["7S", other, "3C"])
    assert result.cards == tuple(parse_cards(forced))
    assert result.shape == lead_shape(parse_cards(forced), T10, CLASSIC)
    assert result.attempted == tuple(parse_cards(THROW))
    assert result.failed is not None and result.failed.cards == result.cards


def test_throw_stands_when_nobody_can_beat_a_component() -> None:
    result = lead(THROW, THROW, ["7S 3S", "3S 3S 2S", "AD AD"])
    assert result.failed is None and result.cards == tuple(parse_cards(THROW))


def test_trumps_in_other_hands_do_not_beat_an_off_suit_throw() -> None:
    result = lead(THROW, THROW, ["BJ BJ AH AH", "TS TS", ""])
    assert result.failed is None


def test_failed_throw_with_a_tractor_forces_the_smallest_shape() -> None:
    # a higher pair does not beat a tractor: only a higher tractor of the same length does
    assert lead("KS KS QS QS 3S", "KS KS QS QS 3S", ["AS AS", "", ""]).failed is None
    # a higher single beats the 3: the single is forced
    assert lead("KS KS QS QS 3S", "KS KS QS QS 3S", ["4S", "", ""]).cards == ("3S",)
    # a lower tractor does not beat it
    assert lead("KS KS QS QS AS", "KS KS QS QS AS", ["", "3S 3S 4S 4S", "2S"]).failed is None
    # a higher tractor beats the tractor, which is then forced
    result = lead("9S 9S 8S 8S AS", "9S 9S 8S 8S AS", ["", "JS JS QS QS", ""])
    assert result.shape == ((2, 2),) and Counter(result.cards) == hand("9S 9S 8S 8S")


def test_trump_throw_is_judged_against_trumps() -> None:
    result = lead("BJ SJ SJ", "BJ SJ SJ", ["BJ BJ", "", ""])
    assert result.cards == ("SJ", "SJ")  # BJBJ beats the SJ pair
    assert lead("BJ SJ SJ", "BJ SJ SJ", ["AH AH TS", "", ""]).failed is None


# 潮汕 (seed 003): a lead is one card, except the whole-suit throw.


def chaoshan(held: str, play: str, played: str = "", trumps: Trumps = T10) -> Lead:
    return check_lead(
        hand(held), parse_cards(play), trumps, CHAOSHAN, None, Counter(parse_cards(played))
    )


def test_chaoshan_single_lead() -> None:
    assert chaoshan("AS KD", "KD").cards == ("KD",)


def test_chaoshan_more_than_one_card_is_refused() -> None:
    with pytest.raises(RulesError) as err:
        chaoshan("9S 9S 8S 3D", "9S 9S")
    assert err.value.code == "lead-one-card"
    with pytest.raises(RulesError) as err:  # trumps are never a suit throw
        chaoshan("BJ BJ SJ SJ", "BJ BJ SJ SJ")
    assert err.value.code == "lead-one-card"


def test_chaoshan_suit_throw_with_both_kings_and_aces_held() -> None:
    result = chaoshan("AS AS KS KS 9S 3S 4D", "AS AS KS KS 9S 3S")
    assert result.shape == ((1, 1),) * 6


def test_chaoshan_suit_throw_must_be_the_whole_suit() -> None:
    with pytest.raises(RulesError) as err:
        chaoshan("AS AS KS KS 9S 3S", "AS AS KS KS 9S")
    assert err.value.code == "lead-one-card"


@pytest.mark.parametrize(
    ("held", "played"),
    [
        ("KS AS 9S", "KS AS"),  # one K and one A in hand, the others on the table
        ("KS 9S", "KS AS AS"),  # 003's first example: K, A, A played, the other K in hand
        ("AS KS KS", "AS"),  # 003's second example
        ("9S 3S", "KS KS AS AS"),
    ],
)
def test_chaoshan_suit_throw_counts_played_cards(held: str, played: str) -> None:
    assert chaoshan(held + " 4D", held, played).cards == tuple(parse_cards(held))


@pytest.mark.parametrize(
    ("held", "played"),
    [("AS AS KS 9S", ""), ("AS KS KS 9S", ""), ("AS AS KS 9S", "QS QS"), ("9S 3S", "KS AS AS")],
)
def test_chaoshan_suit_throw_not_ready(held: str, played: str) -> None:
    with pytest.raises(RulesError) as err:
        chaoshan(held + " 4D", held, played)
    assert err.value.code == "suit-throw-not-ready"
    assert "spades" in err.value.en and "黑桃" in err.value.zh


def test_chaoshan_at_level_k_only_the_aces_count() -> None:
    level_k = Trumps("K", "H")
    assert chaoshan("AS AS 9S 4D", "AS AS 9S", trumps=level_k).cards == ("AS", "AS", "9S")
    with pytest.raises(RulesError) as err:
        chaoshan("AS 9S 4D", "AS 9S", trumps=level_k)
    assert err.value.code == "suit-throw-not-ready"


def test_chaoshan_at_level_a_only_the_kings_count() -> None:
    level_a = Trumps("A", "H")
    assert chaoshan("KS 9S 4D", "KS 9S", "KS", trumps=level_a).cards == ("KS", "9S")
    with pytest.raises(RulesError) as err:
        chaoshan("KS 9S 4D", "KS 9S", trumps=level_a)
    assert err.value.code == "suit-throw-not-ready"


@pytest.mark.parametrize(
    ("other", "forced"),
    [
        ("QS QS 3S 3S", "9S"),  # answers 88 with 33 and spares a Q for the 9
        ("QS QS", "8S 8S"),  # the Qs must answer the pair: the 9 stands, the pair fails
        ("QS QS JS", "9S"),
        ("5S 5S 7S", "9S 8S 8S"),  # nothing beats: the throw stands
    ],
)
def test_single_of_a_throw_is_beaten_by_a_card_the_holder_can_spare(
    other: str, forced: str
) -> None:
    throw = "9S 8S 8S"
    result = lead(throw, throw, ["", other, "4D"])
    assert result.cards == tuple(parse_cards(forced))
    assert (result.failed is None) == (forced == throw)
