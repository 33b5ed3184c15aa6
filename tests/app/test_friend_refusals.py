"""A refused friend request says why in the panel and the message stays (played: a request
to a name two players share cleared the field and said nothing, since the lists read again
just after wiped the refusal), through the real QML against the real server on 127.0.0.1."""

from __future__ import annotations

import asyncio

from helpers import run, until
from test_friends import _click, _connect, _texts, _visible

from net.client import Client


def test_a_refused_request_says_why_and_keeps_saying_it(ui, qtbot, server) -> None:
    online = ui.app.online
    others = [Client(f"ws://{server}", name="Cy") for _ in range(2)]

    async def play() -> None:
        for c in others:  # two players called Cy: a request by name alone is refused
            await c.connect()
        await _connect(ui, server)
        ui.window.setProperty("screen", "lobby")
        await _click(qtbot, ui, "toFriends")
        assert await until(lambda: _visible(ui, "friendName"), 5)
        _visible(ui, "friendName")[0].setProperty("text", "Cy")
        await _click(qtbot, ui, "friendAdd")
        assert await until(lambda: online.friends.error != "", 10)
        await asyncio.sleep(1.0)  # the lists are read again after the request
        assert "2 players are called 'Cy'" in online.friends.error
        assert any("#id" in t for t in _texts(ui, "friendsError"))
        ui.settings.language = "zh_CN"
        assert await until(lambda: "有 2 个玩家叫" in online.friends.error, 5)
        ui.settings.language = "en"
        # closing and opening the panel starts afresh
        await _click(qtbot, ui, "friendsClose")
        assert await until(lambda: not _visible(ui, "friendsError"), 5)
        await _click(qtbot, ui, "toFriends")
        assert await until(lambda: online.friends.error == "", 5)
        for c in others:
            await c.close()

    run(ui, qtbot, play, 60)
