"""What the QA play-through met at the table (QA report items 5, 8, 10, 12, 13, 15), on the real
QML offscreen: the suit under each card's index stands upright and whole; the chat's line to
type into keeps its width at 800×600; every seat with a running clock still shows its name,
level, card count and side; Last trick waits for a trick; the bid caption keeps clear of the
deck and the cards dealt from it; the replay's ▶ stays put as the step number grows."""

from __future__ import annotations

import time
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage
from PySide6.QtQuick import QQuickItem

from app.cards import CardFaces
from app.session import ReplaySession, Session
from engine.match import Match
from engine.records import hand_record
from engine.rules import preset
from engine.views import View, view
from tests.app.tablekit import descendants, engine_step, item, items, play_until, scene_rect

SIZES = ((800, 600), (1280, 720), (1920, 1080))


def _resize(ui: Any, qtbot: Any, w: int, h: int) -> None:
    ui.window.resize(w, h)
    qtbot.waitUntil(lambda: (ui.window.width(), ui.window.height()) == (w, h))
    qtbot.wait(30)


class _Clocked(Session):
    """A table whose view and clocks the test sets, as the server sets an online table's."""

    def __init__(self, v: View, kind: str, seat: int | None) -> None:
        super().__init__()
        self.kind = kind
        self.seat = seat
        self.view = v
        self.names = ["Ann", "Mei", "Bo", "Lin"]


def _in_play(seat: int | None) -> View:
    hand = Match(preset("classic"), 5).hand
    while not hand.tricks:
        engine_step(hand)
    return view(hand, seat)


# -- 5: the index pip ---------------------------------------------------------------------
def _ink_rows(img: QImage, x0: int, x1: int) -> list[int]:
    """How many coloured (not white, not grey) pixels each row has between x0 and x1."""
    rows = []
    for y in range(img.height()):
        n = 0
        for x in range(x0, x1):
            c = img.pixelColor(x, y)
            if c.alpha() > 128 and (c.saturation() > 90 or c.value() < 60):  # not the grey edge
                n += 1
        rows.append(n)
    return rows


def _blocks(rows: list[int], start: int, end: int) -> list[tuple[int, int]]:
    """The runs of inked rows in [start, end): (first, last)."""
    out: list[tuple[int, int]] = []
    for y in range(start, end):
        if rows[y] and (not out or out[-1][1] != y - 1):
            out.append((y, y))
        elif rows[y]:
            out[-1] = (out[-1][0], y)
    return out


def _fan_card_size(ui: Any) -> tuple[int, int]:
    """The size the hand's cards are drawn at in the window now."""
    fan = item(ui, "handFan")
    for it in descendants(fan):
        if it.inherits("QQuickImage") and "image://cards/" in it.property("source").toString():
            size = it.property("sourceSize")
            return size.width(), size.height()
    raise AssertionError("no card in the fan")


def test_the_suit_under_the_index_stands_upright_and_whole(ui, qtbot) -> None:
    play_until(ui, lambda: ui.table.hud.phase == "play", seed=5)
    faces = CardFaces()
    try:
        for w, h in SIZES:
            _resize(ui, qtbot, w, h)
            cw, ch = _fan_card_size(ui)
            for card, heavy_top in (("2H", True), ("2S", False), ("2C", False)):
                img = faces.image("2", card, cw, ch)
                # the index column: the rank, then under it the suit, apart, inside the card
                rows = _ink_rows(img, round(cw * 0.03), round(cw * 0.26))
                blocks = _blocks(rows, 2, round(ch * 0.40))
                assert len(blocks) >= 2, (w, h, card, blocks)
                top, bottom = blocks[1]
                assert top > blocks[0][1] + 1 and bottom < round(ch * 0.40) - 1
                # where the mark is widest: a heart across its lobes at the top, a spade and a
                # club across theirs below the middle (drawn upside down, the other way round)
                pip = rows[top : bottom + 1]
                widest = [i for i, n in enumerate(pip) if n == max(pip)]
                at = sum(widest) / len(widest) / (len(pip) - 1)
                assert (at < 0.5) == heavy_top, (w, h, card, at, pip)
    finally:
        _resize(ui, qtbot, 1280, 720)


# -- 8: the chat's line ---------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_chats_line_keeps_its_width_at_800x600(ui, qtbot, lang: str) -> None:
    ui.settings.language = lang
    ui.app.set_session(_Clocked(_in_play(0), "online", 0))
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    try:
        for w, h in ((800, 600), (1280, 720)):
            _resize(ui, qtbot, w, h)
            # the chat open (its toggle's own click is another test's)
            ui.window.findChild(QQuickItem, "chatPanel").parentItem().setProperty("showChat", True)
            panel = item(ui, "chatPanel")
            entry = item(ui, "chatEntry")
            send = item(ui, "chatSend")
            phrases = item(ui, "chatPhrases")
            inner = entry.width() - entry.property("leftPadding") - entry.property("rightPadding")
            holder = next(
                i for i in descendants(entry) if i.inherits("QQuickText") and i.property("text")
            )
            # the placeholder shows whole: the line is for typing, not a sliver
            assert inner >= holder.property("implicitWidth"), (w, h, inner)
            assert entry.width() >= 0.55 * panel.width(), (w, h, entry.width(), panel.width())
            p = scene_rect(panel)
            for it in (entry, send, phrases):
                r = scene_rect(it)
                assert p.contains(r), (w, h, it.objectName(), r, p)
            assert not scene_rect(entry).intersects(scene_rect(send))
    finally:
        _resize(ui, qtbot, 1280, 720)
        ui.settings.language = "en"


# -- 10: the seat panels with a clock ------------------------------------------------------
def _text_rect(it: QQuickItem) -> QRectF:
    """Where a Text's words are (its implicit width: the item may be wider than its words)."""
    r = scene_rect(it)
    return QRectF(r.x(), r.y(), min(r.width(), it.property("implicitWidth")), r.height())


def _panels(ui: Any) -> list[QQuickItem]:
    return [i.parentItem().parentItem() for i in items(ui, "seatName")]


@pytest.mark.parametrize("kind", ["online", "spectator"])
def test_a_seat_with_its_clock_shows_name_level_count_and_side(ui, qtbot, kind: str) -> None:
    seat = 0 if kind == "online" else None
    session = _Clocked(_in_play(seat), kind, seat)
    session.levels = ["10", "10", "10", "10"]  # the widest level words
    ui.app.set_session(session)
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    now = time.monotonic()
    session.clock = 30
    session.deadlines = {s: now + 25 for s in range(4)}  # every seat's clock on screen at once
    session.changed.emit()
    qtbot.waitUntil(lambda: len(items(ui, "clock")) == 4)
    try:
        for w, h in SIZES:
            _resize(ui, qtbot, w, h)
            panels = _panels(ui)
            assert len(panels) == 4
            for panel in panels:
                under = descendants(panel)
                named = {i.objectName(): i for i in under if i.objectName()}
                for name in ("seatName", "seatLevel", "seatCards", "seatSide", "clock"):
                    assert name in named, (w, h, name, sorted(named))
                box = scene_rect(panel)
                clock = scene_rect(named["clock"])
                assert box.contains(clock)
                for name in ("seatLevel", "seatCards", "seatSide"):
                    r = _text_rect(named[name])
                    assert box.contains(r), (w, h, name, r, box)
                    assert not r.intersects(clock), (w, h, name, r, clock)
                assert not scene_rect(named["seatName"]).intersects(clock)
                assert named["seatCards"].property("text").endswith("cards")
    finally:
        _resize(ui, qtbot, 1280, 720)


# -- 12: Last trick -------------------------------------------------------------------------
def test_last_trick_waits_for_the_first_trick(ui, qtbot) -> None:
    table = ui.table
    play_until(ui, lambda: table.hud.phase == "play", seed=5)
    button = item(ui, "lastTrickButton")
    assert not table.session.view.tricks
    assert not button.isEnabled()
    table.trick.togglePeek("last")  # the L key: nothing to show, nothing opens
    assert table.trick.peek == "" and not items(ui, "peekPanel")
    play_until(ui, lambda: bool(table.session.view.tricks), seed=5)
    qtbot.waitUntil(lambda: item(ui, "lastTrickButton").isEnabled())
    table.trick.togglePeek("last")
    assert table.trick.peek == "last"
    table.trick.setPeek("")


# -- 13: the bid caption --------------------------------------------------------------------
def test_the_bid_caption_keeps_clear_of_the_deck_and_the_cards_dealt(ui, qtbot) -> None:
    table = ui.table
    ui.settings.speed = "normal"  # the deck stays on screen while the cards come
    ui.app.start_rules(preset("classic"), seat=0, seed=5)
    qtbot.waitUntil(lambda: table.bidding.bidText != "", timeout=60000)
    assert table.hud.phase == "deal"
    try:
        for w, h in SIZES:
            _resize(ui, qtbot, w, h)
            caption = _text_rect(item(ui, "bidText"))
            deck = item(ui, "deck")
            pile = QRectF()
            for card in descendants(deck):
                pile = pile.united(scene_rect(card))
            assert not caption.intersects(pile), (w, h, caption, pile)
            # each card dealt flies from the pile straight up, down, left or right: the caption
            # is in neither band
            assert caption.right() < pile.left() or caption.left() > pile.right()
            assert caption.top() > pile.bottom() or caption.bottom() < pile.top()
    finally:
        _resize(ui, qtbot, 1280, 720)
        ui.app.set_session(None)


# -- 15: the replay's controls --------------------------------------------------------------
def test_the_replays_forward_button_stays_put_step_after_step(ui, qtbot) -> None:
    hand = Match(preset("classic"), 7).hand
    while hand.phase.value != "done":
        engine_step(hand)
    session = ReplaySession(hand_record(hand))
    assert session.steps >= 11
    ui.app.set_session(session)
    qtbot.waitUntil(lambda: ui.window.property("screen") == "table")
    table = ui.table
    where = set()
    for step in (0, 4, 9, 10, 11, session.steps - 1):
        table.hud.replayGo(step)
        qtbot.waitUntil(lambda step=step: table.hud.replayStepNo == step)
        qtbot.wait(1)
        forward = item(ui, "replayForward")
        where.add(round(scene_rect(forward).x(), 2))
        assert str(item(ui, "replayStepText").property("text")).startswith(f"Step {step + 1} of")
    assert len(where) == 1, where
