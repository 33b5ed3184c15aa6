"""Leaving an online room (QA report item 9), on the real QML against the real server on
127.0.0.1: Leave between two hands of a running match asks before it gives the seat up (Stay
keeps it); leaving goes back to the lobby the player came from — from the table, from the
waiting room ("Leave the room") and as a spectator.

The player's seat is played by a second connection of the same account (the AI's easy level),
so the app only shows what happens and takes the player's clicks."""

from __future__ import annotations

import asyncio
from typing import Any

from helpers import on_loop, until
from PySide6.QtCore import QPointF, Qt
from PySide6.QtQuick import QQuickItem

from net.bot import play_seat
from net.client import Client
from net.players import make_ai
from tests.app.tablekit import visible_items


def _visible(ui: Any, name: str) -> list[QQuickItem]:
    return [i for i in ui.window.findChildren(QQuickItem, name) if i.isVisible()]


def _press(qtbot: Any, ui: Any, it: QQuickItem) -> None:
    centre = it.mapToScene(QPointF(it.width() / 2, it.height() / 2))
    qtbot.mouseClick(ui.window, Qt.MouseButton.LeftButton, pos=centre.toPoint())


def _click(qtbot: Any, ui: Any, name: str) -> None:
    found = _visible(ui, name)
    assert found, f"no visible {name}"
    _press(qtbot, ui, found[0])


def _click_text(qtbot: Any, ui: Any, text: str) -> None:
    """The visible button that says ``text``."""
    found = [
        i
        for i in visible_items(ui)
        if i.inherits("QQuickAbstractButton") and i.property("text") == text
    ]
    assert found, f"no visible button {text!r}"
    _press(qtbot, ui, found[0])


async def _outside(fn: Any) -> Any:
    """``fn`` (a click: Qt runs events) as a plain loop callback, so woken tasks may run."""
    loop = asyncio.get_running_loop()
    fut = loop.create_future()

    def call() -> None:
        try:
            fut.set_result(fn())
        except BaseException as e:
            fut.set_exception(e)

    loop.call_soon(call)
    return await fut


def _screen(ui: Any) -> str:
    return str(ui.window.property("screen"))


def test_leave_between_hands_asks_and_goes_back_to_the_lobby(
    ui: Any, qtbot: Any, quick_server: str
) -> None:
    server = quick_server
    online = ui.app.online
    at: dict[str, Any] = {}

    async def between_hands() -> None:
        online.connectTo(server, "Ann")
        assert await until(lambda: online.status == "connected", 10), online.error
        ui.window.setProperty("screen", "lobby")
        me = at["me"] = Client(f"ws://{server}", token=online.lobby.client.token)
        await me.connect()
        room = at["room"] = (await me.create({"preset": "classic"})).room
        await me.join(room)
        await me.sit(room, 0)
        for seat in (1, 2, 3):
            await me.add_bot(room, seat, "random")
        online.joinRoom(room)  # from the lobby
        assert await until(lambda: online.room.get("seated") is True, 10), online.error
        await me.ready(room)
        await me.start(room)
        assert await until(lambda: me.rooms[room].status == "playing", 10)
        await asyncio.wait_for(play_seat(me, room, make_ai("easy", 0)), 90)
        assert await until(lambda: online.room.get("status") == "between", 10)
        assert await until(lambda: _screen(ui) == "table", 10)
        # between hands, Leave asks: the match runs on and the seat would be given up
        await _outside(lambda: _click(qtbot, ui, "leaveButton"))
        assert await until(lambda: bool(_visible(ui, "leaveConfirm")), 3)
        assert _visible(ui, "leaveTitle")[0].property("text") == "Leave this match?"
        assert "Your seat is given up" in str(_visible(ui, "leaveWhat")[0].property("text"))
        await _outside(lambda: _click(qtbot, ui, "leaveStay"))
        assert await until(lambda: not _visible(ui, "leaveConfirm"), 3)
        assert _screen(ui) == "table" and me.rooms[room].seats[0] is not None
        # asked again and told to leave: the seat is free and the player is back in the lobby
        await _outside(lambda: _click(qtbot, ui, "leaveButton"))
        assert await until(lambda: bool(_visible(ui, "leaveGo")), 3)
        await _outside(lambda: _click(qtbot, ui, "leaveGo"))
        assert await until(lambda: _screen(ui) == "lobby", 5), _screen(ui)
        assert await until(lambda: me.rooms[room].seats[0] is None, 10)

    try:
        on_loop(qtbot, between_hands(), 150)
    finally:
        on_loop(qtbot, _close(ui, at), 30)


def test_leaving_a_waiting_room_or_watching_goes_back_to_the_lobby(
    ui: Any, qtbot: Any, server: str
) -> None:
    online = ui.app.online
    at: dict[str, Any] = {}

    async def leave_both() -> None:
        online.connectTo(server, "Ann")
        assert await until(lambda: online.status == "connected", 10), online.error
        ui.window.setProperty("screen", "lobby")
        # my own waiting room: "Leave the room" is back to the lobby, not Home
        online.createRoom("classic")
        assert await until(lambda: _screen(ui) == "room", 10), online.error
        await _outside(lambda: _click_text(qtbot, ui, "Leave the room"))
        assert await until(lambda: _screen(ui) == "lobby", 5), _screen(ui)
        # watching another's match: Leave, at once (no seat to give up), back to the lobby
        bo = at["me"] = Client(f"ws://{server}", name="Bo")
        await bo.connect()
        room = at["room"] = (await bo.create({"preset": "classic"})).room
        await bo.join(room)
        await bo.sit(room, 0)
        for seat in (1, 2, 3):
            await bo.add_bot(room, seat, "random")
        await bo.ready(room)
        await bo.start(room)
        assert await until(lambda: bo.rooms[room].status == "playing", 10)
        online.watchRoom(room)
        assert await until(lambda: _screen(ui) == "table" and ui.table.hud.spectator, 10)
        await _outside(lambda: _click(qtbot, ui, "leaveButton"))
        assert await until(lambda: _screen(ui) == "lobby", 5), _screen(ui)
        assert not _visible(ui, "leaveConfirm")

    try:
        on_loop(qtbot, leave_both(), 90)
    finally:
        on_loop(qtbot, _close(ui, at), 30)


async def _close(ui: Any, at: dict[str, Any]) -> None:
    from app.online import lobby_of

    ui.app.set_session(None)
    await lobby_of(ui.app.online).close()
    if at.get("me") is not None:
        await at["me"].close()
