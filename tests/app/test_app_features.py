"""The assists and the feel of the table: the card counter, statistics, the list of tricks,
drag-selecting a run, 托管 offline, the motion signals (kitty, failed throw, highlights) and
the sounds with the turn alert."""

from __future__ import annotations

import wave
from collections import Counter

from tablekit import await_turn

from app import counter, stats
from app.screenshots import human_step
from app.sounds import CALLS, SOUNDS, scaled_wav
from app.table import callout
from engine.cards import POINTS, deck
from engine.events import Played, ThrowFailed, TrickWon
from engine.order import trumps_for
from engine.rules import preset


def _to_tricks(ui, qtbot, seed: int, tricks: int) -> None:
    """An offline hand at instant speed, the player bidding, until ``tricks`` tricks are done."""
    table = ui.table
    ui.app.start_rules(preset("classic"), seat=0, seed=seed)
    while table.hud.phase != "done" and len(table.session.view.tricks) < tricks:
        v = table.session.view
        await_turn(
            table, also=lambda: bool(table.session.view.actions) or table.hud.phase == "done"
        )
        if not human_step(table, bid=True) and v is table.session.view:
            qtbot.wait(10)


def test_card_counter_accounts_for_every_card(ui, qtbot) -> None:
    table = ui.table
    _to_tricks(ui, qtbot, seed=4, tricks=6)
    v = table.session.view
    assert v.phase == "play" and len(v.tricks) >= 6
    rows = table.counter.model.rows()
    unseen = counter.unseen(v)
    played = counter.played_cards(v)
    # every card of the decks is in my hand, played, buried by me, or still out
    total = Counter(v.hand) + Counter(played) + Counter(v.buried) + unseen
    assert total == Counter(deck(v.rules.decks))
    assert sum(r["remaining"] for r in rows) == sum(unseen.values())
    for r in rows:
        suit = r["suit"]
        assert r["remaining"] == sum(n for c, n in unseen.items() if v.trumps.suit(c) == suit)
    gone = played + counter.kitty_seen(v)  # a kitty I buried is not to be played
    assert table.counter.pointsOut == v.rules.total_points - sum(POINTS.get(c, 0) for c in gone)
    # each seat's known voids are shown at its seat
    shown = {r["seat"]: r["voids"] for r in table.seats.model.rows()}
    assert all(bool(shown[s]) for s in counter.voids(v))
    # the list of this hand's tricks, on demand
    listed = table.trick.history.rows()
    assert [r["no"] for r in listed] == list(range(1, len(v.tricks) + 1))
    assert [r["points"] for r in listed] == [t.points for t in v.tricks]
    assert all(len(r["plays"]) == 4 for r in listed)
    # on screen: the counter panel and the list of tricks open without a QML warning
    from PySide6.QtQuick import QQuickItem

    ui.settings.showCounter = True
    qtbot.wait(100)
    panels = [i for i in ui.window.findChildren(QQuickItem, "counterPanel") if i.isVisible()]
    assert panels
    bars = [i for i in ui.window.findChildren(QQuickItem) if i.property("showTricks") is not None]
    for bar in bars:
        bar.setProperty("showTricks", True)
    qtbot.wait(100)
    lists = [i for i in ui.window.findChildren(QQuickItem, "trickList") if i.isVisible()]
    assert lists
    ui.settings.showCounter = False


def test_voids_from_a_short_follow() -> None:
    from engine.views import TrickInfo, View

    plays = ((0, ("AH", "AH")), (1, ("3H", "4C")), (2, ("5D", "6D")), (3, ("KH", "QH")))
    trick = TrickInfo(leader=0, plays=plays, winner=0, points=10)
    fields = dict.fromkeys(View.__slots__)
    fields.update(
        tricks=(trick,),
        trick=((1, ("7C",)), (2, ("2S",))),  # a trick under way: seat 2 ruffs a club lead
        phase="play",
        level="2",
        trump="S",
        trump_known=True,
        rules=preset("classic"),
    )
    v = View(**fields)
    assert counter.voids(v) == {1: ["H"], 2: ["H", "C"]}


def test_statistics_count_each_finished_hand_once(ui, qtbot) -> None:
    stats.reset()
    table = ui.table
    _to_tricks(ui, qtbot, seed=6, tricks=99)
    assert table.hud.phase == "done"
    data = stats.load()
    assert data["hands"] == 1
    assert data["dealerHands"] + data["attackerHands"] == 1
    won = table.result.summary["won"]
    assert data["handsWon"] == int(won)
    session = table.session
    session.count_hand(f"offline:{session.seed}:1")  # the same hand again: not counted twice
    assert stats.load()["hands"] == 1
    rows = ui.app.statistics()
    assert rows[0]["played"] == 1 and rows[0]["won"] == int(won)
    ui.window.setProperty("screen", "stats")
    qtbot.wait(100)


def test_drag_across_the_hand_selects_a_run(ui, qtbot) -> None:
    table = ui.table
    ui.app.start_rules(preset("classic"), seat=0, seed=9)
    qtbot.waitUntil(lambda: table.hand.cards.count >= 8, timeout=20000)
    ui.settings.speed = "normal"  # hold the deal still enough: no cards arrive mid-drag
    by_slot = {r["slot"]: r["uid"] for r in table.hand.cards.rows()}
    table.hand.beginDrag(by_slot[1])
    table.hand.dragTo(by_slot[3])
    table.hand.dragTo(by_slot[5])
    table.hand.endDrag()
    picked = sorted(r["slot"] for r in table.hand.cards.rows() if r["picked"])
    assert picked == [1, 2, 3, 4, 5]
    # dragging back shrinks the run; starting on a picked card takes cards out
    table.hand.beginDrag(by_slot[5])
    table.hand.dragTo(by_slot[4])
    table.hand.endDrag()
    assert sorted(r["slot"] for r in table.hand.cards.rows() if r["picked"]) == [1, 2, 3]
    table.hand.beginDrag(by_slot[7])  # a click is a drag of one card
    table.hand.endDrag()
    assert sorted(r["slot"] for r in table.hand.cards.rows() if r["picked"]) == [1, 2, 3, 7]


def test_trustee_offline_plays_the_hand_for_me(ui, qtbot) -> None:
    table = ui.table
    ui.app.start_rules(preset("classic"), seat=0, seed=12)
    assert table.hud.canTrustee and not table.hud.trustee
    table.hud.toggleTrustee()
    assert table.hud.trustee
    qtbot.waitUntil(lambda: table.hud.phase == "done", timeout=60000)
    assert table.hand.cards.count == 0
    table.hud.toggleTrustee()
    assert not table.hud.trustee


def test_motion_signals_kitty_and_highlights(ui, qtbot) -> None:
    table = ui.table
    moved: list[tuple[int, int, bool]] = []
    table.kittyMoved.connect(lambda p, n, inward: moved.append((p, n, inward)))
    for seed in range(1, 30):
        moved.clear()
        _to_tricks(ui, qtbot, seed=seed, tricks=1)
        if table.session.view.dealer == 0:
            break
    assert moved[:2] == [(0, 8, True), (0, 8, False)]  # to the dealer, and back buried
    trumps = trumps_for("2", "S")
    from engine.callouts import flash as _flash  # the highlight is the engine's call

    assert _flash(("3S", "3S", "4S", "4S"), trumps) == "tractor"
    assert _flash(("BJ",), trumps) == "trump"
    assert _flash(("AH",), trumps) == ""
    # a failed throw: the cards not forced go back to the thrower's seat
    pulled: list[tuple[int, list[str]]] = []
    table.throwPulled.connect(lambda p, cards: pulled.append((p, sorted(cards))))
    seat = (table.session.seat + 2) % 4
    table._on_events([ThrowFailed(seat, ("AH", "KH", "KH"), ("KH", "KH"), 0)])
    assert pulled == [(2, ["AH"])]
    assert "throw A♥ K♥ K♥ failed" in table.notice.text


def test_sounds_and_the_turn_alert(ui, qtbot, tmp_path) -> None:
    ui.app.sounds.played.clear()
    ui.settings.cardVolume = 40
    _to_tricks(ui, qtbot, seed=3, tricks=2)
    names = [n for n, _ in ui.app.sounds.played]
    assert "card" in names and "trick" in names and "turn" in names
    assert ("card", 40) in ui.app.sounds.played
    # offscreen the window is never active: each turn flashes the taskbar entry, and the chime
    # repeats while it is still the player's turn
    if not ui.window.isActive():
        assert ui.app.alerts > 0
        qtbot.waitUntil(lambda: ui.table.my_turn_now(), timeout=20000)
        ui.app._chimes_left = 2
        turns = names.count("turn")
        ui.app._chime_again()
        assert [n for n, _ in ui.app.sounds.played].count("turn") == turns + 1
    ui.settings.cardVolume = 0
    ui.app.sounds.played.clear()
    ui.app._play_sound("card")
    assert ui.app.sounds.played == []  # volume 0 is off
    ui.settings.cardVolume = 60
    # the shipped sounds, and their volume scaling
    for name in ("card", "trick", "turn", *CALLS):
        with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2 and w.getnframes() > 500
    half = scaled_wav("turn", 50, tmp_path)
    with wave.open(str(SOUNDS / "turn.wav"), "rb") as a, wave.open(str(half), "rb") as b:
        full = memoryview(a.readframes(a.getnframes())).cast("h")
        low = memoryview(b.readframes(b.getnframes())).cast("h")
        assert abs(max(low) - max(full) // 2) <= 1


def test_mandarin_call_outs_are_off_by_default_and_follow_the_trick(ui, qtbot) -> None:
    _to_tricks(ui, qtbot, seed=4, tricks=1)
    table = ui.table
    trumps = table.session.view.trumps
    side = next(c for c in ("4H", "4C", "4D", "5H", "5C") if not trumps.is_trump(c))
    assert ui.settings.voiceVolume == 0
    ui.app.sounds.played.clear()
    table._on_events([TrickWon(0, 0), Played(1, (side, side))])
    assert [n for n, _ in ui.app.sounds.played if n in CALLS] == []  # off: nothing said
    ui.settings.voiceVolume = 70
    ui.app.sounds.played.clear()
    events = [
        TrickWon(0, 0),
        Played(1, (side, side)),
        Played(2, ("BJ", "BJ")),
        TrickWon(2, 0),
        ThrowFailed(3, (side, "AH"), (side,), 0),
        Played(3, (side,)),
    ]
    table._on_events(events)
    calls = [(n, v) for n, v in ui.app.sounds.played if n in CALLS]
    assert calls == [("call-pair", 70), ("call-ruff", 70), ("call-throw", 70)]
    ui.settings.voiceVolume = 0


def test_the_call_out_a_play_earns() -> None:
    trumps, classic = trumps_for("2", "S"), preset("classic")
    assert callout([("3H", "3H")], trumps, classic) == "call-pair"
    assert callout([("3H", "3H", "4H", "4H")], trumps, classic) == "call-tractor"
    assert callout([("AH", "KH")], trumps, classic) == "call-throw"
    assert callout([("AH",)], trumps, classic, thrown=True) == "call-throw"
    assert callout([("AH",)], trumps, classic) == ""
    assert callout([("3H",), ("4H",)], trumps, classic) == ""
    assert callout([("3H",), ("5S",)], trumps, classic) == "call-ruff"
    assert callout([("3H",), ("5S",), ("BJ",)], trumps, classic) == "call-ruff"  # over the top
    assert callout([("3H",), ("BJ",), ("SJ",)], trumps, classic) == ""  # too low to take it
    assert callout([("3S",), ("BJ",)], trumps, classic) == ""  # a trump lead is not ruffed
    # 潮汕: a multi-card lead is a suit throw, answered as singles
    assert callout([("3H", "3H")], trumps, preset("chaoshan")) == "call-throw"
