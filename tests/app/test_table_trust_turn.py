"""Issue #13, points 4 and 5: a selection belongs to the turn it was made for (nothing picked
earlier leaks into the next Play, auto-play leaves nothing raised, "1 card" reads right), and
whose turn it is cannot be missed (a "Your turn" prompt, a glow on the seat to act, a countdown
ring online, a finished trick left long enough to read, and a setting for it in seconds)."""

from __future__ import annotations

import time

from app.settings import SPEEDS, Settings
from engine.errors import RulesError
from tests.app.tablekit import click, item, items, play_until, texts


def _my_play_turn(table) -> bool:
    v = table.session.view
    return v.phase == "play" and "play" in v.actions


def test_cards_picked_out_of_turn_are_gone_at_my_turn(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: _my_play_turn(table) and len(table.session.view.tricks) >= 2, seed=6)
    ui.settings.speed = "normal"  # the others take their time: a moment to pick cards in
    v = table.session.view
    table.hand.hint()
    qtbot.waitUntil(lambda: table.hand.selectedCount > 0, timeout=30_000)  # a search, in a worker
    click(qtbot, ui, item(ui, "playButton"))
    qtbot.waitUntil(lambda: len(table.session.view.hand) < len(v.hand))
    assert not _my_play_turn(table)
    # picked while the others play: meant for no turn of mine
    rows = sorted(table.hand.cards.rows(), key=lambda r: r["slot"])
    table.hand.toggle(rows[0]["uid"])
    table.hand.toggle(rows[-1]["uid"])
    assert table.hand.selectedCount == 2
    qtbot.waitUntil(lambda: _my_play_turn(table), timeout=20000)
    assert table.hand.selectedCount == 0
    assert not any(r["picked"] for r in table.hand.cards.rows())
    assert not item(ui, "playButton").property("enabled")
    # picked at my turn, then auto-play plays for me: nothing stays raised
    table.hand.toggle(sorted(table.hand.cards.rows(), key=lambda r: r["slot"])[0]["uid"])
    assert table.hand.selectedCount == 1
    before = len(table.session.view.hand)
    click(qtbot, ui, item(ui, "trusteeToggle"))
    assert table.hud.trustee
    qtbot.waitUntil(lambda: len(table.session.view.hand) < before, timeout=20000)
    assert table.hand.selectedCount == 0
    click(qtbot, ui, item(ui, "trusteeToggle"))
    assert not table.hud.trustee


def test_one_card_is_one_card_in_both_languages(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: 1 in table.session.view.counts, seed=6)
    qtbot.waitUntil(lambda: any("1 card" in t for t in texts(ui.window.contentItem())))
    shown = texts(ui.window.contentItem())
    assert "1 card" in shown and not any("1 cards" in t for t in shown)
    assert "1 cards" not in RulesError("wrong-count", need=1).en
    ui.settings.language = "zh_CN"
    qtbot.waitUntil(lambda: "1 张" in texts(ui.window.contentItem()))
    ui.settings.language = "en"


def test_my_turn_is_unmistakable(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: _my_play_turn(table), seed=6)
    qtbot.waitUntil(lambda: bool(items(ui, "turnPrompt")))
    assert texts(item(ui, "turnPrompt"))[0] in ("Your turn", "Your turn: lead")
    glows = items(ui, "activeGlow")
    assert len(glows) == 1
    mine = item(ui, "turnPrompt")
    assert glows[0].mapRectToScene(glows[0].boundingRect()).center().y() > mine.y()  # my seat
    # the prompt goes once I have played
    ui.settings.speed = "normal"
    table.hand.hint()
    qtbot.waitUntil(lambda: table.hand.selectedCount > 0, timeout=30_000)  # a search, in a worker
    click(qtbot, ui, item(ui, "playButton"))
    qtbot.waitUntil(lambda: not _my_play_turn(table))
    qtbot.waitUntil(lambda: not items(ui, "turnPrompt"))
    assert not _my_play_turn(table)
    # online, a ring counts down at the seat to act
    assert not items(ui, "clock")
    table.session.clock = 20
    table.session.deadlines = {table.session.seat: time.monotonic() + 20}
    table.session.changed.emit()
    qtbot.waitUntil(lambda: bool(items(ui, "clock")))
    assert texts(item(ui, "clock"))[0] in [str(n) for n in range(15, 21)]
    table.session.clock, table.session.deadlines = 0, {}
    table.session.changed.emit()
    qtbot.waitUntil(lambda: not items(ui, "clock"))


def test_a_finished_trick_stays_long_enough_to_read(ui, qtbot) -> None:
    assert Settings.DEFAULTS["trickHold"] >= 1500
    assert all(SPEEDS[s]["hold"] <= Settings.DEFAULTS["trickHold"] for s in SPEEDS)
    table = ui.table
    ui.settings.trickHold = 1500
    play_until(ui, lambda: _my_play_turn(table), seed=6)
    ui.settings.speed = "fast"
    seen = len(table.session.view.tricks)
    held: list[tuple[bool, float]] = []  # (holding, when) at each change of the trick
    table.trick.changed.connect(lambda: held.append((table.trick.holding, time.monotonic())))
    table.hand.hint()
    qtbot.waitUntil(lambda: table.hand.selectedCount > 0, timeout=30_000)  # a search, in a worker
    click(qtbot, ui, item(ui, "playButton"))
    qtbot.waitUntil(lambda: any(h for h, _ in held), timeout=20000)
    assert len(table.session.view.tricks) == seen + 1
    qtbot.waitUntil(lambda: not table.trick.holding, timeout=5000)
    start = next(t for h, t in held if h)
    end = next(t for h, t in held if not h and t > start)
    # the 1.5 s hold, not the fast speed's 0.9 s (the start is seen when Qt delivers the
    # signal, up to a busy machine's scheduling delay after the hold began)
    assert end - start >= 1.3
    ui.settings.speed = "instant"
    # the setting, in seconds as a player says it
    ui.window.setProperty("screen", "settings")
    qtbot.waitUntil(lambda: bool(items(ui, "trickHoldBox")))
    box = item(ui, "trickHoldBox")
    assert box.property("displayText") == "1.5 s"
    assert "Keep each trick for" in texts(ui.window.contentItem())
    ui.settings.trickHold = 2000
    qtbot.waitUntil(lambda: box.property("displayText") == "2.0 s")
    ui.settings.trickHold = 1500
