"""What a player met when a turn clock ran out online (issue 33's play-through), through the
real QML against the real server on 127.0.0.1 started with ``--turn-timer``:

- a spectator's "X ran out of time" notice stayed on after X took the seat back, into the next
  hand: it goes when X plays the seat again;
- the player whose clock ran out was told only "Auto-play is on": now that their time ran out;
- the countdown stood at 0 while the connection was down: no clock shows while we are away.
"""

from __future__ import annotations

import asyncio

from helpers import run, seated_in_a_new_room, start_server, start_with_bots, stop_server, until

from net.client import Client

TIMER = "1.5"


def test_a_spectator_is_told_of_a_timeout_until_the_player_is_back(ui, qtbot, tmp_path) -> None:
    proc, server = start_server(tmp_path, "--turn-timer", TIMER, "--away-grace", "60")
    table, online = ui.table, ui.app.online
    others: list[Client] = []

    async def play() -> tuple[str, str]:
        mei = Client(f"ws://{server}", name="Mei")
        others.append(mei)
        await mei.connect()
        room = (await mei.create("classic")).room
        await mei.join(room)
        await mei.sit(room, 0)
        for seat in (1, 2, 3):
            await mei.add_bot(room, seat, "random")
        await mei.ready(room, True)
        await mei.start(room)
        online.connectTo(server, "Ann")
        assert await until(lambda: online.status == "connected", 10), online.error
        online.watchRoom(room)
        assert await until(lambda: table.session is not None and table.hud.kind, 10)
        # Mei lets her clock run out (she bids or passes nothing after the deal)
        assert await until(lambda: "ran out of time" in table.notice.text, 60), table.notice.text
        told = table.notice.text
        await mei.trustee(room, False)  # she is back: the notice no longer holds
        assert await until(lambda: table.notice.text == "", 10), table.notice.text
        return told, table.notice.text

    try:
        told, after = run(ui, qtbot, play)
    finally:
        for c in others:
            qtbot.waitUntil(lambda c=c: asyncio.ensure_future(c.close()).done() or True)
        stop_server(proc)
    assert told == "Mei ran out of time: the computer plays for them (auto-play)."
    assert after == ""


def test_my_own_timeout_is_said_and_no_clock_runs_while_away(ui, qtbot, tmp_path) -> None:
    proc, server = start_server(tmp_path, "--turn-timer", TIMER, "--away-grace", "60")
    table = ui.table

    async def play() -> tuple[str, bool, bool]:
        await seated_in_a_new_room(ui, server)
        session = await start_with_bots(ui, "random")
        assert await until(lambda: "time ran out" in table.notice.text, 60), table.notice.text
        told = table.notice.text
        assert session.trustee  # 托管 is on, as the server set it
        # a clock runs again once I take the seat back and it is my turn
        session.set_trustee(False)
        ran = await until(lambda: bool(session.deadlines), 60)
        await session.client.drop()  # the connection is lost: no clock counts for us meanwhile
        cleared = await until(lambda: not session.deadlines, 5)
        return told, ran, cleared

    try:
        told, ran, cleared = run(ui, qtbot, play)
    finally:
        stop_server(proc)
    assert told == (
        "Your time ran out: the computer plays your seat (auto-play) until you switch it off."
    )
    assert ran and cleared
