"""What a play is called (docs/RULES.md §2 and §5), under every preset's rules."""

import pytest

from engine.callouts import call_out, flash
from engine.order import trumps_for
from engine.rules import PRESETS, preset

FREE_LEADS = [name for name, rules in PRESETS.items() if rules.lead_rule == "free"]


@pytest.mark.parametrize("name", FREE_LEADS)
def test_a_lead_is_called_by_its_shape(name: str) -> None:
    rules = PRESETS[name]
    trumps = trumps_for("2", "S", rules.twos_trump)
    assert call_out([("3H", "3H")], trumps, rules) == "pair"  # 一对
    assert call_out([("3H", "3H", "4H", "4H")], trumps, rules) == "tractor"  # 拖拉机
    assert call_out([("AH", "KH")], trumps, rules) == "throw"  # 甩牌: several parts
    assert call_out([("AH",)], trumps, rules, thrown=True) == "throw"  # failed: one part left
    assert call_out([("AH",)], trumps, rules) == ""  # a single says nothing


@pytest.mark.parametrize("name", [n for n in FREE_LEADS if PRESETS[n].decks >= 3])
def test_with_three_decks_a_triple_is_no_pair_and_triples_make_a_tractor(name: str) -> None:
    rules = PRESETS[name]
    trumps = trumps_for("2", "S", rules.twos_trump)
    assert call_out([("3H", "3H", "3H")], trumps, rules) == ""
    assert call_out([("3H", "3H", "3H", "4H", "4H", "4H")], trumps, rules) == "tractor"


def test_chaoshan_leads_several_cards_only_as_a_throw() -> None:
    # 潮汕 (§5): a multi-card lead is a suit throw, answered as singles
    rules = preset("chaoshan")
    trumps = trumps_for("2", "S")
    assert call_out([("3H", "3H")], trumps, rules) == "throw"
    assert call_out([("3H", "3H", "4H", "4H")], trumps, rules) == "throw"


@pytest.mark.parametrize("name", PRESETS)
def test_a_ruff_is_called_when_it_takes_the_lead(name: str) -> None:
    rules = PRESETS[name]
    trumps = trumps_for("5", "S", rules.twos_trump)
    assert call_out([("3H",), ("4H",)], trumps, rules) == ""  # following suit
    assert call_out([("3H",), ("6S",)], trumps, rules) == "ruff"  # 毙
    assert call_out([("3H",), ("6S",), ("BJ",)], trumps, rules) == "ruff"  # 盖毙
    assert call_out([("3H",), ("BJ",), ("SJ",)], trumps, rules) == ""  # too low to take it
    assert call_out([("3S",), ("BJ",)], trumps, rules) == ""  # a trump lead is not ruffed
    # 常主 (four decks): every 2 is a trump, so a 2 of another suit ruffs
    assert call_out([("3H",), ("2D",)], trumps, rules) == ("ruff" if rules.twos_trump else "")


def test_the_highlight_a_play_gets() -> None:
    trumps = trumps_for("2", "S")
    assert flash(("3H", "3H", "4H", "4H"), trumps) == "tractor"
    assert flash(("3S", "3S", "4S", "4S"), trumps) == "tractor"
    assert flash(("3S",), trumps) == "trump"
    assert flash(("BJ", "2H"), trumps) == "trump"  # jokers and level cards are trumps
    assert flash(("3H",), trumps) == ""
    assert flash(("3H", "3S"), trumps) == ""
    assert flash(("3H",), None) == ""  # during the deal nothing is trump yet
