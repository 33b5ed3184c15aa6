"""Online against the real server on 127.0.0.1, through the app's view-models as a player uses
them: the waiting room (sit, bots of a chosen level, ready, start), a hand played through the
table, the room's chat, the spectator count and the turn clock, 托管, and the player's games on
the server opened in the replay viewer. A spectator sees no hand."""

from __future__ import annotations

import asyncio

from helpers import run, until
from tablekit import item

from app.screenshots import human_step


async def _into_waiting_room(ui, server: str) -> None:
    online = ui.app.online
    online.connectTo(server, "Ann")
    assert await until(lambda: online.status == "connected", 10), online.error
    online.createRoom("classic")

    def seated() -> bool:  # the room update may come before the join has opened the session
        return online.room.get("seated") is True and ui.app.session is not None

    assert await until(seated, 10), online.error


def _seat_rows(online) -> list[dict]:
    return online.roomSeats.rows()


def test_waiting_room_then_a_hand_then_its_record(ui, qtbot, server) -> None:
    table = ui.table
    online = ui.app.online

    async def play() -> dict:
        await _into_waiting_room(ui, server)
        # the creator sits and waits: no auto-fill, no hand yet
        assert online.waiting and ui.window.property("screen") == "room"
        assert online.room["owner"] is True
        rows = _seat_rows(online)
        assert [r["mine"] for r in rows] == [True, False, False, False]
        assert not any(r["taken"] for r in rows[1:])
        assert table.session.view is None
        # the owner fills the other seats with AI of a chosen level, gets ready and starts
        for seat, level in ((1, "easy"), (2, "normal"), (3, "random")):
            online.addBot(seat, level)
        assert await until(lambda: all(r["taken"] for r in _seat_rows(online)), 10)
        assert [r["bot"] for r in _seat_rows(online)] == ["", "easy", "normal", "random"]
        assert not online.room["full"]  # not ready yet
        help_line = lambda: str(item(ui, "roomHelp").property("text"))  # noqa: E731
        assert help_line().startswith("Fill the empty seats")
        online.setReady(True)
        assert await until(lambda: online.room.get("full") is True, 10)
        assert await until(lambda: help_line() == "All four are ready: start the match.", 5)
        online.startMatch()
        assert await until(lambda: ui.window.property("screen") == "table", 10), online.error
        session = ui.app.session
        assert await until(lambda: session.view is not None, 10)
        moves = 0
        while table.hud.phase != "done":
            ready = await until(
                lambda: bool(session.view and session.view.actions) or table.hud.phase == "done", 60
            )
            assert ready, f"stuck in {table.hud.phase}"
            if table.hud.phase != "done" and human_step(table):
                moves += 1
            # always yield: an optional bid while dealing is nothing to do, and a busy loop
            # here would starve the connection that brings the next view
            await asyncio.sleep(0.05)
        result = table.result.summary
        # the next hand: ready again; the owner's client starts it once every seat is ready
        table.result.nextHand()
        assert await until(lambda: session.view is not None and session.view.hand_no == 2, 20)
        # the finished hand is among my games on the server and opens in the replay viewer
        online.refreshGames()
        assert await until(lambda: online.games.count >= 1, 10), online.error
        row = online.games.rows()[0]
        assert row["detail"].endswith(("· The defenders win", "· The attackers win")), row
        ui.settings.language = "zh_CN"  # the list is worded again in the new language
        assert await until(lambda: online.games.rows()[0]["title"].startswith("房间 "), 5)
        assert online.games.rows()[0]["detail"].endswith(("· 庄家方获胜", "· 抓分方获胜"))
        ui.settings.language = "en"
        online.openGame(online.games.rows()[0]["game"])
        assert await until(lambda: table.hud.kind == "replay", 10), online.error
        return {"moves": moves, "result": result, "steps": table.hud.replaySteps}

    out = run(ui, qtbot, play)
    assert out["moves"] >= 10
    assert out["result"]["title"] in ("You win the hand", "You lose the hand")
    assert out["steps"] > 25


def test_chat_spectators_clock_and_trustee(ui, qtbot, server) -> None:
    from net.client import Client

    table = ui.table
    online = ui.app.online

    others: list[Client] = []

    async def everyone() -> dict:
        try:
            return await play()
        finally:  # every connection closes on the loop it was opened on
            for c in others:
                await c.close()

    async def play() -> dict:
        # a room with a turn clock, made by another player; Ann joins it from the lobby
        host = Client(f"ws://{server}", name="Mei")
        others.append(host)
        await host.connect()
        room = (await host.create({"preset": "classic", "turn_timer": 30})).room
        await host.join(room)  # the owner stays up: she watches her room
        online.connectTo(server, "Ann")
        assert await until(lambda: online.status == "connected", 10), online.error
        assert await until(lambda: online.rooms.count >= 1, 10)
        online.joinRoom(room)

        def joined() -> bool:  # the room shows before the join has opened the session
            return online.room.get("id") == room and ui.app.session is not None

        assert await until(joined, 10), online.error
        assert ui.window.property("screen") == "room"
        assert online.room["owner"] is False and online.room["seated"] is False
        online.sit(0)
        assert await until(lambda: online.room.get("seated") is True, 10), online.error
        # chat, both ways
        online.sendChat("hello table")
        await host.chat(room, "你好")
        assert await until(lambda: online.chat.count >= 2, 10)
        lines = [(r["name"], r["text"], r["mine"]) for r in online.chat.rows()]
        assert ("Ann", "hello table", True) in lines
        assert ("Mei", "你好", False) in lines
        # a second watcher: the count reaches the waiting room and the table
        assert online.room["spectators"] == 1
        watcher = Client(f"ws://{server}", name="Bo")
        others.append(watcher)
        await watcher.connect()
        await watcher.join(room)
        assert await until(lambda: online.room.get("spectators") == 2, 10)
        online.setReady(True)
        for seat in (1, 2, 3):
            await host.add_bot(room, seat, "easy")
        assert await until(lambda: online.room.get("full") is True, 10)
        await host.start(room)
        assert await until(lambda: ui.window.property("screen") == "table", 10)
        session = ui.app.session
        assert await until(lambda: table.hud.spectators == 2, 10)
        # the turn clock runs at the seat to act: at mine when the deal ends (bid or pass), then
        # wherever the play is
        assert await until(lambda: table.seats.model.rows()[0]["clock"] >= 0, 60)
        assert 0 <= table.seats.model.rows()[0]["clock"] <= 30
        while table.hud.phase == "deal":  # pass, promptly (an idle seat goes to 托管 at 30 s)
            human_step(table)
            await asyncio.sleep(0.05)
        assert await until(lambda: any(r["clock"] >= 0 for r in table.seats.model.rows()), 30)
        clocks = [r for r in table.seats.model.rows() if r["clock"] >= 0]
        assert len(clocks) == 1 and 0 <= clocks[0]["clock"] <= 30
        # 托管: the server plays my seat, and my seat shows it
        assert table.hud.canTrustee and not table.hud.trustee
        table.hud.toggleTrustee()
        assert await until(lambda: table.seats.model.rows()[0]["trustee"] and table.hud.trustee, 10)
        # …and plays on without me: my hand shrinks while I do nothing
        before = session.view.counts[session.seat]
        assert await until(lambda: session.view.counts[session.seat] <= before - 2, 60)
        return {"hand": session.view.hand_no}

    out = run(ui, qtbot, everyone)
    assert out["hand"] == 1


def test_a_slow_server_given_up_for_another_does_not_undo_it(ui, qtbot, server) -> None:
    """The player tries an address that hangs, then connects elsewhere and opens a room; when
    the first attempt finally fails, it says nothing and leaves the new connection, room and
    table alone (it used to drop the new connection and show its own failure)."""
    from app.online import lobby_of

    online = ui.app.online

    async def scenario() -> None:
        release = asyncio.Event()

        async def hang(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await release.wait()  # no websocket handshake until the test says so
            writer.close()

        slow = await asyncio.start_server(hang, "127.0.0.1", 0)
        try:
            online.connectTo(f"127.0.0.1:{slow.sockets[0].getsockname()[1]}", "Ann")
            assert await until(lambda: online.status == "connecting", 5)
            await _into_waiting_room(ui, server)
            session = ui.app.session
            release.set()  # the abandoned attempt fails now
            await asyncio.sleep(0.5)
            assert (online.status, online.error) == ("connected", "")
            assert lobby_of(online).client is not None
            assert lobby_of(online).session is session is ui.app.session
            assert online.room.get("seated") is True
            online.addBot(1, "easy")  # the room still answers through the kept connection
            assert await until(lambda: online.roomSeats.rows()[1]["bot"] == "easy", 10)
        finally:
            slow.close()

    run(ui, qtbot, scenario, 60)


def test_another_server_shows_nothing_of_the_last_ones_room(ui, qtbot, server, tmp_path) -> None:
    """Seated in a room on one server, the player connects to another: the waiting room's
    seats, chat and state are gone at once. A stale "seated" from the last room let the next
    join look done before it was (the hosting tests' intermittent failures)."""
    from helpers import start_server, stop_server

    from app.online import lobby_of

    online = ui.app.online
    other, address = start_server(tmp_path)

    async def scenario() -> tuple[dict, int, dict]:
        await _into_waiting_room(ui, server)
        online.sendChat("hi")
        assert await until(lambda: online.chat.rowCount() == 1, 10)
        seated = dict(online.room)
        online.connectTo(address, "Ann")

        def there() -> bool:
            client = lobby_of(online).client
            return client is not None and client.url.endswith(address) and client.user is not None

        assert await until(there, 10), online.error
        return seated, online.roomSeats.rowCount() + online.chat.rowCount(), dict(online.room)

    try:
        seated, rows, room = run(ui, qtbot, scenario, 60)
    finally:
        stop_server(other)
    assert seated["seated"] is True
    assert (rows, room) == (0, {})
