"""A client subscribed to the lobby stays subscribed across a reconnect: after a server restart
(same port) rooms created since still reach it; after a drop its list loses the rooms that
closed meanwhile."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from netkit import ServerProcess, until

from net.client import Client
from net.protocol import Frame, LobbyUpdate

pytestmark = pytest.mark.timeout(90)


def test_a_lobby_subscription_is_renewed_after_a_server_restart(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "s.sqlite3").start()
    updates: list[LobbyUpdate] = []

    def seen(frame: Frame) -> None:
        if isinstance(frame, LobbyUpdate):
            updates.append(frame)

    def listed(room: str) -> bool:
        return any(room in {r.room for r in u.rooms} for u in updates)

    async def go() -> None:
        watcher = Client(server.url, name="Wu", on_frame=seen)
        await watcher.connect()
        await watcher.lobby(subscribe=True)
        host = Client(server.url, name="Hu", reconnect=False)
        await host.connect()
        before = (await host.create("classic")).room
        await until(lambda: listed(before))
        await host.close()

        server.stop()  # the same port and database again
        server.start()
        await until(lambda: watcher.resumes == 1 and watcher.connected, timeout=30)
        host = Client(server.url, name="Hu2", reconnect=False)
        await host.connect()
        after = (await host.create("classic")).room
        await host.join(after)
        await until(lambda: listed(after))  # live again, without a new lobby request
        assert after in watcher.lobby_rooms

        # the connection fails; meanwhile the room's last one leaves and it closes: the renewed
        # list says it is gone
        watcher.reconnect_enabled = False
        await watcher.drop()  # nothing more reaches it from here
        await host.leave(after)
        await host.close()
        await watcher.reconnect()
        await until(lambda: any(after in u.gone for u in updates))
        assert after not in watcher.lobby_rooms
        assert before in watcher.lobby_rooms  # restored with the server, still listed
        await watcher.close()

    try:
        asyncio.run(asyncio.wait_for(go(), 80))
    finally:
        server.stop()
