"""Issue #13, point 2: a failed throw is announced where the player looks (what failed, the
card that beat it, what is played instead, the penalty), the cards taken back show in the hand
and nothing stays selected; an opponent's failed throw is announced too, in both languages."""

from __future__ import annotations

from collections import Counter

from engine.events import ThrowFailed
from tests.app.tablekit import click, item, select, to_failed_throw


def test_my_failed_throw_says_what_beat_it_and_clears_the_selection(ui, qtbot) -> None:
    table = ui.table
    throw = to_failed_throw(ui)
    hand = table.session.match.hand
    seen = len(hand.events)
    select(table, throw)
    assert table.hand.selectedCount == 2
    click(qtbot, ui, item(ui, "playButton"))
    qtbot.waitUntil(lambda: any(e.type == "throw-failed" for e in hand.events[seen:]))
    failed = next(e.body for e in hand.events[seen:] if isinstance(e.body, ThrowFailed))
    qtbot.waitUntil(lambda: "failed" in table.notice.text)
    message = table.notice.text
    assert failed.beater is not None and failed.beaten_by is not None
    beater = " ".join(table.state.card_text(c) for c in failed.beater)
    forced = " ".join(table.state.card_text(c) for c in failed.forced)
    assert message.startswith("Your throw " + " ".join(table.state.card_text(c) for c in throw))
    assert f"{table.state.seat_name(failed.beaten_by)} beats {forced} with {beater}." in message
    assert f"Only {forced} is played." in message
    # shown above the action bar, in full
    line = item(ui, "messageLine")
    assert line.property("text") == message and not line.property("truncated")
    # nothing stays selected; the cards taken back are marked in the hand
    assert table.hand.selectedCount == 0
    assert not any(r["picked"] for r in table.hand.cards.rows())
    back = Counter(failed.attempted) - Counter(failed.forced)
    assert Counter(r["card"] for r in table.hand.cards.rows() if r["returned"]) == back


def test_an_opponents_failed_throw_is_announced_in_each_language(ui, qtbot) -> None:
    table = ui.table
    to_failed_throw(ui, range(1, 3))
    event = ThrowFailed(1, ("AH", "QH", "QH", "5H"), ("5H",), 10, beaten_by=2, beater=("7H",))
    table.session.eventsArrived.emit([event])
    assert table.notice.text == (
        "Right's throw A♥ Q♥ Q♥ 5♥ failed. Opposite beats 5♥ with 7♥. Only 5♥ is played. "
        "Penalty: 10 points."
    )
    qtbot.waitUntil(lambda: item(ui, "messageLine").property("text") == table.notice.text)
    ui.settings.language = "zh_CN"
    table.session.eventsArrived.emit([event])
    assert (
        "甩" in table.notice.text and "7♥" in table.notice.text and "罚 10 分" in table.notice.text
    )
    ui.settings.language = "en"


def test_the_message_on_show_follows_a_language_switch(ui, qtbot) -> None:
    """A failed throw's message stayed in the language it was written in after a switch."""
    table = ui.table
    throw = to_failed_throw(ui)
    ui.settings.speed = "slow"  # the message stays while the others think
    select(table, throw)
    click(qtbot, ui, item(ui, "playButton"))
    qtbot.waitUntil(lambda: table.notice.text.startswith("Your throw"))
    ui.settings.language = "zh_CN"
    qtbot.waitUntil(lambda: table.notice.text.startswith("你甩牌"), timeout=3000)
    assert item(ui, "messageLine").property("text") == table.notice.text
