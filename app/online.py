"""Online play over ``net.client`` (asyncio, run on the Qt event loop by qasync).

``OnlineSession`` is the table's session for a server room: the server's frames become the
seat's ``View`` (a snapshot is asked for after each event, so the table always shows the
engine's own view) and the events the table animates; actions go to the server, and its
refusals come back as the engine's messages. The lobby functions drive ``OnlineViewModel``:
connect, list rooms, create a room from a preset, join it (sit, fill the empty seats with bots,
ready, start) or watch it. The client reconnects by itself; a banner says so meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import logging
from typing import Any

from PySide6.QtCore import QObject, QTimer

from app.session import Session
from engine.actions import Action

log = logging.getLogger(__name__)


def available() -> bool:
    try:
        return importlib.util.find_spec("net.client") is not None
    except (ImportError, ValueError):
        return False


def _get(obj: Any, key: str, default: Any = None) -> Any:
    """A field of a frame part, decoded as a struct or as a dict."""
    if isinstance(obj, dict):
        return obj.get(key, default)
    return getattr(obj, key, default)


def _spawn(coro: Any) -> asyncio.Task[Any] | None:
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        return None
    task = loop.create_task(coro)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)
    return task


_TASKS: set[asyncio.Task[Any]] = set()


class OnlineSession(Session):
    kind = "online"

    def __init__(self, client: Any, room: str, seat: int | None, parent: QObject | None = None):
        super().__init__(parent)
        self.kind = "online" if seat is not None else "spectator"
        self.client = client
        self.room = room
        self.seat = seat
        self._closed = False
        self._sync_task: asyncio.Task[Any] | None = None

    def on_frame(self, frame: Any) -> None:
        from net.client import view_from_dict
        from net.protocol import RoomUpdate, Snapshot, TableEvent

        if self._closed:
            return
        if isinstance(frame, Snapshot) and frame.room == self.room:
            self.seat = frame.seat
            self.view = view_from_dict(frame.view) if frame.view else None
            self.changed.emit()
        elif isinstance(frame, TableEvent) and frame.room == self.room:
            if frame.event is not None:
                self.eventsArrived.emit([frame.event])
            self._want_sync()
        elif isinstance(frame, RoomUpdate) and frame.room.room == self.room:
            info = frame.room
            self.names = [_get(s, "name", "") if s is not None else "" for s in info.seats]
            self.levels = list(info.levels)
            self.winners = tuple(info.winners) if info.winners is not None else None
            self.changed.emit()

    def _want_sync(self) -> None:
        if self._sync_task is None or self._sync_task.done():
            self._sync_task = _spawn(self._sync())

    async def _sync(self) -> None:
        await asyncio.sleep(0.02)  # coalesce a burst of events into one snapshot
        with contextlib.suppress(Exception):
            await self.client.request("sync", room=self.room, since=None)

    def act(self, action: Action) -> bool:
        if self._closed or self.seat is None or self.view is None:
            return False
        if "play" in self.view.actions and hasattr(action, "cards"):
            from engine.actions import Play
            from engine.errors import RulesError

            if isinstance(action, Play):
                try:
                    self.view.check_play(list(action.cards))
                except RulesError as e:
                    self.refused.emit(e.code, e.en, e.zh)
                    return False
        _spawn(self._act(action))
        return True

    async def _act(self, action: Action) -> None:
        from net.client import ServerError

        try:
            await self.client.act(self.room, action)
        except ServerError as e:
            self.refused.emit(e.code, e.en, e.zh)

    def next_hand(self) -> None:
        _spawn(_quiet(self.client.start(self.room)))

    def close(self) -> None:
        self._closed = True
        _spawn(_quiet(self.client.leave(self.room)))


async def _quiet(coro: Any) -> Any:
    with contextlib.suppress(Exception):
        return await coro


class Lobby:
    """The connection behind the online screens (one per app)."""

    def __init__(self, vm: Any) -> None:
        self.vm = vm
        self.client: Any = None
        self.session: OnlineSession | None = None
        self._watch = QTimer()
        self._watch.setInterval(500)
        self._watch.timeout.connect(self._check)

    def _on_frame(self, frame: Any) -> None:
        from net.protocol import LobbyUpdate

        if isinstance(frame, LobbyUpdate):
            self._rooms(frame.rooms)
        if self.session is not None:
            self.session.on_frame(frame)

    def _rooms(self, rooms: list[Any]) -> None:
        rows = []
        for r in rooms:
            seats = _get(r, "seats", []) or []
            rows.append(
                {
                    "id": _get(r, "room", ""),
                    "name": _get(r, "owner_name", ""),
                    "preset": _get(_get(r, "rules", {}), "preset", "classic"),
                    "players": sum(1 for s in seats if s is not None),
                    "spectators": int(_get(r, "spectators", 0)),
                    "status": _get(r, "status", ""),
                }
            )
        self.vm._rooms.set_rows(rows)

    def _check(self) -> None:
        c = self.client
        if c is None:
            return
        lost = not c._connected.is_set()
        self.vm.set_state(
            "connecting" if lost else "connected",
            banner=self.vm.reconnecting_text() if lost else "",
        )

    async def connect(self, address: str, name: str) -> None:
        from net.client import Client

        if self.client is not None:
            await _quiet(self.client.close())
        url = address if "://" in address else f"ws://{address}"
        self.client = Client(url, name=name or "Player", on_frame=self._on_frame)
        self.vm.set_state("connecting")
        try:
            await self.client.connect()
            data = await self.client.lobby(subscribe=True)
        except Exception as e:
            self.client = None
            self.vm.set_state("disconnected", error=str(e) or type(e).__name__)
            return
        self._rooms(_get(data, "rooms", []) or [])
        self.vm.set_state("connected")
        self._watch.start()

    async def create(self, preset: str) -> None:
        from net.client import ServerError

        if self.client is None:
            return
        try:
            data = await self.client.create(preset or "classic")
        except ServerError as e:
            self.vm.set_state("connected", error=e.en)
            return
        await self.join(_get(data, "room", ""), watch=False)

    async def join(self, room: str, watch: bool) -> None:
        from net.client import ServerError

        c = self.client
        if c is None or not room:
            return
        session = OnlineSession(c, room, None)
        self.session = session
        try:
            joined = await c.join(room)
            seat = _get(joined, "seat")
            if not watch and seat is None:
                info = c.rooms.get(room)
                seats = list(_get(info, "seats", [None] * 4) or [None] * 4)
                seat = next((i for i, s in enumerate(seats) if s is None), None)
                if seat is not None:
                    await c.sit(room, seat)
                    for other in range(4):
                        if other != seat and seats[other] is None:
                            await _quiet(c.add_bot(room, other))
                    await c.ready(room)
                    await _quiet(c.start(room))
            session.seat = seat
            session.kind = "online" if seat is not None else "spectator"
            await c.request("sync", room=room, since=None)
        except ServerError as e:
            self.vm.set_state("connected", error=e.en)
            self.session = None
            return
        self.vm.open_session(session)


def _lobby(vm: Any) -> Lobby:
    lobby = getattr(vm, "_lobby", None)
    if lobby is None:
        lobby = vm._lobby = Lobby(vm)
    return lobby


def connect(vm: Any, address: str, name: str) -> None:
    if not available():
        vm.set_state("disconnected", error="net.client is not installed")
        return
    if _spawn(_lobby(vm).connect(address, name)) is None:
        vm.set_state("disconnected", error="no event loop")


def create_room(vm: Any, preset: str) -> None:
    if available():
        _spawn(_lobby(vm).create(preset))


def join_room(vm: Any, room: str, watch: bool) -> None:
    if available():
        _spawn(_lobby(vm).join(room, watch))
