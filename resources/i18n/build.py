"""Build the translations after changing a UI string or a Chinese message of the engine:

    python -m resources.i18n.build        # or: make i18n

1. ``pyside6-lupdate`` reads every QML file of the Tuolaji module and every Python file of app/
   (``qsTr``, ``self.tr``, ``QT_TRANSLATE_NOOP``) into ``tuolaji_zh_CN.ts``, the source of truth
   for 简体中文: translate what it marks unfinished there (Qt Linguist or any editor), rerun.
2. ``tuolaji_zh_TW.ts`` is derived from it (``traditional.py``: OpenCC plus the game terms);
   never edit it by hand.
3. ``pyside6-lrelease`` compiles both to the ``.qm`` files the app loads.
4. ``engine_zh_TW.json``: every Chinese phrase the engine, the protocol and the app's Python code
   can put into a message (string literals, split at ``{field}``s), in 繁體; the app converts the
   engine's finished messages with it, so the run time needs no converter.

The build fails while a string lacks its 简体 translation; tests/app/test_i18n.py fails while a
committed file differs from what the build writes.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from resources.i18n.traditional import to_traditional

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SOURCE_TS = "tuolaji_zh_CN.ts"
DERIVED_TS = "tuolaji_zh_TW.ts"
PHRASES = "engine_zh_TW.json"
PHRASE_PACKAGES = ("engine", "net", "app")
OUTPUTS = (SOURCE_TS, DERIVED_TS, "tuolaji_zh_CN.qm", "tuolaji_zh_TW.qm", PHRASES)

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
FIELD = re.compile(r"\{[^{}]*\}")
TRANSLATION = re.compile(r"(<translation[^>]*>)(.*?)(</translation>)", re.S)
TAG = re.compile(r"(<[^>]*>)")


def ui_sources() -> list[Path]:
    """Every file lupdate reads: the QML module and the app's Python."""
    return sorted((ROOT / "resources" / "Tuolaji").glob("*.qml")) + sorted(
        (ROOT / "app").rglob("*.py")
    )


def _tool(name: str) -> str:
    beside = Path(sys.executable).parent / name  # the virtualenv's, when run from one
    return str(beside) if beside.exists() else name


def update_source(ts: Path) -> None:
    """Merge the UI's current strings into ``ts`` (new ones unfinished, vanished ones dropped)."""
    files = [str(p.relative_to(ROOT)) for p in ui_sources()]
    options = ["-silent", "-locations", "none", "-no-obsolete", "-target-language", "zh_CN"]
    subprocess.run(
        [_tool("pyside6-lupdate"), *options, *files, "-ts", str(ts)],
        cwd=ROOT,
        check=True,
    )


def untranslated(ts_text: str) -> list[str]:
    """``context: source`` of every message without a finished translation."""
    missing = []
    for context in ET.fromstring(ts_text).iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            tr = message.find("translation")
            text = "" if tr is None else "".join(tr.itertext()).strip()
            if tr is None or tr.get("type") is not None or not text:
                missing.append(f"{name}: {message.findtext('source', '')!r}")
    return missing


def traditional_ts(source: str) -> str:
    """The zh_TW catalogue: the zh_CN one with every translation's text converted."""

    def convert(m: re.Match[str]) -> str:
        parts = TAG.split(m.group(2))  # odd indexes are tags (<numerusform>)
        body = "".join(p if i % 2 else to_traditional(p) for i, p in enumerate(parts))
        return m.group(1) + body + m.group(3)

    derived = source.replace('language="zh_CN"', 'language="zh_TW"', 1)
    return TRANSLATION.sub(convert, derived)


def _literals(tree: ast.AST) -> Iterator[str]:
    """The string constants of a module, docstrings left out (nobody is shown those)."""
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.value


def engine_phrases() -> dict[str, str]:
    """简体 -> 繁體 for every Chinese piece of a string literal that converts differently."""
    table: dict[str, str] = {}
    for package in PHRASE_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for literal in _literals(ast.parse(path.read_text(encoding="utf-8"))):
                for piece in FIELD.split(literal):
                    if CJK.search(piece) and (tw := to_traditional(piece)) != piece:
                        table[piece] = tw
    return dict(sorted(table.items()))


def build(out: Path) -> list[str]:
    """Write every file of OUTPUTS into ``out`` (starting from this folder's zh_CN catalogue);
    return the strings still untranslated."""
    out.mkdir(parents=True, exist_ok=True)
    source = out / SOURCE_TS
    if source.resolve() != (HERE / SOURCE_TS).resolve():
        shutil.copyfile(HERE / SOURCE_TS, source)
    update_source(source)
    text = source.read_text(encoding="utf-8")
    (out / DERIVED_TS).write_text(traditional_ts(text), encoding="utf-8")
    for name in (SOURCE_TS, DERIVED_TS):
        ts = out / name
        subprocess.run(
            [_tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(ts.with_suffix(".qm"))],
            check=True,
        )
    phrases = json.dumps(engine_phrases(), ensure_ascii=False, indent=1)
    (out / PHRASES).write_text(phrases + "\n", encoding="utf-8")
    return untranslated(text)


def main() -> int:
    missing = build(HERE)
    for m in missing:
        print(f"untranslated in {SOURCE_TS}:", m)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
