"""Rematch and 'your turn, wherever you are' (issue 37 parts 3-4) on the real QML, against a real
server on 127.0.0.1: after an online match the result panel offers a rematch; another player's
decline and their own offer are shown in the player's words; an offer that comes while the
window is not focused is a notification (here the taskbar flash: no tray offscreen); accepting
starts the new match at the same table; the Settings switch turns the notifications off.

The player's seat is played by a second connection of the same account (the AI's easy level),
so the app only shows what happens and takes the player's clicks."""

from __future__ import annotations

import asyncio
from typing import Any

from helpers import on_loop, until
from tablekit import click, item, items

from net.bot import play_seat
from net.client import Client
from net.players import make_ai

SHORT = {"preset": "classic", "start_level": "A"}  # a match of a hand or two


async def play_match(room: str, me: Client, bo: Client) -> None:
    """The two people's seats played by the AI until the match is over (the owner starts
    the first hand, the server each next one once both are ready; the app shows it all)."""
    while True:
        if me.rooms[room].status != "playing":
            first = me.rooms[room].status == "waiting"
            for c in (me, bo):
                await c.ready(room)
            if first:
                await me.start(room)
        ok = await until(lambda: me.rooms[room].status in ("playing", "over"), 10)
        assert ok
        if me.rooms[room].status == "over":
            return
        try:
            await asyncio.wait_for(
                asyncio.gather(
                    play_seat(me, room, make_ai("easy", 0)),
                    play_seat(bo, room, make_ai("easy", 1)),
                ),
                60,
            )
        except TimeoutError:
            raise AssertionError(f"no end: {_seen(room, me)}; {_seen(room, bo)}") from None
        # what comes next (another hand, or the match is over) is the room's update, which
        # lands after the hand's end: read before it, the room still says "playing"
        assert await until(lambda: me.rooms[room].status != "playing", 10)


def _seen(room: str, c: Client) -> str:
    v = c.views.get(room)
    at = "no snapshot" if v is None else f"last snapshot {v.phase} turn {v.turn} {v.actions}"
    info = c.rooms[room]
    last = "\n    ".join(r[:300] for r in c.raw[-6:])
    return f"{c.name}: v{c.versions.get(room)} {at}, room {info.status} hand {info.hand_no}, " + (
        f"{c.frames.qsize()} frames unread, the last received:\n    {last}"
    )


def test_rematch_offer_decline_notification_and_accept(
    ui: Any, qtbot: Any, quick_server: str
) -> None:
    server = quick_server
    online = ui.app.online
    rematch = online.rematchOffer
    at: dict[str, Any] = {}

    async def to_the_end() -> None:
        online.connectTo(server, "Ann")
        assert await until(lambda: online.status == "connected", 10), online.error
        me = Client(f"ws://{server}", token=online.lobby.client.token, keep_raw=True)  # app's seat
        bo = Client(f"ws://{server}", name="Bo", keep_raw=True)
        at.update(me=me, bo=bo)
        await me.connect()
        await bo.connect()
        room = at["room"] = (await me.create(SHORT)).room
        await me.join(room)
        await me.sit(room, 0)
        await bo.join(room)
        await bo.sit(room, 1)
        for seat in (2, 3):
            await me.add_bot(room, seat, "random")
        online.joinRoom(room)
        assert await until(lambda: online.room.get("seated") is True, 10), online.error
        await play_match(room, me, bo)
        assert await until(lambda: ui.window.property("screen") == "table", 10)
        assert await until(lambda: rematch.canOffer and bool(items(ui, "rematchRotateButton")), 10)
        # the panel takes clicks once it has opened (a click meant for the table is not one)
        assert await until(lambda: not item(ui, "resultPanel").property("opening"), 5)

    async def offered_and_declined() -> None:
        assert await until(lambda: rematch.offered and rematch.accepted, 10), online.error
        assert rematch.text.startswith("Rematch: 3 of 4 accepted")  # Ann and the two AIs
        # Bo declines: said in the player's words, and the offer is gone
        await at["bo"].rematch(at["room"], accept=False)
        assert await until(lambda: rematch.text == "Bo declined the rematch.", 10)
        # the panel's line follows a change of language (worded in Python)
        ui.settings.language = "zh_CN"
        shown = lambda: item(ui, "rematchText").property("text")  # noqa: E731
        assert await until(lambda: shown() == "Bo 拒绝了再来一局。", 5), shown()
        ui.settings.language = "en"
        assert await until(lambda: shown() == "Bo declined the rematch.", 5), shown()
        assert rematch.canOffer and not rematch.offered
        # Bo offers in turn while the window is not focused: a notification (taskbar flash)
        before = len(ui.app.notifier.sent)
        away = not ui.window.isActive()  # offscreen, the window never has the focus
        await at["bo"].rematch(at["room"])
        assert await until(lambda: rematch.offered and not rematch.accepted, 10)
        assert rematch.text.startswith("Bo offers a rematch: 3 of 4 accepted")
        told = ui.app.notifier.sent[before:]
        assert told == ([("rematch", "Bo offers a rematch.", "alert")] if away else [])
        assert await until(lambda: bool(items(ui, "rematchAccept")), 10)

    async def started() -> None:
        me, room = at["me"], at["room"]
        assert await until(lambda: me.rooms[room].status == "playing", 10), online.error
        assert await until(lambda: not rematch.offered and rematch.text == "", 10)
        info = me.rooms[room]
        assert [s.name if s else None for s in info.seats][:2] == ["Ann", "Bo"]
        assert info.hand_no == 1 and info.winners is None
        assert await until(lambda: not items(ui, "rematchButton"), 10)

    async def close() -> None:
        from app.online import lobby_of

        ui.app.set_session(None)
        await lobby_of(online).close()
        for c in (at.get("me"), at.get("bo")):
            if c is not None:
                await c.close()

    try:
        on_loop(qtbot, to_the_end(), 120)
        # the result panel offers the rematch; the player asks for it with seats rotated
        click(qtbot, ui, item(ui, "rematchRotateButton"))
        on_loop(qtbot, offered_and_declined(), 60)
        click(qtbot, ui, item(ui, "rematchAccept"))  # the new match at the same table
        on_loop(qtbot, started(), 60)
    finally:
        on_loop(qtbot, close(), 30)
    # switched off in Settings: an offer while away is not told
    ui.app.settings.notifyAway = False
    try:
        assert not ui.app.notifier.rematch("Bo")
    finally:
        ui.app.settings.notifyAway = True


def test_an_invitation_while_away_is_told(ui: Any, qtbot: Any, server: str) -> None:
    """A friend's seat invitation, the window not focused: the chime and the taskbar flash,
    with who invites."""
    from net.protocol import FriendAnswer, FriendRequest, Invite

    online = ui.app.online
    at: dict[str, Any] = {}

    async def invited() -> None:
        online.connectTo(server, "Ann")
        assert await until(lambda: online.status == "connected", 10), online.error
        me = Client(f"ws://{server}", token=online.lobby.client.token)
        bo = Client(f"ws://{server}", name="Bo")
        at.update(me=me, bo=bo)
        ann, bo_id = (await me.connect()).user, (await bo.connect()).user
        await bo.request(FriendRequest(bo.next_id(), user=ann))
        await me.request(FriendAnswer(me.next_id(), bo_id, True))
        room = (await bo.create("classic")).room
        await bo.join(room)
        before = len(ui.app.notifier.sent)
        away = not ui.window.isActive()  # offscreen, the window never has the focus
        await bo.request(Invite(bo.next_id(), room, 1, ann))
        told = [("invitation", "Bo invites you to a seat at their table.", "alert")]
        assert await until(lambda: ui.app.notifier.sent[before:] == (told if away else []), 10)

    async def close() -> None:
        from app.online import lobby_of

        await lobby_of(online).close()
        for c in at.values():
            await c.close()

    try:
        on_loop(qtbot, invited(), 60)
    finally:
        on_loop(qtbot, close(), 30)
