"""What the player met online (issue 33, part 7), through the real QML against the real server on
127.0.0.1: with 托管 on, Leave still asks first; the notice that the server switched 托管 on goes
when 托管 is switched off, instead of staying on into the next hand."""

from __future__ import annotations

import asyncio

from helpers import run, seated_in_a_new_room, start_server, start_with_bots, stop_server, until
from PySide6.QtCore import QPointF, Qt
from PySide6.QtQuick import QQuickItem

# the server switched 托管 on when my clock ran out: it says why
NOTICE = "Your time ran out: the computer plays your seat (auto-play) until you switch it off."


def _visible(ui, name: str) -> list[QQuickItem]:
    return [i for i in ui.window.findChildren(QQuickItem, name) if i.isVisible()]


def _click(qtbot, ui, name: str) -> None:
    found = _visible(ui, name)
    assert found, f"no visible {name}"
    it = found[0]
    centre = it.mapToScene(QPointF(it.width() / 2, it.height() / 2))
    qtbot.mouseClick(ui.window, Qt.MouseButton.LeftButton, pos=centre.toPoint())


async def _outside(fn):
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


async def _table_with_bots(ui, address: str):
    await seated_in_a_new_room(ui, address)
    return await start_with_bots(ui, "easy")


def test_online_with_trustee_on_leave_asks_and_the_notice_goes_with_trustee(
    ui, qtbot, tmp_path
) -> None:
    proc, address = start_server(tmp_path, "--turn-timer", "2", "--away-grace", "60")
    table = ui.table

    async def play() -> None:
        session = await _table_with_bots(ui, address)
        # I do nothing; my turn clock runs out and the server switches 托管 on: it says so
        assert await until(lambda: table.hud.trustee, 40)
        assert await until(lambda: table.notice.text == NOTICE, 5), table.notice.text
        # Leave mid-hand asks, 托管 or not, and saying Stay keeps me at the table
        assert table.hud.phase not in ("", "done")
        await _outside(lambda: _click(qtbot, ui, "leaveButton"))
        assert await until(lambda: bool(_visible(ui, "leaveConfirm")), 3)
        assert ui.window.property("screen") == "table"
        await _outside(lambda: _click(qtbot, ui, "leaveStay"))
        assert await until(lambda: not _visible(ui, "leaveConfirm"), 3)
        # I switch 托管 off: the notice that it is on goes at once
        await _outside(lambda: _click(qtbot, ui, "trusteeToggle"))
        assert await until(lambda: not table.hud.trustee, 5)
        assert table.notice.text == ""
        assert not [i for i in _visible(ui, "messageLine") if i.property("text") == NOTICE]
        assert await until(lambda: not session.client.rooms[session.room].seats[0].trustee, 10)
        assert table.notice.text == ""

    try:
        run(ui, qtbot, play)
    finally:
        stop_server(proc)
