"""What the player met at the deal's end (issue 33, part 7), on the real QML offscreen: a bid
pressed as the bidding moved on says why it did not count (en, 简体中文); the last "Bid or pass"
prompt with nothing to bid goes by itself within 3 s."""

from __future__ import annotations

import time

from app.screenshots import human_step, wait_until
from engine.rules import preset
from tests.app.tablekit import await_turn, item, items


def _to_deal_end(ui, nothing_to_bid: bool) -> None:
    """An offline hand at instant speed until the player owes the deal's last bid-or-pass."""
    table = ui.table
    for seed in range(1, 80):
        ui.app.start_rules(preset("classic"), seat=0, seed=seed)
        while True:
            await_turn(table, lambda: table.hud.phase != "deal")
            v = table.session.view
            if v.phase != "deal":
                break
            if "pass-bid" in v.actions:
                if (not v.legal_bids) == nothing_to_bid:
                    return
                break
            table.hand.clearSelection()
            human_step(table, bid=False)  # no bid while the cards come
    raise AssertionError("no seed brought the deal's end the way the test needs")


def test_the_last_bid_or_pass_prompt_goes_by_itself_with_nothing_to_bid(ui, qtbot) -> None:
    """Measured, not changed: with no bid to make, the deal's last prompt goes as the others
    answer (0.03-1.1 s at the normal pace); with one to make it waits for the player."""
    table = ui.table
    _to_deal_end(ui, nothing_to_bid=True)
    ui.settings.speed = "normal"
    start = time.monotonic()
    qtbot.waitUntil(lambda: table.hud.turnPrompt != "Bid or pass", timeout=3000)
    assert time.monotonic() - start <= 3 and table.hud.phase != "deal"
    assert table.notice.text == ""  # nothing to explain: no refusal on the way


def test_a_bid_pressed_after_the_bidding_moved_on_says_why(ui, qtbot) -> None:
    table = ui.table
    _to_deal_end(ui, nothing_to_bid=False)
    table.bidding.passBid()
    assert wait_until(lambda: table.hud.phase != "deal", 30)
    # the click of a bid button that was still showing as the bidding closed
    table.bidding.bid("S")
    qtbot.waitUntil(lambda: bool(items(ui, "messageLine")))
    assert item(ui, "messageLine").property("text") == "Too late to bid: the bidding is over."
    ui.settings.language = "zh_CN"
    try:
        said = str(item(ui, "messageLine").property("text"))
        assert said.startswith("来不及") and said.endswith("。"), said
    finally:
        ui.settings.language = "en"
