"""Write tuolaji_<lang>.ts from the UI's strings and the table below, then compile the .qm files.

    python3 resources/i18n/build.py        # after changing a qsTr / tr string

Strings are found in the QML module (``qsTr``, context = the file's name) and in the view-models
(``self.tr`` / ``t``, context = the class). A string missing from TRANSLATIONS fails the build.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from strings import TRANSLATIONS  # noqa: E402

QML = re.compile(r'qsTr\(\s*"((?:[^"\\]|\\.)*)"(?:\s*,\s*"((?:[^"\\]|\\.)*)")?')
PY = re.compile(r'(?:self\.tr|\bt)\(\s*"((?:[^"\\]|\\.)*)"\s*\)')
CLASS = re.compile(r"^class (\w+)", re.MULTILINE)
PY_FILES = (ROOT / "app" / "table.py", ROOT / "app" / "viewmodels.py")


def messages() -> list[tuple[str, str, str]]:
    """(context, source, disambiguation) for every UI string, in file order."""
    out: list[tuple[str, str, str]] = []
    for qml in sorted((ROOT / "resources" / "Tuolaji").glob("*.qml")):
        for m in QML.finditer(qml.read_text(encoding="utf-8")):
            out.append((qml.stem, m.group(1), m.group(2) or ""))
    for path in PY_FILES:
        text = path.read_text(encoding="utf-8")
        classes = [(m.start(), m.group(1)) for m in CLASS.finditer(text)]
        for m in PY.finditer(text):
            # self.tr's context is the class the call sits in (module helpers: the one above)
            context = next((name for at, name in reversed(classes) if at < m.start()), "")
            out.append((context, m.group(1), ""))
    seen: set[tuple[str, str, str]] = set()
    return [x for x in out if not (x in seen or seen.add(x))]


def write_ts(lang: str, index: int) -> list[str]:
    missing = []
    by_context: dict[str, list[str]] = {}
    for context, source, comment in messages():
        key = f"{source}|{comment}" if f"{source}|{comment}" in TRANSLATIONS else source
        text = TRANSLATIONS.get(key)
        if text is None:
            missing.append(f"{context}: {source!r}")
            continue
        translated = text[index]
        numerus = "%n" in source
        body = f"<numerusform>{escape(translated)}</numerusform>" if numerus else escape(translated)
        comment_xml = f"\n        <comment>{escape(comment)}</comment>" if comment else ""
        attr = ' numerus="yes"' if numerus else ""
        by_context.setdefault(context, []).append(
            f"    <message{attr}>\n"
            f"        <source>{escape(source)}</source>{comment_xml}\n"
            f"        <translation>{body}</translation>\n    </message>"
        )
    parts = [
        '<?xml version="1.0" encoding="utf-8"?>',
        "<!DOCTYPE TS>",
        f'<TS version="2.1" language="{lang}">',
    ]
    for context, msgs in by_context.items():
        parts.append(f"<context>\n    <name>{context}</name>")
        parts.extend(msgs)
        parts.append("</context>")
    parts.append("</TS>\n")
    (HERE / f"tuolaji_{lang}.ts").write_text("\n".join(parts), encoding="utf-8")
    return missing


def main() -> int:
    missing = write_ts("zh_CN", 0)
    write_ts("zh_TW", 1)
    for lang in ("zh_CN", "zh_TW"):
        ts = HERE / f"tuolaji_{lang}.ts"
        subprocess.run(["pyside6-lrelease", str(ts), "-qm", str(ts.with_suffix(".qm"))], check=True)
    for m in missing:
        print("untranslated:", m)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
