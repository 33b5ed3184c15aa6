"""Issue #13, point 3: Last trick and Kitty are toggles (a click shows, a second click or Esc
hides; holding the button still peeks), each in a titled panel that never covers the trick."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from tests.app.tablekit import click, descendants, item, items, key, play_until, scene_rect, texts


def _trick_cards(ui) -> list:
    return [c for c in descendants(item(ui, "trickArea")) if c.property("code")]


def _to_following_with_a_last_trick(ui, qtbot) -> None:
    table = ui.table
    for seed in range(3, 40):
        table.settings.speed = "instant"

        def ready() -> bool:
            v = table.session.view
            return (
                v.phase == "play"
                and v.dealer == 0
                and len(v.tricks) >= 1
                and bool(v.trick)
                and "play" in v.actions
            )

        try:
            play_until(ui, lambda: ready() or table.session.view.phase == "done", seed)
        except AssertionError:
            continue
        if ready():
            # the table shows the trick being played, not the last one still held or swept
            qtbot.waitUntil(
                lambda: (
                    not table.trick.holding and not table.trick.sweeping and bool(_trick_cards(ui))
                )
            )
            return
    raise AssertionError("no seed made the player the dealer, following in a later trick")


def test_last_trick_and_kitty_are_click_toggles_that_never_cover_the_trick(ui, qtbot) -> None:
    table = ui.table
    _to_following_with_a_last_trick(ui, qtbot)
    current = [r["cards"] for r in table.trick.slots.rows()]
    assert not items(ui, "peekPanel")
    click(qtbot, ui, item(ui, "lastTrickButton"))
    assert table.trick.peek == "last"
    panel = item(ui, "peekPanel")
    assert "Last trick" in texts(panel)
    # every play of the last trick is listed, with who played it
    last = table.session.view.last_trick
    shown = " ".join(texts(panel))
    assert all(table.state.seat_name(seat) in shown for seat, _ in last)
    assert f"{table.state.seat_name(table.session.view.last_winner)} took the trick" in shown
    # the current trick stays where it is, uncovered
    assert [r["cards"] for r in table.trick.slots.rows()] == current
    cards = _trick_cards(ui)
    assert cards and not any(scene_rect(panel).intersects(scene_rect(c)) for c in cards)
    # a second click hides it; Esc hides it too
    click(qtbot, ui, item(ui, "lastTrickButton"))
    assert table.trick.peek == "" and not items(ui, "peekPanel")
    click(qtbot, ui, item(ui, "lastTrickButton"))
    assert items(ui, "peekPanel")
    key(ui, Qt.Key.Key_Escape)
    assert table.trick.peek == "" and not items(ui, "peekPanel")
    # the dealer's kitty: the same toggle, its own title, the buried cards
    click(qtbot, ui, item(ui, "kittyButton"))
    assert table.trick.peek == "kitty"
    panel = item(ui, "peekPanel")
    assert "Kitty (buried)" in texts(panel)
    shown = [c.property("code") for c in descendants(panel) if c.property("code")]
    assert sorted(shown) == sorted(table.session.view.buried)
    click(qtbot, ui, item(ui, "kittyButton"))
    assert table.trick.peek == ""
    # held down, it shows only while held
    button = item(ui, "lastTrickButton")
    centre = button.mapToScene(QPointF(button.width() / 2, button.height() / 2))
    at = QPoint(round(centre.x()), round(centre.y()))
    QTest.mousePress(ui.window, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    qtbot.waitUntil(lambda: table.trick.peek == "last", timeout=3000)
    QTest.mouseRelease(ui.window, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    qtbot.waitUntil(lambda: table.trick.peek == "")
