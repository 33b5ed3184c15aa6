"""One table, one story: the settings page never shows a value in the old language, the window
title is the app's name in both scripts, four-colour suits reach the trump badge, the bid buttons
and the counter, the counter says what its points are and drops the kitty once it is shown, and
the top bar's levels agree with the result panel."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtGui import QColor
from PySide6.QtQuick import QQuickItem

from app import counter
from app.screenshots import human_step, wait_until
from engine.actions import DealCard
from engine.ai.players import BasicPlayer
from engine.cards import deck
from engine.hand import Hand, Phase, Setup
from engine.rules import preset
from engine.views import view


def _visible(ui, name: str) -> QQuickItem:
    """A visible item by objectName, through the visual tree (Repeater delegates included)."""
    items = [
        i for i in _descendants(ui.window.contentItem()) if i.objectName() == name and i.isVisible()
    ]
    assert items, f"no visible {name}"
    return items[0]


def _descendants(item: QQuickItem) -> list[QQuickItem]:
    out = []
    for child in item.childItems():
        out += [child, *_descendants(child)]
    return out


def test_settings_show_their_values_in_the_new_language(ui, qtbot) -> None:
    ui.settings.cardSize = "small"
    ui.settings.language = "zh_CN"
    ui.window.setProperty("screen", "settings")
    qtbot.waitUntil(lambda: _visible(ui, "speedBox").property("displayText") == "立即")
    assert _visible(ui, "cardSizeBox").property("displayText") == "小"
    # switched on the page itself: every box is worded again at once
    ui.settings.language = "en"
    qtbot.waitUntil(lambda: _visible(ui, "speedBox").property("displayText") == "Instant")
    assert _visible(ui, "cardSizeBox").property("displayText") == "Small"
    assert _visible(ui, "languageBox").property("displayText") == "English"
    ui.settings.speed = "slow"
    qtbot.waitUntil(lambda: _visible(ui, "speedBox").property("displayText") == "Slow")
    ui.settings.language = "zh_TW"
    qtbot.waitUntil(lambda: _visible(ui, "speedBox").property("displayText") == "慢")
    assert _visible(ui, "cardSizeBox").property("displayText") == "小"
    assert _visible(ui, "languageBox").property("displayText") == "繁體中文"
    ui.settings.cardSize = "medium"


def test_the_window_title_names_the_app_in_both_scripts(ui) -> None:
    assert ui.window.title() == "Tuolaji 拖拉机"
    ui.settings.language = "zh_CN"
    assert ui.window.title() == "Tuolaji 拖拉机"


def _play_until(ui, pred, seed: int, rules: str = "classic") -> None:
    table = ui.table
    ui.app.start_rules(preset(rules), seat=0, seed=seed)
    while not pred():
        assert wait_until(lambda: bool(table.session.view.actions) or pred(), 60)
        if not pred():
            human_step(table, bid=True)
            wait_until(lambda: False, 0.01)


def _minor_trump(ui) -> dict[str, str]:
    """A hand where I bid clubs or diamonds as soon as I can, played to its first trick; the
    colour of the bid button I pressed."""
    table = ui.table
    for seed in range(1, 40):
        pressed: dict[str, str] = {}
        ui.app.start_rules(preset("classic"), seat=0, seed=seed)
        while table.hud.phase == "deal":
            wait_until(lambda: False, 0.01)
            rows = {r["suit"]: r for r in table.bidding.options.rows()}
            if table.hud.trumpText == "?" and any(rows.get(k, {}).get("allowed") for k in "CD"):
                suit = "C" if rows["C"]["allowed"] else "D"
                button = _visible(ui, "bid_" + suit)
                pressed[suit] = QColor(button.property("textColor")).name()
                table.bidding.bid(suit)
            elif table.bidding.canPass:
                table.bidding.passBid()
        if table.hud.trumpText in ("♣", "♦") and pressed:
            while table.hud.phase != "play":
                assert wait_until(lambda: bool(table.session.view.actions), 30)
                human_step(table)
            return pressed
    raise AssertionError("no deal let me bid clubs or diamonds")


def test_four_colour_suits_reach_the_trump_badge_and_the_counter(ui, qtbot) -> None:
    table = ui.table
    ui.settings.showCounter = True
    pressed = _minor_trump(ui)
    # on the felt (dark): ♣ light green, ♦ light blue; on the badge (light): green, blue
    dark = {"C": "#81c784", "D": "#82b1ff"}
    assert pressed and all(dark[k] == colour for k, colour in pressed.items())
    other = "♦" if table.hud.trumpText == "♣" else "♣"
    panel = _visible(ui, "counterPanel")
    labels = [i for i in _descendants(panel) if i.property("text") == other]
    assert (
        labels and QColor(labels[0].property("color")).name() == dark[{"♣": "C", "♦": "D"}[other]]
    )
    badge = _visible(ui, "trumpBadge")
    colour = QColor(badge.property("color")).name()
    assert colour == ("#118a2a" if table.hud.trumpText == "♣" else "#1757d6")
    ui.settings.fourColour = False
    qtbot.waitUntil(
        lambda: (
            QColor(badge.property("color")).name()
            == ("#111111" if table.hud.trumpText == "♣" else "#d01010")
        )
    )
    ui.settings.fourColour = True
    ui.settings.showCounter = False


def test_the_counter_says_what_its_points_are(ui, qtbot) -> None:
    table = ui.table
    ui.settings.showCounter = True
    _play_until(ui, lambda: table.hud.phase == "play", seed=4)
    text = str(_visible(ui, "counterPoints").property("text"))
    assert text == f"Points not yet played: {table.counter.pointsOut}"
    ui.settings.language = "zh_CN"
    qtbot.waitUntil(
        lambda: (
            _visible(ui, "counterPoints").property("text")
            == f"还没出的分：{table.counter.pointsOut}"
        )
    )
    ui.settings.showCounter = False


def test_a_watchers_counter_drops_the_kitty_once_it_is_shown() -> None:
    hand = Hand(preset("one-deck"), Setup(9, ("2",) * 4, 0))
    players = [BasicPlayer(s) for s in range(4)]
    while hand.phase != Phase.DONE:
        if hand.phase == Phase.DEAL and not hand.deal_complete:
            hand.apply(DealCard())
        for seat in range(4):
            if hand.phase != Phase.DONE and hand.actions_for(seat):
                action = players[seat].act(view(hand, seat))
                if action is not None:
                    hand.apply(action)
    watcher = view(hand, None)
    assert watcher.outcome is not None
    kitty = watcher.outcome.kitty
    assert kitty and not counter.unseen(watcher)  # every card is accounted for, kitty included
    assert counter.points_out(watcher) == 0
    seen = Counter(counter.played_cards(watcher)) + Counter(kitty)
    assert seen == Counter(deck(watcher.rules.decks))
    # before the end the kitty is still out for the watcher
    assert counter.points_out(view(hand, None)) == 0  # (the same hand, all of it played)


def test_the_top_bars_levels_agree_with_the_result(ui) -> None:
    table = ui.table
    _play_until(ui, lambda: table.hud.phase == "done", seed=6, rules="one-deck")
    detail = table.result.summary["detail"]
    ours, theirs = table.hud.ourLevel, table.hud.theirLevel
    won = table.result.summary["won"]
    before = ours if won else theirs
    assert f"{before} → " in detail, (detail, ours, theirs)
    # the result panel on screen says the same
    shown = [i.property("text") for i in _descendants(ui.window.contentItem()) if i.isVisible()]
    assert detail in shown
    after = detail.split(" → ")[1].split()[0].rstrip(".")
    table.result.nextHand()
    assert wait_until(lambda: table.hud.handNo == 2, 30)
    assert (table.hud.ourLevel if won else table.hud.theirLevel) == after


def test_traditional_chinese_messages_are_not_left_in_simplified() -> None:
    """繁體中文 shows the engine's and the table's bilingual messages converted: no simplified
    character of the hint reasons and 托管 notices survives."""
    from app.i18n import to_traditional, words
    from app.online import HELD_WHILE_AWAY, SENT_AFTER_AWAY, TRUSTEE_NOTICES
    from engine.ai.hint import _play_reason
    from engine.ai.memory import knowledge

    notices = [*TRUSTEE_NOTICES.values(), HELD_WHILE_AWAY, SENT_AFTER_AWAY]
    shown = [words("zh_TW", "Notices", n) for n in notices]  # from the 繁體 catalogue
    assert all(t != n for t, n in zip(shown, notices, strict=True))  # translated, not English
    texts: list[str] = []
    hand = Hand(preset("classic"), Setup(11, ("2",) * 4, 0))
    players = [BasicPlayer(s) for s in range(4)]
    while hand.phase != Phase.DONE and len(hand.tricks) < 4:
        if hand.phase == Phase.DEAL and not hand.deal_complete:
            hand.apply(DealCard())
        for seat in range(4):
            if hand.phase != Phase.DONE and hand.actions_for(seat):
                v = view(hand, seat)
                action = players[seat].act(v)
                if action is None:
                    continue
                if hand.phase == Phase.PLAY:
                    texts.append(_play_reason(knowledge(v), list(action.cards))[1])
                hand.apply(action)
    simplified = set("启垫损毙电脑调闭队托这对赢没张门从")
    for text in [*shown, *map(to_traditional, texts)]:
        left = simplified & set(text)
        assert not left, (text, left)


def _texts(ui) -> set[str]:
    return {
        str(i.property("text"))
        for i in _descendants(ui.window.contentItem())
        if i.isVisible() and i.inherits("QQuickText")
    }


@pytest.mark.parametrize("screen", ["setup", "rules"])
def test_the_rules_summary_follows_a_language_switch(ui, qtbot, screen: str) -> None:
    """The presets and their rules were worded once, when the page opened: switching the
    language left them in the old one until another preset was chosen."""
    ui.window.setProperty("screen", screen)
    qtbot.waitUntil(lambda: "fixed: opposite seats" in _texts(ui))
    ui.settings.language = "zh_CN"
    qtbot.waitUntil(lambda: "固定：对面的玩家" in _texts(ui))
    assert "fixed: opposite seats" not in _texts(ui)


def test_a_language_switch_keeps_the_chosen_rules(ui, qtbot) -> None:
    ui.window.setProperty("screen", "setup")
    qtbot.waitUntil(lambda: bool(_boxes(ui)))
    box = _boxes(ui)[0]
    box.setProperty("currentIndex", 2)
    chosen = box.property("currentValue")
    ui.settings.language = "zh_CN"
    qtbot.waitUntil(lambda: box.property("displayText") == "找朋友")
    assert box.property("currentValue") == chosen


def _boxes(ui) -> list[QQuickItem]:
    return [
        i
        for i in _descendants(ui.window.contentItem())
        if i.isVisible() and i.objectName() == "presetBox"
    ]
