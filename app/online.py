"""Online play over ``net.client`` (asyncio, run on the Qt event loop by qasync).

``OnlineSession`` is the table's session for a server room: the server's frames become the
seat's ``View`` (a snapshot is asked for after each event, so the table always shows the
engine's own view) and the events the table animates; actions go to the server, and its
refusals come back as the engine's messages. ``Lobby`` drives ``OnlineViewModel``: connect,
list rooms, create a room from a preset, join it — the waiting room: sit, stand, ready, the
owner fills seats with bots of a level and starts — or watch it; the room's chat; 托管; the
player's finished games on the server, opened in the replay viewer. The client reconnects by
itself; a banner says so meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, QTimer

from app.i18n import sentence
from app.session import Session
from engine.actions import Action

if TYPE_CHECKING:
    from net.protocol import RoomInfo, SeatInfo

log = logging.getLogger(__name__)
R = TypeVar("R")


def available() -> bool:
    try:
        return importlib.util.find_spec("net.client") is not None
    except (ImportError, ValueError):
        return False


def _spawn(coro: Any) -> asyncio.Task[Any] | None:
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        coro.close()  # no loop any more (the app is closing): nothing to send it on
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
        self.info: Any = None  # the room's last RoomInfo
        self.spectators = 0
        self.seat_flags: list[dict[str, Any]] = [{} for _ in range(4)]
        self._closed = False
        self._sync_task: asyncio.Task[Any] | None = None
        self._counted: set[int] = set()
        self._asked = 0  # 托管 switches sent and not yet answered

    def set_seat(self, seat: int | None) -> None:
        self.seat = seat
        self.kind = "online" if seat is not None else "spectator"

    def on_frame(self, frame: Any) -> None:
        from net.protocol import RoomUpdate, Snapshot, TableEvent

        if self._closed:
            return
        if isinstance(frame, Snapshot) and frame.room == self.room:
            if frame.seat != self.seat:
                self.set_seat(frame.seat)
            self.view = frame.view
            self.clock = self.view.rules.turn_timer if self.view is not None else 0
            self._count()
            self.changed.emit()
        elif isinstance(frame, TableEvent) and frame.room == self.room:
            if frame.event is not None:
                self.eventsArrived.emit([frame.event])
            self._want_sync()
        elif isinstance(frame, RoomUpdate) and frame.room.room == self.room:
            info = self.info = frame.room
            self.names = [s.name if s is not None else "" for s in info.seats]
            self.seat_flags = [_flags(s) for s in info.seats]
            self.levels = list(info.levels)
            self.winners = tuple(info.winners) if info.winners is not None else None
            self.spectators = int(info.spectators)
            mine = self.seat_flags[self.seat] if self.seat is not None else {}
            self._server_trustee(bool(mine.get("trustee")))
            self.changed.emit()

    def _server_trustee(self, on: bool) -> None:
        """The server's 托管 flag for my seat. While my own switch is on its way, or the client
        is resuming, it is not news; otherwise a change I did not make is shown."""
        if self._asked or not self.client.connected or on == self.trustee:
            return
        self.trustee = on
        self.notice.emit(*TRUSTEE_NOTICES[on])

    def resumed(self) -> None:
        """After a reconnect: 托管 stays as the player left it (asked again if the server lost
        it)."""
        info = self.client.rooms.get(self.room)
        if self.seat is None or info is None or self._closed:
            return
        on = _flags(info.seats[self.seat]).get("trustee", False)
        if on != self.trustee:
            self.set_trustee(self.trustee)

    def _count(self) -> None:
        v = self.view
        if v is not None and v.outcome and v.hand_no not in self._counted:
            self._counted.add(v.hand_no)
            self.count_hand(f"online:{self.client.url}:{self.room}:{v.hand_no}")

    def _want_sync(self) -> None:
        if self._sync_task is None or self._sync_task.done():
            self._sync_task = _spawn(self._sync())

    async def _sync(self) -> None:
        await asyncio.sleep(0.02)  # coalesce a burst of events into one snapshot
        with contextlib.suppress(Exception):
            await self.client.sync(self.room)

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
        held = not self.client.connected  # the client sends it once it is back
        if held:
            self.notice.emit(*HELD_WHILE_AWAY)
        _spawn(self._act(action, held))
        return True

    async def _act(self, action: Action, held: bool) -> None:
        from net.client import ServerError

        try:
            await self.client.act(self.room, action)
        except ServerError as e:
            self.refused.emit(e.code, e.en, e.zh)
            return
        if held:  # the notice that it waits is no longer true
            self.notice.emit(*SENT_AFTER_AWAY)

    def set_trustee(self, on: bool) -> None:
        if self.seat is None or self._closed:
            return
        self.trustee = on
        self.changed.emit()
        self._asked += 1
        if _spawn(self._ask_trustee(on)) is None:
            self._asked -= 1

    async def _ask_trustee(self, on: bool) -> None:
        try:
            await _quiet(self.client.trustee(self.room, on))
        finally:
            self._asked -= 1

    def next_hand(self) -> None:
        """Ready for the next hand; the owner's client starts it once every seat is ready."""
        lobby = _LOBBIES.get(id(self.client))
        if lobby is not None:
            lobby.want_next = True
        _spawn(_quiet(self.client.ready(self.room, True)))

    def close(self) -> None:
        self._closed = True
        _spawn(_quiet(self.client.leave(self.room)))


def _flags(seat: SeatInfo | None) -> dict[str, Any]:
    if seat is None:
        return {}
    return {
        "user": seat.user,
        "bot": seat.bot or "",
        "ready": seat.ready,
        "away": seat.away,
        "trustee": seat.trustee,
    }


async def _quiet(coro: Any) -> Any:
    with contextlib.suppress(Exception):
        return await coro


TRUSTEE_NOTICES = {  # the server switched my 托管 (its turn clock ran out, or it gave it back)
    True: (
        "Auto-play is on: the computer plays your seat until you switch it off.",
        "托管已开启：电脑替你出牌，直到你关掉。",
    ),
    False: ("Auto-play is off: your seat waits for you.", "托管已关闭：轮到你时等你出牌。"),
}

HELD_WHILE_AWAY = (  # a move made while the connection is down
    "Not connected: your move is sent when the connection is back.",
    "连接已断开：连上后会发送你的这一步。",
)
SENT_AFTER_AWAY = (
    "Connected again: your move was played.",
    "已重新连接：你的这一步已打出。",
)

_LOBBIES: dict[int, Lobby] = {}  # client id -> its lobby (a session finds the waiting room)


class Lobby:
    """The connection behind the online screens (one per app)."""

    def __init__(self, vm: Any) -> None:
        self.vm = vm
        self.client: Any = None
        self.session: OnlineSession | None = None
        self.rooms: dict[str, RoomInfo] = {}
        self.want_next = False
        self.address = ""
        self._resumes = 0  # the client's reconnections seen
        # Bumped by every connect, close and join: an earlier one still waiting on the network
        # (a slow address, a refused join) finds itself overtaken and leaves the state alone.
        self._generation = 0
        self._watch = QTimer()
        self._watch.setInterval(500)
        self._watch.timeout.connect(self._check)

    @property
    def me(self) -> int | None:
        user = self.client.user if self.client is not None else None
        return user.user if user is not None else None

    def _on_frame(self, frame: Any) -> None:
        from net.protocol import ChatLine, LobbyUpdate, RoomUpdate

        if isinstance(frame, LobbyUpdate):
            for r in frame.rooms:
                self.rooms[r.room] = r
            for gone in frame.gone:
                self.rooms.pop(gone, None)
            self._show_rooms()
        if self.session is None:
            return
        self.session.on_frame(frame)
        if isinstance(frame, RoomUpdate) and frame.room.room == self.session.room:
            self._room_changed(frame.room)
        elif isinstance(frame, ChatLine) and frame.room == self.session.room:
            self.vm.add_chat(frame.name, frame.text, frame.user == self.me)

    def _room_changed(self, info: RoomInfo) -> None:
        session = self.session
        assert session is not None
        seat = next(
            (i for i, s in enumerate(info.seats) if s is not None and s.user == self.me),
            None,
        )
        if seat != session.seat:
            session.set_seat(seat)
            session.changed.emit()
        self.vm.set_room(info, self.me, seat)
        seats_ready = all(s is not None and s.ready for s in info.seats)
        if self.want_next and info.owner == self.me and info.status == "between" and seats_ready:
            self.want_next = False
            _spawn(_quiet(self.client.start(session.room)))
        elif info.status == "playing":
            self.want_next = False

    def _show_rooms(self) -> None:
        rows = []
        for r in self.rooms.values():
            rows.append(
                {
                    "id": r.room,
                    "name": r.owner_name,
                    "preset": r.rules.get("preset", "classic"),
                    "players": sum(1 for s in r.seats if s is not None),
                    "spectators": r.spectators,
                    "status": r.status,
                }
            )
        self.vm._rooms.set_rows(rows)

    def _check(self) -> None:
        c = self.client
        if c is None:
            return
        lost = not c.connected
        if c.resumes != self._resumes:
            self._resumes = c.resumes
            if self.session is not None:
                self.session.resumed()
        healed = not lost and self.vm.status == "connecting"
        closed = c.closed_with
        self.vm.set_state(
            "connecting" if lost else "connected",
            error="" if healed else None,  # back: the failure no longer applies
            banner=self.vm.reconnecting_text(closed is not None and closed[0] == 1001)
            if lost
            else "",
        )

    def _next(self) -> int:
        self._generation += 1
        return self._generation

    async def connect(self, address: str, name: str, pinned: str | None = None) -> None:
        from net.client import Client

        gen = self._next()
        old, self.client, self.session = self.client, None, None
        self.vm.clear_room()
        if old is not None:
            _LOBBIES.pop(id(old), None)
            await _quiet(old.close())
        url = address if "://" in address else f"ws://{address}"
        client = Client(url, name=name or "Player", on_frame=self._on_frame, pinned=pinned)
        self.client = client
        self._resumes = 0
        _LOBBIES[id(client)] = self
        self.address = address
        self.vm.set_state("connecting")
        try:
            await client.connect()
            data = await client.lobby(subscribe=True)
        except Exception as e:
            _LOBBIES.pop(id(client), None)
            if gen == self._generation:
                self.client = None
                self._failed(e, "disconnected")
            return
        if gen != self._generation:  # another server was chosen meanwhile
            _LOBBIES.pop(id(client), None)
            await _quiet(client.close())
            return
        self.rooms = {r.room: r for r in data.rooms}
        self._show_rooms()
        self.vm.set_state("connected", error="")
        self._watch.start()

    def _failed(self, e: BaseException, status: str) -> None:
        """A network failure, in the player's words on the online screens."""
        from net.client import ServerError

        if isinstance(e, ServerError):
            self.vm.set_state(status, error=sentence(self.vm.engine_text(e.en, e.zh)))
        else:
            self.vm.set_problem(status, failure_kind(e), self.address)

    async def close(self) -> None:
        """Disconnect (leaving any room); the screens show it."""
        self._next()
        self._watch.stop()
        client, self.client = self.client, None
        self.session = None
        self.vm.clear_room()
        if client is not None:
            _LOBBIES.pop(id(client), None)
            await _quiet(client.close())
        self.rooms = {}
        self._show_rooms()
        self.vm.set_state("disconnected", error="")

    async def create(self, preset: str) -> None:
        """A room from a preset; its creator sits at the first seat and waits for the others."""
        if self.client is None:
            return
        created = await self._ask(self.client.create(preset or "classic"))
        if created is not None:
            await self.join(created.room, watch=False, sit=True)

    async def join(
        self, room: str, watch: bool, sit: bool = False, invite: str | None = None
    ) -> None:
        """Into a room's waiting room (or its running table); ``watch``: as a spectator."""
        from net.client import ServerError

        c = self.client
        if c is None or not room:
            return
        gen = self._next()
        session = OnlineSession(c, room, None)
        self.session = session
        self.vm.clear_room()
        try:
            joined = await c.join(room, invite)
            seat = joined.seat
            if sit and seat is None:
                await c.sit(room, 0)
                seat = 0
            session.set_seat(seat)
            await c.sync(room)
        except (ServerError, ConnectionError, OSError) as e:
            if gen == self._generation:
                self._failed(e, "connected" if isinstance(e, ServerError) else "connecting")
                self.session = None
            return
        if gen != self._generation:  # another room, server or a disconnect came first
            return
        if c.rooms.get(room) is not None:
            self._room_changed(c.rooms[room])
        self.vm.open_session(session)

    async def _ask(self, coro: Awaitable[R]) -> R | None:
        """A request whose refusal is shown on the online screens (then None)."""
        from net.client import ServerError

        gen = self._generation
        try:
            out = await coro
        except (ServerError, ConnectionError, OSError) as e:
            if gen != self._generation:  # its connection or room is gone: nothing to say
                return None
            if isinstance(e, ServerError):
                self.vm.set_state("connected", error=sentence(self.vm.engine_text(e.en, e.zh)))
            else:
                self._failed(e, "connecting")
            return None
        if gen != self._generation:
            return None
        self.vm.set_state("connected", error="")
        return out

    # -- the waiting room ------------------------------------------------------------------
    def room_call(self, verb: str, *args: Any) -> None:
        c, session = self.client, self.session
        if c is None or session is None:
            return
        calls = {
            "sit": lambda: c.sit(session.room, *args),
            "stand": lambda: c.stand(session.room),
            "ready": lambda: c.ready(session.room, *args),
            "bot": lambda: c.add_bot(session.room, *args),
            "start": lambda: c.start(session.room),
            "chat": lambda: c.chat(session.room, *args),
        }
        _spawn(self._ask(calls[verb]()))

    # -- records ---------------------------------------------------------------------------
    async def games(self) -> None:
        if self.client is None:
            return
        found = await self._ask(self.client.games(limit=100))
        if found is not None:
            self.vm.set_games(found.games)

    async def open_game(self, game: int) -> None:
        if self.client is None:
            return
        found = await self._ask(self.client.record(game))
        if found is not None:
            self.vm.open_record(found.record)


def failure_kind(e: BaseException) -> str:
    """What went wrong with a connection, as one of OnlineViewModel's sentences."""
    import socket

    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    if isinstance(e, InvalidURI | ValueError):
        return "address"
    if isinstance(e, socket.gaierror):
        return "unknown-host"
    if isinstance(e, TimeoutError):
        return "timeout"
    if isinstance(e, InvalidHandshake):
        return "not-server"
    if isinstance(e, ConnectionClosed | ConnectionError) and not isinstance(
        e, ConnectionRefusedError
    ):
        return "lost"
    if isinstance(e, OSError):
        return "unreachable"
    return "failed"


def lobby_of(vm: Any) -> Lobby:
    lobby = getattr(vm, "_lobby", None)
    if lobby is None:
        lobby = vm._lobby = Lobby(vm)
    return lobby


def connect(vm: Any, address: str, name: str) -> None:
    if not available():
        vm.set_problem("disconnected", "not-installed", address)
        return
    if _spawn(lobby_of(vm).connect(address, name)) is None:
        vm.set_problem("disconnected", "failed", address)


def create_room(vm: Any, preset: str) -> None:
    if available():
        _spawn(lobby_of(vm).create(preset))


def join_room(vm: Any, room: str, watch: bool) -> None:
    if available():
        _spawn(lobby_of(vm).join(room, watch))


def refresh_games(vm: Any) -> None:
    if available():
        _spawn(lobby_of(vm).games())


def open_game(vm: Any, game: int) -> None:
    if available():
        _spawn(lobby_of(vm).open_game(game))
