"""The "+N" a trick's winner takes stays on the table: at 800x600 (the smallest window) it
never runs under a seat's panel, whoever wins. Beyond the east slot it covered the east seat's
"thinking…" as its AI thought about the next lead."""

from __future__ import annotations

import time
from typing import Any

from app.screenshots import human_step
from engine.rules import preset
from tests.app.tablekit import my_turn, scene_rect, visible_items


def test_the_winners_points_never_cover_a_seat(ui: Any, qtbot: Any) -> None:
    table = ui.table
    ui.window.resize(800, 600)
    ui.settings.trickHold = 400
    ui.settings.speed = "normal"  # the cards fly in: the "+N" must not ride over a panel with one
    winners: set[int] = set()
    covered: list[str] = []
    end = time.monotonic() + 120
    seed = 1
    ui.app.start_rules(preset("classic"), seat=0, seed=seed)
    while 1 not in winners or len(winners) < 3:
        assert time.monotonic() < end, f"winners seen: {winners}"
        if table.hud.phase == "done":
            seed += 1
            ui.app.start_rules(preset("classic"), seat=0, seed=seed)
        shown = visible_items(ui)
        panels = {i.objectName(): i for i in shown if i.objectName().startswith("seatPanel")}
        for points in (i for i in shown if i.objectName() == "trickPoints"):
            pos = points.parentItem().property("pos")
            winners.add(pos)
            covered += [
                f"+N of slot {pos} under {name}: {scene_rect(points)} / {scene_rect(panel)}"
                for name, panel in panels.items()
                if scene_rect(points).intersects(scene_rect(panel))
            ]
        if my_turn(table):
            human_step(table, bid=True)
        qtbot.wait(15)
    assert not covered, covered[:3]
