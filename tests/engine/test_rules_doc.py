"""docs/RULES.md §4 states every option and preset exactly as engine/rules.py has them."""

import re
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any, get_args, get_type_hints

import pytest

from engine.rules import PRESETS, RuleSet

DOC = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"


def _table(header_start: str) -> tuple[list[str], list[list[str]]]:
    """The markdown table whose header row starts with ``header_start``: header, rows."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header_start))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    header = [cell.strip() for cell in lines[start].strip("|").split("|")]
    return header, rows


def _code(cell: str) -> str:
    """The single `code` value a cell holds."""
    found = re.fullmatch(r"`([^`]*)`", cell)
    assert found, f"expected one `value` in the cell, got {cell!r}"
    return found.group(1)


def _text(value: Any) -> str:
    """How the doc writes an option value: as JSON would, without quotes."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


OPTION_HEADER, OPTION_ROWS = _table("| option | values | default |")
OPTIONS = {_code(row[0]): row for row in OPTION_ROWS}
HINTS = get_type_hints(RuleSet)


def test_the_table_lists_every_option_once_in_field_order() -> None:
    assert [_code(row[0]) for row in OPTION_ROWS] == [f.name for f in fields(RuleSet)]


def test_the_table_has_a_column_for_every_preset() -> None:
    assert OPTION_HEADER[:3] == ["option", "values", "default"]
    assert OPTION_HEADER[3:] == list(PRESETS)


@pytest.mark.parametrize("field", fields(RuleSet), ids=lambda f: f.name)
def test_default_and_every_preset_value(field: Any) -> None:
    row = OPTIONS[field.name]
    assert field.default is not MISSING
    assert _code(row[2]) == _text(field.default)
    for name, cell in zip(OPTION_HEADER[3:], row[3:], strict=True):
        assert _code(cell) == _text(getattr(PRESETS[name], field.name)), (field.name, name)


@pytest.mark.parametrize(
    "name", [n for n, hint in HINTS.items() if get_args(hint)], ids=lambda n: str(n)
)
def test_a_choice_option_lists_exactly_its_choices(name: str) -> None:
    listed = re.findall(r"`([^`]*)`", OPTIONS[name][1])
    assert listed == list(get_args(HINTS[name]))


def test_every_option_is_explained() -> None:
    text = DOC.read_text(encoding="utf-8")
    explained = set(re.findall(r"^- (`[a-z_]+`(?:, `[a-z_]+`)*)[^:`\n]*:", text, re.M))
    names = {n for item in explained for n in re.findall(r"`([a-z_]+)`", item)}
    assert names >= {f.name for f in fields(RuleSet)}


def test_the_preset_table_gives_each_presets_decks_hand_and_kitty() -> None:
    _, rows = _table("| preset | source | decks, cards each, kitty |")
    seen = {}
    for row in rows:
        name = re.match(r"`([a-z-]+)`", row[0])
        assert name, row[0]
        decks, hand, kitty = (part.strip() for part in row[2].split(","))
        seen[name.group(1)] = (int(decks), int(hand), 0 if kitty == "none" else int(kitty))
    assert seen == {n: (r.decks, r.hand_size, r.kitty_size) for n, r in PRESETS.items()}
