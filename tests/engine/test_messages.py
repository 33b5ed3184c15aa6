"""The message catalogue: one table for every reason code the engine and the protocol raise."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from engine.errors import RulesError
from engine.messages import HINTS, MESSAGES, hint_text

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"[a-z]+(-[a-z]+)+")
CJK = re.compile(r"[\u3400-\u9fff]")
SOURCES = sorted((ROOT / "engine").rglob("*.py")) + sorted((ROOT / "net").rglob("*.py"))


def _raised_codes() -> set[str]:
    """The literal first argument of every ``RulesError(...)`` in the engine and the server."""
    codes = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "RulesError"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                codes.add(str(node.args[0].value))
    return codes


def test_every_raised_code_has_its_message() -> None:
    raised = _raised_codes()
    assert len(raised) > 40
    assert raised - MESSAGES.keys() == set()


def _message_tables(path: Path) -> list[int]:
    """Lines of dict literals shaped like the catalogue: ``"code": ("English", "中文")``."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                texts = [e.value for e in getattr(value, "elts", ()) if isinstance(e, ast.Constant)]
                if (
                    isinstance(key, ast.Constant)
                    and CODE.fullmatch(str(key.value))
                    and isinstance(value, ast.Tuple)
                    and len(texts) == len(value.elts) == 2
                    and CJK.search(str(texts[1]))
                ):
                    lines.append(node.lineno)
                    break
    return lines


def test_no_other_module_holds_message_pairs() -> None:
    """The catalogue is the only table of (English, Chinese) messages; nothing registers more."""
    assert _message_tables(ROOT / "engine" / "messages.py")  # the check finds the catalogue
    found = {p.name: _message_tables(p) for p in SOURCES if p.name != "messages.py"}
    assert {name: lines for name, lines in found.items() if lines} == {}
    assert all("register({" not in p.read_text(encoding="utf-8") for p in SOURCES)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_both_languages_take_the_same_fields(code: str) -> None:
    en, zh = MESSAGES[code]
    fields = {
        lang: {f for _, f, _, _ in string.Formatter().parse(t) if f}
        for lang, t in (("en", en), ("zh", zh))
    }
    # a Chinese text may name a field's Chinese form: {suit} -> {suit_zh}
    assert {f.removesuffix("_zh") for f in fields["zh"]} <= {
        f.removesuffix("_zh") for f in fields["en"]
    } | {"suit"}
    assert en and zh and en != zh


def test_a_rules_error_reads_its_text_from_the_catalogue() -> None:
    e = RulesError("seat-taken", seat=2)
    assert (e.code, e.en, e.zh) == ("seat-taken", "seat 2 is taken", "2 号座位已有人")
    assert e.to_dict() == {"code": "seat-taken", "en": "seat 2 is taken", "zh": "2 号座位已有人"}
    assert str(e) == "seat 2 is taken"
    with pytest.raises(KeyError):
        RulesError("no-such-code")


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("code", sorted(HINTS))
def test_every_hint_reason_has_both_languages_with_the_same_fields(code: str) -> None:
    en, zh = HINTS[code]
    assert en.strip() and not CJK.search(en), en
    assert CJK.search(zh), zh
    # the Chinese text names a field's Chinese form: {cards} -> {cards_zh}
    assert {f.removesuffix("_zh") for f in _fields(zh)} == _fields(en)
    assert code not in MESSAGES  # one table of codes: none means two things


def test_a_hint_reason_is_filled_in_both_languages() -> None:
    en, zh = hint_text("hint-ruff", cards="K♠", cards_zh="黑桃K", points=15)
    assert en == "Ruff with K♠: the trick and its 15 points are yours."
    assert zh == "用黑桃K毙牌：拿下这墩和 15 分。"
