"""Issue #13, point 1: a bid button shows the very cards it bids, and the bid standing (who,
which cards) stays on the table until play starts."""

from __future__ import annotations

from app.cards import SYMBOLS
from app.table import rank_text
from engine.rules import preset
from tests.app.tablekit import await_turn, click, human_step, item, items, my_turn


def _card(card: str) -> str:
    if card in ("BJ", "SJ"):
        return "Big joker" if card == "BJ" else "Small joker"
    return rank_text(card[0]) + SYMBOLS[card[1]]


def test_bid_buttons_name_their_cards_and_the_bid_stays_until_play(ui, qtbot) -> None:
    table = ui.table
    allowed: list[dict] = []
    for seed in range(1, 40):
        ui.app.start_rules(preset("classic"), seat=0, seed=seed)
        qtbot.waitUntil(lambda: my_turn(table), timeout=20000)
        allowed = [r for r in table.bidding.options.rows() if r["allowed"]]
        if allowed and table.hud.phase == "deal":
            break
    assert allowed, "no seed gave the player a bid"
    qtbot.waitUntil(lambda: bool(items(ui, "bid_" + allowed[0]["suit"])))
    for row in allowed:
        button = item(ui, "bid_" + row["suit"])
        text = str(button.property("text"))
        assert text == row["label"]
        names = [_card(c) for c in row["cards"]]
        assert text.count(names[0]) == len(row["cards"]), (text, row["cards"])
        label = button.property("contentItem")
        assert label.property("implicitWidth") <= label.width() + 0.5, "the label is elided"
    # click the first one: the bid is announced on the table, with its cards
    row = allowed[0]
    click(qtbot, ui, item(ui, "bid_" + row["suit"]))
    qtbot.waitUntil(lambda: table.bidding.bidText != "")
    v = table.session.view
    assert v.bid is not None
    who = "You" if v.bid.seat == 0 else table.state.seat_name(v.bid.seat)
    assert table.bidding.bidText == f"{who} bid " + " ".join(_card(c) for c in v.bid.cards)
    assert item(ui, "bidText").property("plainText") == table.bidding.bidText
    bidder = next(r for r in table.seats.model.rows() if r["seat"] == v.bid.seat)
    assert bidder["bidCards"] == list(v.bid.cards)
    ui.settings.language = "zh_CN"
    assert "亮" in table.bidding.bidText
    ui.settings.language = "en"
    # it stays through the kitty and goes when play starts
    while table.hud.phase != "play":
        await_turn(table, lambda: table.hud.phase == "play")
        if table.hud.phase in ("bury", "call-friend"):
            assert table.bidding.bidText and item(ui, "bidText").isVisible()
            assert any(r["bidCards"] for r in table.seats.model.rows())
        if table.hud.phase != "play":
            human_step(table, bid=False)
    qtbot.waitUntil(lambda: not items(ui, "bidText"))
    assert table.bidding.bidText == ""
    assert not any(r["bidCards"] for r in table.seats.model.rows())
