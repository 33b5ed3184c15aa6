"""Puzzles (issue 35 part 6) on the real QML: from Home to a puzzle, solved by clicking cards
and buttons; a wrong answer explained, the solver's and the puzzle's ratings moved once (the
first try) and kept in the SQLite file, read back by a fresh screen; the answer shown; the next
puzzle rated near the solver; a theme chosen in the box; 简体中文; laid out at three sizes."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from app.puzzles import SHIPPED, SOLVER, PuzzleStore, PuzzlesViewModel, store_path
from engine.puzzles import load, puzzle_view
from engine.puzzles.rating import NEAR, prior
from tests.app.tablekit import click, item, items

PUZZLES = {p.id: p for path in sorted(SHIPPED.glob("*.jsonl")) for p in load(path)}
FOLLOW = "classic-2-143"  # Right led; the best is 5♥, Q♥ is the next best (ducking)
BURIAL = next(p.id for p in PUZZLES.values() if "burial" in p.themes)


def _text(ui: Any, name: str) -> str:
    return str(item(ui, name).property("text"))


def _press(ui: Any, qtbot: Any, name: str) -> None:
    qtbot.wait(30)  # the scene lays out what the last click changed
    click(qtbot, ui, item(ui, name))


def _pick(ui: Any, qtbot: Any, codes: list[str] | tuple[str, ...]) -> None:
    """Click the hand's cards showing ``codes`` (one click per copy)."""
    left = list(codes)
    qtbot.wait(30)
    for card in items(ui, "puzzleCard"):
        code = str(card.property("code"))
        if code in left:
            left.remove(code)
            # at its left edge: the next card of a long hand covers the rest of it
            at = card.mapToScene(QPointF(6, card.height() / 2)).toPoint()
            QTest.mouseClick(
                ui.window, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at
            )
            qtbot.wait(1)
    assert not left, f"not in the hand on screen: {left}"


def _tries(path: Path) -> list[tuple[str, int, int]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT puzzle, solved, rated FROM try ORDER BY rowid").fetchall()


def test_a_puzzle_missed_then_solved_and_the_ratings_kept(ui, qtbot) -> None:
    puzzles = ui.app.puzzles
    puzzles.reload()  # this test's own data folder: nothing tried
    click(qtbot, ui, item(ui, "puzzlesButton"))
    qtbot.waitUntil(lambda: ui.window.property("screen") == "puzzles")
    assert _text(ui, "ratingText") == "Your rating: 1500?"
    assert _text(ui, "scoreText") == f"0 solved of 0 tried · {len(PUZZLES)} puzzles"
    assert puzzles.puzzleId in PUZZLES and items(ui, "puzzleCard")

    puzzles.openPuzzle(FOLLOW)
    p = PUZZLES[FOLLOW]
    qtbot.wait(30)
    assert _text(ui, "puzzleGoal") == "Find the best play"
    assert "Trump" in _text(ui, "puzzleSetting") and "Attackers' points:" in _text(
        ui, "puzzleSetting"
    )
    # the trick so far, led by the seat on the solver's right
    assert puzzles.trick[0]["who"] == "Right" and puzzles.trick[0]["lead"]
    shown = sorted(str(c.property("code")) for c in items(ui, "puzzleCard"))
    assert len(shown) == len(puzzles.cards) and "5H" in shown and "QH" in shown
    assert _text(ui, "puzzleRating") == ""  # its rating would say how hard it is

    # wrong: Q♥, the second best; the search's figures say why
    _pick(ui, qtbot, ["QH"])
    _press(ui, qtbot, "solveButton")
    assert not puzzles.verdictOk
    assert _text(ui, "puzzleVerdict").startswith("5♥ was better: over 160 deals")
    delta = _text(ui, "ratingDelta")
    assert delta.startswith("-"), delta
    ratings = PuzzleStore(store_path()).ratings()
    assert ratings[SOLVER].rating < 1500 and ratings[FOLLOW].rating > 1500
    assert _text(ui, "ratingText") == f"Your rating: {round(ratings[SOLVER].rating)}?"
    assert _text(ui, "puzzleRating") == f"Puzzle rating: {round(ratings[FOLLOW].rating)}?"
    assert _tries(store_path()) == [(FOLLOW, 0, 1)]

    # again: right this time, counted as a try but not rated (only the first try is)
    _press(ui, qtbot, "retryButton")
    assert puzzles.pickedCount == 0 and _text(ui, "puzzleVerdict") == ""
    _pick(ui, qtbot, p.best)
    _press(ui, qtbot, "solveButton")
    assert puzzles.verdictOk and _text(ui, "puzzleVerdict")
    assert _text(ui, "ratingDelta") == "Not rated: only the first try counts"
    assert PuzzleStore(store_path()).ratings() == ratings
    assert _tries(store_path()) == [(FOLLOW, 0, 1), (FOLLOW, 1, 0)]
    assert _text(ui, "scoreText") == f"1 solved of 1 tried · {len(PUZZLES)} puzzles"

    # a refused play is no answer: nothing counted
    puzzles.openPuzzle(FOLLOW)
    assert puzzles.ratingDelta == ""
    other = next(c for c in shown if c[1] != "H" and c not in ("BJ", "SJ"))
    _pick(ui, qtbot, [other])
    _press(ui, qtbot, "solveButton")
    assert not puzzles.verdictOk and len(_tries(store_path())) == 2
    assert puzzles.ratingDelta == ""

    # met again: practice, said so
    puzzles.retry()
    _pick(ui, qtbot, ["QH"])
    _press(ui, qtbot, "solveButton")
    assert _text(ui, "ratingDelta") == "Not rated: tried before"
    assert PuzzleStore(store_path()).ratings() == ratings

    # the answer shown: the best cards picked, and why
    _press(ui, qtbot, "answerButton")
    assert puzzles.revealed and [puzzles.cards[i]["code"] for i in puzzles.picked] == ["5H"]
    assert _text(ui, "puzzleVerdict").startswith("The best play: 5♥.")

    # the next one: untried, among those rated nearest the solver
    _press(ui, qtbot, "nextPuzzleButton")
    nxt = puzzles.puzzleId
    assert nxt != FOLLOW and _text(ui, "puzzleVerdict") == ""
    solver = ratings[SOLVER].rating
    gaps = sorted(
        abs(prior(q.gain, len(q.scores), "burial" in q.themes).rating - solver)
        for q in PUZZLES.values()
        if q.id != FOLLOW
    )
    mine = PUZZLES[nxt]
    assert (
        abs(prior(mine.gain, len(mine.scores), "burial" in mine.themes).rating - solver)
        <= (gaps[NEAR - 1])
    )

    # a fresh screen over the same file knows the solver
    fresh = PuzzlesViewModel(ui.settings)
    assert fresh.property("rating") == f"Your rating: {round(solver)}?"


def test_a_theme_chosen_in_the_box_and_a_burial_in_chinese(ui, qtbot) -> None:
    puzzles = ui.app.puzzles
    puzzles.reload()
    ui.window.setProperty("screen", "puzzles")
    qtbot.waitUntil(lambda: bool(items(ui, "puzzleCard")))
    box = item(ui, "themeBox")
    assert box.property("displayText") == "All themes"
    click(qtbot, ui, box)
    qtbot.waitUntil(lambda: len(items(ui, "themeItem")) > 3)
    burial = next(i for i in items(ui, "themeItem") if "Burial" in str(i.property("text")))
    count = sum("burial" in p.themes for p in PUZZLES.values())
    assert str(burial.property("text")) == f"Burial ({count})"
    click(qtbot, ui, burial)
    qtbot.waitUntil(lambda: puzzles.theme == "burial")
    assert "burial" in PUZZLES[puzzles.puzzleId].themes
    assert box.property("displayText") == "Burial"
    for _ in range(5):  # every next one is of the theme too
        puzzles.nextPuzzle()
        assert "burial" in PUZZLES[puzzles.puzzleId].themes

    ui.settings.language = "zh_CN"
    puzzles.openPuzzle(BURIAL)
    qtbot.wait(30)
    assert _text(ui, "puzzleGoal") == "扣 8 张底牌：找出最好的扣法"
    assert box.property("displayText") == "扣底"
    assert len(items(ui, "puzzleCard")) == 33 and not items(ui, "playedButton")
    _pick(ui, qtbot, PUZZLES[BURIAL].scores[1][0])
    _press(ui, qtbot, "solveButton")
    assert "更好" in _text(ui, "puzzleVerdict")
    _press(ui, qtbot, "answerButton")
    assert _text(ui, "puzzleVerdict").startswith("最好的扣底：")
    assert sorted(puzzles.cards[i]["code"] for i in puzzles.picked) == sorted(PUZZLES[BURIAL].best)
    puzzles.setTheme("")
    ui.settings.language = "en"


def test_the_cards_played_panel(ui, qtbot) -> None:
    """An endgame puzzle: the cards out in the tricks before, a row a suit, on request."""
    puzzles = ui.app.puzzles
    puzzles.reload()
    ui.window.setProperty("screen", "puzzles")
    end = next(p for p in PUZZLES.values() if "endgame" in p.themes and "burial" not in p.themes)
    puzzles.openPuzzle(end.id)
    qtbot.waitUntil(lambda: bool(items(ui, "playedButton")))
    assert not items(ui, "playedPanel")
    _press(ui, qtbot, "playedButton")
    assert items(ui, "playedPanel")
    out = sum(len(row["cards"]) for row in puzzles.played)
    # 108 cards: the kitty's 8, those in hands and those on the table; the rest are out
    held = sum(puzzle_view(end).counts)
    on_table = sum(len(r["cards"]) for r in puzzles.trick)
    assert out == 108 - 8 - held - on_table > 0
    labels = [row["label"] for row in puzzles.played]
    assert set(labels) <= {"Trumps", "♠", "♥", "♣", "♦"} and len(labels) == len(set(labels))
    _press(ui, qtbot, "playedButton")
    assert not items(ui, "playedPanel")


def test_the_puzzle_screens_laid_out_at_three_sizes(ui, qtbot) -> None:
    from tests.app.test_layout import check

    puzzles = ui.app.puzzles
    puzzles.reload()
    ui.window.setProperty("screen", "puzzles")
    puzzles.openPuzzle(FOLLOW)
    puzzles.toggle(0)
    puzzles.submit()
    wrong = check(ui, qtbot, "a trick answered wrong")
    puzzles.openPuzzle(BURIAL)
    puzzles.showAnswer()
    wrong += check(ui, qtbot, "a burial with its answer")
    assert not wrong, "\n".join(wrong)
