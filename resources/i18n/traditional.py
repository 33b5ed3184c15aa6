"""简体 -> 繁體 for the zh_TW catalogue and the engine's phrase table: OpenCC plus game terms.

OpenCC's ``s2twp`` (Taiwan standard characters and Taiwan phrasing) is used because the UI speaks
Taiwan phrasing: 設定, 伺服器, 連線, 支援 — ``s2t`` would give 設置, 服務器, 連接, 支持.
``GAME_TERMS`` pins how the game's own words are written whatever OpenCC's phrase tables do;
each entry was reviewed against Taiwanese card-game usage. Used at build time only.
"""

from __future__ import annotations

import re
from functools import cache

import opencc

CONFIG = "s2twp.json"

# 简体 -> 繁體, reviewed. Most agree with OpenCC today; they are pinned so a new OpenCC release
# cannot change a game term under the players. 上台 keeps 台 as the sources' 上下台 does
# (OpenCC: 上臺); 掉线 reads 斷線 in Taiwan (OpenCC: 掉線).
GAME_TERMS: dict[str, str] = {
    "庄家": "莊家",
    "坐庄": "坐莊",
    "下庄": "下莊",
    "庄": "莊",
    "主牌": "主牌",
    "亮主": "亮主",
    "反主": "反主",
    "无主": "無主",
    "常主": "常主",
    "调主": "調主",
    "拖拉机": "拖拉機",
    "甩牌": "甩牌",
    "毙牌": "斃牌",
    "毙": "斃",
    "级牌": "級牌",
    "升级": "升級",
    "底牌": "底牌",
    "抠底": "扣底",  # 摳 is missing from the bundled font; 扣底 is as common in Taiwan
    "扣底": "扣底",
    "对家": "對家",
    "闲家": "閒家",
    "首家": "首家",
    "朋友牌": "朋友牌",
    "找朋友": "找朋友",
    "托管": "託管",
    "强退": "強退",
    "上台": "上台",
    "大光": "大光",
    "小光": "小光",
    "联众": "聯眾",
    "方块": "方塊",
    "红桃": "紅桃",
    "黑桃": "黑桃",
    "梅花": "梅花",
    "大王": "大王",
    "小王": "小王",
    "掉线": "斷線",
}


@cache
def _split() -> re.Pattern[str]:
    terms = sorted(GAME_TERMS, key=len, reverse=True)
    return re.compile("(" + "|".join(map(re.escape, terms)) + ")")


@cache
def _converter() -> opencc.OpenCC:
    return opencc.OpenCC(CONFIG)


def to_traditional(text: str) -> str:
    """``text`` in 繁體: game terms from the table, everything between them through OpenCC."""
    parts = _split().split(text)  # odd indexes are the game terms
    return "".join(
        GAME_TERMS[part] if i % 2 else _converter().convert(part) if part else ""
        for i, part in enumerate(parts)
    )
