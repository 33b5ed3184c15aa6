"""What the player met (issue 33, part 7), on the real QML offscreen: suit signs are coloured
(red ♥♦, black ♠♣: on the dark felt the light text colour) in the bid announced on the table and
in the card counter's Trumps row, as the cards and the bid buttons colour them."""

from __future__ import annotations

import re

from PySide6.QtQuick import QQuickItem

from app.screenshots import human_step, wait_until
from engine.rules import preset
from tests.app.tablekit import await_turn, descendants, item

RED, BLACK = "#ff8a80", "#f3f1e6"  # Theme.suitColour on the felt, two colours
CARD = re.compile(r"[0-9JQKA]*[♠♥♣♦][0-9JQKA]*")


def _coloured(styled: str, plain: str) -> None:
    """Every card with a suit sign in ``plain`` is in its suit's colour in ``styled``."""
    cards = CARD.findall(plain)
    assert cards, plain
    for card in cards:
        colour = RED if re.search("[♥♦]", card) else BLACK
        assert f'<font color="{colour}">{card}</font>' in styled, (card, styled)


def test_suit_signs_are_coloured_in_the_bid_and_the_counters_trumps_row(ui, qtbot) -> None:
    table = ui.table
    ui.settings.fourColour = False
    for seed in range(1, 60):  # a bid standing on the table during the deal
        ui.app.start_rules(preset("classic"), seat=0, seed=seed)
        if wait_until(lambda: table.bidding.bidText != "", 20):
            break
    try:
        _coloured(str(item(ui, "bidText").property("text")), table.bidding.bidText)
        # into the play, the counter on: its Trumps row names the highest trumps left
        ui.settings.showCounter = True
        while table.hud.phase != "play":
            await_turn(table, lambda: table.hud.phase == "play")
            if table.hud.phase != "play":
                human_step(table, bid=True)
        qtbot.waitUntil(lambda: bool(_trump_row(ui)), timeout=5000)
        styled, plain = _trump_row(ui)
        _coloured(styled, plain)
    finally:
        ui.settings.showCounter = False
        ui.settings.fourColour = True


def _trump_row(ui) -> tuple[str, str] | None:
    """The Trumps row's list of high cards: as drawn (StyledText) and as the model has it."""
    rows = [r for r in ui.table.counter.model.rows() if r["suit"] == "T"]
    if not rows or not CARD.search(rows[0]["high"]):
        return None
    for t in descendants(item(ui, "counterPanel")):
        text = str(t.property("text") or "")
        drawn = isinstance(t, QQuickItem) and t.inherits("QQuickText")
        if drawn and re.sub("<[^>]+>", "", text) == rows[0]["high"]:
            return text, rows[0]["high"]
    return None
