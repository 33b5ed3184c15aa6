"""Issue #13: no missing-glyph boxes. Every string and icon the UI can show (the translation
table, the engine's messages, the text in the QML files and in the app's Python) has a glyph
in each bundled font, so it renders the same on a machine with no fonts of its own."""

from __future__ import annotations

import ast
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QRawFont

from engine.errors import MESSAGES

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "resources" / "i18n"
FONTS = sorted((ROOT / "resources" / "fonts").glob("*.ttf"))
QML_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def _shown_strings() -> dict[str, str]:
    """Each string the UI may show -> where it comes from."""
    out: dict[str, str] = {}
    for ts in sorted(I18N.glob("*.ts")):
        for message in ET.parse(ts).iter("message"):
            for tag in ("source", "translation"):
                out["".join(message.find(tag).itertext())] = ts.name
    phrases = json.loads((I18N / "engine_zh_TW.json").read_text(encoding="utf-8"))
    out.update({text: "engine_zh_TW.json" for text in phrases.values()})
    for code, (en, zh) in MESSAGES.items():
        out.update({en: f"engine error {code}", zh: f"engine error {code}"})
    for qml in sorted((ROOT / "resources" / "Tuolaji").glob("*.qml")):
        if qml.name.startswith("tst_"):
            continue
        for line in qml.read_text(encoding="utf-8").splitlines():
            code = line.split("//")[0] if "//" in line and '"' not in line.split("//")[1] else line
            for m in QML_STRING.finditer(code):
                out[m.group(1)] = qml.name
    for py in sorted((ROOT / "app").glob("*.py")):
        tree = ast.parse(py.read_text(encoding="utf-8"))
        docs = {
            id(n.body[0].value)
            for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef)
            and n.body
            and isinstance(n.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
            ):
                out[node.value] = py.name
    return out


def test_the_fonts_are_bundled(qapp) -> None:
    assert len(FONTS) >= 2 and all(QRawFont(str(f), 16).isValid() for f in FONTS)


@pytest.mark.parametrize("font", FONTS, ids=lambda f: f.name)
def test_every_shown_character_has_a_glyph(qapp, font: Path) -> None:
    raw = QRawFont(str(font), 16)
    missing: dict[str, str] = {}
    for text, where in _shown_strings().items():
        for ch in text:
            if ch.isspace() or not ch.isprintable():
                continue
            if not raw.supportsCharacter(ord(ch)):
                missing.setdefault(f"{ch} U+{ord(ch):04X}", f"{where}: {text[:40]!r}")
    assert not missing, "\n".join(f"{k} in {v}" for k, v in sorted(missing.items()))


def test_the_check_would_catch_a_missing_glyph(qapp) -> None:
    raw = QRawFont(str(FONTS[0]), 16)
    assert not raw.supportsCharacter(ord("⏮"))  # the replay icon the viewer used to show
    assert raw.supportsCharacter(ord("♥")) and raw.supportsCharacter(ord("王"))
