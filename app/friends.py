"""The friends panel of the online lobby (``App.online.friends``): friends with their presence,
friend requests both ways, seat invitations both ways, blocked players, 'appear offline'; one
click joins a friend's free seat or watches their table, or invites a friend into a free seat
of the room the player is in.

The lists come from the server's ``friends`` answer, asked when the panel opens, after each
change, each ``social`` notice (a request, an acceptance, an invitation) and each reconnection
(notices missed while away). A friend's presence is pushed (a ``presence`` notice) and shown
at once; nothing is polled. Words are the QML's (``qsTr``): this model holds codes, names and
rooms.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlUncreatable

from app.models import RowsModel
from app.online import lobby_of, signed_in_client, spawn_in

if TYPE_CHECKING:
    from app.viewmodels import OnlineViewModel
    from net.client import Client
    from net.protocol import FriendsReply, Person, SocialNotice

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1
R = TypeVar("R")


@QmlElement
@QmlUncreatable("App.online.friends")
class FriendsViewModel(QObject):  # type: ignore[operator]  # QmlUncreatable (app.viewmodels)
    changed = Signal()

    def __init__(self, online: OnlineViewModel) -> None:
        super().__init__(online)
        self._online = online
        self._friends = RowsModel(("user", "name", "presence", "room", "seat"), self)
        self._received = RowsModel(("user", "name"), self)
        self._sent = RowsModel(("user", "name"), self)
        self._blocked = RowsModel(("user", "name"), self)
        self._invitations = RowsModel(("invite", "name", "mine", "room", "seat"), self)
        self._appear_offline = False
        self._notice: dict[str, str] = {}
        self._refusal: tuple[str, str] | None = None  # the server's (en, zh), worded on show
        self._open = False
        self._tasks: set[asyncio.Task[Any]] = set()

    def _client(self) -> Client | None:
        return signed_in_client(self._online)

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        spawn_in(coro, self._tasks)

    async def _ask(self, make: Any, quiet: bool = False) -> Any:
        """``make(client)``'s answer; a refusal is shown in the panel (then None), until the
        next request that is not ``quiet`` (a re-read of the lists leaves it on show)."""
        from net.client import ServerError

        c = self._client()
        if c is None:
            return None
        try:
            out = await make(c)
        except ServerError as e:
            self._set_error((e.en, e.zh))
            return None
        except (ConnectionError, OSError):
            return None
        if not quiet:
            self._set_error(None)
        return out

    def _set_error(self, refusal: tuple[str, str] | None) -> None:
        if refusal != self._refusal:
            self._refusal = refusal
            self.changed.emit()

    async def _change(self, make: Any) -> None:
        """A request that changes the lists, then the lists again (its refusal stays)."""
        self._forget_notice()
        await self._ask(make)
        await self._load()

    async def _load(self) -> None:
        from net.protocol import Friends, FriendsReply

        got = await self._ask(lambda c: c.ask(Friends(c.next_id()), FriendsReply), quiet=True)
        if got is not None:
            self.show(got)

    def show(self, got: FriendsReply) -> None:
        lobby_of(self._online).show_friends({p.user for p in got.friends})
        me = self._client()
        mine = me.user.user if me is not None and me.user is not None else None
        self._friends.set_rows([_row(p) for p in got.friends])
        for model, people in (
            (self._received, got.received),
            (self._sent, got.sent),
            (self._blocked, got.blocked),
        ):
            model.set_rows([{"user": p.user, "name": p.name} for p in people])
        self._invitations.set_rows(
            [
                {
                    "invite": i.invite,
                    "name": i.to.name if i.sender.user == mine else i.sender.name,
                    "mine": i.sender.user == mine,
                    "room": i.room,
                    "seat": i.seat,
                }
                for i in got.invitations
            ]
        )
        if got.appear_offline != self._appear_offline:
            self._appear_offline = got.appear_offline
            self.changed.emit()

    def notice(self, frame: SocialNotice) -> None:
        """A ``social`` frame: a friend's presence is shown at once; anything else is said,
        and the lists are read again."""
        if frame.kind == "presence":
            if frame.who is not None:
                self._presence(frame.who)
            return
        self._notice = {"kind": frame.kind, "name": frame.who.name if frame.who else ""}
        self.changed.emit()
        self._spawn(self._load())

    def _forget_notice(self) -> None:
        if self._notice:
            self._notice = {}
            self.changed.emit()

    def _presence(self, friend: Person) -> None:
        # (a friend not listed yet comes with the next answer)
        rows = [_row(friend) if r["user"] == friend.user else r for r in self._friends.rows()]
        self._friends.set_rows(rows)

    def resumed(self) -> None:
        """Connected again: presence pushed while away was missed."""
        if self._open:
            self.refresh()

    # -- QML -------------------------------------------------------------------------------
    friends = Property(QObject, lambda self: self._friends, constant=True)
    received = Property(QObject, lambda self: self._received, constant=True)
    sent = Property(QObject, lambda self: self._sent, constant=True)
    blocked = Property(QObject, lambda self: self._blocked, constant=True)
    invitations = Property(QObject, lambda self: self._invitations, constant=True)
    appearOffline = Property(bool, lambda self: self._appear_offline, notify=changed)

    def _error_text(self) -> str:
        return self._online.engine_text(*self._refusal) if self._refusal else ""

    error = Property(str, _error_text, notify=changed)
    lastNotice = Property("QVariantMap", lambda self: dict(self._notice), notify=changed)  # type: ignore[arg-type]

    @Slot(bool)
    def setOpen(self, shown: bool) -> None:
        """The panel shows (its lists are read; presence comes pushed) or not."""
        self._open = shown
        if shown:
            # a refusal belongs to the request that met it, a notice to its moment (what it
            # told is in the lists now): "Ann is now your friend" stayed after Ann blocked
            self._set_error(None)
            self._forget_notice()
            self.refresh()

    @Slot()
    def refresh(self) -> None:
        self._spawn(self._load())

    @Slot(str)
    def ask(self, who: str) -> None:
        """A friend request to a player's name (or ``#id``)."""
        from net.protocol import FriendReply, FriendRequest

        who = who.strip()
        user = int(who[1:]) if who.startswith("#") and who[1:].isdigit() else None
        name = None if user is not None else who
        self._spawn(
            self._change(lambda c: c.ask(FriendRequest(c.next_id(), user, name), FriendReply))
        )

    def _request(self, make: Any) -> None:
        self._spawn(self._change(lambda c: c.request(make(c.next_id()))))

    @Slot(int)
    def accept(self, user: int) -> None:
        from net.protocol import FriendAnswer

        self._request(lambda rid: FriendAnswer(rid, user, True))

    @Slot(int)
    def decline(self, user: int) -> None:
        from net.protocol import FriendAnswer

        self._request(lambda rid: FriendAnswer(rid, user, False))

    @Slot(int)
    def unfriend(self, user: int) -> None:
        """End a friendship or withdraw a request."""
        from net.protocol import Unfriend

        self._request(lambda rid: Unfriend(rid, user))

    @Slot(int, bool)
    def block(self, user: int, on: bool) -> None:
        from net.protocol import Block

        self._request(lambda rid: Block(rid, user, on))

    @Slot(bool)
    def setAppearOffline(self, on: bool) -> None:
        from net.protocol import AppearOffline

        self._request(lambda rid: AppearOffline(rid, on))

    @Slot(int)
    def invite(self, user: int) -> None:
        """Invite a friend into the first free seat of the room the player is in."""
        from net.protocol import Invite, InviteReply

        lobby = lobby_of(self._online)
        session, c = lobby.session, lobby.client
        info = c.rooms.get(session.room) if c is not None and session is not None else None
        free = [i for i, s in enumerate(info.seats) if s is None] if info is not None else []
        if session is None or not free:
            return
        room = session.room
        self._spawn(
            self._change(lambda c: c.ask(Invite(c.next_id(), room, free[0], user), InviteReply))
        )

    @Slot(int, bool)
    def answerInvitation(self, invite: int, accept: bool) -> None:
        """Accept (then join the room and sit in the seat), decline, or withdraw my own."""
        self._spawn(self._answer(invite, accept))

    async def _answer(self, invite: int, accept: bool) -> None:
        from net.protocol import InviteAnswer, InviteReply

        got = await self._ask(
            lambda c: c.ask(InviteAnswer(c.next_id(), invite, accept), InviteReply)
        )
        await self._load()
        if got is not None and accept:
            await self._into(got.room, got.seat, got.code)

    @Slot(str, bool)
    def joinFriend(self, room: str, watch: bool) -> None:
        """One click to a friend's table: watch it, or take its first free seat."""
        self._spawn(self._into(room, None if watch else -1, None))

    async def _into(self, room: str, seat: int | None, code: str | None) -> None:
        """Into ``room`` as a spectator (``seat`` None), at ``seat``, or (-1) the first free."""
        lobby = lobby_of(self._online)
        await lobby.join(room, watch=seat is None, invite=code)
        c = lobby.client
        info = c.rooms.get(room) if c is not None else None
        if seat is None or info is None or lobby.session is None or lobby.session.room != room:
            return
        free = [i for i, s in enumerate(info.seats) if s is None]
        if seat == -1 and free:
            seat = free[0]
        if seat >= 0:
            lobby.room_call("sit", seat)


def _row(p: Person) -> dict[str, Any]:
    """A friend as the panel's rows hold them."""
    return {
        "user": p.user,
        "name": p.name,
        "presence": p.presence or "offline",
        "room": p.room or "",
        "seat": -1 if p.seat is None else p.seat,
    }
