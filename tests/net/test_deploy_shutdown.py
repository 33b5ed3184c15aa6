"""SIGTERM in the middle of a hand: the server stops accepting, tells every client (1001,
"server shutting down"), finishes its writes and exits within its bound; started again on the
same file, the table is where the players left it and the hand plays to its end."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path

from netkit import ServerProcess, seat_four, until
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from engine.records import HandRecord, replay
from net.bot import play_seat
from net.players import make_ai
from net.protocol import PROTOCOL


async def _observer(url: str) -> tuple[int | None, str]:
    """A bare websocket that says hello and waits to be told the server is going."""
    async with connect(url) as ws:
        hello = {"type": "hello", "id": 1, "name": "Obs", "protocols": [PROTOCOL]}
        await ws.send(json.dumps(hello))
        try:
            async for _msg in ws:
                pass
        except ConnectionClosed:
            pass
        return ws.close_code, ws.close_reason


async def _sigterm_mid_hand(db: Path) -> None:
    first = ServerProcess(db, "--deal-delay", "0", "--away-grace", "60").start()
    port = first.port
    room, players = await seat_four(first.url)
    observer = asyncio.create_task(_observer(first.url))
    await players[0].start(room)
    seats = [play_seat(c, room, make_ai("random", i)) for i, c in enumerate(players)]
    hand = asyncio.gather(*seats)
    await until(lambda: players[0].versions.get(room, 0) > 130, 30)  # tricks are being played
    assert first.proc is not None
    t = time.monotonic()
    first.proc.send_signal(signal.SIGTERM)
    rc = await asyncio.to_thread(first.proc.wait, 15)
    took = time.monotonic() - t
    assert rc == 0 and took < 10, (rc, took)
    assert await asyncio.wait_for(observer, 5) == (1001, "server shutting down")
    seen = max(c.versions[room] for c in players)
    assert not hand.done()  # the players wait for the server to come back
    second = ServerProcess(db, "--deal-delay", "0", "--away-grace", "60", port=port).start()
    try:
        await asyncio.wait_for(hand, 90)  # they resume and finish the hand
        assert all(c.resumes >= 1 for c in players)
        assert min(c.versions[room] for c in players) > seen
        games = (await players[0].games(room=room)).games
        record = (await players[0].record(games[0].game)).record
        assert (
            replay(HandRecord.from_dict(record)).outcome is not None
        )  # one hand, whole, across the restart
        for c in players:
            await c.close()
    finally:
        second.stop()


def test_sigterm_mid_hand_tells_clients_and_loses_nothing(tmp_path: Path) -> None:
    asyncio.run(_sigterm_mid_hand(tmp_path / "server.sqlite3"))
