"""Following (RULES.md §6): suit, pair, tractor and shape obligations; listed follow orders.

The listed orders of seeds 000/004 are transcribed here from the seed texts (independently of
``engine.follows.LADDERS``) and checked exhaustively: for a hand whose best option is a given
rung, every play of the hand's cards is tried, and exactly the plays on that rung are accepted.
"""

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest

from engine.cards import Card, Hand, parse_cards
from engine.errors import RulesError
from engine.follows import check_follow, legal_follows
from engine.leads import lead_shape
from engine.order import Trumps
from engine.rules import RuleSet, preset

Kind = tuple[int, int]
P, TR, Q = (2, 1), (3, 1), (4, 1)
T10 = Trumps("T", "H")  # level 10, hearts trump (the seeds' examples)
T2 = Trumps("2", "H")  # level 2: spades run 3..A with nothing skipped
CLASSIC = preset("classic")
THREE = preset("three-deck")
FOUR = preset("four-deck")


def hand(text: str) -> Hand:
    return Counter(parse_cards(text))


def refusal(
    held: str, play: str, lead: str, rules: RuleSet = CLASSIC, trumps: Trumps = T10
) -> RulesError | None:
    led = parse_cards(lead)
    try:
        check_follow(
            hand(held), parse_cards(play), led, lead_shape(led, trumps, rules), trumps, rules
        )
    except RulesError as err:
        return err
    return None


def plays_of(held: Hand, need: int) -> set[tuple[Card, ...]]:
    return {tuple(sorted(p)) for p in itertools.combinations(sorted(held.elements()), need)}


def accepted(held: Hand, lead: Sequence[Card], rules: RuleSet, trumps: Trumps) -> set:
    shape = lead_shape(lead, trumps, rules)
    out = set()
    for play in plays_of(held, len(lead)):
        try:
            check_follow(held, play, lead, shape, trumps, rules)
        except RulesError as err:
            assert err.code.startswith("must-follow"), err.code
            continue
        out.add(play)
    return out


def assert_generated_equals_accepted(held: Hand, lead: str, rules: RuleSet, trumps: Trumps) -> set:
    led = parse_cards(lead)
    ok = accepted(held, led, rules, trumps)
    shape = lead_shape(led, trumps, rules)
    made = [tuple(sorted(p)) for p in legal_follows(held, led, shape, trumps, rules, limit=10**6)]
    assert len(made) == len(set(made))
    assert set(made) == ok
    return ok


# -- basic obligations (two decks, standard order) -----------------------------------------


def test_wrong_count() -> None:
    err = refusal("AS KS QS", "AS KS", "3S")
    assert err is not None and err.code == "wrong-count"
    assert "1" in err.en and "1" in err.zh


def test_not_holding() -> None:
    err = refusal("AS KS QS", "JS", "3S")
    assert err is not None and err.code == "not-holding"


def test_must_follow_suit() -> None:
    err = refusal("3S 4D", "4D", "AS")
    assert err is not None and err.code == "must-follow-suit"
    assert err.en == "You hold ♠ and must play them first" and "黑桃" in err.zh
    assert refusal("3S 4D", "3S", "AS") is None


def test_short_in_the_suit_plays_all_of_it_then_anything() -> None:
    assert refusal("3S 4D 5D", "3S 4D", "AS AS") is None
    assert refusal("3S 4D 5D", "3S 5D", "AS AS") is None
    err = refusal("3S 4D 5D", "4D 5D", "AS AS")
    assert err is not None and err.code == "must-follow-suit"


def test_void_plays_anything() -> None:
    for play in ("4D 5C", "BJ 4D", "BJ SJ"):
        assert refusal("4D 5C BJ SJ", play, "AS AS") is None


def test_trump_lead_is_followed_with_any_trump() -> None:
    # TS (off-suit level card) and 3H are trumps at level 10 with hearts trump
    assert refusal("TS 3S", "TS", "AH") is None
    err = refusal("TS 3S", "3S", "AH")
    assert err is not None and err.code == "must-follow-suit"
    assert "trumps" in err.en and "主牌" in err.zh


def test_must_follow_pair() -> None:
    err = refusal("3S 3S 7S 8S", "7S 8S", "9S 9S")
    assert err is not None and err.code == "must-follow-pair"
    assert err.en == "You hold a pair in ♠ and must play it"
    assert "有对必须出对" in err.zh
    assert refusal("3S 3S 7S 8S", "3S 3S", "9S 9S") is None


def test_pair_inside_a_tractor_must_answer_a_pair() -> None:
    lead = "KS KS"
    assert refusal("3S 3S 4S 4S 8S", "3S 3S", lead) is None
    assert refusal("3S 3S 4S 4S 8S", "4S 4S", lead) is None
    err = refusal("3S 3S 4S 4S 8S", "3S 4S", lead)
    assert err is not None and err.code == "must-follow-pair"


def test_pair_inside_a_triple_must_answer_a_pair() -> None:
    lead = "KS KS"
    assert refusal("7S 7S 7S 3S", "7S 7S", lead, THREE) is None
    err = refusal("7S 7S 7S 3S", "7S 3S", lead, THREE)
    assert err is not None and err.code == "must-follow-pair"


def test_equal_level_cards_of_two_suits_are_not_a_pair() -> None:
    ok = accepted(hand("TS TC 3H 4D"), parse_cards("AH AH"), CLASSIC, T10)
    assert len(ok) == 3  # any two of the three trumps


def test_must_follow_tractor() -> None:
    lead = "3S 3S 4S 4S"
    assert refusal("JS JS QS QS 5S 6S", "JS JS QS QS", lead) is None
    err = refusal("JS JS QS QS 5S 6S", "JS JS 5S 6S", lead)
    assert err is not None and err.code == "must-follow-tractor"
    assert "tractor" in err.en and "拖拉机" in err.zh


def test_tractor_from_a_longer_tractor() -> None:
    # at level 10 the T is skipped: 99 JJ QQ is a tractor of three pairs
    ok = assert_generated_equals_accepted(hand("9S 9S JS JS QS QS 2S"), "3S 3S 4S 4S", CLASSIC, T10)
    assert ok == {tuple(sorted(parse_cards(p))) for p in ("9S 9S JS JS", "JS JS QS QS")}


def test_tractor_lead_without_a_tractor_needs_every_pair() -> None:
    lead = "3S 3S 4S 4S"
    assert refusal("6S 6S 9S 9S 5S", "6S 6S 9S 9S", lead) is None
    err = refusal("6S 6S 9S 9S 5S", "6S 6S 9S 5S", lead)
    assert err is not None and err.code == "must-follow-shape"
    assert "2 pairs" in err.en and "对" in err.zh


def test_tractor_lead_with_one_pair_needs_the_pair() -> None:
    lead = "3S 3S 4S 4S"
    assert refusal("6S 6S 9S 8S 5S", "6S 6S 9S 8S", lead) is None
    err = refusal("6S 6S 9S 8S 5S", "6S 9S 8S 5S", lead)
    assert err is not None and err.code == "must-follow-pair"


def test_no_pair_any_cards_of_the_suit() -> None:
    ok = assert_generated_equals_accepted(hand("6S 9S 8S 5S 2D"), "3S 3S 4S 4S", CLASSIC, T10)
    assert ok == {tuple(sorted(parse_cards("6S 9S 8S 5S")))}


def test_triple_lead_in_three_decks_wants_the_triple_then_a_pair() -> None:
    err = refusal("7S 7S 7S 3S 4S", "7S 7S 3S", "AS AS AS", THREE)
    assert err is not None and err.code == "must-follow-tuple"


# -- multi-component throws: the largest component is matched first ----------------------


@pytest.mark.parametrize(
    ("held", "must"),
    [
        ("6S 6S 7S 7S 9S 9S 3S 4S", "6S 6S 7S 7S 9S 9S"),  # tractor + pair
        ("6S 6S 9S 9S JS JS 3S", "6S 6S 9S 9S JS JS"),  # no tractor: three pairs
        ("6S 6S 7S 7S 3S 4S 5S", "6S 6S 7S 7S"),  # a tractor, no other pair
        ("6S 6S 7S 7S 8S 8S 3S", "6S 6S 7S 7S 8S 8S"),  # a longer tractor covers both
    ],
)
def test_throw_tractor_and_pair(held: str, must: str) -> None:
    lead = "QS QS JS JS 5S 5S"  # a tractor and a pair
    assert lead_shape(parse_cards(lead), T10, CLASSIC) == ((2, 2), (2, 1))
    ok = assert_generated_equals_accepted(hand(held), lead, CLASSIC, T10)
    need = Counter(parse_cards(must))
    assert ok == {p for p in plays_of(hand(held), 6) if not need - Counter(p)}


def test_throw_two_pairs_and_a_single() -> None:
    lead = "AS AS QS QS 9S"
    ok = assert_generated_equals_accepted(hand("3S 3S 5S 7S 8S 9S 4D"), lead, CLASSIC, T10)
    assert ok and all(Counter(p)["3S"] == 2 for p in ok)
    assert len(ok) == 4  # the pair and any three of the four singles


def test_three_deck_throw_matches_the_triple_before_the_pair() -> None:
    lead = "AS AS AS QS QS"  # a triple and a pair (no listed order)
    assert lead_shape(parse_cards(lead), T10, THREE) == ((3, 1), (2, 1))
    ok = assert_generated_equals_accepted(hand("7S 7S 7S 3S 4S 5S"), lead, THREE, T10)
    assert ok and all(Counter(p)["7S"] == 3 for p in ok)
    err = refusal("7S 7S 7S 3S 4S 5S", "7S 7S 3S 4S 5S", lead, THREE)
    assert err is not None and err.code == "must-follow-tuple"
    ok = assert_generated_equals_accepted(hand("7S 7S 9S 9S 3S 4S"), lead, THREE, T10)
    assert ok == {tuple(sorted(parse_cards(p))) for p in ("7S 7S 9S 9S 3S", "7S 7S 9S 9S 4S")}


# -- listed orders: an independent oracle ---------------------------------------------------


def has(counts: Counter[Card], kinds: Sequence[Kind], trumps: Trumps) -> bool:
    """Brute force: do ``counts`` hold disjoint components of all ``kinds``?"""
    if not kinds:
        return True
    (size, length), rest = kinds[0], kinds[1:]

    def chains(top: int, n: int, left: Counter[Card]) -> bool:
        if n == length:
            return has(left, rest, trumps)
        return any(
            k >= size
            and trumps.position(card) == top - n
            and chains(top, n + 1, left - Counter({card: size}))
            for card, k in left.items()
        )

    return any(chains(trumps.position(c), 0, counts) for c in counts)


def rung(cards: Counter[Card], ladder: list[list[list[Kind]]], trumps: Trumps) -> int:
    for i, tier in enumerate(ladder):
        if any(has(cards, pattern, trumps) for pattern in tier):
            return i
    return len(ladder)


def tr(size: int, length: int) -> Kind:
    return (size, length)


# Seed 000/004 three-deck orders (RULES.md §6). Each pattern lists tuples and tractors only.
TITANIC = [[[tr(3, 2)]], [[TR, TR]], [[tr(2, 2)]], [[TR, P]], [[TR]], [[P, P]], [[P]]]
TRIPLE = [[[TR]], [[P]]]
# Seed 004 §3.4.5, items 1-6.
ITEM1 = [
    [[tr(2, 4)], [Q, Q]],
    [[tr(2, 3), P]],
    [[tr(2, 3)]],
    [[tr(2, 2), P, P]],
    [[tr(2, 2), P]],
    [[tr(2, 2)]],
    [[Q, P, P]],
    [[Q, P]],
    [[Q]],
    [[TR, TR]],
    [[TR, P, P]],
    [[TR, P]],
    [[TR]],
    [[P, P, P, P]],
    [[P, P, P]],
    [[P, P]],
    [[P]],
]
ITEM2 = [[[Q, Q]], [[tr(2, 4)]], *ITEM1[1:]]
ITEM3 = [[[tr(2, 3)], [tr(3, 2)]], [[Q, P]], [[tr(2, 2), P]], [[P, P, P]], [[P, P]], [[P]]]
ITEM4 = [
    [[tr(3, 2)]],
    [[tr(2, 3)]],
    [[Q, P]],
    [[tr(2, 2), P]],
    [[TR, TR]],
    [[TR, P]],
    [[P, P, P]],
    [[P, P]],
    [[P]],
]
ITEM5 = [[[Q]], [[tr(2, 2)]], [[P, P]], [[TR]], [[P]]]
ITEM6 = [[[tr(2, 2)], [Q]], [[P, P]], [[P]]]

ITEM1_HANDS = [  # one hand per rung of item 1 (lead 44556677), in order
    "9S 9S TS TS JS JS QS QS 3S 5S KS",
    "9S 9S TS TS JS JS 4S 4S 6S 7S",
    "9S 9S TS TS JS JS 4S 6S KS AS",
    "9S 9S TS TS 4S 4S 6S 6S KS AS QS",
    "9S 9S TS TS 4S 4S 6S KS AS",
    "9S 9S TS TS 4S 6S KS AS 3S",
    "3S 3S 3S 3S 6S 6S 9S 9S JS AS",
    "3S 3S 3S 3S 6S 6S 9S JS AS",
    "3S 3S 3S 3S 6S 8S 9S JS AS",
    "3S 3S 3S 6S 6S 6S 9S JS AS",
    "3S 3S 3S 6S 6S 9S 9S JS AS KS",
    "3S 3S 3S 6S 6S 9S JS AS KS",
    "3S 3S 3S 6S 8S 9S JS AS KS",
    "3S 3S 6S 6S 9S 9S QS QS AS",
    "3S 3S 6S 6S 9S 9S JS KS AS",
    "3S 3S 6S 6S 8S TS QS AS 4S",
    "3S 3S 5S 7S 9S JS KS AS 4S",
    "3S 5S 7S 9S JS KS AS 4S 6S",
]
QUADS_AND_TRACTOR = "3S 3S 3S 3S 5S 5S 5S 5S 8S 8S 9S 9S TS TS JS JS"

CASES = [
    # (name, rules, lead, ladder, hand, rung)
    *[
        ("titanic", THREE, "7S 7S 7S 8S 8S 8S", TITANIC, h, i)
        for i, h in enumerate(
            [
                "3S 3S 3S 4S 4S 4S 9S",
                "3S 3S 3S 6S 6S 6S 9S",
                "3S 3S 4S 4S 8S TS QS",
                "3S 3S 3S 6S 6S 9S JS",
                "3S 3S 3S 6S 8S TS QS",
                "3S 3S 6S 6S 9S JS QS",
                "3S 3S 6S 8S TS QS AS",
                "3S 5S 7S 9S JS KS AS",
            ]
        )
    ],
    *[
        ("triple", THREE, "9S 9S 9S", TRIPLE, h, i)
        for i, h in enumerate(["3S 3S 3S 6S JS", "3S 3S 6S JS", "3S 6S JS QS"])
    ],
    *[("item1", FOUR, "4S 4S 5S 5S 6S 6S 7S 7S", ITEM1, h, i) for i, h in enumerate(ITEM1_HANDS)],
    ("item1", FOUR, "4S 4S 5S 5S 6S 6S 7S 7S", ITEM1, QUADS_AND_TRACTOR, 0),
    ("item2", FOUR, "4S 4S 4S 4S 5S 5S 5S 5S", ITEM2, QUADS_AND_TRACTOR, 0),
    ("item2-apart", FOUR, "4S 4S 4S 4S 9S 9S 9S 9S", ITEM2, QUADS_AND_TRACTOR, 0),
    *[
        ("item2-apart", FOUR, "4S 4S 4S 4S 9S 9S 9S 9S", ITEM2, h, i + 1)
        for i, h in enumerate(ITEM1_HANDS)
        if i in (0, 4, 8, 12, 17)
    ],
    ("item2", FOUR, "4S 4S 4S 4S 5S 5S 5S 5S", ITEM2, "8S 8S 9S 9S TS TS JS JS 3S 5S QS", 1),
    *[
        ("item2", FOUR, "4S 4S 4S 4S 5S 5S 5S 5S", ITEM2, h, i + 1)
        for i, h in enumerate(ITEM1_HANDS)
        if i > 0
    ],
    *[
        ("item3", FOUR, "6S 6S 7S 7S 8S 8S", ITEM3, h, i)
        for i, h in enumerate(
            [
                "9S 9S TS TS JS JS 3S 3S 3S 4S 4S 4S",
                "3S 3S 3S 3S 6S 6S 9S JS",
                "9S 9S TS TS 4S 4S 6S",
                "3S 3S 6S 6S 9S 9S QS",
                "3S 3S 6S 6S 9S JS AS",
                "3S 3S 6S 8S TS QS AS",
                "3S 5S 7S 9S JS KS AS",
            ]
        )
    ],
    ("item3", FOUR, "6S 6S 7S 7S 8S 8S", ITEM3, "9S 9S TS TS JS JS 4S", 0),
    ("item3", FOUR, "6S 6S 7S 7S 8S 8S", ITEM3, "3S 3S 3S 4S 4S 4S 9S", 0),
    *[
        ("item4", FOUR, "JS JS JS QS QS QS", ITEM4, h, i)
        for i, h in enumerate(
            [
                "3S 3S 3S 4S 4S 4S 7S 7S 8S 8S 9S 9S",
                "3S 3S 4S 4S 5S 5S 9S",
                "3S 3S 3S 3S 6S 6S 9S",
                "3S 3S 4S 4S 8S 8S JS",
                "3S 3S 3S 6S 6S 6S 9S",
                "3S 3S 3S 6S 6S 9S JS",
                "3S 3S 6S 6S 9S 9S JS",
                "3S 3S 6S 6S 9S JS AS",
                "3S 3S 6S 8S TS QS AS",
                "3S 5S 7S 9S JS KS AS",
            ]
        )
    ],
    ("item4", FOUR, "JS JS JS QS QS QS", ITEM4, "3S 3S 3S 6S 8S TS QS AS", 8),
    *[
        ("item5", FOUR, "AS AS AS AS", ITEM5, h, i)
        for i, h in enumerate(
            [
                "3S 3S 3S 3S 6S 6S 7S 7S",
                "3S 3S 4S 4S 9S",
                "3S 3S 6S 6S 9S",
                "3S 3S 3S 6S 9S",
                "3S 3S 6S 9S JS",
                "3S 5S 7S 9S JS",
            ]
        )
    ],
    *[
        ("item6", FOUR, "7S 7S 8S 8S", ITEM6, h, i)
        for i, h in enumerate(
            [
                "3S 3S 4S 4S 9S 9S 9S 9S",
                "3S 3S 6S 6S 9S",
                "3S 3S 6S 9S JS",
                "3S 5S 7S 9S JS",
            ]
        )
    ],
    ("item6", FOUR, "7S 7S 8S 8S", ITEM6, "3S 3S 4S 4S 9S", 0),
    ("item6", FOUR, "7S 7S 8S 8S", ITEM6, "9S 9S 9S 9S 3S", 0),
]


@pytest.mark.parametrize(
    ("rules", "lead", "ladder", "held", "level"),
    [c[1:] for c in CASES],
    ids=[f"{c[0]}-rung{c[5]}-{c[4].replace(' ', '')}" for c in CASES],
)
def test_listed_order_rung(rules: RuleSet, lead: str, ladder: list, held: str, level: int) -> None:
    cards = hand(held + " 3D")  # an off-suit card that may never be played here
    spades = hand(held)
    need = len(parse_cards(lead))
    assert sum(spades.values()) > need
    assert rung(spades, ladder, T2) == level, "the test hand sits on the rung it is meant for"
    ok = assert_generated_equals_accepted(cards, lead, rules, T2)
    tried = plays_of(cards, need)
    for play in tried:
        on_rung = "3D" not in play and rung(Counter(play), ladder, T2) == level
        assert (play in ok) == on_rung, play
    assert ok
    if level < len(ladder):  # a lower rung exists in this hand and is refused
        lower = [p for p in tried - ok if "3D" not in p]
        assert lower and all(rung(Counter(p), ladder, T2) > level for p in lower)


def test_equal_choice_tiers_accept_both() -> None:
    lead = "4S 4S 5S 5S 6S 6S 7S 7S"
    ok = accepted(hand(QUADS_AND_TRACTOR), parse_cards(lead), FOUR, T2)
    assert tuple(sorted(parse_cards("3S 3S 3S 3S 5S 5S 5S 5S"))) in ok
    assert tuple(sorted(parse_cards("8S 8S 9S 9S TS TS JS JS"))) in ok
    lead = "6S 6S 7S 7S 8S 8S"
    ok = accepted(hand("9S 9S TS TS JS JS 3S 3S 3S 4S 4S 4S"), parse_cards(lead), FOUR, T2)
    assert tuple(sorted(parse_cards("9S 9S TS TS JS JS"))) in ok
    assert tuple(sorted(parse_cards("3S 3S 3S 4S 4S 4S"))) in ok
    lead = "7S 7S 8S 8S"
    ok = accepted(hand("3S 3S 4S 4S 9S 9S 9S 9S"), parse_cards(lead), FOUR, T2)
    assert {tuple(sorted(parse_cards(p))) for p in ("3S 3S 4S 4S", "9S 9S 9S 9S")} <= ok


def test_listed_order_is_stricter_than_the_standard_one() -> None:
    # item 5: two pairs outrank a triple and a single when a quad is led
    err = refusal("3S 3S 3S 6S 6S", "3S 3S 3S 6S", "AS AS AS AS", FOUR, T2)
    assert err is not None and err.code == "must-follow-shape"
    assert refusal("3S 3S 3S 6S 6S", "3S 3S 6S 6S", "AS AS AS AS", FOUR, T2) is None


def test_a_throws_tractor_is_answered_by_a_tractor() -> None:
    """The head-to-head's one disagreement with jerryyyu/shengji (seed 11, deal 263): no trump
    at level 6, the throw QD QD KD KD AD led; holding TD TD JD JD (a tractor: the 6s are out
    of the suit), the follow answers the tractor with it; two pairs and a single do not."""
    six = Trumps("6", None)
    held = "2D 3D 3D 4D 7D 8D AD JD JD TD TD 3C 4C"
    lead = "QD QD KD KD AD"
    err = refusal(held, "3D 3D TD TD 2D", lead, trumps=six)
    assert err is not None and err.code == "must-follow-tractor"
    assert refusal(held, "TD TD JD JD 2D", lead, trumps=six) is None
