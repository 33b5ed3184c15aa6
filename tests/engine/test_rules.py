"""Rule sets and presets (RULES.md §4)."""

import json
from typing import Any

import pytest

from engine.errors import RulesError
from engine.rules import PRESETS, RuleSet, preset, rules_from

TABLE = {  # RULES.md §4: preset -> (decks, hand size, kitty)
    "classic": (2, 25, 8),
    "lianzhong": (2, 25, 8),
    "find-friend": (2, 25, 8),
    "one-deck": (1, 12, 6),
    "three-deck": (3, 39, 6),
    "four-deck": (4, 54, 0),
    "chaoshan": (2, 25, 8),
}


def test_every_preset_of_the_table_exists() -> None:
    assert set(PRESETS) == set(TABLE)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_preset_deal_sizes(name: str) -> None:
    r = preset(name)
    assert r.preset == name
    assert (r.decks, r.hand_size, r.kitty_size) == TABLE[name]
    assert r.total_points == 100 * r.decks


@pytest.mark.parametrize("name", sorted(TABLE))
def test_preset_round_trips_through_json(name: str) -> None:
    r = preset(name)
    text = r.to_json()
    assert json.loads(text)["preset"] == name
    assert RuleSet.from_json(text) == r
    assert RuleSet.from_dict(r.to_dict()) == r
    assert rules_from(name) is r


def test_preset_columns() -> None:
    assert preset("classic").no_bid == "no-trump"
    assert preset("lianzhong").level_table == "lianzhong-40"
    assert preset("find-friend").partners == "called-card"
    assert preset("one-deck").bidding == "first-bid"
    assert preset("one-deck").kitty_capture == "double"
    assert preset("three-deck").bidding == "three-deck-ladder"
    assert preset("three-deck").follow_orders == "three-deck"
    four = preset("four-deck")
    assert (four.bidding, four.no_bid, four.no_bid_suit) == ("hidden", "fixed-suit", "S")
    assert (four.kitty_capture, four.follow_orders) == ("none", "four-deck")
    shan = preset("chaoshan")
    assert (shan.lead_rule, shan.no_bid, shan.kitty_capture) == ("chaoshan", "flip-kitty", "points")


def test_with_options_changes_only_what_it_names() -> None:
    base = preset("classic")
    r = base.with_options(twos_trump=True, throw_penalty=10)
    assert r.twos_trump is True and r.throw_penalty == 10
    assert base.twos_trump is False  # frozen: the preset itself is untouched
    assert r.with_options(twos_trump=False, throw_penalty=0) == base
    assert RuleSet.from_json(r.to_json()) == r


def test_twos_trump_option_round_trips() -> None:
    r = rules_from({"preset": "lianzhong", "twos_trump": True})
    assert r.twos_trump and r.level_table == "lianzhong-40"
    assert RuleSet.from_json(r.to_json()) == r
    assert json.loads(r.to_json())["twos_trump"] is True


def test_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(RulesError) as err:
        preset("classic").with_options(trumps_are_twos=True)
    assert err.value.code == "unknown-option"
    assert "trumps_are_twos" in err.value.en and "trumps_are_twos" in err.value.zh
    with pytest.raises(RulesError) as err:
        RuleSet.from_json('{"preset": "classic", "colour": "red"}')
    assert err.value.code == "unknown-option" and "colour" in err.value.en


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("decks", 5),
        ("decks", 0),
        ("decks", "2"),
        ("decks", True),
        ("twos_trump", "yes"),
        ("twos_trump", 1),
        ("bidding", "auction"),
        ("no_bid", "pass"),
        ("level_table", "standard-30"),
        ("lead_rule", "any"),
        ("follow_orders", "five-deck"),
        ("kitty_size", 7),
        ("start_level", "1"),
        ("end_level", "Z"),
        ("no_bid_suit", "X"),
        ("throw_penalty", -10),
        ("turn_timer", 1.5),
    ],
)
def test_bad_values_are_refused_naming_the_option(name: str, value: Any) -> None:
    with pytest.raises(RulesError) as err:
        preset("classic").with_options(**{name: value})
    assert err.value.code == "bad-option"
    assert f"'{name}'" in err.value.en and f"'{name}'" in err.value.zh
    assert repr(value) in err.value.en


def test_end_level_not_below_start_level() -> None:
    with pytest.raises(RulesError) as err:
        preset("classic").with_options(start_level="K", end_level="5")
    assert err.value.code == "bad-option"


def test_unknown_preset() -> None:
    with pytest.raises(RulesError) as err:
        preset("five-deck")
    assert err.value.code == "unknown-preset" and "five-deck" in err.value.en
    with pytest.raises(RulesError):
        rules_from({"preset": "five-deck"})


@pytest.mark.parametrize("text", ["[1, 2]", '"classic"', "{not json", ""])
def test_malformed_json_is_a_rules_error(text: str) -> None:
    with pytest.raises(RulesError) as err:
        RuleSet.from_json(text)
    assert err.value.code == "malformed"


def test_preset_label_must_name_a_preset() -> None:
    with pytest.raises(RulesError) as err:
        preset("classic").with_options(preset="house")
    assert err.value.code == "unknown-preset" and "house" in err.value.en
    r = preset("classic").with_options(preset="three-deck")
    assert RuleSet.from_json(r.to_json()) == r  # the label is kept, the options are classic's


@pytest.mark.parametrize("name", sorted(TABLE))
def test_every_option_of_a_preset_survives_the_round_trip(name: str) -> None:
    r = preset(name).with_options(twos_trump=True, throw_penalty=10, turn_timer=30)
    data = json.loads(r.to_json())
    assert data["twos_trump"] is True and data["throw_penalty"] == 10
    assert RuleSet.from_json(r.to_json()) == r


def test_four_deck_twos_are_always_trump() -> None:
    # seed 004 四副牌: "2為固定的主牌"; the other presets leave 常主 off
    assert preset("four-deck").twos_trump
    assert not any(preset(n).twos_trump for n in TABLE if n != "four-deck")


@pytest.mark.parametrize("spec", [123, None, ["classic"]])
def test_rules_from_refuses_what_is_not_a_rule_set(spec: object) -> None:
    with pytest.raises(RulesError) as err:
        rules_from(spec)  # type: ignore[arg-type]
    assert err.value.code in ("malformed", "unknown-preset")
