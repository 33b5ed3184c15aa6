"""What the player met in the looks back (issue 33, part 7), on the real QML offscreen: the Last
trick and Kitty panels show readable cards (60 px tall at 1280×720), the line saying who took
the trick is whole at 800×600, and Counter pressed while the Kitty panel has its place shows it."""

from __future__ import annotations

from PySide6.QtQuick import QQuickItem

from tests.app.tablekit import click, descendants, item, items, play_until, scene_rect, texts


def _to_following_as_dealer(ui, qtbot) -> None:
    table = ui.table
    for seed in range(3, 40):

        def ready() -> bool:
            v = table.session.view
            return (
                v.phase == "play" and v.dealer == 0 and len(v.tricks) >= 1 and "play" in v.actions
            )

        try:
            play_until(ui, lambda: ready() or table.session.view.phase == "done", seed)
        except AssertionError:
            continue
        if ready():
            return
    raise AssertionError("no seed made the player the dealer in a later trick")


def _cards(panel: QQuickItem) -> list[QQuickItem]:
    return [c for c in descendants(panel) if c.property("code")]


def _size(ui, w: int, h: int, qtbot) -> None:
    ui.window.resize(w, h)
    qtbot.waitUntil(lambda: ui.window.width() == w and ui.window.height() == h)
    qtbot.wait(50)


def test_the_looks_back_show_readable_cards_a_whole_winner_line_and_the_counter(ui, qtbot) -> None:
    table = ui.table
    _size(ui, 1280, 720, qtbot)
    try:
        _to_following_as_dealer(ui, qtbot)
        click(qtbot, ui, item(ui, "lastTrickButton"))
        panel = item(ui, "peekPanel")
        cards = _cards(panel)
        assert len(cards) == sum(len(c) for _, c in table.session.view.last_trick)
        assert min(scene_rect(c).height() for c in cards) >= 60
        # the kitty: the counter's place; Counter pressed then shows the counter's content
        click(qtbot, ui, item(ui, "kittyButton"))
        panel = item(ui, "peekPanel")
        cards = _cards(panel)
        assert sorted(c.property("code") for c in cards) == sorted(table.session.view.buried)
        assert min(scene_rect(c).height() for c in cards) >= 60
        assert not item(ui, "counterToggle").property("checked")  # not lit for nothing
        click(qtbot, ui, item(ui, "counterToggle"))
        counter = item(ui, "counterPanel")
        assert any(t.startswith("Points not yet played") for t in texts(counter))
        assert counter.height() > 100 and not items(ui, "peekPanel")
        assert item(ui, "counterToggle").property("checked")
        # the counter on, the kitty asked for: it takes the place, and Counter is not lit
        click(qtbot, ui, item(ui, "kittyButton"))
        assert items(ui, "peekPanel") and not items(ui, "counterPanel")
        assert not item(ui, "counterToggle").property("checked")
        click(qtbot, ui, item(ui, "counterToggle"))
        assert items(ui, "counterPanel") and not items(ui, "peekPanel")
        ui.settings.showCounter = False
        # a small window: the line saying who took the trick is whole, inside the panel
        _size(ui, 800, 600, qtbot)
        click(qtbot, ui, item(ui, "lastTrickButton"))
        panel = item(ui, "peekPanel")
        winner = table.state.seat_name(table.session.view.last_winner)
        line = item(ui, "peekWinner")
        assert line.property("text") == f"{winner} took the trick"
        assert not line.property("truncated")
        assert scene_rect(panel).contains(scene_rect(line))
        assert line.property("implicitWidth") <= line.width() or line.property("lineCount") > 1
    finally:
        ui.settings.showCounter = False
        table.trick.setPeek("")
        _size(ui, 1280, 720, qtbot)
