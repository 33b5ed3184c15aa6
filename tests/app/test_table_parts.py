"""The table's view-model is split by concern, each part with its own notify signals: a change
re-evaluates only the bindings that depend on it. Counted at the real table (QML loaded,
offscreen): what each part announces when the player picks a card, when nothing changed, while
the online clock ticks, and while a trick is played, held and swept."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from PySide6.QtCore import Qt

from tests.app.tablekit import item, key, play_until

# every notify signal of every part (the facade's own signals are card moves, not state)
SIGNALS = {
    "hand": ("changed",),
    "trick": ("changed", "peekChanged", "myPlayChanged"),
    "bidding": ("changed",),
    "seats": ("changed",),
    "result": ("changed",),
    "counter": ("changed",),
    "hud": ("changed",),
    "notice": ("changed",),
}
# the list models' changes, by the part that holds them
MODELS = {
    "hand": "cards",
    "trick": "slots",
    "bidding": "options",
    "seats": "model",
    "counter": "model",
}


@contextmanager
def emitted(table: Any) -> Iterator[Counter[str]]:
    """Counts each part's notify signals (``part.signal``) and its models' row changes
    (``part.rows``) while the block runs."""
    counts: Counter[str] = Counter()
    hooks = []
    for part, names in SIGNALS.items():
        for name in names:
            hooks.append((getattr(getattr(table, part), name), f"{part}.{name}"))
    for part, model in MODELS.items():
        rows = getattr(getattr(table, part), model)
        for sig in (rows.dataChanged, rows.modelReset, rows.rowsInserted, rows.rowsRemoved):
            hooks.append((sig, f"{part}.rows"))
    slots = []
    for sig, label in hooks:
        slot = partial(_count, counts, label)
        sig.connect(slot)
        slots.append((sig, slot))
    try:
        yield counts
    finally:
        for sig, slot in slots:
            sig.disconnect(slot)


def _count(counts: Counter[str], label: str, *_: Any) -> None:
    counts[label] += 1


def _my_play_turn(table: Any) -> bool:
    v = table.session.view
    return v is not None and "play" in v.actions


def test_picking_a_card_announces_the_hand_and_nothing_else(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: _my_play_turn(table), seed=6)
    qtbot.waitUntil(lambda: table.hand.cards.count > 0)
    with emitted(table) as counts:
        key(ui, Qt.Key.Key_Right)  # the keyboard focus moves along the hand
        key(ui, Qt.Key.Key_Space)  # and picks the card under it
        qtbot.waitUntil(lambda: table.hand.selectedCount == 1)
    assert counts["hand.changed"] >= 2  # the focus, then the selection and its labels
    assert counts["hand.rows"] >= 1  # the picked card rises
    assert set(counts) == {"hand.changed", "hand.rows"}, counts  # no HUD, seat, trick, bid
    # what the selection drives is on show: the play button's label
    assert item(ui, "playButton").property("text") == table.hand.playLabel
    table.hand.clearSelection()


def test_a_change_that_changes_nothing_announces_nothing(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: _my_play_turn(table), seed=6)
    qtbot.waitUntil(lambda: not table.trick.holding and not table.trick.sweeping)
    with emitted(table) as counts:
        table.session.changed.emit()  # the same view again (a resent state, a repaint)
        table.session.thinkingChanged.emit()
    assert counts == Counter(), counts


def test_the_clock_ticks_at_the_seats_only(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: _my_play_turn(table), seed=6)
    with emitted(table) as counts:
        table.session.clock = 20  # an online table's turn clock
        table.session.deadlines = {1: time.monotonic() + 20}
        table.session.changed.emit()
    assert counts["seats.changed"] == 1  # its length, for the ring
    assert set(counts) <= {"seats.changed", "seats.rows"}, counts
    with emitted(table) as counts:
        qtbot.waitUntil(lambda: counts["seats.rows"] >= 1, timeout=3000)  # a tick: 20 → 19
    assert set(counts) == {"seats.rows"}, counts
    table.session.clock, table.session.deadlines = 0, {}
    table.session.changed.emit()


def test_a_trick_played_held_and_swept_leaves_the_bidding_alone(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: _my_play_turn(table), seed=6)
    ui.settings.speed = "fast"
    seen = len(table.session.view.tricks)
    with emitted(table) as counts:
        table.hand.hint()
        qtbot.waitUntil(lambda: table.hand.selectedCount > 0, timeout=30_000)
        table.hand.play()
        qtbot.waitUntil(lambda: len(table.session.view.tricks) > seen, timeout=20000)
        qtbot.waitUntil(lambda: table.trick.sweeping, timeout=10000)
        qtbot.waitUntil(lambda: not table.trick.sweeping, timeout=10000)
    ui.settings.speed = "instant"
    assert counts["trick.changed"] >= 3  # held, swept, cleared
    assert counts["trick.rows"] >= 1 and counts["seats.rows"] >= 1
    assert counts["hand.changed"] >= 1  # the selection of the hint, gone with the play
    # in play nothing of the bidding moves, and no hand is over
    assert counts["bidding.changed"] == 0 and counts["bidding.rows"] == 0, counts
    assert counts["result.changed"] == 0, counts
