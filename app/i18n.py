"""Languages: English, 简体中文, 繁體中文 through Qt's translation system.

UI strings are ``qsTr`` in QML and ``self.tr`` / ``QT_TRANSLATE_NOOP`` in Python;
``resources/i18n/tuolaji_<lang>.qm`` holds their translations (``python -m resources.i18n.build``).
The engine speaks English and 简体中文 (engine/messages.py, the hints, card and shape names).
For 繁體中文 ``to_traditional`` converts its finished messages with the phrase table the build
derives from the engine's own Chinese text, so one screen never mixes scripts and the run time
needs no converter.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

LANGUAGES = ("en", "zh_CN", "zh_TW")
I18N = Path(__file__).resolve().parent.parent / "resources" / "i18n"
ENGINE_PHRASES = I18N / "engine_zh_TW.json"  # 简体 phrase -> 繁體, generated


@cache
def _phrases() -> tuple[re.Pattern[str], dict[str, str]]:
    table: dict[str, str] = json.loads(ENGINE_PHRASES.read_text(encoding="utf-8"))
    # longest first: at each position the longest known phrase wins, as in OpenCC itself
    keys = sorted(table, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, keys))), table


def to_traditional(text: str) -> str:
    """The engine's 简体 ``text`` in 繁體 (phrases the engine never says are left as they are)."""
    pattern, table = _phrases()
    return pattern.sub(lambda m: table[m.group()], text)


def engine_text(en: str, zh: str, lang: str) -> str:
    """One of the engine's bilingual messages, in ``lang``."""
    if lang == "zh_TW":
        return to_traditional(zh)
    return zh if lang == "zh_CN" else en


def sentence(text: str) -> str:
    """An engine's message (a clause: "someone at this table is already called …") shown on
    its own: capitalised and ended, in the punctuation of its language."""
    if not text or text[-1] in ".!?。！？…":
        return text
    chinese = max(ord(text[0]), ord(text[-1])) >= 0x3000  # CJK and its punctuation
    end = "。" if chinese else "."
    return text[:1].upper() + text[1:] + end


@cache
def _translator(lang: str) -> QTranslator:
    translator = QTranslator()
    translator.load(str(I18N / f"tuolaji_{lang}.qm"))
    return translator


def translate(lang: str, context: str, text: str) -> str:
    """``text`` (marked with ``QT_TRANSLATE_NOOP(context, text)``) in ``lang``, whichever
    language the app has installed."""
    if lang not in LANGUAGES or lang == "en":
        return text
    return _translator(lang).translate(context, text) or text


def words(lang: str, context: str, text: str, *args: object) -> str:
    """A sentence of the app's own (``QT_TRANSLATE_NOOP(context, text)``) in ``lang``, its
    ``%1``, ``%2``… filled with ``args``: Python code that keeps a message to show it again
    once the language is switched says it through this."""
    out = translate(lang, context, text)
    for i in range(len(args), 0, -1):  # %12 before %1
        out = out.replace(f"%{i}", str(args[i - 1]))
    return out


def system_language() -> str:
    name = QLocale.system().name()  # e.g. zh_CN, zh_TW, zh_HK, en_US
    if name.startswith("zh"):
        return "zh_TW" if name[3:] in ("TW", "HK", "MO") or "Hant" in name else "zh_CN"
    return "en"


class Translations:
    """Installs the translator for the chosen language; the QML engine retranslates."""

    def __init__(self) -> None:
        self._translator: QTranslator | None = None
        self.language = "en"

    def install(self, lang: str) -> bool:
        app = QCoreApplication.instance()
        assert app is not None, "translations are installed into the running app"
        if self._translator is not None:
            app.removeTranslator(self._translator)
            self._translator = None
        self.language = lang if lang in LANGUAGES else "en"
        if self.language == "en":
            return True
        translator = QTranslator(app)
        if not translator.load(str(I18N / f"tuolaji_{self.language}.qm")):
            return False
        app.installTranslator(translator)
        self._translator = translator
        return True
