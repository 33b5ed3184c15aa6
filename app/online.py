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
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, QTimer

from app import tokens
from app.session import Session
from engine.actions import Action

if TYPE_CHECKING:
    from app.viewmodels import OnlineViewModel
    from net.client import Client
    from net.protocol import ChatLine, Frame, RoomInfo, SeatInfo, TableEvent, TurnClock

log = logging.getLogger(__name__)
R = TypeVar("R")


def available() -> bool:
    try:
        return importlib.util.find_spec("net.client") is not None
    except (ImportError, ValueError):
        return False


def spawn_in(coro: Coroutine[Any, Any, Any], tasks: set[asyncio.Task[Any]]) -> bool:
    """Run ``coro`` on the app's loop, kept in ``tasks`` (its owner cancels what is left when
    it closes). False when there is no loop any more (the app is closing): nothing runs."""
    try:
        task = asyncio.get_running_loop().create_task(coro)
    except RuntimeError:
        coro.close()
        return False
    tasks.add(task)
    task.add_done_callback(tasks.discard)
    return True


class OnlineSession(Session):
    kind = "online"

    def __init__(
        self,
        client: Client,
        room: str,
        seat: int | None,
        lobby: Lobby | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.kind = "online" if seat is not None else "spectator"
        self.client = client
        self.lobby = lobby  # the connection's lobby: the waiting room between hands
        self.room = room
        self.seat = seat
        self.info: RoomInfo | None = None  # the room's last RoomInfo
        self._closed = False
        self._syncing = False  # a snapshot asked for and not yet answered
        self._v = -1  # the version ``view`` is at
        self._counted: set[int] = set()
        self._asked = 0  # 托管 switches sent and not yet answered

    def set_seat(self, seat: int | None) -> None:
        self.seat = seat
        self.kind = "online" if seat is not None else "spectator"

    def on_frame(self, frame: Frame) -> None:
        from net.protocol import RoomUpdate, Snapshot, TableEvent, TurnClock

        if self._closed:
            return
        if isinstance(frame, Snapshot) and frame.room == self.room:
            if frame.seat != self.seat:
                self.set_seat(frame.seat)
            self.view, self._v = frame.view, frame.v
            self._count()
            self.changed.emit()
        elif isinstance(frame, TableEvent) and frame.room == self.room:
            self._fold(frame)
        elif isinstance(frame, TurnClock) and frame.room == self.room:
            self._clocks(frame)
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

    def _fold(self, frame: TableEvent) -> None:
        """Move the view on by one event (``engine.fold``), as the offline table does after
        each action; a snapshot only when the event cannot be followed: one this seat may not
        see, a version that does not follow (a gap), or no view to start from."""
        from engine.events import HandStart
        from engine.fold import fold, fresh

        if frame.v <= self._v:
            return  # already in the view (a snapshot overtook it)
        acts = tuple(frame.actions)
        bids = tuple(tuple(b) for b in frame.bids)
        new = None
        if frame.v == self._v + 1 and self.view is not None:
            new = fold(self.view, frame.event, acts, bids)
        elif isinstance(frame.event, HandStart) and frame.event.levels and self.info is not None:
            new = fresh(self.info.rules, self.seat, frame.event)
        if new is None:
            self._want_sync()
            return
        self.view, self._v = new, frame.v
        if frame.event is not None:
            self.eventsArrived.emit([frame.event])
        self._count()
        self.changed.emit()

    def _clocks(self, frame: TurnClock) -> None:
        """The server's turn clocks, on this machine's clock; one that ran out is said."""
        now = time.monotonic()
        self.deadlines = {c.seat: now + c.left for c in frame.clocks}
        self.clock = max((c.length for c in frame.clocks), default=self.clock)
        if frame.expired is not None and frame.expired == self.seat:
            self.trustee = True  # the server's 托管 is on: what the room update says is not news
            self.notice.emit(TIMED_OUT_ME, [], -1)
        elif frame.expired is not None:
            name = self.names[frame.expired] if frame.expired < len(self.names) else ""
            self.seat_flags[frame.expired]["trustee"] = True  # as the room update will say
            self.notice.emit(TIMED_OUT, [name], frame.expired)
        self.changed.emit()

    def _server_trustee(self, on: bool) -> None:
        """The server's 托管 flag for my seat. While my own switch is on its way, or the client
        is resuming, it is not news; otherwise a change I did not make is shown."""
        if self._asked or not self.client.connected or on == self.trustee:
            return
        self.trustee = on
        self.notice.emit(TRUSTEE_NOTICES[on], [], -1)

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
        if not self._syncing:
            self._syncing = self._spawn(self._sync())

    async def _sync(self) -> None:
        try:
            with contextlib.suppress(Exception):
                await self.client.sync(self.room)
        finally:
            self._syncing = False

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
            self.notice.emit(HELD_WHILE_AWAY, [], -1)
        self._spawn(self._act(action, held))
        return True

    async def _act(self, action: Action, held: bool) -> None:
        from net.client import ServerError

        try:
            await self.client.act(self.room, action)
        except ServerError as e:
            self.refused.emit(e.code, e.en, e.zh)
            return
        if held:  # the notice that it waits is no longer true
            self.notice.emit(SENT_AFTER_AWAY, [], -1)

    def set_trustee(self, on: bool) -> None:
        if self.seat is None or self._closed:
            return
        self.trustee = on
        self.changed.emit()
        self._asked += 1
        if not self._spawn(self._ask_trustee(on)):
            self._asked -= 1

    async def _ask_trustee(self, on: bool) -> None:
        try:
            await _quiet(self.client.trustee(self.room, on))
        finally:
            self._asked -= 1

    def next_hand(self) -> None:
        """Ready for the next hand; the server starts it once every seat is ready."""
        self._spawn(_quietly(lambda: self.client.ready(self.room, True)))

    def close(self) -> None:
        """Leave the room (on the connection's own tasks: it outlives the session)."""
        self._closed = True
        if self.lobby is not None:
            self.lobby.spawn(_quietly(lambda: self.client.leave(self.room)))
        super().close()


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


async def _quietly(call: Callable[[], Awaitable[Any]]) -> None:
    """A request whose answer and failure do not matter, made only once the task runs (a task
    cancelled before it starts leaves no request unawaited)."""
    with contextlib.suppress(Exception):
        await call()


# The notices (Session.notice): sentences of the "Notices" catalogue, worded at the table.
TRUSTEE_NOTICES = {  # the server switched my 托管 (its turn clock ran out, or it gave it back)
    True: str(
        QT_TRANSLATE_NOOP(
            "Notices", "Auto-play is on: the computer plays your seat until you switch it off."
        )
    ),
    False: str(QT_TRANSLATE_NOOP("Notices", "Auto-play is off: your seat waits for you.")),
}
TIMED_OUT_ME = str(  # my own turn clock ran out
    QT_TRANSLATE_NOOP(
        "Notices",
        "Your time ran out: the computer plays your seat (auto-play) until you switch it off.",
    )
)
TIMED_OUT = str(  # another seat's turn clock ran out; %1: its player
    QT_TRANSLATE_NOOP("Notices", "%1 ran out of time: the computer plays for them (auto-play).")
)
HELD_WHILE_AWAY = str(  # a move made while the connection is down
    QT_TRANSLATE_NOOP("Notices", "Not connected: your move is sent when the connection is back.")
)
SENT_AFTER_AWAY = str(QT_TRANSLATE_NOOP("Notices", "Connected again: your move was played."))


class Lobby:
    """The connection behind the online screens (one per app)."""

    def __init__(self, vm: OnlineViewModel) -> None:
        self.vm = vm
        self.client: Client | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.session: OnlineSession | None = None
        self.rooms: dict[str, RoomInfo] = {}
        self.friend_ids: set[int] = set()  # the player's friends: their rooms come first
        self.address = ""
        self._game_seats: dict[int, int | None] = {}  # the player's finished games: their seat
        self._resumes = 0  # the client's reconnections seen
        self._lost = False  # the connection was down at the last check
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

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> bool:
        """Run ``coro`` for this connection (held here until it ends)."""
        return spawn_in(coro, self._tasks)

    def _on_frame(self, frame: Frame) -> None:
        from net.protocol import ChatLine, LobbyUpdate, RematchEnd, RoomUpdate, SocialNotice

        if isinstance(frame, SocialNotice):  # for the friends panel
            self.vm.friends_panel().notice(frame)
            if frame.kind == "invitation" and frame.who is not None:
                self.vm.on_invitation(frame.who.name)  # told, if the window is elsewhere
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
        elif isinstance(frame, RematchEnd) and frame.room == self.session.room:
            self.vm.rematch.ended(frame.outcome, frame.name)
        elif isinstance(frame, ChatLine) and frame.room == self.session.room:
            mine = frame.user == self.me
            self.vm.add_chat(frame.name, chat_text(self.vm, frame), mine, frame.user)

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
        self.vm.rematch.set_room(info, seat)

    def show_friends(self, friends: set[int]) -> None:
        """The friends panel read the player's friends: their rooms are marked and first."""
        if friends != self.friend_ids:
            self.friend_ids = friends
            self._show_rooms()

    def _show_rooms(self) -> None:
        from net.social import friends_first, people_in

        rooms = friends_first(list(self.rooms.values()), people_in, self.friend_ids)
        self.vm.set_rooms([self._row(r) for r in rooms])

    def _row(self, r: RoomInfo) -> dict[str, Any]:
        from net.social import people_in

        return {
            "id": r.room,
            "name": r.owner_name,
            "preset": r.rules.preset,
            "players": sum(1 for s in r.seats if s is not None),
            "spectators": r.spectators,
            "status": r.status,
            "friend": bool(people_in(r) & self.friend_ids),
            "rules": r.rules.to_dict(),
            "delay": r.spectator_delay,
        }

    async def private_rooms(self) -> None:
        """The private rooms the player may enter: theirs, where they sit, invited to."""
        from net.protocol import Lobby, LobbyPage

        c = self.client
        if c is None:
            return
        found = await self._ask(c.ask(Lobby(c.next_id(), False, private=True), LobbyPage))
        if found is not None:
            self.vm.set_private_rooms([self._row(r) for r in found.rooms])

    def _check(self) -> None:
        c = self.client
        if c is None:
            return
        if c.signed_out is not None:
            self._signed_out(c, c.signed_out)
            return
        lost = not c.connected
        if c.resumes != self._resumes:
            self._resumes = c.resumes
            if self.session is not None:
                self.session.resumed()
            self.vm.friends_panel().resumed()
        healed, self._lost = not lost and self._lost, lost
        session = self.session
        if lost and session is not None and session.deadlines:
            session.deadlines = {}  # no clock runs for us while we are away: the server resends
            session.changed.emit()
        closed = c.closed_with
        shut_down = closed is not None and closed[0] == 1001
        self.vm.set_state(
            "connecting" if lost else "connected",
            error=("", "") if healed else None,  # back: the failure no longer applies
            banner=("shut-down" if shut_down else "lost") if lost else "",
        )

    def _signed_out(self, client: Client, e: Exception) -> None:
        """The account's session ended while the connection was down (signed out elsewhere,
        a recovery code used): disconnected, saying why; a guest at the next connect."""
        tokens.forget(self.address)
        self._next()
        self._watch.stop()
        self.client, self.session = None, None
        self.vm.clear_room()
        self.rooms = {}
        self._show_rooms()
        self.vm.set_server("")
        self._failed(e, "disconnected")
        self.spawn(_quiet(client.close()))

    def _next(self) -> int:
        self._generation += 1
        return self._generation

    async def connect(self, address: str, name: str, pinned: str | None = None) -> None:
        from net.client import Client

        gen = self._next()
        old, self.client, self.session = self.client, None, None
        self.vm.clear_room()
        if old is not None:
            await _quiet(old.close())
        url = address if "://" in address else f"ws://{address}"
        kept = tokens.load(address)  # an account signed in there (app/account.py)
        client = Client(
            url,
            name=name or "Player",
            on_frame=self._on_frame,
            pinned=pinned,
            refresh=kept[1] if kept is not None else None,
            on_refresh=lambda refresh: tokens.renewed(address, refresh),
        )
        self.client = client
        self._resumes = 0
        self.address = address
        self.vm.set_server(address)
        self.vm.set_state("connecting")
        try:
            await client.connect()
            data = await client.lobby(subscribe=True)
        except Exception as e:
            if getattr(e, "code", None) in ("bad-refresh", "refresh-reused"):
                tokens.forget(address)  # that sign-in has ended: a guest until signed in again
            if gen == self._generation:
                self.client = None
                self.vm.set_server("")
                self._failed(e, "disconnected")
            return
        if gen != self._generation:  # another server was chosen meanwhile
            await _quiet(client.close())
            return
        self.rooms = {r.room: r for r in data.rooms}
        self.friend_ids = set(data.friends)
        self._show_rooms()
        self.vm.set_state("connected", error=("", ""))
        self._watch.start()

    def _failed(self, e: BaseException, status: str) -> None:
        """A network failure, in the player's words on the online screens."""
        from net.client import ServerError

        if isinstance(e, ServerError):
            self.vm.set_state(status, error=(e.en, e.zh))
        else:
            self.vm.set_problem(status, failure_kind(e), self.address)

    async def close(self) -> None:
        """Disconnect (leaving any room); the screens show it."""
        self._next()
        self._watch.stop()
        client, self.client = self.client, None
        self.session = None
        self.vm.clear_room()
        # What is still under way for the old connection ends by itself: each finds itself
        # overtaken (``_generation``) and leaves the state alone. Cancelled mid-handshake, a
        # socket would be closed under the loop's notifier (Qt warns "Invalid socket").
        if client is not None:
            await _quiet(client.close())
        self.rooms = {}
        self._show_rooms()
        self.vm.set_server("")
        self.vm.set_state("disconnected", error=("", ""))

    async def create(self, preset: str, delay: int = 0) -> None:
        """A room from a preset; its creator sits at the first seat and waits for the others.
        ``delay``: the moves its spectators see the table late by (0: none)."""
        from net.protocol import Create, CreateReply

        c = self.client
        if c is None:
            return
        made = Create(c.next_id(), preset or "classic", spectator_delay=delay)
        created = await self._ask(c.ask(made, CreateReply))
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
        session = OnlineSession(c, room, None, lobby=self)
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
                self.vm.set_state("connected", error=(e.en, e.zh))
            else:
                self._failed(e, "connecting")
            return None
        if gen != self._generation:
            return None
        self.vm.set_state("connected", error=("", ""))
        return out

    # -- the waiting room ------------------------------------------------------------------
    def room_call(self, verb: str, *args: Any) -> None:
        from net.protocol import Chat, Mute, Report

        c, session = self.client, self.session
        if c is None or session is None:
            return
        calls: dict[str, Callable[[], Awaitable[Any]]] = {
            "sit": lambda: c.sit(session.room, *args),
            "stand": lambda: c.stand(session.room),
            "ready": lambda: c.ready(session.room, *args),
            "bot": lambda: c.add_bot(session.room, *args),
            "start": lambda: c.start(session.room),
            "chat": lambda: c.chat(session.room, *args),
            "phrase": lambda: c.request(Chat(c.next_id(), session.room, phrase=args[0])),
            "mute": lambda: self._muted(c.request(Mute(c.next_id(), session.room, *args)), *args),
            "report": lambda: c.request(Report(c.next_id(), args[0], args[1], "", session.room)),
            "rematch": lambda: c.rematch(session.room, *args),
        }
        self.spawn(self._ask(calls[verb]()))

    async def _muted(self, request: Awaitable[Any], user: int) -> None:
        await request  # a refusal raises: shown by ``_ask``
        self.vm.hide_chat_of(user)

    # -- records ---------------------------------------------------------------------------
    async def games(self) -> None:
        if self.client is None:
            return
        found = await self._ask(self.client.games(limit=100))
        if found is not None:
            self._game_seats = {g.game: g.seat for g in found.games}
            self.vm.set_games(found.games)

    async def open_game(self, game: int) -> None:
        if self.client is None:
            return
        found = await self._ask(self.client.record(game))
        if found is not None:  # replayed from the seat the player had, as the table showed it
            self.vm.open_record({**found.record, "seat": self._game_seats.get(game)})


def chat_text(vm: OnlineViewModel, line: ChatLine) -> str:
    """A chat line's text; a quick phrase in the player's language."""
    from engine.messages import PHRASES

    phrase = PHRASES.get(line.phrase or "")
    return vm.engine_text(*phrase) if phrase is not None else line.text


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


def lobby_of(vm: OnlineViewModel) -> Lobby:
    return vm.lobby


def signed_in_client(vm: OnlineViewModel) -> Client | None:
    """The lobby's client once the server has greeted it (None: offline, or not yet)."""
    if not vm.has_lobby:
        return None
    c = vm.lobby.client
    return c if c is not None and c.user is not None else None


def connect(vm: OnlineViewModel, address: str, name: str) -> None:
    if not available():
        vm.set_problem("disconnected", "not-installed", address)
        return
    if not vm.lobby.spawn(vm.lobby.connect(address, name)):
        vm.set_problem("disconnected", "failed", address)


def create_room(vm: OnlineViewModel, preset: str, delay: int = 0) -> None:
    if available():
        vm.lobby.spawn(vm.lobby.create(preset, delay))


def join_room(vm: OnlineViewModel, room: str, watch: bool) -> None:
    if available():
        vm.lobby.spawn(vm.lobby.join(room, watch))


def refresh_private(vm: OnlineViewModel) -> None:
    if available():
        vm.lobby.spawn(vm.lobby.private_rooms())


def refresh_games(vm: OnlineViewModel) -> None:
    if available():
        vm.lobby.spawn(vm.lobby.games())


def open_game(vm: OnlineViewModel, game: int) -> None:
    if available():
        vm.lobby.spawn(vm.lobby.open_game(game))
