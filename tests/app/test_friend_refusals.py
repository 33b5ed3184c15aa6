"""A refused friend request says why in the panel and the message stays (played: a request
to a name two players share cleared the field and said nothing, since the lists read again
just after wiped the refusal), through the real QML against the real server on 127.0.0.1."""

from __future__ import annotations

import asyncio

from helpers import run, until
from test_friends import _click, _connect, _texts, _visible

from net.client import Client
from net.protocol import Block, FriendAnswer


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


def test_news_of_a_moment_does_not_outlive_it(ui, qtbot, server) -> None:
    """Played: Ann accepted Bo, then blocked him; Bo's panel still said "Ann is now your
    friend" above an empty friends list, on every opening."""
    online = ui.app.online
    ann = Client(f"ws://{server}", name="Ann")

    async def play() -> None:
        await ann.connect()
        await _connect(ui, server, "Bo")
        ui.window.setProperty("screen", "lobby")
        await _click(qtbot, ui, "toFriends")
        _visible(ui, "friendName")[0].setProperty("text", "Ann")
        await _click(qtbot, ui, "friendAdd")
        assert await until(lambda: _texts(ui, "friendsNotice") == [], 5)
        assert await until(lambda: online.friends.sent.rows() != [], 10), online.friends.error
        await ann.request(FriendAnswer(ann.next_id(), _bo(online), True))
        assert await until(lambda: _texts(ui, "friendsNotice") == ["Ann is now your friend"], 10)
        await ann.request(Block(ann.next_id(), _bo(online)))  # Bo is not told
        await _click(qtbot, ui, "friendsClose")
        await _click(qtbot, ui, "toFriends")
        assert await until(lambda: online.friends.friends.rows() == [], 10)
        assert _texts(ui, "friendsNotice") == []
        # a new request clears news too (and a blocked pair hears nothing of why)
        _visible(ui, "friendName")[0].setProperty("text", "Ann")
        await _click(qtbot, ui, "friendAdd")
        assert await until(lambda: online.friends.error != "", 10)
        assert "block" not in online.friends.error.lower()
        await ann.close()

    run(ui, qtbot, play, 60)


def _bo(online) -> int:
    c = online.friends_panel()._client()
    assert c is not None and c.user is not None
    return c.user.user
