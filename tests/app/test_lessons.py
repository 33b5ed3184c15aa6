"""Learn (issue 35, part 5) on the real QML: from Home to a stage, a level played wrong and
then right by clicking cards and buttons, the reason shown, the progress saved and shown again
after the app reads it back; a question answered; the guided hand opens a table."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtQuick import QQuickItem

from app.lessons import load_progress, progress_path
from app.screenshots import human_step, wait_until
from engine.lessons import STAGES
from tests.app.tablekit import click, item, items, key


def _text(ui: Any, name: str) -> str:
    return str(item(ui, name).property("text"))


def _press(ui: Any, qtbot: Any, name: str) -> None:
    """Click the button ``name`` once the scene has laid out what the last click changed."""
    qtbot.wait(30)
    click(qtbot, ui, item(ui, name))


def _open_stage(ui: Any, qtbot: Any, key: str) -> None:
    index = [st.key for st in STAGES].index(key)
    qtbot.wait(30)
    buttons = items(ui, "stageButton")
    assert len(buttons) == len(STAGES)
    click(qtbot, ui, buttons[index])
    qtbot.waitUntil(lambda: ui.app.lessons.stage == index)


def _pick(ui: Any, qtbot: Any, codes: list[str]) -> None:
    """Click the hand's cards showing ``codes`` (one click per copy)."""
    left = list(codes)
    qtbot.wait(30)
    for card in items(ui, "lessonCard"):
        code = str(card.property("code"))
        if code in left:
            left.remove(code)
            click(qtbot, ui, card)
    assert not left, f"not in the hand on screen: {left}"


def test_a_level_played_wrong_then_right_and_the_progress_kept(ui, qtbot) -> None:
    lessons = ui.app.lessons
    lessons.reload_progress()  # this test's own data folder: nothing solved yet
    lessons.closeStage()
    _press(ui, qtbot, "learnButton")
    qtbot.waitUntil(lambda: ui.window.property("screen") == "lessons")
    total = sum(len(st.levels) for st in STAGES)
    assert _text(ui, "lessonsProgress") == f"0 of {total} levels solved"

    _open_stage(ui, qtbot, "ruffing")
    assert _text(ui, "lessonGoal") == "You have no clubs. Win this trick."
    # the trick on the table, from its lead, and the learner's hand
    assert [r["cards"] for r in lessons.trick] == [["AC"], ["KC"], ["5C"]]
    assert sorted(str(c.property("code")) for c in items(ui, "lessonCard")) == ["3S", "4D", "9D"]

    # wrong: a diamond is a discard; the engine says who still wins
    _pick(ui, qtbot, ["9D"])
    _press(ui, qtbot, "checkButton")
    assert _text(ui, "verdictText") == "The player on your right still wins the trick with A♣."
    assert not lessons.verdictOk and not items(ui, "nextButton")
    assert not load_progress()

    # right: try again, ruff with the small trump
    _press(ui, qtbot, "retryButton")
    assert lessons.pickedCount == 0 and _text(ui, "verdictText") == ""
    _pick(ui, qtbot, ["3S"])
    _press(ui, qtbot, "checkButton")
    assert lessons.verdictOk
    assert _text(ui, "verdictText").startswith("Right: even the smallest trump")
    assert load_progress() == {"ruff"}
    assert json.loads(progress_path().read_text(encoding="utf-8")) == {"solved": ["ruff"]}
    dots = items(ui, "levelDot")
    assert [d.property("fill").name() == "#f2c14e" for d in dots] == [True, False, False]

    # an illegal follow is refused with the engine's own reason
    _press(ui, qtbot, "nextButton")
    assert lessons.levelIndex == 1
    _pick(ui, qtbot, ["KD"])
    _press(ui, qtbot, "checkButton")
    assert not lessons.verdictOk
    # a discard (no ruff note: K♦ is no trump)
    assert _text(ui, "verdictText") == "The player on your left still wins the trick with 6♠."

    # back to the stages: the solved level is counted, and again once read back from the file
    lessons.closeStage()
    lessons.reload_progress()
    qtbot.waitUntil(lambda: bool(items(ui, "lessonsProgress")))
    assert _text(ui, "lessonsProgress") == f"1 of {total} levels solved"
    ruffing = items(ui, "stageButton")[[st.key for st in STAGES].index("ruffing")]
    assert (ruffing.property("solved"), ruffing.property("total")) == (1, 3)


def test_a_question_in_chinese_and_the_guided_hand(ui, qtbot) -> None:
    lessons = ui.app.lessons
    lessons.reload_progress()
    lessons.closeStage()
    ui.window.setProperty("screen", "lessons")
    qtbot.waitUntil(lambda: bool(items(ui, "stageButton")))
    ui.settings.language = "zh_CN"
    _open_stage(ui, qtbot, "scoring")
    assert _text(ui, "lessonGoal") == "抓分方拿了85分。结果如何？"
    choices = items(ui, "choiceButton")
    assert [str(c.property("text")) for c in choices][2] == "换庄，谁也不升级"
    click(qtbot, ui, choices[1])
    assert _text(ui, "verdictText") == "不对。85 分：换庄，谁也不升级。"
    click(qtbot, ui, choices[2])
    assert lessons.verdictOk and "score-85" in load_progress()
    # 繁體: the engine's words converted, the screen's own from the catalogue
    ui.settings.language = "zh_TW"
    qtbot.wait(20)
    assert _text(ui, "lessonGoal") == "抓分方拿了85分。結果如何？"
    ui.settings.language = "en"

    # the last stage opens an offline table; the table's Hint button does the guiding
    lessons.openStage(len(STAGES) - 1)
    qtbot.waitUntil(lambda: bool(items(ui, "guidedButton")))
    _press(ui, qtbot, "guidedButton")
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table", timeout=10000)
    table = ui.table
    assert table.hud.kind == "offline" and table.session.seed == 35
    assert "guided-hand" not in load_progress()  # solved once the hand is played to its end
    while table.hud.phase != "done":
        if not wait_until(lambda: bool(table.session.view.actions) or table.hud.phase == "done"):
            break
        human_step(table, bid=True)
    assert table.hud.phase == "done" and "guided-hand" in load_progress()
    ui.app.abandonGame()


def test_every_level_shows_without_a_warning(ui, qtbot) -> None:
    """Each level's screen, in turn: the cards and plays on show are the position's."""
    lessons = ui.app.lessons
    ui.window.setProperty("screen", "lessons")
    for s, stage in enumerate(STAGES):
        lessons.openStage(s)
        for i, level in enumerate(stage.levels):
            lessons.openLevel(i)
            qtbot.wait(1)
            shown = sorted(str(c.property("code")) for c in items(ui, "lessonCard"))
            if level.task in ("choice", "table"):
                assert not shown
            else:
                assert shown == sorted(level.position.hand(0)), level.key
            assert len(items(ui, "choiceButton")) == len(level.choices)
            assert isinstance(item(ui, "lessonGoal"), QQuickItem)
    lessons.closeStage()


def test_the_lesson_screens_laid_out_at_three_sizes(ui, qtbot) -> None:
    """No text or button overlaps another or leaves the window, in English and Chinese, at
    800×600, 1280×720 and 1920×1080: the stages, a trick with the hand, the 33 cards of the
    burial, a question answered wrong with its long reason, the guided hand."""
    from tests.app.test_layout import check

    lessons = ui.app.lessons
    keys = [st.key for st in STAGES]
    lessons.closeStage()
    ui.window.setProperty("screen", "lessons")
    wrong = check(ui, qtbot, "stages")
    for stage, level, answer in (
        ("ruffing", 2, None),
        ("bidding", 2, None),
        ("throws", 1, 0),
        ("variants", 0, 0),
        ("guided", 0, None),
    ):
        lessons.openStage(keys.index(stage))
        lessons.openLevel(level)
        if answer is not None:
            lessons.choose(answer)
        else:
            lessons.toggle(0)
        wrong += check(ui, qtbot, f"{stage} {level}")
    lessons.closeStage()
    assert not wrong, "\n".join(wrong)


def test_a_stage_from_start_to_end_as_a_learner(ui, qtbot) -> None:
    """The first stage played through on screen with its right answers: each level solved
    in turn, the stage shown complete, and "Next stage" opens the next one."""
    from engine.cards import parse_cards

    lessons = ui.app.lessons
    lessons.reload_progress()
    lessons.closeStage()
    ui.window.setProperty("screen", "lessons")
    _open_stage(ui, qtbot, "cards")
    stage = STAGES[0]
    for i, level in enumerate(stage.levels):
        assert lessons.levelIndex == i and _text(ui, "lessonGoal") == level.goal[0]
        if level.task == "choice":
            qtbot.wait(30)
            click(qtbot, ui, items(ui, "choiceButton")[int(level.solution)])
        else:  # the keyboard's way: Enter checks the cards, Enter again goes on
            _pick(ui, qtbot, parse_cards(level.solution))
            key(ui, Qt.Key.Key_Return)
            assert lessons.verdictOk, lessons.verdict
            key(ui, Qt.Key.Key_Return)
            continue
        assert lessons.verdictOk, lessons.verdict
        _press(ui, qtbot, "nextButton")
    assert lessons.stage == 1  # "Next stage" after the last level
    assert {lv.key for lv in stage.levels} <= load_progress()
    lessons.closeStage()
    qtbot.wait(30)
    first = items(ui, "stageButton")[0]
    assert (first.property("complete"), first.property("solved")) == (True, len(stage.levels))


def test_every_lesson_character_has_a_glyph(qapp) -> None:
    """The lessons' words (titles, goals, answers, the engine's verdicts) in English, 简体 and
    繁體 are drawn by the bundled fonts (tests/app/test_glyphs.py reads the UI's catalogues,
    not the lessons' data)."""
    from pathlib import Path

    from PySide6.QtGui import QRawFont

    from app.i18n import to_traditional
    from engine.cards import parse_cards
    from engine.lessons import CHOICE, TABLE, check

    texts: list[str] = []
    for stage in STAGES:
        texts += [*stage.title, *stage.intro]
        for level in stage.levels:
            texts += [*level.goal, *level.lesson, *(t for c in level.choices for t in c)]
            if level.task == TABLE:
                continue
            for answer in (level.solution, *level.wrong):
                v = check(level, int(answer) if level.task == CHOICE else parse_cards(answer))
                texts += [v.en, v.zh]
    texts += [to_traditional(t) for t in texts]
    fonts = sorted((Path(__file__).resolve().parents[2] / "resources" / "fonts").glob("*.ttf"))
    raws = [QRawFont(str(f), 16) for f in fonts]
    missing = {
        ch
        for text in texts
        for ch in text
        if ch.isprintable()
        and not ch.isspace()
        and not any(r.supportsCharacter(ord(ch)) for r in raws)
    }
    assert not missing, missing
