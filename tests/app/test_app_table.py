"""The table's view-model, used as a player would: bid, bury, select, play — against AI."""

from __future__ import annotations

import itertools
import json

from app.screenshots import human_step, select, wait_until
from app.session import OfflineSession, ReplaySession, list_records, read_record, save_path
from engine.rules import preset


def _my_turn(table) -> bool:
    v = table.session.view
    if v is None or not v.actions:
        return False
    return v.phase != "deal" or "pass-bid" in v.actions


def _play_out(ui, qtbot, seed: int, max_seconds: float = 40) -> dict:
    """One hand at instant speed with the player bidding whenever possible."""
    table = ui.table
    did = {"bid": False, "bury": False, "play": 0}
    ui.app.start_rules(preset("classic"), seat=0, seed=seed)
    while table.hud.phase != "done":
        assert wait_until(lambda: _my_turn(table) or table.hud.phase == "done", max_seconds)
        v = table.session.view
        if table.hud.phase == "done":
            break
        kind = "bury" if "bury" in v.actions else "play" if "play" in v.actions else "bid"
        bids = [r for r in table.bidding.options.rows() if r["allowed"]]
        assert human_step(table, bid=True)
        if kind == "bid" and bids:
            did["bid"] = True
        elif kind == "bury":
            did["bury"] = True
        elif kind == "play":
            did["play"] += 1
    return did


def test_offline_hand_to_the_end_as_a_player(ui, qtbot) -> None:
    before = len(list_records())
    table = ui.table
    for seed in range(1, 30):
        did = _play_out(ui, qtbot, seed)
        if did["bury"]:
            break
    assert did["bid"] and did["bury"], "the player never became the dealer"
    assert did["play"] >= 20
    v = table.session.view
    assert v.phase == "done" and v.outcome is not None
    assert table.hand.cards.count == 0
    result = table.result.summary
    assert result["title"] in ("You win the hand", "You lose the hand")
    assert len(result["kitty"]) == 8
    assert result["attackerPoints"] == v.outcome.attacker_points
    assert len(list_records()) > before  # the finished hand is kept for the replay viewer


def test_bid_bar_offers_exactly_the_legal_bids(ui, qtbot) -> None:
    table = ui.table
    ui.app.start_rules(preset("classic"), seat=0, seed=11)
    checked = 0
    while table.hud.phase == "deal" and checked < 200:
        qtbot.wait(10)
        v = table.session.view
        legal_keys = {"N" if c[0] in ("SJ", "BJ") else c[0][1] for c in v.legal_bids}
        shown = {r["suit"] for r in table.bidding.options.rows() if r["allowed"]}
        if table.session.view is v:
            assert shown == legal_keys
        checked += 1
    assert checked > 0


def test_refused_play_leaves_the_hand_as_it_was(ui, qtbot) -> None:
    table = ui.table
    ui.app.start_rules(preset("classic"), seat=0, seed=5)
    while True:
        qtbot.waitUntil(lambda: _my_turn(table), timeout=40000)
        if table.hud.phase == "play":
            break
        human_step(table)
    v = table.session.view
    trumps = v.trumps
    if v.trick:  # following: one card too many
        n = len(v.trick[0][1])
        bad = list(v.hand[: n + 1])
        code = "wrong-count"
    else:  # leading: cards of two suits
        by_suit: dict[str, str] = {}
        for c in v.hand:
            by_suit.setdefault(trumps.suit(c), c)
        bad = list(by_suit.values())[:2]
        code = "lead-mixed-suits"
    select(table, bad)
    hand_before = table.hand.cards.rows()
    snapshot = table.session.match.hand.snapshot()
    messages = []
    table.session.refused.connect(lambda c, en, zh: messages.append((c, en, zh)))
    table.hand.play()
    assert messages and messages[0][0] == code
    assert table.hand.cards.rows() == hand_before  # same cards, same order, still selected
    assert sorted(table.hand.cards.selected()) == sorted(bad)
    assert table.session.match.hand.snapshot() == snapshot
    assert table.notice.text == messages[0][1]
    assert table.hand.playProblem  # the button says why before it is pressed, too


def test_keyboard_verbs_select_and_clear(ui, qtbot) -> None:
    table = ui.table
    ui.app.start_rules(preset("classic"), seat=0, seed=9)
    qtbot.waitUntil(lambda: table.hand.cards.count >= 5, timeout=20000)
    table.hand.moveFocus(1)
    table.hand.toggleFocused()
    assert table.hand.selectedCount == 1
    table.hand.moveFocus(1)
    table.hand.toggleFocused()
    assert table.hand.selectedCount == 2
    table.hand.clearSelection()
    assert table.hand.selectedCount == 0


def test_spectator_session_shows_no_hand(ui, qtbot) -> None:
    table = ui.table
    ui.settings.speed = "fast"
    ui.app.watchOffline("classic")
    qtbot.waitUntil(
        lambda: table.hud.phase == "play" and len(table.session.view.trick) >= 1, timeout=60000
    )
    assert table.hud.spectator
    assert table.session.view.hand == ()
    assert table.hand.cards.count == 0
    assert sum(r["count"] for r in table.seats.model.rows()) > 0
    assert table.hud.actions == []


def test_running_game_is_saved_and_restored(ui, qtbot) -> None:
    table = ui.table
    session = ui.app.start_rules(preset("classic"), seat=0, seed=21)
    while table.hud.phase != "play":
        qtbot.waitUntil(lambda: _my_turn(table), timeout=40000)
        human_step(table, bid=True)
    qtbot.waitUntil(lambda: len(session.match.hand.tricks) >= 1 or _my_turn(table), timeout=40000)
    snapshot = session.match.hand.snapshot()
    ui.app.leaveTable()
    assert save_path().exists()
    data = json.loads(save_path().read_text())
    assert data["seed"] == 21
    assert ui.app.resumeGame()
    restored = ui.app.session
    assert isinstance(restored, OfflineSession) and restored is not session
    assert restored.match.hand.snapshot()["hands"] == snapshot["hands"]
    assert restored.match.hand.snapshot()["tricks"][: len(snapshot["tricks"])] == snapshot["tricks"]


def test_replay_steps_through_a_record_with_all_hands_open(ui, qtbot) -> None:
    if not list_records():
        _play_out(ui, qtbot, 2)
    record = read_record(list_records()[0])
    ui.app.set_session(ReplaySession(record))
    table = ui.table
    session = ui.app.session
    assert table.hud.kind == "replay"
    assert all(len(h) == 0 for h in session.open_hands)  # it starts before the first card
    for _ in range(30):  # then the bids while the cards come, and the dealt hands
        if all(len(h) > 0 for h in session.open_hands) and session.view.deal_complete:
            break
        table.hud.replayStep(1)
    assert all(len(h) > 0 for h in session.open_hands)
    assert table.hand.cards.count == len(session.open_hands[0])
    steps = table.hud.replaySteps
    assert steps > 25
    table.hud.replayGo(steps - 1)
    assert table.hud.phase == "done"
    assert all(len(h) == 0 for h in session.open_hands)
    table.hud.replayStep(-1)
    assert table.hud.replayStepNo == steps - 2


def test_accessible_names_in_each_language(ui) -> None:
    from app.cards import accessible_name
    from engine.order import trumps_for

    trumps = trumps_for("2", "H")
    assert accessible_name("TH", trumps, "zh_CN") == "红桃10，主牌，10分"
    assert accessible_name("TH", trumps, "en") == "10 of hearts, trump, 10 points"
    assert accessible_name("TH", trumps, "zh_TW") == "紅桃10，主牌，10分"
    assert accessible_name("3S", trumps, "en") == "3 of spades"


def _codes(fan) -> list:
    return [c for c in fan.childItems() if c.property("code") not in (None, "")]


def test_selected_card_rises_in_the_fan(ui, qtbot) -> None:
    """QML side: a card selected through the view-model is raised and outlined in the fan."""
    from PySide6.QtQuick import QQuickItem

    table = ui.table
    ui.app.start_rules(preset("classic"), seat=0, seed=9)
    # The table waits for me (the deal is over): no new card or phase clears the selection.
    qtbot.waitUntil(lambda: table.hud.myTurn and table.hand.cards.count >= 6, timeout=30000)

    def fans() -> list:  # a page being unloaded may still be around: only this table's fan
        return [
            f
            for f in ui.window.findChildren(QQuickItem, "handFan")
            if f.isVisible() and len(_codes(f)) == table.hand.cards.count
        ]

    qtbot.waitUntil(lambda: bool(fans()), timeout=5000)
    fan = fans()[-1]

    def cards() -> list:
        return _codes(fan)

    rows = sorted(table.hand.cards.rows(), key=lambda r: r["slot"])
    table.hand.toggle(rows[2]["uid"])

    def raised() -> tuple[list[float], list[float]]:
        by_code_y = {(c.property("code"), c.property("selected")): c.y() for c in cards()}
        up = [y for (code, sel), y in by_code_y.items() if sel]
        down = [y for (code, sel), y in by_code_y.items() if not sel]
        return up, down

    qtbot.waitUntil(lambda: len(raised()[0]) == 1, timeout=5000)
    up, down = raised()
    assert up[0] < min(down)
    xs = sorted(c.x() for c in cards())
    assert all(b > a for a, b in itertools.pairwise(xs))  # one row, no card on another
