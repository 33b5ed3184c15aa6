"""The evaluation bar of a replay (issue 35 part 4) on the real QML: a reviewed hand's replay
shows, step by step, the chance to win that its review gave the last decision of the seat
shown; a hand without a review, or a step before the seat's first judged decision, shows no
bar."""

from __future__ import annotations

import json
from typing import Any

from app.review import cache_path
from app.session import read_record, save_record
from engine.puzzles.mine import ai_hand
from engine.review import Expected, Moment, Review, decisions
from tests.app.tablekit import item, items

SEAT = 1


def _review(record: Any) -> Review:
    """A review of every decision of the seat, each with its own chance to win (0.20, 0.22,
    ...), as the judge would cache it: those the replay stops at, the seat's own actions (a
    chance to bid let go while the cards came is judged at a card, where no replay step is)."""
    steps = [i for i in decisions(record, SEAT) if getattr(record.actions[i], "seat", None) == SEAT]
    moments = tuple(
        Moment(
            step,
            0,
            (),
            (),
            Expected(0.0, 0.2 + 0.02 * i, 0.0),
            Expected(0.0, 0.6, 0.0),
            0.0,
            0.0,
            40,
            "",
            "",
            "",
            0.0,
            0.0,
        )
        for i, step in enumerate(steps)
    )
    return Review(SEAT, 40, moments)


def _filled(ui: Any) -> int:
    """How much of the track the bar fills, in percent, as drawn."""
    return round(100 * item(ui, "evalFill").width() / item(ui, "evalTrack").width())


def test_the_bar_follows_the_review_step_by_step(ui, qtbot) -> None:
    path = save_record(ai_hand("classic", 2), SEAT)
    record = read_record(path)
    review = _review(record)
    # a replay without a review: no bar at any step
    assert ui.app.openReplay(str(path))
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    hud = ui.table.hud
    hud.replayGo(hud.replaySteps - 1)
    qtbot.wait(30)
    assert not items(ui, "evalBar")
    ui.app.set_session(None)

    cache_path(record, SEAT).write_text(json.dumps(review.to_dict()), encoding="utf-8")
    assert ui.app.openReplay(str(path))
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    hud = ui.table.hud
    session = ui.app.session
    first = review.moments[0].step
    # before the seat's first judged decision is made: nothing to show
    hud.replayGo(session.step_at(first))
    qtbot.wait(30)
    assert not items(ui, "evalBar")
    # each judged decision, once made: its chance to win, drawn and written
    for i, m in enumerate(review.moments[:6]):
        hud.replayGo(session.step_at(m.step + 1))
        qtbot.waitUntil(lambda i=i: bool(items(ui, "evalBar")))
        want = round(100 * (0.2 + 0.02 * i))
        qtbot.waitUntil(lambda want=want: str(item(ui, "evalText").property("text")) == f"{want}%")
        qtbot.waitUntil(lambda want=want: _filled(ui) == want)
    # the last step: the last decision's
    hud.replayGo(hud.replaySteps - 1)
    last = round(100 * review.moments[-1].played_result.win)
    qtbot.waitUntil(lambda: str(item(ui, "evalText").property("text")) == f"{last}%")
    # back to the start: gone again
    hud.replayGo(0)
    qtbot.waitUntil(lambda: not items(ui, "evalBar"))
    ui.app.set_session(None)


def test_no_bar_at_a_table_in_play(ui, qtbot) -> None:
    """Only replays have it: an offline table in play never shows one."""
    ui.app.startOffline({"seed": 3})
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table", timeout=10000)
    qtbot.wait(50)
    assert not items(ui, "evalBar")
    ui.app.abandonGame()
