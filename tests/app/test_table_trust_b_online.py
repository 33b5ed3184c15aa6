"""Online trust, against the real server on 127.0.0.1 through the real QML offscreen: a failed
connection is a player's sentence (English, 简体中文) that a later success clears; 托管 stays as
the player left it across a reconnect."""

from __future__ import annotations

import asyncio
import socket
import time

from helpers import run, start_server, stop_server, until
from PySide6.QtCore import QPointF, Qt
from PySide6.QtQuick import QQuickItem


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _item(ui, name: str) -> QQuickItem:
    items = [i for i in ui.window.findChildren(QQuickItem, name) if i.isVisible()]
    assert items, f"no visible {name}"
    return items[0]


def _click(qtbot, ui, item: QQuickItem) -> None:
    centre = item.mapToScene(QPointF(item.width() / 2, item.height() / 2))
    qtbot.mouseClick(ui.window, Qt.MouseButton.LeftButton, pos=centre.toPoint())


async def _outside(fn):
    """Run ``fn`` (which lets Qt process events: a qtbot click) as a plain loop callback, not
    inside the test's task, so the tasks Qt wakes meanwhile may run."""
    loop = asyncio.get_running_loop()
    fut = loop.create_future()

    def call() -> None:
        try:
            fut.set_result(fn())
        except BaseException as e:  # handed to the awaiting test
            fut.set_exception(e)

    loop.call_soon(call)
    return await fut


async def _connect_from_lobby(qtbot, ui, address: str) -> None:
    """What a player does: type the address into the lobby's field and press Connect."""
    field = _item(ui, "lobbyAddress")
    field.setProperty("text", address)
    await _outside(lambda: _click(qtbot, ui, _item(ui, "lobbyConnect")))


def test_a_failed_connection_is_a_players_sentence_that_success_clears(ui, qtbot, server) -> None:
    online = ui.app.online
    ui.window.setProperty("screen", "lobby")
    dead = f"127.0.0.1:{_closed_port()}"

    async def play() -> None:
        await _connect_from_lobby(qtbot, ui, dead)
        assert await until(lambda: online.error != "", 15)
        shown = _item(ui, "lobbyError").property("text")
        assert shown == f"Cannot reach {dead} — is the server running?"
        assert "Errno" not in shown and "Connect call" not in shown
        # the same failure in 简体中文, worded again when the language changes
        ui.settings.language = "zh_CN"
        assert _item(ui, "lobbyError").property("text") == f"无法连接 {dead}——服务器开着吗？"
        ui.settings.language = "en"
        # not a server address at all
        await _connect_from_lobby(qtbot, ui, "no such place:x")
        assert await until(lambda: "server address" in online.error, 15), online.error
        # the real server: connected, and the failure is gone from the screen
        await _connect_from_lobby(qtbot, ui, server)
        assert await until(lambda: online.status == "connected", 15)
        assert online.error == ""
        # connected: Reconnect is there, no longer the button to press
        button = _item(ui, "lobbyConnect")
        assert button.property("text") == "Reconnect" and not button.property("primary")
        assert not _item(ui, "lobbyStatus").property("text").startswith("Cannot")
        assert not [i for i in ui.window.findChildren(QQuickItem, "lobbyError") if i.isVisible()]
        # a refusal by the server is its message, in the player's language
        ui.settings.language = "zh_CN"
        online.joinRoom("no-such-room")
        assert await until(lambda: online.error != "", 10)
        assert any("\u4e00" <= ch <= "\u9fff" for ch in online.error), online.error
        ui.settings.language = "en"  # and worded again in English, on the screen too
        said = _item(ui, "lobbyError").property("text")
        assert said == online.error and "no-such-room" in said, said
        assert not any("\u4e00" <= ch <= "\u9fff" for ch in said), said

    run(ui, qtbot, play)


async def _table_with_bots(ui, address: str) -> object:
    """Connect, make a room, fill it with easy bots, start; the table's session."""
    online = ui.app.online
    online.connectTo(address, "Ann")
    assert await until(lambda: online.status == "connected", 10), online.error
    online.createRoom("classic")
    assert await until(lambda: online.room.get("seated") is True, 10), online.error
    for seat in (1, 2, 3):
        online.addBot(seat, "easy")
    assert await until(lambda: all(r["taken"] for r in online.roomSeats.rows()), 10)
    online.setReady(True)
    assert await until(lambda: online.room.get("full") is True, 10)
    in_room = [_seat_title(ui, seat) for seat in range(4)]
    online.startMatch()
    assert await until(lambda: ui.window.property("screen") == "table", 10), online.error
    session = ui.app.session
    assert await until(lambda: session.view is not None, 10)
    # every seat has the same name at the table as in the waiting room
    assert in_room == ["Ann", "AI 2 (Easy)", "AI 3 (Easy)", "AI 4 (Easy)"]
    at_table = {r["seat"]: r["name"] for r in ui.table.seats.model.rows()}
    assert [at_table[seat] for seat in range(4)] == in_room
    return session


def _seat_title(ui, seat: int) -> str:
    """The name the waiting room shows on a seat's card."""
    card = next(
        i for i in _descendants(ui.window.contentItem()) if i.objectName() == f"roomSeat{seat}"
    )
    name = next(i for i in _descendants(card) if i.objectName() == "roomSeatName")
    return str(name.property("text"))


def _descendants(item: QQuickItem) -> list[QQuickItem]:
    out = []
    for child in item.childItems():
        out += [child, *_descendants(child)]
    return out


def _shown(ui, text: str) -> bool:
    """Whether a visible item on the table shows ``text``."""
    return any(
        i.isVisible() and i.property("text") == text for i in ui.window.findChildren(QQuickItem)
    )


def _plays(v, seat: int) -> int:
    """How many times ``seat`` has played this hand: once in every finished trick, and maybe in
    this one (its card count also grows while the deal goes on: fewer cards than before a
    reconnect can be a whole hand away)."""
    return len(v.tricks) + any(s == seat for s, _ in v.trick)


def test_trustee_stays_on_across_a_reconnect(ui, qtbot, server) -> None:
    table = ui.table

    async def play() -> dict:
        session = await _table_with_bots(ui, server)
        # the player switches 托管 on with the table's toggle
        await _outside(lambda: _click(qtbot, ui, _item(ui, "trusteeToggle")))
        assert await until(lambda: table.seats.model.rows()[0]["trustee"], 10)
        assert table.hud.trustee and not table.notice.text  # my own switch is no news
        # the network drops; the client reconnects by itself
        await session.client.drop()
        assert await until(lambda: session.client.resumes >= 1, 15)
        assert await until(lambda: ui.app.online.banner == "", 5)
        # 托管 stays on, on my screen and at the server, and the hand goes on without me
        before = _plays(session.view, session.seat)
        end = time.monotonic() + 1.5
        while time.monotonic() < end:
            assert table.hud.trustee and _item(ui, "trusteeToggle").property("checked")
            assert session.client.rooms[session.room].seats[0].trustee
            await asyncio.sleep(0.05)
        assert await until(
            lambda: table.hud.phase == "done" or _plays(session.view, session.seat) > before, 60
        ), "the hand waits for a player who left 托管 on"
        return {"message": table.notice.text}

    out = run(ui, qtbot, play)
    assert out["message"] == ""  # nothing changed that the player did not do


def test_a_change_of_trustee_the_player_did_not_make_is_shown(ui, qtbot, tmp_path) -> None:
    proc, address = start_server(tmp_path, "--turn-timer", "2", "--away-grace", "60")
    table = ui.table
    # my clock ran out: the notice says so
    notice = "Your time ran out: the computer plays your seat (auto-play) until you switch it off."

    async def play() -> None:
        session = await _table_with_bots(ui, address)
        # I do nothing; my turn clock runs out and the server switches 托管 on: it says so
        assert await until(lambda: table.hud.trustee, 40)
        assert await until(lambda: _shown(ui, notice), 5), table.notice.text
        assert _item(ui, "trusteeToggle").property("checked")
        # switching it off myself is no news: the notice goes with the next message
        await _outside(lambda: _click(qtbot, ui, _item(ui, "trusteeToggle")))
        assert await until(lambda: not session.client.rooms[session.room].seats[0].trustee, 10)
        assert not table.hud.trustee

    try:
        run(ui, qtbot, play)
    finally:
        stop_server(proc)


def test_a_server_shut_down_says_so_and_the_table_comes_back_with_it(ui, qtbot, tmp_path) -> None:
    """Played under Xvfb: the host stopped hosting mid-hand and the guest read "Connection
    lost: reconnecting…", as if their own network had failed. A server that closes on purpose
    (1001) is now said as such; when it runs again the table resumes."""
    proc, address = start_server(tmp_path)
    port = int(address.rsplit(":", 1)[1])
    online = ui.app.online

    async def play() -> tuple[str, str]:
        nonlocal proc
        session = await _table_with_bots(ui, address)
        stop_server(proc)  # SIGTERM: the server's graceful shutdown (1001)
        assert await until(lambda: online.banner != "", 15)
        said = online.banner
        ui.settings.language = "zh_CN"  # the banner follows a change of language
        shown = lambda: str(_item(ui, "reconnectBanner").childItems()[0].property("text"))  # noqa: E731
        assert await until(lambda: shown() == "服务器已关闭：它重新运行后自动回到牌桌…", 5), shown()
        ui.settings.language = "en"
        proc, _ = start_server(tmp_path, "--port", str(port))  # the same records, the same port
        assert await until(lambda: session.client.resumes >= 1, 20)
        assert await until(lambda: online.banner == "", 5)
        return said, ui.window.property("screen")

    try:
        said, screen = run(ui, qtbot, play)
    finally:
        stop_server(proc)
    assert said == "The server was shut down: back at the table when it runs again…"
    assert screen == "table"


def test_a_move_made_while_the_server_is_away_says_so_and_is_sent_when_it_is_back(
    ui, qtbot, tmp_path
) -> None:
    """Played under Xvfb: with the server killed mid-hand, the dealer's Bury did nothing
    visible (the client held it and sent it after the reconnect). The table now says so, and
    says it went once it went (the first fix left "sent when the connection is back" on show)."""
    proc, address = start_server(tmp_path, "--away-grace", "60")
    port = int(address.rsplit(":", 1)[1])
    table, online = ui.table, ui.app.online

    async def play() -> tuple[str, bool]:
        nonlocal proc
        session = await _table_with_bots(ui, address)
        owed = ("play", "bury")

        passed: list[int] = []

        def my_move() -> bool:
            hand_no = session.view.hand_no
            if "pass-bid" in session.view.actions and hand_no not in passed:
                passed.append(hand_no)  # the deal's end waits for my bid: no bid, once
                table.bidding.passBid()
            return any(a in session.view.actions for a in owed)

        assert await until(my_move, 60)
        phase, mine = session.view.phase, session.view.counts[session.seat]
        proc.kill()  # the server dies: no goodbye
        assert await until(lambda: online.banner != "", 15)
        table.hand.hint()
        assert await until(lambda: table.hand.selectedCount > 0, 30)
        await _outside(lambda: _click(qtbot, ui, _item(ui, "playButton")))
        said = table.notice.text
        proc, _ = start_server(tmp_path, "--port", str(port), "--away-grace", "60")
        assert await until(lambda: session.client.resumes >= 1, 20)
        moved = await until(
            lambda: session.view.phase != phase or session.view.counts[session.seat] < mine, 20
        )
        # and once it went, the table no longer says it waits
        assert await until(lambda: table.notice.text != said, 10), table.notice.text
        assert table.notice.text == "Connected again: your move was played."
        return said, moved

    try:
        said, moved = run(ui, qtbot, play)
    finally:
        stop_server(proc)
    assert said == "Not connected: your move is sent when the connection is back."
    assert moved  # the held move was played once the server was back
