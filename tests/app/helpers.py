"""Async in the app's tests: the app's one asyncio loop (qasync, conftest's ``qapp``) counts as
running for the whole test run, so a test's coroutine runs on it as a task while pytest-qt runs
Qt's events; ``asyncio.run`` or a second loop would stop the app's."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]


async def until(pred: Callable[[], Any], seconds: float) -> bool:
    """Whether ``pred()`` comes to hold within ``seconds``, the loop running meanwhile."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if pred():
            return True
        await asyncio.sleep(0.02)
    return bool(pred())


async def seated_in_a_new_room(ui: Any, address: str, name: str = "Ann") -> Any:
    """Online through the app: connect to ``address``, make a classic room and sit at its first
    seat (the waiting room); the room's session."""
    online = ui.app.online
    online.connectTo(address, name)
    assert await until(lambda: online.status == "connected", 10), online.error
    online.createRoom("classic")
    assert await until(lambda: online.room.get("seated") is True, 10), online.error
    return ui.app.session


async def start_with_bots(ui: Any, level: str = "easy") -> Any:
    """From the waiting room: bots of ``level`` in the other seats, ready, start; the table's
    session once it shows a view."""
    online = ui.app.online
    for seat in (1, 2, 3):
        online.addBot(seat, level)
    assert await until(lambda: all(r["taken"] for r in online.roomSeats.rows()), 10)
    online.setReady(True)
    assert await until(lambda: online.room.get("full") is True, 10)
    online.startMatch()
    assert await until(lambda: ui.window.property("screen") == "table", 10), online.error
    session = ui.app.session
    assert await until(lambda: session.view is not None, 10)
    return session


def on_loop(qtbot: Any, coro: Awaitable[T], seconds: float = 60) -> T:
    """``coro``'s result, run on the app's loop within ``seconds`` while Qt's events run."""
    task = asyncio.ensure_future(asyncio.wait_for(coro, seconds))
    try:
        qtbot.waitUntil(task.done, timeout=int((seconds + 10) * 1000))
    finally:
        task.cancel()  # a no-op once done; a hung test's task does not outlive it
    return task.result()


def run(ui: Any, qtbot: Any, coro_fn: Callable[[], Awaitable[T]], seconds: float = 150) -> T:
    """``on_loop`` for a test that goes online through the app: its session and its connection
    close at the end, as the player leaving would, whatever the test's outcome."""
    from app.online import lobby_of

    async def whole() -> T:
        try:
            return await coro_fn()
        finally:
            ui.app.set_session(None)
            await lobby_of(ui.app.online).close()

    return on_loop(qtbot, whole(), seconds)


def start_server(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    """The real server in a child process on 127.0.0.1 (a free port), its records in
    ``tmp_path``; the process and its ``host:port``."""
    cmd = [sys.executable, "-m", "net.server", "--port", "0", "--db", str(tmp_path / "s.db")]
    proc = subprocess.Popen(
        [*cmd, "--deal-delay", "0.005", *extra], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    m = re.search(r":(\d+)$", proc.stdout.readline().strip())
    assert m, "the server did not start"
    return proc, f"127.0.0.1:{m.group(1)}"


def stop_server(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)
