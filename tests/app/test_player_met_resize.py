"""What the player met after a resize (issue 33, part 7), on the real QML offscreen: shrunk to
800×600, the table's top bar is at the window's top (no dark band above it)."""

from __future__ import annotations

from PySide6.QtQuick import QQuickItem

from tests.app.tablekit import item, play_until, scene_rect


def _stage(ui) -> QQuickItem:
    """The stage every page is laid out on: the top bar's ancestor scaled to the window."""
    it = item(ui, "leaveButton")
    while it.scale() != ui.window.property("stageScale"):
        it = it.parentItem()
    return it


def test_shrunk_to_800x600_the_table_starts_at_the_windows_top(ui, qtbot) -> None:
    play_until(ui, lambda: ui.table.hud.phase == "play", seed=5)
    try:
        for w, h in ((800, 600), (1024, 700), (1920, 1080)):
            ui.window.resize(w, h)
            qtbot.waitUntil(lambda w=w, h=h: (ui.window.width(), ui.window.height()) == (w, h))
            qtbot.wait(20)
            stage = scene_rect(_stage(ui))
            assert stage.top() == 0, (w, h, stage)
            assert stage.bottom() <= h + 0.5 and abs(stage.center().x() - w / 2) < 0.5
            assert scene_rect(item(ui, "leaveButton")).top() < 12  # in the top bar, at the top
    finally:
        ui.window.resize(1280, 720)
