"""What the player met online, through the real QML against the real server on 127.0.0.1: after
an invite link, the lobby names the server it is connected to, not the one last typed."""

from __future__ import annotations

from helpers import run, until
from PySide6.QtQuick import QQuickItem


def _shown(ui, name: str) -> str:
    found = [i for i in ui.window.findChildren(QQuickItem, name) if i.isVisible()]
    assert found, f"no visible {name}"
    return str(found[0].property("text"))


def test_after_an_invite_link_the_lobby_names_the_server_it_is_connected_to(
    ui, qtbot, server
) -> None:
    online = ui.app.online
    ui.settings.serverAddress = "127.0.0.1:8765"  # typed once, long ago: not where the link goes
    host, port = server.split(":")

    async def play() -> None:
        ui.app.hosting.openLink(f"tuolaji://{host}:{port}/0000abcd")
        assert await until(lambda: online.status == "connected", 15), online.error
        ui.window.setProperty("screen", "lobby")
        assert await until(lambda: _shown(ui, "lobbyStatus") == f"Connected to {server}", 5), (
            _shown(ui, "lobbyStatus")
        )
        assert _shown(ui, "lobbyAddress") == server
        ui.settings.language = "zh_CN"
        assert server in _shown(ui, "lobbyStatus") and "已连接" in _shown(ui, "lobbyStatus")
        ui.settings.language = "en"

    run(ui, qtbot, play)
