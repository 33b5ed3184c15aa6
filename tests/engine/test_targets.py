"""The attackers' target comes from each preset's level table as docs/RULES.md §8 writes it."""

import re
from pathlib import Path

import pytest

from engine.rules import PRESETS, RuleSet
from engine.scoring import hand_result
from engine.targets import deal_passes_at

DOC = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"


def _level_rows() -> dict[str, str]:
    """§8's level tables: table name -> its result cell."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = lines.index("| table | result |")
    rows = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        name, result = (cell.strip() for cell in line.strip("|").split("|"))
        rows[re.match(r"`([^`]+)`", name).group(1)] = result  # type: ignore[union-attr]
    return rows


def _first_attacker_band(cell: str) -> int:
    """The lowest points the doc gives to the attackers: the first band that reads "the deal
    passes", "the attackers take the deal" or "attackers +n"."""
    for band in cell.split("; "):
        where, _, what = band.rpartition(": ")
        if "deal" in what or what.startswith("attackers"):
            found = re.search(r"(\d+)(?:–\d+)?$", where)
            assert found, f"no points in {band!r}"
            return int(found.group(1))
    raise AssertionError(f"no attackers' band in {cell!r}")


ROWS = _level_rows()


@pytest.mark.parametrize("name", PRESETS)
def test_each_presets_target_is_its_tables_first_attackers_band(name: str) -> None:
    rules = PRESETS[name]
    cell = ROWS[rules.level_table]
    if rules.level_table == "chaoshan":  # two rows: with and without the last trick
        without, captured = cell.split("Attackers won the last trick: ")
        assert deal_passes_at(rules) == _first_attacker_band(without.split("trick: ", 1)[1])
        assert deal_passes_at(rules, kitty_captured=True) == _first_attacker_band(captured)
    else:
        assert deal_passes_at(rules) == _first_attacker_band(cell)


@pytest.mark.parametrize("table", sorted(ROWS))
def test_every_table_below_the_target_is_the_defenders(table: str) -> None:
    rules = RuleSet(level_table=table)  # type: ignore[arg-type]
    target = deal_passes_at(rules)
    assert hand_result(rules, target)[0] == "attackers"
    assert all(hand_result(rules, p)[0] == "defenders" for p in range(0, target, 5))


def test_the_targets_a_player_sees() -> None:
    # the figures the tables are known by: 80 of 200 in two decks, 40 of 100 in one
    want = {
        "classic": 80,
        "lianzhong": 80,
        "find-friend": 80,
        "one-deck": 40,
        "three-deck": 120,
        "four-deck": 160,
        "chaoshan": 80,
    }
    assert {name: deal_passes_at(rules) for name, rules in PRESETS.items()} == want
    assert deal_passes_at(RuleSet(decks=1, kitty_size=6, level_table="one-deck-20")) == 40
