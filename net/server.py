"""The game server: websockets connections, identities, the lobby, and requests to tables.

The socket layer only decodes requests, checks who may ask what, and hands game actions to
``net.tables.Table`` (the engine decides). Every request is answered by ``ok`` or ``error``
with its id; a repeated id gets the first answer again and is never applied twice. Abuse
(oversized frames, a spent message budget) is closed with 1008; nothing a client sends can
stop the server.

    tuolaji-server --host 127.0.0.1 --port 8765 --db PATH   (options: net/config.py)
    tuolaji-server backup DEST                             (a copy of the live SQLite file)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import random
import secrets
import signal
import socket
import sys
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from engine import codec
from engine.actions import checked
from engine.errors import RulesError
from engine.rules import rules_from
from net import auth, collector, config, logs, tls
from net.backup import backup
from net.http import Front, peer
from net.metrics import Stats, TimedStore, registry
from net.players import LEVELS, Thinker
from net.protocol import (
    MAX_CHAT,
    MAX_FRAME,
    PROTOCOL,
    Act,
    AddBot,
    Chat,
    ChatLine,
    Create,
    CreateReply,
    Games,
    GamesReply,
    GameSummary,
    HeldSeat,
    Hello,
    HelloReply,
    Join,
    JoinReply,
    Leave,
    LeaveReply,
    Lobby,
    LobbyPage,
    LobbyUpdate,
    Ok,
    Ping,
    PingReply,
    Ready,
    Record,
    RecordReply,
    Request,
    SeatReply,
    Sit,
    Stand,
    Start,
    Sync,
    Titles,
    Trustee,
    VersionReply,
    decode_request,
    encode,
    error,
    join_batch,
    request_id,
)
from net.proxy import networks
from net.storage import ENGINE, Storage, StoreUnavailable, open_store
from net.tables import Seat, Settings, Table, table_from_row

if TYPE_CHECKING:
    from net.cluster.serving import Cluster

log = logging.getLogger("tuolaji.server")

LIBRARY_MAX = 1024 * 1024  # websockets' own ceiling (1009); our 64 KiB limit closes with 1008
WRITE_MAX = 4 * 1024 * 1024  # bytes waiting for one slow client before it is dropped (1008)
BATCH_MAX = 64  # frames in one message to a client that reads batches
REPLIES_KEPT = 512  # request ids remembered per user
# requests for one table: in a cluster they run on the node that owns it
TABLE_REQUESTS = (Join, Sync, Sit, Stand, Ready, Start, AddBot, Act, Trustee, Chat, Leave)


class Conn:
    """One websocket: its identity, its outgoing frames, its message budget."""

    sent = 0  # frames queued to all connections (the load bench's frames/s)

    def __init__(
        self,
        ws: ServerConnection,
        rate: float,
        burst: float,
        write_max: int = WRITE_MAX,
        stats: Stats | None = None,
    ) -> None:
        self.ws = ws
        self.stats = stats or Stats()
        self.write_max = write_max
        self.user: int | None = None
        self.name = ""
        self.tables: dict[str, Table] = {}
        self.lobby = False
        self.pending: deque[bytes] = deque()
        self.backlog = 0  # bytes in ``pending``
        self.dropping = False  # closing a client that could not keep up
        self.batch = False  # it reads a JSON array of frames as those frames (Hello.batch)
        self.loop = asyncio.get_running_loop()
        self.flush_due = False  # a flush of ``pending`` is scheduled (``loop.call_soon``)
        self.writer: asyncio.Task[None] | None = None  # while the client's socket is full
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def push(self, frame: bytes) -> None:
        """Queue a frame for the writer. A client that lets more than ``write_max`` bytes pile
        up is dropped."""
        if self.dropping:
            return
        self.pending.append(frame)
        self.backlog += len(frame)
        Conn.sent += 1
        if self.backlog > self.write_max:
            self.drop()
        elif not self.flush_due and self.writer is None:
            self.flush_due = True
            self.loop.call_soon(self.flush)

    def next_message(self) -> bytes:
        """The next message from ``pending``: one frame, or to a client that reads batches
        (``Hello.batch``) everything queued as one message (one write, one system call; a
        table's action queues two or three frames per watcher, a deal step four)."""
        frame = self.pending.popleft()
        self.backlog -= len(frame)
        self.stats.frames += 1
        if not (self.batch and self.pending):
            return frame
        frames = [frame]
        while self.pending and len(frames) < BATCH_MAX:
            frames.append(self.pending.popleft())
            self.backlog -= len(frames[-1])
        self.stats.frames += len(frames) - 1
        return join_batch(frames)

    def flush(self) -> None:
        """Write what is queued, at once, while the client's socket takes it: the frames
        pushed in one turn of the event loop go out together at its end, straight through
        websockets' protocol to the transport. That costs a fraction of a writer task woken
        per connection and websockets' ``send`` per message, which was most of the server's
        CPU while 500 tables dealt at once. Once the socket's buffer is over its high-water
        mark (a client that does not read), ``write`` takes over and waits on it."""
        self.flush_due = False
        ws = self.ws
        if self.writer is not None or self.dropping or ws.state is not State.OPEN:
            return
        transport = ws.transport
        high = transport.get_write_buffer_limits()[1]
        try:
            while self.pending:
                if transport.get_write_buffer_size() > high:
                    self.writer = self.loop.create_task(self.write())
                    return
                ws.protocol.send_text(self.next_message())  # UTF-8 JSON, as a text frame
                for data in ws.protocol.data_to_send():
                    transport.write(data)
        except Exception as e:  # the connection went while we wrote: its handler cleans up
            log.debug("write to a closing connection: %s", e)
            transport.abort()

    async def write(self) -> None:
        """The queued frames through websockets' ``send``, which waits while the socket's
        buffer is over the server's ``write_limit``: the frames of a client that does not
        read pile up here (``push`` drops it past ``write_max``). Ends once all went."""
        ws = self.ws
        with contextlib.suppress(ConnectionClosed):
            while self.pending and not self.dropping and ws.state is State.OPEN:
                await ws.send(self.next_message(), text=True)
        self.writer = None
        if self.pending and not self.dropping:  # pushed while the last send drained
            self.flush_due = True
            self.loop.call_soon(self.flush)

    def drop(self) -> None:
        """Give up on a client that does not read: it leaves its tables and the lobby at
        once (nothing more is queued for it) and is closed with 1008; the close handshake
        times out (websockets' close_timeout) if it never reads again."""
        self.dropping = True
        self.pending.clear()
        self.backlog = 0
        self.forget()
        self.loop.create_task(self.ws.close(1008, "too slow"))

    def forget(self) -> None:
        """Stop watching every table (a seat held there is away, as after a drop) and leave
        the lobby's subscribers."""
        self.lobby = False
        tables, self.tables = list(self.tables.values()), {}
        for table in tables:
            table.detach(self)

    def spend(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= 1
        return self.tokens >= 0


class Server:
    def __init__(
        self,
        store: Storage,
        settings: Settings | None = None,
        rate: float = 20.0,
        burst: float = 60.0,
        write_max: int = WRITE_MAX,
        rooms_per_user: int = config.ROOMS_PER_USER,
        thinker: Thinker | None = None,
    ) -> None:
        self.store = store
        self.rooms_per_user = rooms_per_user
        self.thinker = thinker
        self.settings = settings or Settings()
        seed = self.settings.seed
        self._seeds = random.Random(seed) if seed is not None else None  # tests: --seed
        self.rate = rate
        self.burst = burst
        self.write_max = write_max
        self.stats = Stats()
        self.cluster: Cluster | None = None  # one node of several (net.cluster.serving)
        # the client's real address (behind a trusted proxy: its X-Forwarded-For)
        self.address_of: Callable[[ServerConnection], str] = peer
        self.tables: dict[str, Table] = {}
        self.parked: dict[str, str] = {}  # room -> why its log did not replay at the start
        # user -> the rooms where they sit (insertion-ordered), so hello need not scan tables
        self.seated: dict[int, dict[str, None]] = {}
        self._indexed: dict[str, set[int]] = {}  # room -> the users ``seated`` has for it
        self.conns: set[Conn] = set()
        self.replies: dict[int, OrderedDict[int, asyncio.Future[bytes]]] = {}
        self._lobby_dirty = asyncio.Event()
        self._lobby_changed: set[str] = set()  # public rooms to push to lobby subscribers
        self._lobby_gone: set[str] = set()  # public rooms closed since the last push
        # --stats: (wall time, seconds) of every act from its frame's arrival to its answer
        # (its events are queued before it), and of the event loop's lag
        self.act_times: list[tuple[float, float]] | None = None
        self.lags: list[tuple[float, float]] = []
        self.gc_pauses: list[tuple[float, float, int]] = []  # (wall time, seconds, generation)
        self.frames_sent: list[tuple[float, int]] = []  # (wall time, Conn.sent) with each lag
        self._handlers: dict[type, Any] = {
            Lobby: self.on_lobby,
            Create: self.on_create,
            Join: self.on_join,
            Sync: self.on_sync,
            Sit: self.on_sit,
            Stand: self.on_stand,
            Ready: self.on_ready,
            Start: self.on_start,
            AddBot: self.on_bot,
            Act: self.on_act,
            Trustee: self.on_trustee,
            Chat: self.on_chat,
            Leave: self.on_leave,
            Games: self.on_games,
            Record: self.on_record,
            Ping: self.on_ping,
        }

    # -- start-up: every live table as it was ------------------------------------------------
    def restore(self) -> None:
        """Every open table as it was. Each is restored on its own: one whose row or log no
        longer replays (a corrupt row, a rule that changed) is parked with its reason and
        reported, and the others serve."""
        store = self.store
        for rid in store.live_rooms():
            try:
                row = store.room(rid)
                names = store.user_names([row["owner"]])
                table = table_from_row(row, store, self.settings, names, self.thinker)
            except Exception as e:
                self.parked[rid] = f"{type(e).__name__}: {e}"
                store.park(rid, self.parked[rid])
                log.error("table %s does not replay; parked: %s", rid, self.parked[rid])
                continue
            if row["engine"] != ENGINE:
                log.info("table %s: written by %s, replayed by %s", rid, row["engine"], ENGINE)
            if row["parked"] is not None:
                store.park(rid, None)  # it replays again (a fixed build)
            self.install(table, row)
        log.info("restored %d tables, parked %d", len(self.tables), len(self.parked))

    def install(self, table: Table, row: dict[str, Any]) -> None:
        """Serve a table restored from its row: its log's request ids are answered again."""
        table.on_change = self._table_changed
        table.on_seats = self._index
        self.tables[table.id] = table
        self._index(table)
        for _a, user, req, v in row["actions"]:
            if user is not None and req is not None:
                self._remember(user, req, encode(Ok(req, VersionReply(v))))

    def resume_tables(self) -> None:
        for t in self.tables.values():
            t.poke()

    # -- connections -----------------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        logs.new_connection_id()
        conn = Conn(ws, self.rate, self.burst, self.write_max, self.stats)
        self.conns.add(conn)
        address = self.address_of(ws)
        log.info("connection from %s", address, extra={"address": address})
        try:
            async for msg in ws:
                if conn.dropping:
                    break
                if not conn.spend():
                    await ws.close(1008, "message budget spent")
                    break
                if isinstance(msg, bytes):
                    conn.push(encode(error(None, RulesError("malformed", why="binary frame"))))
                    continue
                if len(msg) > MAX_FRAME // 4 and len(msg.encode()) > MAX_FRAME:
                    await ws.close(1008, "frame too large")
                    break
                await self.dispatch(conn, msg)
        except ConnectionClosed:
            pass
        except Exception:
            log.exception("connection from %s failed", address, extra={"address": address})
            with contextlib.suppress(Exception):
                await ws.close(1011, "internal error")
        finally:
            if conn.writer is not None:
                conn.writer.cancel()
            self.conns.discard(conn)
            for table in list(conn.tables.values()):
                table.detach(conn)
            if self.cluster is not None:
                self.cluster.gone(conn)

    async def dispatch(self, conn: Conn, msg: str, local: bool = False) -> None:
        """Answer one request. In a cluster, a table's request goes to the node that owns the
        table (unless ``local``: it was forwarded here)."""
        t0 = time.perf_counter()
        try:
            req = decode_request(msg)
        except RulesError as e:
            conn.push(encode(error(request_id(msg), e)))
            return
        if isinstance(req, Hello):
            conn.push(await self._answer(self.on_hello, conn, req))
            return
        if conn.user is None:
            conn.push(encode(error(req.id, RulesError("not-logged-in"))))
            return
        logs.request_id.set(f"{logs.connection_id.get()}-{req.id}")
        cluster = self.cluster
        if cluster is not None and not local and isinstance(req, TABLE_REQUESTS):
            if cluster.is_remote(req.room):
                await cluster.forward(conn, msg, req)
                return
            await cluster.arrived(conn, req.room)
        replies = self.replies.setdefault(conn.user, OrderedDict())
        fut = replies.get(req.id)
        if fut is not None:  # a repeated id: the first answer again, never a second apply
            conn.push(await asyncio.shield(fut))
            return
        fut = asyncio.get_running_loop().create_future()
        replies[req.id] = fut
        while len(replies) > REPLIES_KEPT:
            replies.popitem(last=False)
        frame, code = await self._answer_code(self._handlers[type(req)], conn, req)
        fut.set_result(frame)
        if code == "unavailable":  # nothing was done: a resend of this id must try again
            replies.pop(req.id, None)
        conn.push(frame)
        if isinstance(req, Act):
            self.stats.act(time.perf_counter() - t0)
            if self.act_times is not None:
                self.act_times.append((time.time(), time.perf_counter() - t0))

    def gc_probe(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            pause = time.perf_counter() - self._gc_start
            if pause >= 0.002:  # (most passes are far shorter)
                self.gc_pauses.append((time.time(), pause, info["generation"]))

    async def lag_probe(self, every: float = 0.05) -> None:
        """How late the event loop wakes up: the wait every request had before its turn."""
        while True:
            t = time.perf_counter()
            await asyncio.sleep(every)
            now = time.time()
            self.lags.append((now, time.perf_counter() - t - every))
            self.frames_sent.append((now, Conn.sent))

    async def quiet(self, conn: Conn, msg: str) -> None:
        """Run a request the server makes for a client (following its table to another node):
        the frames it pushes reach the client, its answer does not."""
        req = decode_request(msg)
        await self._answer(self._handlers[type(req)], conn, req)

    async def _answer(self, handler: Any, conn: Conn, req: Request) -> bytes:
        return (await self._answer_code(handler, conn, req))[0]

    async def _answer_code(
        self, handler: Any, conn: Conn, req: Request
    ) -> tuple[bytes, str | None]:
        """The answer's frame, and its error code (None: ok)."""
        try:
            return encode(Ok(req.id, await handler(conn, req))), None
        except RulesError as e:
            err = e
            log.info("refused %s: %s", type(req).__name__.lower(), e.code, extra={"code": e.code})
        except StoreUnavailable as e:  # the database is away: nothing was written
            log.warning("request %r: %s", req, e)
            err = RulesError("unavailable")
        except Exception:
            log.exception("request %r failed", req)
            err = RulesError("internal")
        self.stats.errors[err.code] += 1
        return encode(error(req.id, err)), err.code

    def _remember(self, user: int, req: int, frame: bytes) -> None:
        fut = asyncio.get_running_loop().create_future()
        fut.set_result(frame)
        replies = self.replies.setdefault(user, OrderedDict())
        replies[req] = fut
        while len(replies) > REPLIES_KEPT:
            replies.popitem(last=False)

    # -- identity ----------------------------------------------------------------------------
    async def on_hello(self, conn: Conn, req: Hello) -> HelloReply:
        if PROTOCOL not in req.protocols:
            raise RulesError("unsupported-protocol", got=req.protocols, ours=[PROTOCOL])
        token = None
        if req.token is not None:
            found = await self.store.call(self.store.user_by_token, auth.token_hash(req.token))
            if found is None:
                raise RulesError("bad-token")
            user, name, rating = found
        else:
            problem = auth.name_problem(req.name)
            if problem is not None:
                raise RulesError(problem)
            assert req.name is not None
            token = auth.new_token()
            name, rating = req.name, 0
            user = await self.store.call(self.store.create_user, name, auth.token_hash(token))
        if conn.user is not None and conn.user != user:
            conn.forget()  # another identity: nothing of the last one's stays here
        conn.user, conn.name, conn.batch = user, name, req.batch
        if self.cluster is not None:  # the tables of every node, as the database has them
            held = await self.store.call(self.store.held_seats, user)
            seats = [HeldSeat(room, seat) for room, seat in held]
        else:
            seats = [
                HeldSeat(room, seat)
                for room in self.seated.get(user, ())
                if (t := self.tables.get(room)) is not None
                and (seat := t.seat_of(user)) is not None
            ]
        titles = Titles(auth.title(rating, auth.LIANZHONG), auth.title(rating, auth.CHAOSHAN))
        return HelloReply(PROTOCOL, user, name, rating, titles, seats, token)

    def _index(self, table: Table) -> None:
        """Bring ``seated`` up to date with who sits at ``table`` now."""
        now = table.seated_users()
        before = self._indexed.pop(table.id, set())
        for user in before - now:
            rooms = self.seated.get(user)
            if rooms is not None:
                rooms.pop(table.id, None)
                if not rooms:
                    del self.seated[user]
        for user in now - before:
            self.seated.setdefault(user, {})[table.id] = None
        if now:
            self._indexed[table.id] = now

    # -- lobby -----------------------------------------------------------------------------
    async def on_lobby(self, conn: Conn, req: Lobby) -> LobbyPage:
        conn.lobby = req.subscribe
        if self.cluster is not None:  # every node's public rooms
            listed = await self.cluster.lobby()
            return LobbyPage(listed[req.offset : req.offset + req.limit], req.offset, len(listed))
        rooms = [t for t in self.tables.values() if not t.private and not t.closed]
        page = rooms[req.offset : req.offset + req.limit]
        return LobbyPage([t.info() for t in page], req.offset, len(rooms))

    def _table_changed(self, table: Table) -> None:
        if not table.private:
            self._lobby_changed.add(table.id)
            self._lobby_dirty.set()

    async def lobby_pusher(self, every: float = 0.5) -> None:
        """Coalesce lobby changes: at most one push per ``every`` seconds, carrying only the
        rooms that changed and the ids of those that closed."""
        while True:
            await self._lobby_dirty.wait()
            self._lobby_dirty.clear()
            changed, self._lobby_changed = self._lobby_changed, set()
            gone, self._lobby_gone = self._lobby_gone, set()
            if self.cluster is not None:  # listed in Redis; every node pushes from there
                try:
                    await self.cluster.publish_lobby(changed, gone)
                except Exception as e:
                    log.warning("lobby: could not list this node's rooms: %s", e)
                await asyncio.sleep(every)
                continue
            subs = [c for c in self.conns if c.lobby]
            if subs:
                rooms = [
                    t.info()
                    for rid in sorted(changed - gone)
                    if (t := self.tables.get(rid)) is not None and not t.closed
                ]
                frame = encode(LobbyUpdate(rooms, sorted(gone)))
                for c in subs:
                    c.push(frame)
            await asyncio.sleep(every)

    async def janitor(self) -> None:
        """Hand a room over when its owner has been gone longer than the away grace, and
        close rooms nobody is at (a running hand is first finished by the AI)."""
        grace = self.settings.away_grace
        while True:
            await asyncio.sleep(min(1.0, max(0.05, grace / 4)))
            now = time.monotonic()
            for table in list(self.tables.values()):
                try:
                    await self._tidy(table, now, grace)
                except Exception:
                    log.exception("table %s: tidying failed", table.id)

    async def _tidy(self, table: Table, now: float, grace: float) -> None:
        if table.closed:
            return
        owner_gone = now - table.absent_since.get(table.owner, now) >= grace
        if owner_gone and table.owner not in table.present():
            heir = table.heir(table.owner, present_only=True)
            if heir is not None:
                table.set_owner(*heir)
                await table.save_room()
                table.announce()
        empty = table.empty_since is not None and now - table.empty_since >= grace
        if empty and table.nobody_left(now, grace):
            table.closing = True
        if table.closing and table.status != "playing":
            await self._close(table)

    async def _close(self, table: Table) -> None:
        table.closed = True
        table.stop()
        await table.save_room()
        if self.cluster is not None:
            await self.cluster.release(table.id)
        self.tables.pop(table.id, None)
        self._index(table)
        if not table.private:
            self._lobby_gone.add(table.id)
            self._lobby_dirty.set()

    async def on_create(self, conn: Conn, req: Create) -> CreateReply:
        rules = rules_from(req.rules)
        assert conn.user is not None
        side = req.side
        if req.multiplier == 1:  # seed 002: 非多倍分房间没有正分房间和负分房间的区别
            if side not in (None, "any"):
                raise RulesError("bad-side")
            side = "any"
        elif side == "any":  # seed 002: 多倍分房间均设正分房间和负分房间
            raise RulesError("bad-side")
        elif side is None:
            rating = await self.store.call(self.store.rating, conn.user)
            side = "positive" if rating >= 0 else "negative"
        room = secrets.token_hex(4)
        while room in self.tables:
            room = secrets.token_hex(4)
        table = Table(
            id=room,
            owner=conn.user,
            owner_name=conn.name,
            rules=rules,
            multiplier=req.multiplier,
            private=req.private,
            invite=secrets.token_hex(4) if req.private else None,
            seed=self._seeds.getrandbits(62) if self._seeds else secrets.randbits(62),
            store=self.store,
            settings=self.settings,
            on_change=self._table_changed,
            on_seats=self._index,
            side=side,
            thinker=self.thinker,
        )
        # counted by the store: on a cluster, the player's rooms on every node
        mine = await self.store.call(self.store.create_room, table.room_row(), self.rooms_per_user)
        if mine is not None:
            raise RulesError("too-many-rooms", count=mine, max=self.rooms_per_user)
        if self.cluster is not None:
            await self.cluster.adopt(room)
        self.tables[room] = table
        self._table_changed(table)
        return CreateReply(room, side, table.invite)

    # -- tables ----------------------------------------------------------------------------
    def _table(self, room: str) -> Table:
        table = self.tables.get(room)
        if room in self.parked:
            raise RulesError("room-parked", room=room)
        if table is None or table.closed:
            raise RulesError("no-room", room=room)
        return table

    def _watched(self, conn: Conn, room: str) -> Table:
        table = conn.tables.get(room)
        if table is None:
            self._table(room)
            raise RulesError("not-watching", room=room)
        return table

    def _seated(self, conn: Conn, room: str) -> tuple[Table, int]:
        """The watched table and the caller's seat at it (refused if it has none)."""
        table = self._watched(conn, room)
        mine = table.seat_of(conn.user)
        if mine is None:
            raise RulesError("not-seated")
        return table, mine

    def _owned(self, conn: Conn, room: str) -> Table:
        table = self._watched(conn, room)
        if table.owner != conn.user:
            raise RulesError("not-owner")
        return table

    async def on_join(self, conn: Conn, req: Join) -> JoinReply:
        table = self._table(req.room)
        seated = table.seat_of(conn.user) is not None
        invited = req.invite is not None and secrets.compare_digest(req.invite, table.invite or "")
        if table.private and not seated and conn.user != table.owner and not invited:
            raise RulesError("bad-invite")
        if table.name_in_use(conn.name, conn.user):
            raise RulesError("name-taken", name=conn.name)
        conn.tables[table.id] = table
        seat = table.attach(conn, req.since)
        return JoinReply(table.id, seat, table.v)

    async def on_sync(self, conn: Conn, req: Sync) -> VersionReply:
        table = self._watched(conn, req.room)
        for f in table.frames_for(table.watchers.get(conn), req.since):
            conn.push(f)
        return VersionReply(table.v)

    async def on_sit(self, conn: Conn, req: Sit) -> SeatReply:
        table = self._watched(conn, req.room)
        if table.side != "any":  # seed 002: 正负分用户不能在同一房间中游戏
            rating = await self.store.call(self.store.rating, conn.user)
            if not auth.side_allows(table.side, rating):
                code = "rating-not-positive" if table.side == "positive" else "rating-not-negative"
                raise RulesError(code, rating=rating)
        if table.status == "playing":
            raise RulesError("hand-running")
        mine = table.seat_of(conn.user)
        if mine is not None:
            raise RulesError("already-seated", seat=mine)
        if table.seats[req.seat] is not None:
            raise RulesError("seat-taken", seat=req.seat)
        table.seats[req.seat] = Seat(conn.name, conn.user)
        table.reseat()
        await table.save_room()
        table.announce()
        return SeatReply(req.seat)

    async def on_stand(self, conn: Conn, req: Stand) -> None:
        table, mine = self._seated(conn, req.room)
        if table.status == "playing":
            raise RulesError("hand-running")
        table.seats[mine] = None
        table.reseat()
        await table.save_room()
        table.announce()

    async def on_ready(self, conn: Conn, req: Ready) -> None:
        table, mine = self._seated(conn, req.room)
        seat = table.seats[mine]
        assert seat is not None
        seat.ready = req.ready
        table.announce()

    async def on_bot(self, conn: Conn, req: AddBot) -> SeatReply:
        table = self._owned(conn, req.room)
        if req.level not in LEVELS:
            raise RulesError("bad-level", level=req.level)
        if table.status == "playing":
            raise RulesError("hand-running")
        if table.seats[req.seat] is not None:
            raise RulesError("seat-taken", seat=req.seat)
        name = f"bot-{req.level}-{req.seat}"
        if table.name_in_use(name, None):  # a person here already goes by it
            raise RulesError("name-taken", name=name)
        table.seats[req.seat] = Seat(name, None, req.level)
        await table.save_room()
        table.announce()
        return SeatReply(req.seat)

    async def on_start(self, conn: Conn, req: Start) -> VersionReply:
        table = self._owned(conn, req.room)
        if table.status == "playing":
            raise RulesError("hand-running")
        if table.status == "over":
            raise RulesError("match-over")
        if not all(s is not None and (s.ready or s.bot) for s in table.seats):
            raise RulesError("not-ready")
        v = await table.commit("start" if table.match is None else "next-hand")
        return VersionReply(v)

    async def on_act(self, conn: Conn, req: Act) -> VersionReply:
        table, mine = self._seated(conn, req.room)
        action = checked(req.action)
        if action.seat != mine:
            raise RulesError("not-your-seat", seat=mine, asked=action.seat)
        if table.hand is None:
            raise RulesError("no-hand")
        v = await table.commit(action, conn.user, req.id)
        return VersionReply(v)

    async def on_trustee(self, conn: Conn, req: Trustee) -> None:
        table, mine = self._seated(conn, req.room)
        seat = table.seats[mine]
        assert seat is not None
        seat.trustee = req.on
        table.announce()
        table.poke()

    async def on_chat(self, conn: Conn, req: Chat) -> None:
        table = self._watched(conn, req.room)
        if len(req.text) > MAX_CHAT:
            raise RulesError("chat-too-long", max=MAX_CHAT)
        text = "".join(ch for ch in req.text if ch.isprintable())
        assert conn.user is not None
        frame = encode(ChatLine(table.id, conn.user, conn.name, text))
        for who in list(table.watchers):
            who.push(frame)

    async def on_leave(self, conn: Conn, req: Leave) -> LeaveReply:
        """Leave a table. Leaving a running hand from a seat (强退) costs the rating penalty
        of seed 002 at once, and the AI finishes the hand in that seat (the leaver also
        bears the hand's loss, never its win); the seat frees when the hand ends. The
        owner's room passes to someone still there; the last one out closes it."""
        table = self._watched(conn, req.room)
        user = conn.user
        assert user is not None
        mine = table.seat_of(user)
        out = LeaveReply()
        if mine is not None:
            seat = table.seats[mine]
            assert seat is not None
            if table.status == "playing":
                assert table.hand is not None
                amount = auth.leave_penalty(table.multiplier)
                seat.left = True
                hand_no = table.hand.setup.hand_no
                rating = await self.store.call(self.store.penalize, user, table.id, hand_no, amount)
                out = LeaveReply(amount, rating)
            else:
                table.seats[mine] = None
            table.reseat()
        del conn.tables[table.id]
        table.detach(conn)
        if table.owner == user and user not in table.present():
            heir = table.heir(user, present_only=False)
            if heir is not None:
                table.set_owner(*heir)
        if table.nobody_left(time.monotonic(), self.settings.away_grace):
            table.closing = True
        await table.save_room()
        table.announce()
        table.poke()
        if table.closing and table.status != "playing":
            await self._close(table)
        return out

    # -- records ---------------------------------------------------------------------------
    async def on_games(self, conn: Conn, req: Games) -> GamesReply:
        if req.room is None:
            found = await self.store.call(self.store.games_of, conn.user, req.limit)
        else:
            found = await self.store.call(self.store.room_games, conn.user, req.room, req.limit)
        if found is None:
            raise RulesError("no-room", room=req.room)
        return GamesReply(codec.convert(found, list[GameSummary]))

    async def on_record(self, conn: Conn, req: Record) -> RecordReply:
        found = None
        if 0 < req.game < 2**63:  # a game id is a SQLite integer
            found = await self.store.call(self.store.record_of, conn.user, req.game)
        if found is None:
            raise RulesError("no-game", game=req.game)
        return codec.convert(found, RecordReply)

    async def on_ping(self, conn: Conn, req: Ping) -> PingReply:
        return PingReply(time.time())


OPERATOR_HELP = """\
Run a Tuolaji game server: players connect with the desktop app (Play online, the address
host:port) or tuolaji-bot. Games, players and ratings are kept in one SQLite file; a restarted
server resumes every table. It listens on 127.0.0.1 by default; --host 0.0.0.0 lets other
machines connect. Every option may also come from a TOML file (--config) or the environment
(TUOLAJI_SERVER_<OPTION>); docs/DEPLOY.md describes each.

  tuolaji-server backup DEST    a consistent copy of the live SQLite file
  tuolaji-server parked         the rooms whose logs did not replay at the last start
"""


async def serve_forever(
    cfg: config.Config,
    on_ready: Callable[[Server, int], None] | None = None,
    stop: asyncio.Future[None] | None = None,
) -> None:
    """Serve until SIGTERM/SIGINT (or ``stop``), then shut down gracefully: stop accepting,
    close every connection with 1001 "server shutting down", let the tables' writes finish,
    all within ``cfg.shutdown_grace`` seconds."""
    loop = asyncio.get_running_loop()
    stats = Stats()
    store = open_store(cfg.store) if cfg.postgres else TimedStore(cfg.database(), stats)
    store.start()
    thinker = Thinker(cfg.ai_workers or None, stats)
    server = Server(
        store,
        cfg.settings(),
        cfg.rate,
        cfg.burst,
        rooms_per_user=cfg.rooms_per_user,
        thinker=thinker,
    )
    server.stats = stats
    front = Front(
        stats,
        ENGINE,
        networks(cfg.trusted_proxies),
        registry(server, ENGINE) if cfg.metrics else None,
        cfg.health_lag,
        cfg.handshake_rate,
        cfg.handshake_burst,
    )
    server.address_of = front.address
    if not cfg.redis:
        server.restore()  # a cluster's node takes its tables as the takeover finds them
    collector.setup()
    probe = None
    if cfg.stats:
        server.act_times = []
        probe = asyncio.create_task(server.lag_probe())
        gc.callbacks.append(server.gc_probe)
    stop = stop if stop is not None else loop.create_future()

    def stopping() -> None:
        if not stop.done():
            stop.set_result(None)

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stopping)
    tasks = [
        asyncio.create_task(server.lobby_pusher()),
        asyncio.create_task(server.janitor()),
        asyncio.create_task(collector.pace(cfg.gc_full_every)),
        asyncio.create_task(stats.probe()),
    ]
    async with serve(
        server.handle,
        cfg.host,
        cfg.port,
        ssl=tls.server_context(cfg.certfile, cfg.keyfile) if cfg.tls else None,
        process_request=front,
        max_size=LIBRARY_MAX,
        ping_interval=20,
        ping_timeout=20,
        close_timeout=cfg.shutdown_grace / 2,  # a client that never answers our close
        compression=None,  # small JSON frames: deflate cost more CPU (and memory) than it saved
    ) as ws_server:
        sockets = ws_server.sockets
        bound = sockets[0].getsockname()[1] if sockets else cfg.port
        scheme = "wss" if cfg.tls else "ws"
        if cfg.redis:
            from net.cluster.serving import Cluster
            from net.store_pg import PgStore

            assert isinstance(store, PgStore)
            node = cfg.node_id or f"{socket.gethostname()}-{bound}"
            server.cluster = cluster = Cluster(server, store, node, cfg.redis)
            await cluster.start()
            front.node, front.cluster = node, lambda: cluster.view
        print(f"tuolaji-server listening on {scheme}://{cfg.host}:{bound}", flush=True)
        server.resume_tables()
        if on_ready is not None:
            on_ready(server, bound)
        await stop
        log.warning("shutting down")
        front.stopping = True
        ws_server.close(code=1001, reason="server shutting down")
        try:
            async with asyncio.timeout(cfg.shutdown_grace):
                await ws_server.wait_closed()
                for t in server.tables.values():
                    async with t.lock:  # a table's commit in flight reaches the store
                        t.stop()
                if server.cluster is not None:  # others take the tables over at once
                    await server.cluster.stop()
                await asyncio.to_thread(store.close)
        except TimeoutError:
            log.error("shutdown took longer than %.1f s: exiting anyway", cfg.shutdown_grace)
    for task in tasks:
        task.cancel()
    if probe is not None:
        probe.cancel()
        with open(cfg.stats, "w") as f:
            json.dump(
                {
                    "acts": server.act_times,
                    "lags": server.lags,
                    "gc": server.gc_pauses,
                    "slow_writes": list(stats.slow_writes),
                    "frames": server.frames_sent,
                },
                f,
            )
    thinker.close()


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["backup"]:
        b = argparse.ArgumentParser(prog="tuolaji-server backup", description=backup.__doc__ or "")
        b.add_argument("dest", help="file (or folder) to write the copy to")
        config.add_arguments(b)
        a = b.parse_args(argv[1:])
        cfg = config.from_arguments(a)
        if cfg.postgres:
            raise SystemExit("tuolaji-server backup: a PostgreSQL store is backed up by pg_dump")
        try:
            pages = backup(cfg.database(), a.dest)
        except (OSError, RuntimeError) as e:
            raise SystemExit(f"tuolaji-server backup: {e}") from None
        print(f"backed up {cfg.database()} to {a.dest} ({pages} pages)")
        return
    if argv[:1] == ["parked"]:
        b = argparse.ArgumentParser(
            prog="tuolaji-server parked",
            description="List the rooms whose logs did not replay at the last start.",
        )
        config.add_arguments(b)
        cfg = config.from_arguments(b.parse_args(argv[1:]))
        store = open_store(cfg.database())
        for room, engine, why in store.parked():
            print(f"{room}\twritten by {engine}\t{why}")
        store.close()
        return
    p = argparse.ArgumentParser(
        prog="tuolaji-server",
        description=OPERATOR_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    config.add_arguments(p)
    try:
        cfg = config.from_arguments(p.parse_args(argv))
    except (ValueError, OSError) as e:
        p.error(str(e))
    logs.setup(cfg.log_level, cfg.log_json)
    run_loop(serve_forever(cfg), cfg.event_loop)


def run_loop(main: Coroutine[Any, Any, None], kind: str) -> None:
    """``main`` on uvloop (where it is installed: not on Windows) or asyncio's own loop."""
    if kind == "uvloop":
        try:
            import uvloop
        except ImportError:
            log.info("uvloop is not installed: asyncio's event loop runs the server")
        else:
            uvloop.run(main)
            return
    asyncio.run(main)


if __name__ == "__main__":
    main()
