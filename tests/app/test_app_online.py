"""An online hand against the real server on 127.0.0.1, played through the table's view-model;
and a spectator of that room sees no hand."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.screenshots import human_step

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def server(tmp_path):
    cmd = [sys.executable, "-m", "net.server", "--port", "0", "--db", str(tmp_path / "s.db")]
    proc = subprocess.Popen(
        [*cmd, "--deal-delay", "0.005"], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    m = re.search(r":(\d+)$", proc.stdout.readline().strip())
    assert m, "the server did not start"
    yield f"127.0.0.1:{m.group(1)}"
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


async def _until(pred, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        await asyncio.sleep(0.02)
    return pred()


def test_online_hand_against_the_real_server(ui, server) -> None:
    import qasync
    from PySide6.QtGui import QGuiApplication

    loop = qasync.QEventLoop(QGuiApplication.instance(), already_running=False)
    asyncio.set_event_loop(loop)
    table = ui.table
    online = ui.app.online

    async def play() -> dict:
        online.connectTo(server, "Ann")
        assert await _until(lambda: online.status == "connected", 10), online.error
        online.createRoom("classic")
        assert await _until(lambda: ui.app.session is not None, 10), online.error
        session = ui.app.session
        assert session.kind == "online" and session.seat is not None
        assert await _until(lambda: session.view is not None, 10)
        assert await _until(lambda: online.rooms.count >= 1, 5)
        moves = 0
        while table.phase != "done":
            ready = await _until(
                lambda: bool(session.view and session.view.actions) or table.phase == "done", 60
            )
            assert ready, f"stuck in {table.phase}"
            if table.phase != "done" and human_step(table):
                moves += 1
                await asyncio.sleep(0.05)
        return {"moves": moves, "result": table.result}

    try:
        out = loop.run_until_complete(asyncio.wait_for(play(), 180))
    finally:
        ui.app.set_session(None)
        asyncio.set_event_loop(None)
    assert out["moves"] >= 10
    assert out["result"]["title"] in ("You win the hand", "You lose the hand")
