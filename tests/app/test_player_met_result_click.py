"""What the player met at a hand's end (issue 33), on the real QML offscreen: the click that
played the trick's last card landed on the result panel as it opened, on "Play this deal
again". The panel takes no click until it has been up a moment."""

from __future__ import annotations

from app.practice import PracticeSession
from tests.app.tablekit import click, item, items, play_until


def test_a_click_as_the_result_panel_opens_does_nothing(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: table.hud.phase == "done", seed=8)
    panel = item(ui, "resultPanel")
    qtbot.waitUntil(lambda: bool(items(ui, "playAgainButton")))
    assert panel.property("opening")  # it has only just opened
    session = table.session
    click(qtbot, ui, item(ui, "playAgainButton"))
    assert table.session is session and not isinstance(session, PracticeSession)
    # once it has opened, the same click plays the deal again
    qtbot.waitUntil(lambda: not panel.property("opening"), timeout=2000)
    click(qtbot, ui, item(ui, "playAgainButton"))
    qtbot.waitUntil(lambda: isinstance(table.session, PracticeSession))
