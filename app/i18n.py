"""Languages: English, 简体中文, 繁體中文 through Qt's translation system.

UI strings are ``qsTr`` in QML and ``tr(context, text)`` here; ``resources/i18n/tuolaji_<lang>.qm``
holds the translations. The engine speaks English and simplified Chinese; ``to_traditional``
converts its messages for 繁體中文 so one screen never mixes scripts.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

LANGUAGES = ("en", "zh_CN", "zh_TW")
I18N = Path(__file__).resolve().parent.parent / "resources" / "i18n"

# Every simplified character the engine's messages, card and shape names use that differs in
# traditional script.
_S2T = str.maketrans(
    "红块级张对须尽机败够现这样轮号为门单连与数里没庄无点则将后从应该请选择设确认开关网络线观战复盘规语简体声问题记录统计胜负别进状态时间换颜色动画种赢输历两让们个边么发来给过还错误举报弃说话场联众闲亲总类绝级叶实际满准备结束继续退于论专业东难显示万亿罚扑克带头组变长双习钟声",
    "紅塊級張對須盡機敗夠現這樣輪號為門單連與數裡沒莊無點則將後從應該請選擇設確認開關網絡線觀戰復盤規語簡體聲問題記錄統計勝負別進狀態時間換顏色動畫種贏輸歷兩讓們個邊麼發來給過還錯誤舉報棄說話場聯眾閒親總類絕級葉實際滿準備結束繼續退於論專業東難顯示萬億罰撲克帶頭組變長雙習鐘聲",
)


def to_traditional(text: str) -> str:
    return text.translate(_S2T)


def tr(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


def system_language() -> str:
    name = QLocale.system().name()  # e.g. zh_CN, zh_TW, zh_HK, en_US
    if name.startswith("zh"):
        return "zh_TW" if name[3:] in ("TW", "HK", "MO") or "Hant" in name else "zh_CN"
    return "en"


def engine_text(en: str, zh: str, lang: str) -> str:
    """One of the engine's bilingual messages, in ``lang``."""
    if lang == "zh_TW":
        return to_traditional(zh)
    return zh if lang == "zh_CN" else en


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
