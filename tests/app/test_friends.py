"""The friends panel through the real QML against the real server on 127.0.0.1: a friend request
arrives and is accepted with a click, the friend's presence shows as it is pushed (online, then
at their table, in English and 简体中文; gone), one click takes a free seat at their table; seat
invitations both ways, pending on both sides, accepted with a click into the very seat;
blocking from the panel."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from typing import Any

from helpers import ROOT, run, seated_in_a_new_room, until
from PySide6.QtCore import QPointF, Qt
from PySide6.QtQuick import QQuickItem
from tablekit import items

from net.client import Client
from net.protocol import (
    Chat,
    FriendReply,
    FriendRequest,
    Invite,
    InviteAnswer,
    InviteReply,
    Report,
    ReportReply,
)


def _visible(ui: Any, name: str) -> list[QQuickItem]:
    """The visible items named ``name``, Repeater delegates included (the visual tree)."""
    return items(ui, name)


def _texts(ui: Any, name: str) -> list[str]:
    return [str(i.property("text")) for i in _visible(ui, name)]


async def _click(qtbot: Any, ui: Any, name: str) -> None:
    """A mouse click on the visible item ``name``, run as a plain loop callback: the click
    runs Qt's events, which may step the app's tasks (not from inside this test's task)."""
    assert _visible(ui, name), f"no visible {name}"
    # A row that moves as the list above it changes (an answered invitation leaving) is
    # clicked where it comes to rest, read at the click: between a read and a later click the
    # loop may lay the panel out again, and the click land on the row's old place.
    await _settled(ui, name)
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def click() -> None:
        it = _visible(ui, name)[0]
        centre = it.mapToScene(QPointF(it.width() / 2, it.height() / 2))
        qtbot.mouseClick(ui.window, Qt.MouseButton.LeftButton, pos=centre.toPoint())
        done.set_result(None)

    loop.call_soon(click)
    await done


async def _settled(ui: Any, name: str) -> None:
    """Until the first visible ``name`` stays where it is for 100 ms (a layout done)."""
    before = None
    for _ in range(50):
        now = _visible(ui, name)[0].mapRectToScene(_visible(ui, name)[0].boundingRect())
        if now == before:
            return
        before = now
        await asyncio.sleep(0.1)


async def _connect(ui: Any, server: str, name: str = "Ann") -> None:
    online = ui.app.online
    online.connectTo(server, name)
    assert await until(lambda: online.status == "connected", 10), online.error


async def _befriend(ui: Any, qtbot: Any, bo: Client, panel: str | None = "toFriends") -> None:
    """Bo asks Ann to be friends; Ann opens her friends panel (``panel``) and accepts."""
    await bo.ask(FriendRequest(bo.next_id(), name="Ann"), FriendReply)
    if panel is not None:
        await _click(qtbot, ui, panel)
    assert await until(lambda: _visible(ui, "acceptFriend"), 10), ui.app.online.friends.error
    await _click(qtbot, ui, "acceptFriend")


async def _reported(server: str, tmp_path: Any, others: list[Client]) -> tuple[Client, str]:
    """The operator makes the app's player Mod a moderator; Rude says something rude at his
    table and Vic reports it (both kept in ``others``): Rude and the room."""
    db = str(tmp_path / "s.db")
    made = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "net.server", "mod", "role", "Mod", "moderator", "--db", db],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stderr
    rude, victim = Client(f"ws://{server}", name="Rude"), Client(f"ws://{server}", name="Vic")
    others.extend((rude, victim))
    for c in (rude, victim):
        await c.connect()
    room = (await rude.create("classic")).room
    for c in (rude, victim):
        await c.join(room)
    await rude.request(Chat(rude.next_id(), room, "you play like a potato"))
    rude_id = rude.user.user if rude.user else 0
    await victim.ask(Report(victim.next_id(), rude_id, "abuse", "insult", room), ReportReply)
    return rude, room


def test_a_request_accepted_then_presence_then_one_click_to_a_seat(ui, qtbot, server) -> None:
    online = ui.app.online
    friends = online.friends
    others: list[Client] = []

    async def play() -> None:
        await _connect(ui, server)
        ui.window.setProperty("screen", "lobby")
        await _click(qtbot, ui, "toFriends")
        assert _visible(ui, "friendsPanel")
        bo = Client(f"ws://{server}", name="Bo", keep_raw=True)
        others.append(bo)
        await bo.connect()
        await bo.ask(FriendRequest(bo.next_id(), name="Ann"), FriendReply)
        assert await until(lambda: _visible(ui, "acceptFriend"), 10), friends.error
        assert _texts(ui, "friendsNotice") == ["Bo asks to be your friend"]
        await _click(qtbot, ui, "acceptFriend")
        assert await until(lambda: _texts(ui, "friendPresence") == ["Online"], 10), friends.error
        # Bo sits at a table of his: the panel says where, and in Chinese too
        room = (await bo.create("classic")).room
        await bo.join(room)
        await bo.sit(room, 0)
        playing = f"Playing at table {room[:6]}"
        assert await until(lambda: _texts(ui, "friendPresence") == [playing], 10)
        ui.settings.language = "zh_CN"
        assert await until(lambda: room[:6] in _texts(ui, "friendPresence")[0], 5)
        assert "在" in _texts(ui, "friendPresence")[0]
        ui.settings.language = "en"
        # one click: Ann takes the table's first free seat
        await _click(qtbot, ui, "joinFriend")
        assert await until(lambda: online.room.get("seated") is True, 10), online.error
        assert online.room["id"] == room
        seats = [r["name"] for r in online.roomSeats.rows()]
        assert seats[:2] == ["Bo", "Ann"]

    async def everyone() -> None:
        try:
            await play()
        finally:
            for c in others:
                await c.close()

    run(ui, qtbot, everyone)


def test_presence_is_pushed_to_the_open_panel(ui, qtbot, server) -> None:
    """Bo sits, leaves his table, goes: the open panel shows each within 2 s, pushed. (The
    poll it replaced asked every 5 s: two changes in a row could not both show in time.)"""
    online = ui.app.online
    friends = online.friends
    others: list[Client] = []

    async def play() -> None:
        await _connect(ui, server)
        ui.window.setProperty("screen", "lobby")
        bo = Client(f"ws://{server}", name="Bo", keep_raw=True)
        others.append(bo)
        await bo.connect()
        await _befriend(ui, qtbot, bo)
        assert await until(lambda: _texts(ui, "friendPresence") == ["Online"], 10), friends.error
        room = (await bo.create("classic")).room
        await bo.join(room)
        await bo.sit(room, 0)
        playing = f"Playing at table {room[:6]}"
        assert await until(lambda: _texts(ui, "friendPresence") == [playing], 2)
        await bo.leave(room)
        assert await until(lambda: _texts(ui, "friendPresence") == ["Online"], 2)
        await bo.close()
        assert await until(lambda: _texts(ui, "friendPresence") == ["Offline"], 2)

    async def everyone() -> None:
        try:
            await play()
        finally:
            for c in others:
                await c.close()

    run(ui, qtbot, everyone)


def test_invitations_both_ways_and_a_block(ui, qtbot, server) -> None:
    online = ui.app.online
    friends = online.friends
    others: list[Client] = []

    async def play() -> None:
        bo = Client(f"ws://{server}", name="Bo", keep_raw=True)
        others.append(bo)
        await bo.connect()
        session = await seated_in_a_new_room(ui, server)
        mine = session.room
        await _befriend(ui, qtbot, bo, "roomFriends")
        assert await until(lambda: _visible(ui, "inviteFriend"), 10), friends.error
        # Ann invites Bo into her room's first free seat: pending on both sides
        await _click(qtbot, ui, "inviteFriend")

        def told(kind: str) -> list[dict[str, Any]]:
            import json

            return [
                f for r in bo.raw if (f := json.loads(r))["type"] == "social" and f["kind"] == kind
            ]

        assert await until(lambda: told("invitation"), 10), friends.error
        sent = told("invitation")[0]["invitation"]
        assert (sent["room"], sent["seat"]) == (mine, 1)
        assert await until(lambda: _visible(ui, "invitation"), 10)
        assert [i.property("objectName") for i in _visible(ui, "declineInvitation")] == [
            "declineInvitation"
        ]
        await bo.request(InviteAnswer(bo.next_id(), sent["invite"], False))
        assert await until(lambda: not _visible(ui, "invitation"), 10)
        assert await until(lambda: "declined" in (_texts(ui, "friendsNotice") or [""])[0], 5)
        # Bo invites Ann into seat 4 of his private room: one click takes her there
        made = await bo.create("classic", private=True)
        await bo.join(made.room, made.invite)
        await bo.sit(made.room, 0)
        await bo.ask(Invite(bo.next_id(), made.room, 3, online.lobby.me), InviteReply)
        assert await until(lambda: _visible(ui, "acceptInvitation"), 10)
        await _click(qtbot, ui, "acceptInvitation")
        assert await until(
            lambda: online.room.get("id") == made.room and online.room.get("seated") is True, 10
        ), online.error
        assert [r["mine"] for r in online.roomSeats.rows()] == [False, False, False, True]
        # blocking from the panel, once the accepted invitation has left it: Bo moves to the
        # blocked list
        await _click(qtbot, ui, "roomFriends")
        assert await until(lambda: _visible(ui, "blockFriend"), 10)
        assert await until(lambda: not _visible(ui, "invitation"), 10), friends.error
        await _click(qtbot, ui, "blockFriend")
        assert await until(lambda: _visible(ui, "blockedPlayer"), 10), friends.error
        assert not _visible(ui, "friend")
        await asyncio.sleep(0)

    async def everyone() -> None:
        try:
            await play()
        finally:
            for c in others:
                await c.close()

    run(ui, qtbot, everyone)


def test_a_moderator_times_out_a_reported_player(ui, qtbot, server, tmp_path) -> None:
    """The moderation panel shows to a moderator only: the report with its chat lines, then a
    chat timeout with a reason, which the player's next line meets and the log lists."""

    online = ui.app.online
    moderation = online.moderation
    others: list[Client] = []

    async def play() -> None:
        await _connect(ui, server, "Mod")
        ui.window.setProperty("screen", "lobby")
        await _click(qtbot, ui, "toFriends")
        await asyncio.sleep(0.3)
        assert not _visible(ui, "toModeration")  # a player is no moderator
        rude, room = await _reported(server, tmp_path, others)
        await _click(qtbot, ui, "friendsClose")
        await _click(qtbot, ui, "toFriends")
        assert await until(lambda: _visible(ui, "toModeration"), 10), moderation.error
        await _click(qtbot, ui, "toModeration")
        assert await until(lambda: _visible(ui, "report"), 10), moderation.error
        (row,) = moderation.reports.rows()
        assert (row["reporter"], row["reported"], row["reason"]) == ("Vic", "Rude", "abuse")
        assert row["chat"] == "Rude: you play like a potato"
        assert not _visible(ui, "modTimeout")[0].isEnabled()  # a reason first
        reason = _visible(ui, "modReason")[0]
        reason.setProperty("text", "insults")
        await _click(qtbot, ui, "modTimeout")
        entry = "chat timeout of Rude — insults"
        assert await until(lambda: any(entry in t for t in _texts(ui, "modLogEntry")), 10), (
            moderation.error,
            _texts(ui, "modLogEntry"),
        )
        from net.client import ServerError

        try:
            await rude.request(Chat(rude.next_id(), room, "still here"))
        except ServerError as e:
            assert e.code == "chat-timeout" and "insults" in e.en
        else:
            raise AssertionError("a timed-out player chatted")

    async def everyone() -> None:
        try:
            await play()
        finally:
            for c in others:
                await c.close()

    run(ui, qtbot, everyone)


def test_friends_rooms_first_and_quick_phrases(ui, qtbot, server) -> None:
    """A friend's room is first in the lobby, marked; in the waiting room a quick phrase goes
    with a click and reads in each player's language (a friend's 你好 for Ann in 简体)."""
    online = ui.app.online
    others: list[Client] = []

    async def play() -> None:
        stranger, bo = Client(f"ws://{server}", name="Cai"), Client(f"ws://{server}", name="Bo")
        others.extend((stranger, bo))
        for c in others:
            await c.connect()
        await _connect(ui, server)
        ui.window.setProperty("screen", "lobby")
        await _befriend(ui, qtbot, bo)
        await _click(qtbot, ui, "friendsClose")
        first = (await stranger.create("classic")).room
        mine = (await bo.create("classic")).room
        assert await until(lambda: online.rooms.count == 2, 10)
        assert [r["id"] for r in online.rooms.rows()] == [mine, first]
        assert [r["friend"] for r in online.rooms.rows()] == [True, False]
        assert _texts(ui, "friendRoom") == ["A friend is here"]
        # Ann joins Bo's room; Bo says hello with a quick phrase, Ann answers with one
        await bo.join(mine)
        online.joinRoom(mine)
        assert await until(lambda: online.room.get("id") == mine, 10), online.error
        assert await until(lambda: ui.app.session is not None, 10), online.error
        await bo.request(Chat(bo.next_id(), mine, phrase="phrase-hello"))
        assert await until(lambda: [r["text"] for r in online.chat.rows()] == ["Hello!"], 10)
        await _click(qtbot, ui, "chatPhrases")
        assert await until(lambda: len(_visible(ui, "chatPhrase")) == 8, 5)
        # the popup grows with its buttons, then moves up: _click waits for it to rest
        await _click(qtbot, ui, "chatPhrase")  # the first: hello
        assert await until(lambda: len(online.chat.rows()) == 2, 10), online.error
        assert online.chat.rows()[1] == {
            "name": "Ann",
            "text": "Hello!",
            "mine": True,
            "user": online.lobby.me,
        }
        ui.settings.language = "zh_CN"
        await bo.request(Chat(bo.next_id(), mine, phrase="phrase-good-game"))
        assert await until(lambda: len(online.chat.rows()) == 3, 10)
        assert online.chat.rows()[2]["text"] == "打得好！"
        ui.settings.language = "en"

    async def everyone() -> None:
        try:
            await play()
        finally:
            for c in others:
                await c.close()

    run(ui, qtbot, everyone)


def test_mute_report_and_block_from_the_chat(ui, qtbot, server, tmp_path) -> None:
    """A click on another player's chat line: mute them here (their lines go, and no more
    come), report them with a reason (the server files it with the room's chat), block."""
    import json
    import sqlite3

    online = ui.app.online
    others: list[Client] = []

    async def play() -> None:
        bo, cai = Client(f"ws://{server}", name="Bo"), Client(f"ws://{server}", name="Cai")
        others.extend((bo, cai))
        for c in others:
            await c.connect()
        session = await seated_in_a_new_room(ui, server)
        room = session.room
        for c in others:
            await c.join(room)
        await bo.request(Chat(bo.next_id(), room, "you are slow"))
        await cai.request(Chat(cai.next_id(), room, "hi all"))
        assert await until(lambda: len(online.chat.rows()) == 2, 10)
        # Bo's line: report him for abuse, then mute him here
        await _click(qtbot, ui, "chatLine")
        assert await until(lambda: _visible(ui, "chatReport"), 5)
        await _click(qtbot, ui, "chatReport")  # the first: abuse
        bo_id = bo.user.user if bo.user else 0

        def filed() -> list[tuple[str, str]]:
            with sqlite3.connect(tmp_path / "s.db") as db:
                return db.execute(
                    "SELECT reason, chat FROM reports WHERE reported = ?", (bo_id,)
                ).fetchall()

        assert await until(lambda: filed(), 10), online.error
        reason, chat = filed()[0]
        assert reason == "abuse" and json.loads(chat) == ["Bo: you are slow", "Cai: hi all"]
        if not _visible(ui, "chatMute"):  # the report closed the line's menu: open it again
            await _click(qtbot, ui, "chatLine")
            assert await until(lambda: _visible(ui, "chatMute"), 5)
        await _click(qtbot, ui, "chatMute")
        assert await until(lambda: [r["name"] for r in online.chat.rows()] == ["Cai"], 10)
        await bo.request(Chat(bo.next_id(), room, "still slow"))
        await cai.request(Chat(cai.next_id(), room, "be nice"))
        assert await until(lambda: len(online.chat.rows()) == 2, 10)
        assert [r["text"] for r in online.chat.rows()] == ["hi all", "be nice"]
        # Cai's line: block him; his lines go, and he can no longer ask to be a friend
        await _click(qtbot, ui, "chatLine")
        assert await until(lambda: _visible(ui, "chatBlock"), 5)
        await _click(qtbot, ui, "chatBlock")
        assert await until(lambda: not online.chat.rows(), 10)
        from net.client import ServerError

        try:
            await cai.ask(FriendRequest(cai.next_id(), name="Ann"), FriendReply)
        except ServerError as e:
            assert e.code == "not-reachable"
        else:
            raise AssertionError("a blocked player asked to be a friend")

    async def everyone() -> None:
        try:
            await play()
        finally:
            for c in others:
                await c.close()

    run(ui, qtbot, everyone)


def test_the_private_room_list(ui, qtbot, server) -> None:
    """The lobby's second list: the private rooms the player may enter (here a friend's, to
    which she is invited); the public list again with a click."""
    online = ui.app.online
    others: list[Client] = []

    async def play() -> None:
        bo = Client(f"ws://{server}", name="Bo")
        others.append(bo)
        await bo.connect()
        await _connect(ui, server)
        ui.window.setProperty("screen", "lobby")
        await _befriend(ui, qtbot, bo)
        await _click(qtbot, ui, "friendsClose")
        public = (await bo.create("classic")).room
        made = await bo.create("classic", private=True)
        await bo.join(made.room, made.invite)
        await bo.ask(Invite(bo.next_id(), made.room, 1, online.lobby.me), InviteReply)
        assert await until(lambda: [r["id"] for r in online.rooms.rows()] == [public], 10)
        await _click(qtbot, ui, "togglePrivate")
        assert await until(lambda: [r["id"] for r in online.privateRooms.rows()] == [made.room], 10)
        assert _texts(ui, "togglePrivate") == ["Public rooms"]
        await _click(qtbot, ui, "togglePrivate")
        assert _texts(ui, "togglePrivate") == ["My private rooms"]

    async def everyone() -> None:
        try:
            await play()
        finally:
            for c in others:
                await c.close()

    run(ui, qtbot, everyone)
