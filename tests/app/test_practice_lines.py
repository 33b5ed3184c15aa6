"""The lines of a practice hand in the replay viewer (issue 35): a practice record's replay
offers the lines its take backs abandoned beside the line played; one chosen in the box is
replayed from where it parted, and the line played can be chosen again."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

from engine.actions import Play
from engine.ai import make_player
from engine.ai.expert import candidates
from engine.hand import Hand
from engine.puzzles.mine import ai_hand
from engine.records import Branch, HandRecord, hand_record
from engine.selfplay import play_hand
from engine.views import view
from tests.app.tablekit import click, item, items


def _practice_record() -> tuple[HandRecord, int]:
    """An AI hand as the line played, and another line that parted from it at its tenth play
    (another play there, other players after it), kept as a take back keeps it; and where
    they part."""
    played = ai_hand("classic", 3)
    plays = [i for i, a in enumerate(played.actions) if isinstance(a, Play)]
    at = plays[10]
    other = Hand(played.rules, played.setup)
    for a in played.actions[:at]:
        other.apply(a)
    made = played.actions[at]
    assert isinstance(made, Play)
    choice = candidates(view(other, made.seat))
    other.apply(Play(made.seat, tuple(next(c for c in choice if sorted(c) != sorted(made.cards)))))
    players = [_driven(make_player("easy", 90 + s)) for s in range(4)]
    play_hand(other, players, random.Random(9))
    record = dataclasses.replace(
        hand_record(played), seat=0, branches=(Branch(at, tuple(other.actions)),)
    )
    return record, at


def _driven(player: Any) -> Any:
    return lambda v, _rng: player.act(v)


def test_a_practice_replay_offers_its_lines(ui, qtbot, tmp_path: Path) -> None:
    record, at = _practice_record()
    path = tmp_path / "practice.json"
    path.write_text(json.dumps(record.to_dict()), encoding="utf-8")
    assert ui.app.openReplay(str(path))
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    branches = ui.app.branches
    step = ui.app.session.step_at(at)
    assert branches.lines == ["The line played", f"Taken back 1 · from step {step + 1}"]
    box = item(ui, "lineBox")
    assert box.property("currentIndex") == 0
    # the box's words follow the language (worded in Python, not by QML's own qsTr)
    ui.settings.language = "zh_CN"
    qtbot.waitUntil(lambda: item(ui, "lineBox").property("displayText") == "实际打法")
    ui.settings.language = "en"
    qtbot.waitUntil(lambda: item(ui, "lineBox").property("displayText") == "The line played")
    # the abandoned line, chosen in the box: replayed from where it parted
    click(qtbot, ui, box)
    qtbot.waitUntil(lambda: len(_delegates(ui)) == 2)
    click(qtbot, ui, _delegates(ui)[1])
    session = ui.app.session
    qtbot.waitUntil(lambda: branches.line == 1)
    shown, applied = session.branch_point()
    assert shown.actions == record.branches[0].actions
    assert applied <= at and session.step == session.step_at(at)
    assert item(ui, "lineBox").property("currentIndex") == 1
    from tests.app.test_layout import check

    wrong = check(ui, qtbot, "a practice replay's lines")
    assert not wrong, "\n".join(wrong)
    # the line played again, from the same place
    branches.open(0)
    qtbot.waitUntil(lambda: ui.app.session.branch_point()[0] is not shown)
    assert ui.app.session.branch_point()[0].actions == record.actions
    assert branches.line == 0 and ui.app.session.step == ui.app.session.step_at(at)
    # a replay without branches offers none
    plain = dataclasses.replace(record, branches=())
    path.write_text(json.dumps(plain.to_dict()), encoding="utf-8")
    assert ui.app.openReplay(str(path))
    qtbot.waitUntil(lambda: branches.lines == [])
    assert not items(ui, "lineBox")
    ui.app.set_session(None)


def _delegates(ui: Any) -> list[Any]:
    """The box's open list (its items are ItemDelegates in the popup)."""
    from tests.app.tablekit import visible_items

    return [
        it
        for it in visible_items(ui)
        if type(it).__name__ == "QQuickItemDelegate"
        or "ItemDelegate" in it.metaObject().className()
    ]
