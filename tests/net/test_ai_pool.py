"""Searching bots think in the server's process pool, on a real server: the search runs in a
worker process (the event loop's interpreter stays free), the hand is played, and the pool
is gone when the server stops."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

from netkit import ServerProcess, until

from engine.hand import Hand, Setup
from engine.rules import preset
from engine.views import view
from net.client import Client
from net.players import Thinker


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    out = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            out.add(int(entry))
    return out


async def _hard_table(url: str) -> tuple[Client, str]:
    c = Client(url, name="Obs")
    await c.connect()
    room = (await c.create("classic")).room
    await c.join(room)
    for seat in range(4):
        await c.add_bot(room, seat, "hard" if seat == 0 else "random")
    await c.start(room)
    return c, room


def test_a_hard_bot_searches_in_a_worker_process(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "s.sqlite3", "--deal-delay", "0", "--ai-workers", "1").start()
    assert server.proc is not None
    pid = server.proc.pid
    try:

        async def go() -> None:
            c, room = await _hard_table(server.url)
            # the hard seat bids, buries or plays within the deal's first decisions
            await until(lambda: bool(_children(pid)), timeout=30)
            await until(lambda: c.versions.get(room, 0) > 150, timeout=60)
            await c.close()

        asyncio.run(asyncio.wait_for(go(), 90))
        workers = _children(pid)
        assert len(workers) >= 1
        assert server.alive()
    finally:
        server.stop()
    asyncio.run(until(lambda: not any(Path(f"/proc/{w}").exists() for w in workers), 10))


class _Stuck:
    """A searching player whose decision never comes back in time (or comes back at once)."""

    level = "hard"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def act(self, _view: object) -> None:
        time.sleep(self.seconds)


def test_a_decision_that_does_not_come_back_is_abandoned_and_the_pool_renewed() -> None:
    thinker = Thinker(1, give_up=1.0)
    seen = view(Hand(preset("classic"), Setup(1, ("2",) * 4, 0)), 0)

    async def go() -> None:
        stuck = _Stuck(6)  # its worker finishes the job before the test process exits
        started = time.monotonic()
        action, after = await thinker.act(stuck, seen)  # type: ignore[arg-type]
        assert (action, after) == (None, stuck)
        assert time.monotonic() - started < 4  # abandoned, not waited for
        quick = _Stuck(0)
        action, after = await thinker.act(quick, seen)  # type: ignore[arg-type]
        assert action is None and isinstance(after, _Stuck) and after.seconds == 0

    try:
        asyncio.run(go())
    finally:
        thinker.close()
