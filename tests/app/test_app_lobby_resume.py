"""The app's lobby list stays live across a server restart (QA report, defect 2): it showed a
room that was gone and never the rooms made after the restart, because the subscription was
not renewed. Against the real server on 127.0.0.1, restarted on its port with its database."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from helpers import ROOT, run, start_server, stop_server, until

from net.client import Client


def test_the_lobby_list_is_live_after_a_server_restart(ui, qtbot, tmp_path: Path) -> None:
    online = ui.app.online
    proc, address = start_server(tmp_path)
    port = address.rsplit(":", 1)[1]
    procs = [proc]

    def ids() -> set[str]:
        return {str(r["id"]) for r in online.rooms.rows()}

    async def go() -> None:
        online.connectTo(address, "Ann")
        assert await until(lambda: online.status == "connected", 10), online.error
        stop_server(procs[0])
        again = subprocess.Popen(
            [sys.executable, "-m", "net.server", "--port", port, "--db", str(tmp_path / "s.db")],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        procs.append(again)
        assert again.stdout is not None and re.search(r":\d+$", again.stdout.readline().strip())
        assert await until(lambda: online.lobby.client.resumes == 1, 30)
        host = Client(f"ws://{address}", name="Bo", reconnect=False)
        await host.connect()
        room = (await host.create("classic")).room
        await host.join(room)
        try:
            assert await until(lambda: room in ids(), 10), ids()
        finally:
            await host.close()

    try:
        run(ui, qtbot, go, 90)
    finally:
        for p in procs:
            stop_server(p)
