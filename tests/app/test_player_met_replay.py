"""What the player met in the replay viewer (issue 33, part 7), on the real QML offscreen: a
replay starts before the deal and stops at the bids, names the seats as the table did, turns the
kitty over once, and Leave goes back to the replay list."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtQuick import QQuickItem

from app.screenshots import human_step
from app.session import list_records
from engine.rules import preset
from tests.app.tablekit import await_turn, click, item, items


def _visible(ui, name: str) -> list[QQuickItem]:
    return [i for i in ui.window.findChildren(QQuickItem, name) if i.isVisible()]


def _click(qtbot, ui, name: str) -> None:
    it = _visible(ui, name)[0]
    centre = it.mapToScene(QPointF(it.width() / 2, it.height() / 2))
    qtbot.mouseClick(ui.window, Qt.MouseButton.LeftButton, pos=centre.toPoint())


def test_a_replay_starts_at_the_deal_names_seats_as_the_table_and_leaves_to_the_list(
    ui, qtbot
) -> None:
    table = ui.table
    ui.app.start_rules(preset("classic"), seat=2, seed=8)  # the player sat opposite seat 0
    while table.hud.phase != "done":
        await_turn(table, lambda: table.hud.phase == "done")
        if table.hud.phase != "done":
            human_step(table, bid=True)
    at_table = {r["seat"]: r["name"] for r in table.seats.model.rows()}
    assert at_table == {2: "You", 3: "Right", 0: "Opposite", 1: "Left"}
    ui.app.leaveTable()
    ui.window.go("replays")
    qtbot.waitUntil(lambda: bool(items(ui, "record_0")), timeout=5000)
    click(qtbot, ui, item(ui, "record_0"))
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    assert str(list_records()[0]) and table.hud.kind == "replay"
    # the first step: nothing dealt yet; the seats named as the table named them
    assert table.hud.replayStepNo == 0
    assert table.session.view.dealt == 0 and all(r["count"] == 0 for r in table.seats.model.rows())
    assert {r["seat"]: r["name"] for r in table.seats.model.rows()} == at_table
    assert not items(ui, "bid_S") and not items(ui, "bid_pass")  # watched: no bid to make
    # the deal goes on step by step, a bid shown at the step it was made
    bids_seen = 0
    while table.session.view.phase == "deal":
        table.hud.replayStep(1)
        bids_seen += bool(table.bidding.bidText)
    assert bids_seen, "no step of the deal showed a bid"
    # Leave: back to the list it was opened from
    _click(qtbot, ui, "leaveButton")
    qtbot.waitUntil(lambda: ui.window.property("screen") == "replays")
    assert not ui.app.inGame


def test_the_kitty_is_turned_over_once_when_the_result_shows_again(ui, qtbot) -> None:
    table = ui.table
    ui.app.start_rules(preset("classic"), seat=0, seed=8)
    while table.hud.phase != "done":
        await_turn(table, lambda: table.hud.phase == "done")
        if table.hud.phase != "done":
            human_step(table, bid=True)
    ui.app.leaveTable()
    assert ui.app.openReplay(str(list_records()[0]))
    ui.settings.speed = "normal"  # the kitty turned over card by card
    last = table.hud.replaySteps - 1
    table.hud.replayGo(last)
    panel = _visible(ui, "resultPanel")[0]
    kitty = len(table.result.summary["kitty"])
    assert panel.property("revealed") < kitty  # it turns over now…
    qtbot.waitUntil(lambda: panel.property("revealed") == kitty, timeout=5000)
    table.hud.replayStep(-1)
    qtbot.waitUntil(lambda: not _visible(ui, "resultPanel"))
    table.hud.replayGo(last)
    qtbot.waitUntil(lambda: bool(_visible(ui, "resultPanel")))
    assert panel.property("revealed") == kitty  # …and is face up when the panel shows again
