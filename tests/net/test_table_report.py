"""An operator asks a running server why its tables are where they are (SIGUSR1): each table
logs one line, its seats, what each owes and whether it was asked, and its pump's state."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
from pathlib import Path

from netkit import ServerProcess, start_against_bots

from engine.actions import PassBid
from engine.driver import REQUIRED
from net.client import Client, ServerError
from net.protocol import Frame, Snapshot, TableEvent

# what the table waits for from its person: not a pass in the bidding, which a bot's bid that
# cannot be overcalled makes moot (the table had moved on by the time the signal came)
WAITED = tuple(a for a in REQUIRED if a != "pass-bid")


def test_sigusr1_logs_each_tables_state(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = ServerProcess(tmp_path / "t.sqlite3", "--deal-delay", "0", log=log).start()

    async def go() -> None:
        c = Client(server.url, name="Ann")
        now: list[str] = []  # what Ann may do as of the newest frame (the view is a snapshot's)

        def saw(frame: Frame) -> None:
            if isinstance(frame, TableEvent):
                now[:] = frame.actions
            elif isinstance(frame, Snapshot) and frame.view is not None:
                now[:] = frame.view.actions

        c.on_frame = saw
        await c.connect()
        room = (await c.create("classic")).room
        await c.join(room)
        await start_against_bots(c, room)
        end = time.monotonic() + 60
        while not any(a in WAITED for a in now):
            assert time.monotonic() < end, f"Ann may only {now}"
            if "pass-bid" in now:  # a bid she could overcall waits on her pass, with no clock
                now[:] = []
                with contextlib.suppress(ServerError):  # moot: a later bid took the choice away
                    await c.act(room, PassBid(0))
            await asyncio.sleep(0.01)
        assert server.proc is not None
        server.proc.send_signal(signal.SIGUSR1)
        end = time.monotonic() + 10
        while f"table {room} v" not in log.read_text():
            assert time.monotonic() < end, log.read_text()[-2000:]
            await asyncio.sleep(0.05)
        await c.close()
        return room

    try:
        room = asyncio.run(go())
    finally:
        server.stop()
    (line,) = [ln for ln in log.read_text().splitlines() if f"table {room} v" in ln]
    assert "playing" in line
    assert "seat 0 person owes [" in line and "watched by ['Conn'] prompted True" in line
    assert "seat 1 bot" in line and "pump running" in line and "stopped False" in line
