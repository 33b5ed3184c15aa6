"""What the player met (QA report, defect 4), on the real QML offscreen: the hand that won the
match said "Levels +2 … → next dealer" and offered "Next hand"; the match's end showed only
after that was pressed. Its result panel now says at once who won the match, with no next
dealer and no next hand, and the levels go from the hand's own, through the last one ("A →
past A": "A → A" read as no move at all)."""

from __future__ import annotations

import dataclasses

from app.table.state import rank_text
from engine.rules import preset
from tests.app.tablekit import await_turn, human_step, item, texts


def test_the_hand_that_wins_the_match_says_so_at_once(ui, qtbot) -> None:
    table = ui.table
    # levels start at A: the side that wins a hand by a level or more wins the match
    rules = dataclasses.replace(preset("classic"), start_level="A")
    for seed in (1, 2, 3, 4, 5):  # a hand that moves levels (not a passed deal)
        session = ui.app.start_rules(rules, seat=0, seed=seed)
        while table.hud.phase != "done":
            await_turn(table, lambda: table.hud.phase == "done")
            if table.hud.phase != "done":
                human_step(table, bid=True)
        out = session.view.outcome if session.view is not None else None
        assert out is not None
        if out.levels > 0:
            break
    assert out.levels > 0
    panel = item(ui, "resultPanel")
    qtbot.waitUntil(lambda: panel.isVisible())
    words = " ".join(texts(panel))
    won = (out.winner == "defenders") == (0 in out.defenders)
    assert session.winners is not None and (0 in session.winners) == won
    assert ("You win the match!" if won else "The match is lost") in words, words
    assert "Next dealer" not in words and "Next hand" not in words, words
    # through the last level, not "A → A" (played: read as no move at all)
    assert f"{rank_text('A')} → past {rank_text('A')}" in words, words
    assert "Home" in words
    ui.settings.language = "zh_CN"
    qtbot.waitUntil(lambda: f"→ 过{rank_text('A')}" in " ".join(texts(panel)))
    ui.settings.language = "en"
