"""Searching bots think in the server's process pool, on a real server: the search runs in a
worker process (the event loop's interpreter stays free), the hand is played, and the pool
is gone when the server stops."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from netkit import ServerProcess, until

from net.client import Client


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
