"""Issue #13, point 9: every screen, and the table in each state a player meets, laid out at
800×600, 1280×720 and 1920×1080: no text or interactive item overlaps another or leaves the
window, and no text is under 12 px, in English and in Chinese. Cards are pictures that overlap by
design (a fan, a trick) and are not checked."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtQml import QQmlExpression, qmlContext
from PySide6.QtQuick import QQuickItem

from app.screenshots import ShownOnline
from app.session import ReplaySession, list_records, read_record
from engine.rules import preset
from tests.app.tablekit import (
    human_step,
    items,
    my_turn,
    play_until,
    select,
    to_failed_throw,
    wait_until,
)

SIZES = ((800, 600), (1280, 720), (1920, 1080))
LANGUAGES = ("en", "zh_CN")
SMALLEST_PX = 12  # text on screen, in window pixels, at every size
SMALLEST: dict[tuple[int, int], float] = {}  # the smallest text seen per size (printed)
INTERACTIVE = (
    "QQuickAbstractButton",
    "QQuickMouseArea",
    "QQuickTextInput",
    "QQuickComboBox",
    "QQuickSpinBox",
    "QQuickSlider",
)
# Qt's alignment flags
LEFT, RIGHT, HCENTER, TOP, BOTTOM, VCENTER = 0x1, 0x2, 0x4, 0x20, 0x40, 0x80


def _text_rect(it: QQuickItem) -> QRectF:
    """The part of a Text item that holds its text (a wide Text centres a short line)."""
    w, h = it.width(), it.height()
    # what is painted: an elided or wrapped text stays inside, an unwrapped one runs over
    cw = float(it.property("contentWidth")) if w > 0 else it.implicitWidth()
    ch = float(it.property("contentHeight")) if h > 0 else it.implicitHeight()
    ha, va = _enum(it, "effectiveHorizontalAlignment"), _enum(it, "verticalAlignment")
    dx = (w - cw) if ha & RIGHT else (w - cw) / 2 if ha & HCENTER else 0
    dy = (h - ch) if va & BOTTOM else (h - ch) / 2 if va & VCENTER else 0
    return it.mapRectToScene(QRectF(dx, dy, cw, ch))


def _enum(it: QQuickItem, name: str) -> int:
    """An enum property's value (PySide cannot convert QQuickText's enums itself)."""
    context = qmlContext(it)
    if context is None:
        return 0
    value, _ = QQmlExpression(context, it, name).evaluate()
    return int(value or 0)


def _is_card(it: QQuickItem) -> bool:
    return it.property("code") is not None and it.property("accessibleName") is not None


def collect(window: Any) -> list[tuple[str, QQuickItem, QRectF, tuple[int, ...]]]:
    """(kind, item, rect in the window, path of ancestors) for each visible text and
    interactive item; cards, what clipping hides and what is flying in are left out."""
    out = []
    stack: list[tuple[QQuickItem, float, QRectF | None, tuple[int, ...]]] = [
        (window.contentItem(), 1.0, None, ())
    ]
    while stack:
        it, opacity, clip, path = stack.pop()
        opacity *= it.opacity()
        if not it.isVisible() or opacity < 0.05 or _is_card(it):
            continue
        if float(it.property("fly") or 0) > 0.01:
            continue  # a trick slot flying in from its seat: in motion, not laid out
        here = (*path, id(it))
        rect = it.mapRectToScene(QRectF(0, 0, it.width(), it.height()))
        kind = ""
        if it.inherits("QQuickText") and str(it.property("text") or "").strip():
            kind, rect = "text", _text_rect(it)
        elif any(it.inherits(c) for c in INTERACTIVE) and it.isEnabled():
            kind = "interactive"
        if kind and it.width() > 0 and it.height() > 0:
            shown = rect if clip is None else rect.intersected(clip)
            if not shown.isEmpty():
                out.append((kind, it, shown, here))
        inner = clip
        if it.clip():
            box = it.mapRectToScene(QRectF(0, 0, it.width(), it.height()))
            inner = box if clip is None else clip.intersected(box)
        for child in it.childItems():
            stack.append((child, opacity, inner, here))
    return out


def _name(it: QQuickItem) -> str:
    text = it.property("text")
    label = f" {str(text)[:30]!r}" if text else ""
    return f"{it.metaObject().className()}{'#' + it.objectName() if it.objectName() else ''}{label}"


def problems(window: Any, width: int, height: int) -> list[str]:
    found = collect(window)
    bounds = QRectF(0, 0, width, height).adjusted(-1, -1, 1, 1)
    out = [
        f"outside the window: {_name(it)} at {r.getRect()}"
        for _, it, r, _ in found
        if not bounds.contains(r)
    ]
    for i, (_, a, ra, pa) in enumerate(found):
        for _, b, rb, pb in found[i + 1 :]:
            if id(a) in pb or id(b) in pa:
                continue  # one inside the other (a button's own label)
            # a MouseArea over its row's texts is how a row is made clickable
            if a.inherits("QQuickMouseArea") and id(a.parentItem()) in pb:
                continue
            if b.inherits("QQuickMouseArea") and id(b.parentItem()) in pa:
                continue
            cut = ra.intersected(rb)
            if cut.width() > 1 and cut.height() > 1:
                out.append(f"overlap: {_name(a)} {ra.getRect()} / {_name(b)} {rb.getRect()}")
    return out


def smallest_text(window: Any) -> float:
    """The smallest text on screen, in window pixels."""
    sizes = []
    for kind, it, _, _ in collect(window):
        if kind == "text":
            scale = it.mapRectToScene(QRectF(0, 0, 100, 100)).width() / 100
            sizes.append(it.property("font").pixelSize() * scale)
    return min(sizes) if sizes else 0.0


def _result_open(ui: Any, qtbot: Any) -> None:
    """The result panel shields its buttons from clicks while it opens: it is laid out open."""
    qtbot.waitUntil(lambda: not items(ui, "resultOpening"), timeout=10000)


def check(ui: Any, qtbot: Any, state: str) -> list[str]:
    """Lay the window out at each size in each language and list what is wrong."""
    out = []
    for lang in LANGUAGES:
        ui.settings.language = lang
        for w, h in SIZES:
            ui.window.resize(w, h)
            qtbot.waitUntil(lambda w=w, h=h: ui.window.width() == w and ui.window.height() == h)
            wait_until(lambda: False, 0.05)
            ui.window.grabWindow()  # a frame: every pending layout (Row, anchors) is done
            where = f"{state} @{w}×{h} {lang}"
            out += [f"{where}: {p}" for p in problems(ui.window, w, h)]
            small = smallest_text(ui.window)
            SMALLEST[(w, h)] = min(SMALLEST.get((w, h), 99.0), small)
            if round(small, 2) < SMALLEST_PX:
                out.append(f"{where}: text of {small:.1f} px")
    ui.settings.language = "en"
    ui.window.resize(1280, 720)
    return out


SCREENS = (
    "home",
    "setup",
    "settings",
    "rules",
    "replays",
    "stats",
    "lobby",
    "host",
    "watch",
    "room",
)


@pytest.fixture
def laid_out(ui: Any) -> Iterator[Any]:
    yield ui
    ui.window.resize(1280, 720)
    ui.settings.showCounter = False
    ui.app.online.set_state("offline")


def test_every_screen_at_three_sizes(laid_out: Any, qtbot: Any) -> None:
    ui = laid_out
    wrong: list[str] = []
    for screen in SCREENS:
        if screen == "replays":
            ui.app.refreshRecords()
        ui.window.setProperty("screen", screen)
        wait_until(lambda: False, 0.1)
        wrong += check(ui, qtbot, screen)
    assert not wrong, "\n".join(wrong)


def _table_states(ui: Any, qtbot: Any) -> Iterator[str]:
    """Drive offline hands through the states a player meets; yield each state's name."""
    table = ui.table
    # the deal's end: bid buttons naming their cards, a bid on the table
    for seed in range(1, 30):
        ui.app.start_rules(preset("classic"), seat=0, seed=seed)
        qtbot.waitUntil(lambda: my_turn(table), timeout=20000)
        if any(r["allowed"] for r in table.bidding.options.rows()) and table.bidding.bidText:
            break
    yield "bidding"
    # a friend game: the dealer calls a friend, then plays with the call shown
    for seed in range(1, 40):
        play_until(
            ui, lambda: table.hud.phase in ("call-friend", "play"), seed=seed, rules="find-friend"
        )
        if "call-friend" in table.hud.actions:
            break
    yield "calling a friend"
    human_step(table)
    qtbot.waitUntil(lambda: table.bidding.friendText != "", timeout=10000)
    yield "friend game, playing"
    # burying, as the dealer
    throw = to_failed_throw(ui)
    yield "following or leading, my turn"
    v = table.session.view
    # the kitty peeked at, the counter on
    if v.dealer == 0:
        table.trick.setPeek("kitty")
        yield "kitty shown"
    table.trick.setPeek("last")
    ui.settings.showCounter = True
    yield "last trick shown, counter on"
    table.trick.setPeek("")
    # a failed throw's message, the taken-back cards marked
    select(table, throw)
    ui.settings.speed = "normal"  # the others wait a moment: the forced card stays alone
    table.hand.play()
    qtbot.waitUntil(lambda: "failed" in table.notice.text and table.trick.myPlayShown)
    yield "failed throw announced beside the forced card"
    ui.settings.speed = "instant"
    ui.settings.showCounter = False
    # the list of the hand's tricks
    bars = [i for i in ui.window.findChildren(QQuickItem) if i.property("showTricks") is not None]
    for bar in bars:
        bar.setProperty("showTricks", True)
    yield "tricks list"
    for bar in bars:
        bar.setProperty("showTricks", False)
    # online: the turn clock, the chat open, the reconnect banner
    online = ShownOnline("r1", 0)
    online.view, online.clock, online.names = table.session.view, 30, ["Ann", "Bo", "Cy", "Di"]
    online.deadlines = {s: time.monotonic() + 25 for s in range(4)}  # a clock at every seat
    ui.app.set_session(online)
    for page in ui.window.findChildren(QQuickItem):
        if page.property("showChat") is not None:
            page.setProperty("showChat", True)
    ui.app.online.set_state("connected", None, "lost")
    yield "online, chat open, reconnecting"
    ui.app.online.set_state("offline")
    # the hand's end
    play_until(ui, lambda: table.hud.phase == "done", seed=8)
    _result_open(ui, qtbot)
    yield "result"
    # a replay, mid-trick and at its end
    ui.app.leaveTable()
    ui.app.refreshRecords()
    record = read_record(list_records()[0])
    ui.app.set_session(ReplaySession(record))
    ui.window.setProperty("screen", "table")
    while len(table.session.view.trick) < 3:
        table.hud.replayStep(1)
    yield "replay, mid-trick"
    table.hud.replayGo(table.hud.replaySteps - 1)
    _result_open(ui, qtbot)
    yield "replay, last step"
    # watching
    ui.app.set_session(None)
    ui.settings.speed = "instant"
    ui.app.watchOffline("classic")
    qtbot.waitUntil(
        lambda: table.hud.phase == "play" and bool(table.session.view.trick), timeout=30000
    )
    yield "watching"


def test_the_table_in_each_state_at_three_sizes(laid_out: Any, qtbot: Any) -> None:
    ui = laid_out
    wrong: list[str] = []
    states = []
    for state in _table_states(ui, qtbot):
        states.append(state)
        wait_until(lambda: False, 0.1)
        wrong += check(ui, qtbot, state)
    assert len(states) >= 10
    print("smallest text:", {f"{w}×{h}": round(px, 1) for (w, h), px in SMALLEST.items()})
    assert not wrong, "\n".join(wrong)


def test_the_check_finds_an_overlap(laid_out: Any, qtbot: Any) -> None:
    """The checker itself: two buttons put on top of each other are reported."""
    ui = laid_out
    ui.window.setProperty("screen", "home")
    wait_until(lambda: False, 0.1)
    buttons = [it for kind, it, _, _ in collect(ui.window) if it.inherits("QQuickAbstractButton")]
    assert len(buttons) >= 2
    a, b = buttons[0], buttons[1]
    saved = (b.x(), b.y())
    target = b.parentItem().mapFromScene(a.mapToScene(a.boundingRect().topLeft()))
    b.setPosition(target)
    try:
        assert any("overlap" in p for p in problems(ui.window, 1280, 720))
    finally:
        b.setX(saved[0])
        b.setY(saved[1])
