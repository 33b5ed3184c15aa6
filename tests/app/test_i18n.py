"""Translations: the committed catalogues are what the build writes, every UI string is
translated in 简体 and 繁體, the engine's messages read in 繁體, and no UI text picks its
language inline."""

from __future__ import annotations

import ast
import re
import string
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.i18n import I18N, engine_text, to_traditional
from app.screenshots import human_step
from engine.actions import DealCard
from engine.ai import hint
from engine.ai.players import BasicPlayer
from engine.cards import SUIT_NAMES_EN, SUIT_NAMES_ZH, card_name, deck
from engine.hand import Hand, Phase, Setup
from engine.messages import HINTS, MESSAGES
from engine.rules import SUITS, preset
from engine.shapes import describe
from engine.views import view
from resources.i18n import build, traditional

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u3400-\u9fff]")
# `"…" if zh else "…"` in Python, `zh… ? "…" : "…"` in QML: a language picked by hand
PY_INLINE = re.compile(r"\bif\b[^\n#]*\bzh\w*\b[^\n#]*\belse\b")
QML_INLINE = re.compile(r"zh[\w\"')\]]*\s*\?")


def _messages(ts: Path) -> dict[tuple[str, str], str]:
    out = {}
    for context in ET.parse(ts).getroot().iter("context"):
        for m in context.iter("message"):
            tr = m.find("translation")
            assert tr is not None
            out[(context.findtext("name", ""), m.findtext("source", ""))] = "".join(
                tr.itertext()
            ).strip()
    return out


def test_committed_catalogues_are_what_the_build_writes(tmp_path: Path) -> None:
    missing = build.build(tmp_path)
    assert missing == []
    stale = [n for n in build.OUTPUTS if (tmp_path / n).read_bytes() != (I18N / n).read_bytes()]
    assert stale == [], f"run `python -m resources.i18n.build` and commit: {stale}"


def test_every_source_string_is_translated_in_both_chinese_catalogues() -> None:
    cn_path, tw_path = I18N / build.SOURCE_TS, I18N / build.DERIVED_TS
    for path in (cn_path, tw_path):
        text = path.read_text(encoding="utf-8")
        assert build.untranslated(text) == [], path.name
        assert 'type="unfinished"' not in text and 'type="vanished"' not in text
    cn, tw = _messages(cn_path), _messages(tw_path)
    assert len(cn) > 200 and cn.keys() == tw.keys()
    for (context, source), zh in cn.items():
        if re.search(r"[A-Za-z]{2,}", source):  # words, not just "%1 +%2" or "×2"
            assert CJK.search(zh), (context, source, zh)
        assert tw[(context, source)] == traditional.to_traditional(zh)
    # spot checks of the derived catalogue: Taiwan phrasing and the game terms
    assert tw[("SettingsPage", "Language")] == "語言"
    assert tw[("HomePage", "Settings")] == "設定"
    assert cn[("CardNames", "%1, trump")] == "%1，主牌"


def test_the_build_reports_untranslated_strings() -> None:
    ts = (
        '<TS version="2.1" language="zh_CN"><context><name>X</name>'
        "<message><source>Done</source><translation>好</translation></message>"
        '<message><source>New</source><translation type="unfinished"></translation></message>'
        "<message><source>Empty</source><translation></translation></message>"
        "</context></TS>"
    )
    assert build.untranslated(ts) == ["X: 'New'", "X: 'Empty'"]
    assert "<translation>好</translation>" in build.traditional_ts(ts)
    assert 'language="zh_TW"' in build.traditional_ts(ts)


def test_game_terms_keep_their_reviewed_traditional_form() -> None:
    for simplified, expected in traditional.GAME_TERMS.items():
        assert traditional.to_traditional(f"这是{simplified}。") == f"這是{expected}。"
    # the UI's Taiwan phrasing comes from OpenCC's s2twp, the terms from the table
    assert traditional.to_traditional("设置服务器") == "設定伺服器"
    assert traditional.to_traditional("分数达到目标就上台坐庄") == "分數達到目標就上台坐莊"


def _samples(template: str) -> list[dict[str, str]]:
    """Field values the engine really fills in: every suit name, a shape, card strings."""
    fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    shapes = describe([(2, 2), (1, 1), (1, 1)], "zh")
    return [
        {f: (name if f == "suit_zh" else shapes if f.endswith("_zh") else "AS") for f in fields}
        for name in SUIT_NAMES_ZH.values()
    ]


def test_engine_messages_read_wholly_in_traditional() -> None:
    """Every catalogue message, filled, converts as the converter converts the whole text."""
    checked = 0
    for code, (_, zh) in {**MESSAGES, **HINTS}.items():
        for fields in _samples(zh):
            text = zh.format(**fields)
            assert to_traditional(text) == traditional.to_traditional(text), code
            checked += 1
    names = [card_name(c, "zh") for c in sorted(set(deck(1)))]
    for name in names:
        assert to_traditional(name) == traditional.to_traditional(name)
    assert engine_text("10 of hearts", "红桃10，方块A", "zh_TW") == "紅桃10，方塊A"
    assert checked >= len(MESSAGES) + len(HINTS)


def test_hint_reasons_read_wholly_in_traditional() -> None:
    """Hints are composed at run time (cards, suits, points); each reads as the converter reads
    the whole text."""
    hand = Hand(preset("one-deck"), Setup(21, ("2",) * 4, 0))
    players = [BasicPlayer(s) for s in range(4)]
    reasons = set()
    while hand.phase != Phase.DONE and len(hand.tricks) < 2:
        if hand.phase == Phase.DEAL and not hand.deal_complete:
            hand.apply(DealCard())
        for seat in range(4):
            if hand.phase == Phase.DONE or not hand.actions_for(seat):
                continue
            if hand.phase == Phase.DEAL:
                action = players[seat].act(view(hand, seat))
            else:
                h = hint(view(hand, seat), budget=0.01)
                reasons.add(h.reason_zh)
                action = h.action
            if action is not None:
                hand.apply(action)
    assert len(reasons) >= 3
    for zh in reasons:
        assert to_traditional(zh) == traditional.to_traditional(zh), zh


def test_no_ui_text_picks_its_language_inline() -> None:
    assert PY_INLINE.search('parts.append("主牌" if zh else "trump")')
    assert QML_INLINE.search('text: App.settings.language === "zh_CN" ? "主" : "trump"')
    found = []
    for path in sorted((ROOT / "app").glob("*.py")):
        if path.name == "i18n.py":  # engine_text: the one place that picks a column
            continue
        found += [f"{path.name}: {m.group()}" for m in PY_INLINE.finditer(path.read_text())]
    for path in sorted((ROOT / "resources" / "Tuolaji").glob("*.qml")):
        found += [f"{path.name}: {m.group()}" for m in QML_INLINE.finditer(path.read_text())]
    assert found == []


@pytest.mark.parametrize("suit", SUITS)
def test_the_rules_summary_names_the_real_no_bid_suit(ui, suit: str) -> None:
    rules = preset("four-deck").with_options(no_bid_suit=suit)
    assert rules.no_bid == "fixed-suit"
    expected = {
        "en": f"{SUIT_NAMES_EN[suit]} are trump",
        "zh_CN": f"{SUIT_NAMES_ZH[suit]}为主",
        "zh_TW": f"{traditional.to_traditional(SUIT_NAMES_ZH[suit])}為主",
    }
    for lang, text in expected.items():
        ui.settings.language = lang
        rows = {r["label"]: r["value"] for r in ui.app._rules_rows(rules)}
        assert ui.app.tr("No bid") in rows
        assert rows[ui.app.tr("No bid")] == text, lang
    ui.settings.language = "en"


# the modules that once held (English, Chinese) sentence pairs, and the catalogue they now use
PLAYER_SENTENCES = ("app/online.py", "app/invite.py", "app/servers.py", "app/hosting.py")
ENGINE_SENTENCES = ("engine/ai/hint.py",)


def _chinese_literals(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [s for s in build._literals(tree) if CJK.search(s)]


def test_no_player_sentence_is_a_chinese_literal_outside_the_catalogues() -> None:
    """The app's sentences are in the Qt catalogue, the hints' in engine/messages.py: a Chinese
    string literal in these modules is a sentence kept out of them."""
    assert _chinese_literals(ROOT / "engine" / "messages.py")  # the scan sees the catalogue's
    found = {p: _chinese_literals(ROOT / p) for p in PLAYER_SENTENCES + ENGINE_SENTENCES}
    assert {p: texts for p, texts in found.items() if texts} == {}


def _waits_for_me(table) -> bool:
    v = table.session.view
    return bool(v is not None and v.actions and (v.phase != "deal" or "pass-bid" in v.actions))


def test_notices_and_hosting_sentences_are_reworded_with_the_language(ui, qtbot) -> None:
    from app.online import TIMED_OUT

    table, hosting = ui.table, ui.app.hosting
    ui.app.start_rules(preset("classic"), seat=0, seed=5)
    while True:  # to my turn in the play: the table waits for me, nothing else is said
        qtbot.waitUntil(lambda: _waits_for_me(table), timeout=40000)
        if table.hud.phase == "play":
            break
        human_step(table)
    table.session.notice.emit(TIMED_OUT, ["Bob"], 1)
    hosting.openLink("https://example.org/3f9a21c0")
    assert table.notice.text == "Bob ran out of time: the computer plays for them (auto-play)."
    assert hosting.error == "That is not a Tuolaji invite: it should start with tuolaji://"
    expected = {
        "zh_CN": ("Bob 超时：由电脑托管出牌。", "这不是拖拉机的邀请链接：应以 tuolaji:// 开头"),
        "zh_TW": ("Bob 超時：由電腦託管出牌。", "這不是拖拉機的邀請連結：應以 tuolaji:// 開頭"),
    }
    for lang, (notice, error) in expected.items():
        with qtbot.waitSignal(hosting.changed):  # QML reads the hosting sentence again
            ui.settings.language = lang
        qtbot.waitUntil(lambda: table.notice.text == notice, timeout=3000)  # noqa: B023
        assert hosting.error == error
    ui.settings.language = "en"
