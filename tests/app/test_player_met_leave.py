"""What the player met at the leave dialog (issue 33, part 7), on the real QML offscreen: offline
the deal stands still while the dialog asks, and goes on after Stay; the English question's
quotes are set at text width, not the whole em the app's CJK font gives “ ”."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtQuick import QQuickItem

from app.screenshots import wait_until
from engine.rules import preset


def _visible(ui, name: str) -> list[QQuickItem]:
    return [i for i in ui.window.findChildren(QQuickItem, name) if i.isVisible()]


def _click(qtbot, ui, name: str) -> None:
    it = _visible(ui, name)[0]
    centre = it.mapToScene(QPointF(it.width() / 2, it.height() / 2))
    qtbot.mouseClick(ui.window, Qt.MouseButton.LeftButton, pos=centre.toPoint())


def test_offline_the_deal_stands_still_under_the_leave_dialog(ui, qtbot) -> None:
    table = ui.table
    ui.settings.speed = "normal"
    ui.app.start_rules(preset("classic"), seat=0, seed=5)
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    assert wait_until(lambda: table.session.view.dealt >= 8, 20)
    _click(qtbot, ui, "leaveButton")
    qtbot.waitUntil(lambda: bool(_visible(ui, "leaveConfirm")))
    qtbot.wait(300)  # a card already on its way lands
    dealt = table.session.view.dealt
    qtbot.wait(1500)  # at the normal pace, a dozen cards more if the deal ran on
    assert table.session.view.dealt == dealt, "the deal went on under the question"
    _click(qtbot, ui, "leaveStay")
    qtbot.waitUntil(lambda: not _visible(ui, "leaveConfirm"))
    assert wait_until(lambda: table.session.view.dealt > dealt + 2, 10), "the deal stays stopped"


def test_the_english_leave_question_sets_its_quotes_at_text_width(ui, qtbot) -> None:
    ui.app.start_rules(preset("classic"), seat=0, seed=5)
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    ui.window.setProperty("leaving", True)
    try:
        what = _visible(ui, "leaveWhat")[0]
        text = str(what.property("text"))
        assert "Resume the game" in text
        metrics = QFontMetricsF(what.property("font"))
        em = metrics.horizontalAdvance("M")
        wide = [ch for ch in set(text) if metrics.horizontalAdvance(ch) > 1.2 * em]
        assert not wide, f"set a whole em wide: {wide}"
    finally:
        ui.window.setProperty("leaving", False)
