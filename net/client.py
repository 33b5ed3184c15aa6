"""The asyncio client: connect, log in or resume, lobby and table requests, and a stream of
table frames that survives reconnects.

    client = Client("ws://127.0.0.1:8765", name="Ann")
    await client.connect()
    room = (await client.create("classic"))["room"]
    await client.join(room)
    frame = await client.next_frame()

Requests get ids unique per user (microseconds since the epoch, then counting), so a request
resent after a reconnect is recognised by the server and never applied twice. After a drop the
client reconnects with its token, rejoins its tables with the last version it saw (the server
sends the missed events or a snapshot), then resends every request still unanswered.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from engine.actions import Action, action_to_dict
from engine.rules import RuleSet
from engine.views import View
from net import tls
from net.protocol import (
    PROTOCOL,
    Error,
    Frame,
    Ok,
    RoomUpdate,
    Snapshot,
    TableEvent,
    decode_frame,
)

_encoder = msgspec.json.Encoder()


class ServerError(Exception):
    """An ``error`` answer: ``code`` is stable, ``en``/``zh`` are for people."""

    def __init__(self, code: str, en: str, zh: str) -> None:
        super().__init__(f"{code}: {en}")
        self.code, self.en, self.zh = code, en, zh


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
    ) -> None:
        """``wss://`` URLs are verified against the system's authorities, or ``cafile``'s, or
        only against the certificate whose SHA-256 fingerprint is ``pinned`` (net.tls)."""
        self.url = url
        self.pinned = pinned
        self._ssl = tls.client_context(cafile, pinned) if url.startswith("wss:") else None
        self.name = name
        self.token = token
        self.reconnect_enabled = reconnect
        self.user: dict[str, Any] = {}
        self.versions: dict[str, int] = {}  # room -> the last version seen
        self.views: dict[str, dict[str, Any] | None] = {}  # room -> the last snapshot's view
        self.rooms: dict[str, Any] = {}  # room -> the last RoomInfo
        self.raw: list[str] = []  # every frame received, when keep_raw
        self.keep_raw = keep_raw
        self.on_frame = on_frame
        self.frames: asyncio.Queue[Frame] = asyncio.Queue()
        self._ids = int(time.time() * 1e6)
        self._pending: dict[int, tuple[bytes, asyncio.Future[Any]]] = {}
        self._invites: dict[str, str | None] = {}
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._closing = False
        self._connected = asyncio.Event()
        self.resumes = 0  # completed reconnections (a drop can heal before anyone sees it)
        self._tasks: set[asyncio.Task[None]] = set()

    # -- connection ------------------------------------------------------------------------
    async def connect(self) -> dict[str, Any]:
        """Open the socket and say hello (a new guest by name, or the token's identity)."""
        await self._open()
        hello: dict[str, Any] = {"protocols": [PROTOCOL]}
        if self.token:
            hello["token"] = self.token
        else:
            hello["name"] = self.name
        self.user = await self._send_now("hello", hello)
        self.token = self.user.get("token", self.token)
        self._connected.set()
        return self.user

    async def _open(self) -> None:
        ws = await connect(self.url, max_size=2**22, ping_interval=20, ssl=self._ssl)
        if self.pinned:
            try:
                tls.check_pin(ws.transport.get_extra_info("ssl_object"), self.pinned)
            except tls.CertificateMismatch:
                ws.transport.abort()
                raise
        self._ws = ws
        self._reader = asyncio.create_task(self._read())

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

    async def _read(self) -> None:
        ws = self._ws
        assert ws is not None
        try:
            async for text in ws:
                self._receive(text)
        except ConnectionClosed:
            pass
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
            except (OSError, ConnectionClosed, InvalidHandshake, ServerError):
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)

    async def _resume(self) -> None:
        await self._open()
        self.user = await self._send_now("hello", {"protocols": [PROTOCOL], "token": self.token})
        for room, since in list(self.versions.items()):
            data = {"room": room, "since": since, "invite": self._invites.get(room)}
            await self._send_now("join", data)
        self.resumes += 1
        self._connected.set()
        ws = self._ws
        assert ws is not None  # just opened
        for payload, fut in list(self._pending.values()):
            if not fut.done():
                await ws.send(payload, text=True)

    def _receive(self, text: str | bytes) -> None:
        if self.keep_raw:
            self.raw.append(text if isinstance(text, str) else text.decode())
        frame = decode_frame(text)
        if isinstance(frame, Ok | Error):
            entry = self._pending.pop(frame.id, None) if frame.id is not None else None
            if entry is not None and not entry[1].done():
                if isinstance(frame, Ok):
                    entry[1].set_result(frame.data)
                else:
                    entry[1].set_exception(ServerError(frame.code, frame.en, frame.zh))
                return
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
        elif isinstance(frame, Snapshot):
            self.versions[frame.room] = frame.v
            self.views[frame.room] = frame.view
        elif isinstance(frame, RoomUpdate):
            self.rooms[frame.room.room] = frame.room
        if self.on_frame is not None:
            self.on_frame(frame)
        self.frames.put_nowait(frame)

    async def _resync(self, room: str, since: int) -> None:
        with contextlib.suppress(ServerError, ConnectionError):
            await self.request("sync", room=room, since=since)

    # -- requests --------------------------------------------------------------------------
    def _next_id(self) -> int:
        self._ids += 1
        return self._ids

    async def _send_now(self, kind: str, fields: dict[str, Any]) -> Any:
        rid = self._next_id()
        payload = _encoder.encode({"type": kind, "id": rid, **fields})
        fut = asyncio.get_running_loop().create_future()
        self._pending[rid] = (payload, fut)
        assert self._ws is not None
        try:
            await self._ws.send(payload, text=True)
            return await fut
        finally:
            self._pending.pop(rid, None)

    async def request(self, kind: str, **fields: Any) -> Any:
        """Send a request and wait for its answer (resent after a reconnect, same id)."""
        rid = self._next_id()
        payload = _encoder.encode({"type": kind, "id": rid, **fields})
        fut = asyncio.get_running_loop().create_future()
        self._pending[rid] = (payload, fut)
        if self._connected.is_set() and self._ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._ws.send(payload, text=True)
        return await fut

    async def send_raw(self, text: str | bytes) -> None:
        """Send a frame as it is (tests of malformed input)."""
        assert self._ws is not None
        await self._ws.send(text)

    async def next_frame(self, timeout: float | None = None) -> Frame:
        return await asyncio.wait_for(self.frames.get(), timeout)

    # -- the verbs -------------------------------------------------------------------------
    async def lobby(self, subscribe: bool = True) -> Any:
        return await self.request("lobby", subscribe=subscribe)

    async def create(
        self,
        rules: str | dict[str, Any] = "classic",
        multiplier: int = 1,
        private: bool = False,
        side: str | None = None,
    ) -> Any:
        return await self.request(
            "create", rules=rules, multiplier=multiplier, private=private, side=side
        )

    async def join(self, room: str, invite: str | None = None) -> Any:
        self._invites[room] = invite
        return await self.request("join", room=room, invite=invite, since=self.versions.get(room))

    def invite_of(self, room: str) -> str | None:
        """The invite this client joined ``room`` with (a private room's), if any."""
        return self._invites.get(room)

    async def sit(self, room: str, seat: int) -> Any:
        return await self.request("sit", room=room, seat=seat)

    async def stand(self, room: str) -> Any:
        return await self.request("stand", room=room)

    async def ready(self, room: str, ready: bool = True) -> Any:
        return await self.request("ready", room=room, ready=ready)

    async def start(self, room: str) -> Any:
        return await self.request("start", room=room)

    async def add_bot(self, room: str, seat: int, level: str = "normal") -> Any:
        return await self.request("bot", room=room, seat=seat, level=level)

    async def act(self, room: str, action: Action | dict[str, Any]) -> Any:
        data = action if isinstance(action, dict) else action_to_dict(action)
        return await self.request("act", room=room, action=data)

    async def trustee(self, room: str, on: bool) -> Any:
        return await self.request("trustee", room=room, on=on)

    async def chat(self, room: str, text: str) -> Any:
        return await self.request("chat", room=room, text=text)

    async def leave(self, room: str) -> Any:
        out = await self.request("leave", room=room)
        self.versions.pop(room, None)
        self.views.pop(room, None)
        return out

    async def games(self, limit: int = 50, room: str | None = None) -> Any:
        return await self.request("games", limit=limit, room=room)

    async def record(self, game: int) -> Any:
        return await self.request("record", game=game)


def view_from_dict(d: dict[str, Any]) -> View:
    """A ``View`` back from its wire form, so a client can ask it for legal plays."""

    def tup(x: Any) -> Any:
        return tuple(tup(i) for i in x) if isinstance(x, list) else x

    fields: dict[str, Any] = {}
    for name in View.__slots__:
        value = d[name]
        if name == "rules":
            value = RuleSet.from_dict(value)
        elif name in ("bid", "outcome"):
            pass
        elif name in ("bids", "tricks", "failed_throws"):
            value = tuple(value)
        else:
            value = tup(value)
        fields[name] = value
    return View(**fields)
