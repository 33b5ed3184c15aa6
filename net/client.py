"""The asyncio client: connect, log in or resume, lobby and table requests, and a stream of
table frames that survives reconnects.

    client = Client("ws://127.0.0.1:8765", name="Ann")
    await client.connect()
    room = (await client.create("classic")).room
    await client.join(room)
    frame = await client.next_frame()

Requests get ids unique per user (microseconds since the epoch, then counting), so a request
resent after a reconnect is recognised by the server and never applied twice. After a drop the
client reconnects with its token, rejoins its tables with the last version it saw (the server
sends the missed events or a snapshot), subscribes to the lobby again if it was subscribed
(its fresh list arrives as a ``LobbyUpdate`` that also names the rooms gone meanwhile), then
resends every request still unanswered.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from engine.actions import Action
from engine.errors import RulesError
from engine.events import HandEnd
from engine.views import View
from net import tls
from net.protocol import (
    Act,
    AddBot,
    BoardReply,
    Chat,
    Create,
    CreateReply,
    Error,
    Frame,
    Games,
    GamesReply,
    Hello,
    HelloReply,
    Join,
    JoinReply,
    Leaderboard,
    Leave,
    LeaveReply,
    Lobby,
    LobbyPage,
    LobbyUpdate,
    Ok,
    Ping,
    PingReply,
    Profile,
    ProfileReply,
    Ready,
    Record,
    RecordReply,
    Rematch,
    RematchReply,
    Reply,
    Request,
    RoomInfo,
    RoomUpdate,
    SeatReply,
    Side,
    SignedIn,
    Sit,
    Snapshot,
    Stand,
    Start,
    Sync,
    TableEvent,
    Trustee,
    VersionReply,
    decode_frame,
    encode,
    split_batch,
)

R = TypeVar("R")


class ServerError(Exception):
    """An ``error`` answer: ``code`` is stable, ``en``/``zh`` are for people."""

    def __init__(self, code: str, en: str, zh: str) -> None:
        super().__init__(f"{code}: {en}")
        self.code, self.en, self.zh = code, en, zh


# an account's session ended (signed out, recovered, a token reused): reconnecting stops
SIGNED_OUT = ("bad-refresh", "refresh-reused")


class Client:
    def __init__(
        self,
        url: str,
        *,
        name: str | None = None,
        token: str | None = None,
        reconnect: bool = True,
        keep_raw: bool = False,
        on_frame: Callable[[Frame], None] | None = None,
        cafile: str | None = None,
        pinned: str | None = None,
        refresh: str | None = None,
        on_refresh: Callable[[str], None] | None = None,
    ) -> None:
        """``wss://`` URLs are verified against the system's authorities, or ``cafile``'s, or
        only against the certificate whose SHA-256 fingerprint is ``pinned`` (net.tls).
        ``refresh``: an account's refresh token, which signs in at ``connect`` (and again when
        the access token no longer does); each one it is exchanged for goes to ``on_refresh``
        (keep only the newest: an old one presented again ends the session)."""
        self.url = url
        self.pinned = pinned
        self._ssl = tls.client_context(cafile, pinned) if url.startswith("wss:") else None
        self.name = name
        self.token = token
        self.refresh = refresh
        self.on_refresh = on_refresh
        self.reconnect_enabled = reconnect
        self.user: HelloReply | None = None
        self.versions: dict[str, int] = {}  # room -> the last version seen
        self.views: dict[str, View | None] = {}  # room -> the last snapshot's view
        # room -> the versions of the hand-end events received (a snapshot of such an ended
        # hand is not news of its end)
        self.hand_ends: dict[str, set[int]] = {}
        self.rooms: dict[str, RoomInfo] = {}  # room -> the last RoomInfo
        # the lobby's public rooms as last listed and updated, while subscribed; a resume
        # subscribes again (the server forgets subscribers with their connection)
        self.lobby_rooms: dict[str, RoomInfo] = {}
        self._lobby: Lobby | None = None  # the subscription to renew
        self._relisting: int | None = None  # the id of the renewal, whose answer is pushed
        self.raw: list[str] = []  # every frame received, when keep_raw
        self.keep_raw = keep_raw
        self.on_frame = on_frame
        self.frames: asyncio.Queue[Frame] = asyncio.Queue()
        self._ids = int(time.time() * 1e6)
        self._pending: dict[int, tuple[bytes, asyncio.Future[Reply | None]]] = {}
        self._invites: dict[str, str | None] = {}
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._closing = False
        self._connected = asyncio.Event()
        self.resumes = 0  # completed reconnections (a drop can heal before anyone sees it)
        # why reconnecting stopped: the identity's session ended meanwhile (SIGNED_OUT)
        self.signed_out: ServerError | None = None
        # How the last connection ended (close code, reason), until the next one opens:
        # 1001 is a server shutting down (a restart, a host that stopped), not a network fault.
        self.closed_with: tuple[int, str] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    # -- connection ------------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        """Whether the socket is open and greeted (False while it reconnects)."""
        return self._connected.is_set()

    async def connect(self) -> HelloReply:
        """Open the socket and say hello (a new guest by name, or the token's identity)."""
        await self._open()
        self.user = user = self._greeted(await self._send_now(self._hello()))
        self._connected.set()
        return user

    def _hello(self) -> Hello:
        """Who this client is: its access token, else its refresh token (a first connect
        whose answer was lost holds only that), else a new guest by name."""
        if self.token:
            return Hello(self.next_id(), token=self.token, batch=True)
        if self.refresh:
            return Hello(self.next_id(), refresh=self.refresh, batch=True)
        return Hello(self.next_id(), name=self.name, batch=True)

    async def open(self) -> None:
        """Open the socket without a hello, for the requests that need none (signing in with
        a password, a recovery code or a link code); it does not reconnect."""
        self.reconnect_enabled = False
        await self._open()
        self._connected.set()

    def signed_in(self, reply: SignedIn) -> None:
        """Log in with ``reply``'s session from now on (this connection's account was just
        made, or a new device signed in)."""
        self.token, self.refresh = reply.token, reply.refresh
        if self.on_refresh is not None:
            self.on_refresh(reply.refresh)

    def _greeted(self, reply: Reply | None) -> HelloReply:
        """The hello's answer, keeping the tokens it renewed."""
        user = _expect(reply, HelloReply)
        self.token = user.token or self.token
        if user.refresh is not None:
            self.refresh = user.refresh
            if self.on_refresh is not None:
                self.on_refresh(user.refresh)
        return user

    async def _open(self) -> None:
        ws = await connect(self.url, max_size=2**22, ping_interval=20, ssl=self._ssl)
        if self.pinned:
            try:
                tls.check_pin(ws.transport.get_extra_info("ssl_object"), self.pinned)
            except tls.CertificateMismatch:
                ws.transport.abort()
                raise
        self._ws = ws
        self.closed_with = None
        self._reader = asyncio.create_task(self._read(ws))

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        for _payload, fut in self._pending.values():
            if not fut.done():
                fut.set_exception(ConnectionError("client closed"))

    async def drop(self) -> None:
        """Close the socket abruptly but keep state, as a network failure would (tests)."""
        if self._ws is not None:
            self._ws.transport.abort()

    async def _read(self, ws: ClientConnection) -> None:
        """Read ``ws`` (its own socket: by the time this task starts, a reconnect may have
        opened another) until it closes; then reconnect, unless a newer socket took over."""
        try:
            async for text in ws:
                self._receive(text)
        except ConnectionClosed:
            pass
        if ws is not self._ws:  # a socket a failed resume left behind: nothing to redo
            return
        code = ws.close_code
        self.closed_with = (code, ws.close_reason or "") if code is not None else None
        if self._closing or not self.reconnect_enabled:
            for _payload, fut in self._pending.values():
                if not fut.done():
                    fut.set_exception(ConnectionError("connection closed"))
            return
        self._connected.clear()
        self._tasks.add(asyncio.create_task(self._reconnect()))

    async def reconnect(self) -> None:
        """Connect again now (after ``drop`` or a lost connection) and resume every table."""
        self.reconnect_enabled = True
        await self._reconnect()

    async def _reconnect(self) -> None:
        delay = 0.05
        while not self._closing:
            try:
                await self._resume()
                return
            except ServerError as e:
                if e.code in SIGNED_OUT:  # no later try can succeed: say so and stop
                    self.signed_out = e
                    return
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
            except (OSError, ConnectionClosed, InvalidHandshake):
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)

    async def _resume(self) -> None:
        await self._open()
        ws = self._ws
        try:
            await self._greet_and_rejoin()
        except BaseException:
            # this socket is done with: closed now, or it would linger unread until the server
            # dropped it (and its end would start a second reconnect beside this one)
            if ws is not None and ws is self._ws:
                self._ws = None  # so that its reader, seeing it end, leaves the retry to us
                ws.transport.abort()
            raise

    async def _greet_and_rejoin(self) -> None:
        hello = self._hello()
        try:
            self.user = self._greeted(await self._send_now(hello))
        except ServerError as e:  # an account's access token expired: its refresh token
            if e.code != "bad-token" or not self.refresh or hello.refresh:
                raise
            hello = Hello(self.next_id(), refresh=self.refresh, batch=True)
            self.user = self._greeted(await self._send_now(hello))
        for room, since in list(self.versions.items()):
            await self._send_now(Join(self.next_id(), room, self._invites.get(room), since))
        if self._lobby is not None:
            sub = self._lobby
            self._relisting = rid = self.next_id()
            await self._send_now(Lobby(rid, True, sub.offset, sub.limit))
        self.resumes += 1
        self._connected.set()
        ws = self._ws
        assert ws is not None  # just opened
        for payload, fut in list(self._pending.values()):
            if not fut.done():
                await ws.send(payload, text=True)

    def _receive(self, message: str | bytes) -> None:
        for text in split_batch(message):  # the frames of a batch, in order
            self._receive_frame(text)

    def _receive_frame(self, text: bytes) -> None:
        if self.keep_raw:
            self.raw.append(text.decode())
        frame = decode_frame(text)
        if isinstance(frame, Ok | Error):
            entry = self._pending.pop(frame.id, None) if frame.id is not None else None
            relisted = frame.id is not None and frame.id == self._relisting
            if entry is not None and not entry[1].done():
                if isinstance(frame, Ok):
                    entry[1].set_result(frame.data)
                else:
                    entry[1].set_exception(ServerError(frame.code, frame.en, frame.zh))
                if not (relisted and isinstance(frame, Ok) and isinstance(frame.data, LobbyPage)):
                    return
                # in the stream's order, so that no later update is overwritten by the list
                self._relisting = None
                frame = self._relisted(frame.data)
        if isinstance(frame, LobbyUpdate):
            for r in frame.rooms:
                self.lobby_rooms[r.room] = r
            for gone in frame.gone:
                self.lobby_rooms.pop(gone, None)
        elif isinstance(frame, TableEvent):
            have = self.versions.get(frame.room, 0)
            if frame.v <= have:
                return  # seen already (a resend overlapping the live stream)
            if frame.v != have + 1:
                task = asyncio.create_task(self._resync(frame.room, have))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
                return
            self.versions[frame.room] = frame.v
            if isinstance(frame.event, HandEnd):
                self.hand_ends.setdefault(frame.room, set()).add(frame.v)
        elif isinstance(frame, Snapshot):
            self.versions[frame.room] = frame.v
            self.views[frame.room] = frame.view
        elif isinstance(frame, RoomUpdate):
            self.rooms[frame.room.room] = frame.room
        if self.on_frame is not None:
            self.on_frame(frame)
        self.frames.put_nowait(frame)

    def _relisted(self, page: LobbyPage) -> LobbyUpdate:
        """The renewed subscription's list as an update: every room listed, and those known
        before that it no longer lists as gone (closed while the connection was down)."""
        listed = {r.room for r in page.rooms}
        return LobbyUpdate(page.rooms, [room for room in self.lobby_rooms if room not in listed])

    async def _resync(self, room: str, since: int) -> None:
        with contextlib.suppress(ServerError, ConnectionError):
            await self.sync(room, since)

    # -- requests --------------------------------------------------------------------------
    def next_id(self) -> int:
        self._ids += 1
        return self._ids

    async def _send_now(self, msg: Request) -> Reply | None:
        """Send ``msg`` now, on the connection being set up (hello and its rejoins)."""
        rid = msg.id
        payload = encode(msg)
        fut: asyncio.Future[Reply | None] = asyncio.get_running_loop().create_future()
        self._pending[rid] = (payload, fut)
        assert self._ws is not None
        try:
            await self._ws.send(payload, text=True)
            return await fut
        finally:
            self._pending.pop(rid, None)

    async def request(self, msg: Request) -> Reply | None:
        """Send a request (built with ``self.next_id()``) and wait for its answer (resent after
        a reconnect, same id)."""
        rid = msg.id
        payload = encode(msg)
        fut: asyncio.Future[Reply | None] = asyncio.get_running_loop().create_future()
        self._pending[rid] = (payload, fut)
        if self._connected.is_set() and self._ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._ws.send(payload, text=True)
        return await fut

    async def ask(self, msg: Request, kind: type[R]) -> R:
        """``request``, and its answer as the ``kind`` of reply that ``msg`` gets."""
        return _expect(await self.request(msg), kind)

    async def send_raw(self, text: str | bytes) -> None:
        """Send a frame as it is (tests of malformed input)."""
        assert self._ws is not None
        await self._ws.send(text)

    async def next_frame(self, timeout: float | None = None) -> Frame:
        return await asyncio.wait_for(self.frames.get(), timeout)

    # -- the verbs -------------------------------------------------------------------------
    async def lobby(self, subscribe: bool = True, offset: int = 0, limit: int = 50) -> LobbyPage:
        """The public rooms, ``limit`` from ``offset``; ``subscribe``: and their updates
        (renewed after every reconnect until a call without it)."""
        req = Lobby(self.next_id(), subscribe, offset, limit)
        self._lobby = req if subscribe else None
        page = await self.ask(req, LobbyPage)
        self.lobby_rooms = {r.room: r for r in page.rooms} if subscribe else {}
        return page

    async def create(
        self,
        rules: str | dict[str, Any] = "classic",
        multiplier: int = 1,
        private: bool = False,
        side: Side | None = None,
    ) -> CreateReply:
        return await self.ask(Create(self.next_id(), rules, multiplier, private, side), CreateReply)

    async def join(self, room: str, invite: str | None = None) -> JoinReply:
        self._invites[room] = invite
        since = self.versions.get(room)
        return await self.ask(Join(self.next_id(), room, invite, since), JoinReply)

    async def sync(self, room: str, since: int | None = None) -> VersionReply:
        """Ask for what was missed since ``since`` (None: a snapshot)."""
        return await self.ask(Sync(self.next_id(), room, since), VersionReply)

    def invite_of(self, room: str) -> str | None:
        """The invite this client joined ``room`` with (a private room's), if any."""
        return self._invites.get(room)

    async def sit(self, room: str, seat: int) -> SeatReply:
        return await self.ask(Sit(self.next_id(), room, seat), SeatReply)

    async def stand(self, room: str) -> None:
        await self.ask(Stand(self.next_id(), room), type(None))

    async def ready(self, room: str, ready: bool = True) -> None:
        await self.ask(Ready(self.next_id(), room, ready), type(None))

    async def start(self, room: str) -> VersionReply:
        return await self.ask(Start(self.next_id(), room), VersionReply)

    async def add_bot(self, room: str, seat: int, level: str = "normal") -> SeatReply:
        return await self.ask(AddBot(self.next_id(), room, seat, level), SeatReply)

    async def act(self, room: str, action: Action) -> VersionReply:
        return await self.ask(Act(self.next_id(), room, action), VersionReply)

    async def trustee(self, room: str, on: bool) -> None:
        await self.ask(Trustee(self.next_id(), room, on), type(None))

    async def chat(self, room: str, text: str) -> None:
        await self.ask(Chat(self.next_id(), room, text), type(None))

    async def leave(self, room: str) -> LeaveReply:
        out = await self.ask(Leave(self.next_id(), room), LeaveReply)
        self.versions.pop(room, None)
        self.views.pop(room, None)
        return out

    async def games(self, limit: int = 50, room: str | None = None) -> GamesReply:
        return await self.ask(Games(self.next_id(), limit, room), GamesReply)

    async def record(self, game: int) -> RecordReply:
        return await self.ask(Record(self.next_id(), game), RecordReply)

    async def ping(self) -> PingReply:
        return await self.ask(Ping(self.next_id()), PingReply)

    async def rematch(self, room: str, accept: bool = True, rotate: bool = False) -> RematchReply:
        return await self.ask(Rematch(self.next_id(), room, accept, rotate), RematchReply)

    async def leaderboard(self, preset: str, offset: int = 0, limit: int = 50) -> BoardReply:
        return await self.ask(Leaderboard(self.next_id(), preset, offset, limit), BoardReply)

    async def profile(self, user: int | None = None) -> ProfileReply:
        return await self.ask(Profile(self.next_id(), user), ProfileReply)


def _expect(data: Reply | None, kind: type[R]) -> R:
    """A reply of the kind its request gets; another kind is a server that breaks the
    protocol."""
    if not isinstance(data, kind):
        wrong = RulesError("bad-reply", expected=kind.__name__, got=type(data).__name__)
        raise ServerError(wrong.code, wrong.en, wrong.zh)
    return data
