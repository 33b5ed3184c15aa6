"""The game server: websockets connections, identities, the lobby, and requests to tables.

The socket layer only decodes requests, checks who may ask what, and hands game actions to
``net.tables.Table`` (the engine decides). Every request is answered by ``ok`` or ``error``
with its id; a repeated id gets the first answer again and is never applied twice. Abuse
(oversized frames, a spent message budget) is closed with 1008; nothing a client sends can
stop the server.

    tuolaji-server --host 127.0.0.1 --port 8765 --db PATH
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import os
import random
import secrets
import signal
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from engine.actions import checked
from engine.errors import RulesError
from engine.rules import rules_from
from net import auth
from net.players import LEVELS
from net.protocol import (
    MAX_CHAT,
    MAX_FRAME,
    PROTOCOL,
    Act,
    AddBot,
    Chat,
    ChatLine,
    Create,
    Games,
    Hello,
    Join,
    Leave,
    Lobby,
    LobbyUpdate,
    Ok,
    Ping,
    Ready,
    Record,
    Request,
    Sit,
    Stand,
    Start,
    Sync,
    Trustee,
    decode_request,
    encode,
    error,
    request_id,
)
from net.store import Store
from net.tables import Seat, Settings, Table, table_from_row

log = logging.getLogger("tuolaji.server")

LIBRARY_MAX = 1024 * 1024  # websockets' own ceiling (1009); our 64 KiB limit closes with 1008
WRITE_MAX = 4 * 1024 * 1024  # bytes waiting for one slow client before it is dropped (1008)
REPLIES_KEPT = 512  # request ids remembered per user


class Conn:
    """One websocket: its identity, its outgoing frames, its message budget."""

    def __init__(
        self, ws: ServerConnection, rate: float, burst: float, write_max: int = WRITE_MAX
    ) -> None:
        self.ws = ws
        self.write_max = write_max
        self.user: int | None = None
        self.name = ""
        self.tables: dict[str, Table] = {}
        self.lobby = False
        self.pending: list[bytes] = []
        self.dropping = False  # closing a client that could not keep up
        self.loop = asyncio.get_running_loop()
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def push(self, frame: bytes) -> None:
        """Queue a frame; everything queued in one turn of the event loop goes out together."""
        if not self.pending:
            self.loop.call_soon(self.flush)
        self.pending.append(frame)

    def flush(self) -> None:
        """Write the queued frames in one socket write. Frames are encoded by the connection's
        own Sans-I/O protocol object (so its state stays right) and the bytes are joined:
        one system call per recipient per turn instead of one per frame, and no writer task.
        A client that lets more than ``write_max`` bytes pile up is dropped."""
        frames, self.pending = self.pending, []
        ws = self.ws
        if ws.protocol.state is not State.OPEN or self.dropping:
            return
        for frame in frames:
            ws.protocol.send_text(frame)
        ws.transport.write(b"".join(ws.protocol.data_to_send()))
        if ws.transport.get_write_buffer_size() > self.write_max:
            self.drop()

    def drop(self) -> None:
        """Give up on a client that does not read: it leaves its tables and the lobby at
        once (nothing more is queued for it) and is closed with 1008; the close handshake
        times out (websockets' close_timeout) if it never reads again."""
        self.dropping = True
        self.lobby = False
        tables, self.tables = list(self.tables.values()), {}
        for table in tables:
            table.detach(self)
        self.loop.create_task(self.ws.close(1008, "too slow"))

    def spend(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= 1
        return self.tokens >= 0


class Server:
    def __init__(
        self,
        store: Store,
        settings: Settings | None = None,
        rate: float = 20.0,
        burst: float = 60.0,
        write_max: int = WRITE_MAX,
    ) -> None:
        self.store = store
        self.settings = settings or Settings()
        seed = self.settings.seed
        self._seeds = random.Random(seed) if seed is not None else None  # tests: --seed
        self.rate = rate
        self.burst = burst
        self.write_max = write_max
        self.tables: dict[str, Table] = {}
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
        self.gc_pauses: list[tuple[float, float]] = []
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
        rows = self.store.live_rooms()
        ids = {r["owner"] for r in rows}
        for r in rows:
            ids.update(s["user"] for s in r["seats"] if s and s["user"] is not None)
        names = self.store.user_names(sorted(ids))
        for row in rows:
            table = table_from_row(row, self.store, self.settings, names)
            table.on_change = self._table_changed
            table.on_seats = self._index
            self.tables[table.id] = table
            self._index(table)
            for _a, user, req, v in row["actions"]:
                if user is not None and req is not None:
                    self._remember(user, req, encode(Ok(req, {"v": v})))
        log.info("restored %d tables", len(rows))

    def resume_tables(self) -> None:
        for t in self.tables.values():
            t.poke()

    # -- connections -----------------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        conn = Conn(ws, self.rate, self.burst, self.write_max)
        self.conns.add(conn)
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
            log.exception("connection failed")
            with contextlib.suppress(Exception):
                await ws.close(1011, "internal error")
        finally:
            self.conns.discard(conn)
            for table in list(conn.tables.values()):
                table.detach(conn)

    async def dispatch(self, conn: Conn, msg: str) -> None:
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
        replies = self.replies.setdefault(conn.user, OrderedDict())
        fut = replies.get(req.id)
        if fut is not None:  # a repeated id: the first answer again, never a second apply
            conn.push(await asyncio.shield(fut))
            return
        fut = asyncio.get_running_loop().create_future()
        replies[req.id] = fut
        while len(replies) > REPLIES_KEPT:
            replies.popitem(last=False)
        frame = await self._answer(self._handlers[type(req)], conn, req)
        fut.set_result(frame)
        conn.push(frame)
        if self.act_times is not None and isinstance(req, Act):
            self.act_times.append((time.time(), time.perf_counter() - t0))

    def gc_probe(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        elif info.get("generation") == 2:
            self.gc_pauses.append((time.time(), time.perf_counter() - self._gc_start))

    async def lag_probe(self, every: float = 0.05) -> None:
        """How late the event loop wakes up: the wait every request had before its turn."""
        while True:
            t = time.perf_counter()
            await asyncio.sleep(every)
            self.lags.append((time.time(), time.perf_counter() - t - every))

    async def _answer(self, handler: Any, conn: Conn, req: Request) -> bytes:
        try:
            return encode(Ok(req.id, await handler(conn, req)))
        except RulesError as e:
            return encode(error(req.id, e))
        except Exception:
            log.exception("request %r failed", req)
            return encode(error(req.id, RulesError("internal")))

    def _remember(self, user: int, req: int, frame: bytes) -> None:
        fut = asyncio.get_running_loop().create_future()
        fut.set_result(frame)
        replies = self.replies.setdefault(user, OrderedDict())
        replies[req] = fut
        while len(replies) > REPLIES_KEPT:
            replies.popitem(last=False)

    # -- identity ----------------------------------------------------------------------------
    async def on_hello(self, conn: Conn, req: Hello) -> dict[str, Any]:
        if PROTOCOL not in req.protocols:
            raise RulesError("unsupported-protocol", got=req.protocols, ours=[PROTOCOL])
        token = None
        if req.token is not None:
            found = await self.store.call(self.store.user_by_token, auth.token_hash(req.token))
            if found is None:
                raise RulesError("bad-token")
            user, name, rating = found
        elif auth.valid_name(req.name):
            assert req.name is not None
            token = auth.new_token()
            name, rating = req.name, 0
            user = await self.store.call(self.store.create_user, name, auth.token_hash(token))
        else:
            raise RulesError("bad-name")
        conn.user, conn.name = user, name
        out: dict[str, Any] = {"protocol": PROTOCOL, **auth.user_info(user, name, rating)}
        if token is not None:
            out["token"] = token
        out["seats"] = [
            {"room": room, "seat": seat}
            for room in self.seated.get(user, ())
            if (t := self.tables.get(room)) is not None and (seat := t.seat_of(user)) is not None
        ]
        return out

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
    def _lobby_rooms(self) -> list[Any]:
        return [t.info() for t in self.tables.values() if not t.private and not t.closed]

    async def on_lobby(self, conn: Conn, req: Lobby) -> dict[str, Any]:
        conn.lobby = req.subscribe
        return {"rooms": self._lobby_rooms()}

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
        self.tables.pop(table.id, None)
        self._index(table)
        if not table.private:
            self._lobby_gone.add(table.id)
            self._lobby_dirty.set()

    async def on_create(self, conn: Conn, req: Create) -> dict[str, Any]:
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
        )
        await self.store.call(self.store.create_room, table.room_row())
        self.tables[room] = table
        self._table_changed(table)
        out: dict[str, Any] = {"room": room, "side": side}
        if table.invite:
            out["invite"] = table.invite
        return out

    # -- tables ----------------------------------------------------------------------------
    def _table(self, room: str) -> Table:
        table = self.tables.get(room)
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

    async def on_join(self, conn: Conn, req: Join) -> dict[str, Any]:
        table = self._table(req.room)
        seated = table.seat_of(conn.user) is not None
        invited = req.invite is not None and secrets.compare_digest(req.invite, table.invite or "")
        if table.private and not seated and conn.user != table.owner and not invited:
            raise RulesError("bad-invite")
        conn.tables[table.id] = table
        seat = table.attach(conn, req.since)
        return {"room": table.id, "seat": seat, "v": table.v}

    async def on_sync(self, conn: Conn, req: Sync) -> dict[str, Any]:
        table = self._watched(conn, req.room)
        for f in table.frames_for(table.watchers.get(conn), req.since):
            conn.push(f)
        return {"v": table.v}

    async def on_sit(self, conn: Conn, req: Sit) -> dict[str, Any]:
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
        return {"seat": req.seat}

    async def on_stand(self, conn: Conn, req: Stand) -> dict[str, Any]:
        table, mine = self._seated(conn, req.room)
        if table.status == "playing":
            raise RulesError("hand-running")
        table.seats[mine] = None
        table.reseat()
        await table.save_room()
        table.announce()
        return {}

    async def on_ready(self, conn: Conn, req: Ready) -> dict[str, Any]:
        table, mine = self._seated(conn, req.room)
        seat = table.seats[mine]
        assert seat is not None
        seat.ready = req.ready
        table.announce()
        return {}

    async def on_bot(self, conn: Conn, req: AddBot) -> dict[str, Any]:
        table = self._owned(conn, req.room)
        if req.level not in LEVELS:
            raise RulesError("bad-level", level=req.level)
        if table.status == "playing":
            raise RulesError("hand-running")
        if table.seats[req.seat] is not None:
            raise RulesError("seat-taken", seat=req.seat)
        table.seats[req.seat] = Seat(f"bot-{req.level}-{req.seat}", None, req.level)
        await table.save_room()
        table.announce()
        return {"seat": req.seat}

    async def on_start(self, conn: Conn, req: Start) -> dict[str, Any]:
        table = self._owned(conn, req.room)
        if table.status == "playing":
            raise RulesError("hand-running")
        if table.status == "over":
            raise RulesError("match-over")
        if not all(s is not None and (s.ready or s.bot) for s in table.seats):
            raise RulesError("not-ready")
        v = await table.commit("start" if table.match is None else "next-hand")
        return {"v": v}

    async def on_act(self, conn: Conn, req: Act) -> dict[str, Any]:
        table, mine = self._seated(conn, req.room)
        action = checked(req.action)
        if action.seat != mine:
            raise RulesError("not-your-seat", seat=mine, asked=action.seat)
        if table.hand is None:
            raise RulesError("no-hand")
        v = await table.commit(action, conn.user, req.id)
        return {"v": v}

    async def on_trustee(self, conn: Conn, req: Trustee) -> dict[str, Any]:
        table, mine = self._seated(conn, req.room)
        seat = table.seats[mine]
        assert seat is not None
        seat.trustee = req.on
        table.announce()
        table.poke()
        return {}

    async def on_chat(self, conn: Conn, req: Chat) -> dict[str, Any]:
        table = self._watched(conn, req.room)
        if len(req.text) > MAX_CHAT:
            raise RulesError("chat-too-long", max=MAX_CHAT)
        text = "".join(ch for ch in req.text if ch.isprintable())
        assert conn.user is not None
        frame = encode(ChatLine(table.id, conn.user, conn.name, text))
        for who in list(table.watchers):
            who.push(frame)
        return {}

    async def on_leave(self, conn: Conn, req: Leave) -> dict[str, Any]:
        """Leave a table. Leaving a running hand from a seat (强退) costs the rating penalty
        of seed 002 at once, and the AI finishes the hand in that seat (the leaver also
        bears the hand's loss, never its win); the seat frees when the hand ends. The
        owner's room passes to someone still there; the last one out closes it."""
        table = self._watched(conn, req.room)
        user = conn.user
        assert user is not None
        mine = table.seat_of(user)
        out: dict[str, Any] = {}
        if mine is not None:
            seat = table.seats[mine]
            assert seat is not None
            if table.status == "playing":
                assert table.hand is not None
                amount = auth.leave_penalty(table.multiplier)
                seat.left = True
                hand_no = table.hand.setup.hand_no
                rating = await self.store.call(self.store.penalize, user, table.id, hand_no, amount)
                out = {"penalty": amount, "rating": rating}
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
    async def on_games(self, conn: Conn, req: Games) -> dict[str, Any]:
        if req.room is None:
            return {"games": await self.store.call(self.store.games_of, conn.user, req.limit)}
        found = await self.store.call(self.store.room_games, conn.user, req.room, req.limit)
        if found is None:
            raise RulesError("no-room", room=req.room)
        return {"games": found}

    async def on_record(self, conn: Conn, req: Record) -> dict[str, Any]:
        found = await self.store.call(self.store.record_of, conn.user, req.game)
        if found is None:
            raise RulesError("no-game", game=req.game)
        return dict(found)

    async def on_ping(self, conn: Conn, req: Ping) -> dict[str, Any]:
        return {"time": time.time()}


def default_db() -> str:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    path = Path(base) / "tuolaji"
    path.mkdir(parents=True, exist_ok=True)
    return str(path / "server.sqlite3")


async def serve_forever(
    host: str,
    port: int,
    db: str,
    settings: Settings,
    rate: float = 20.0,
    burst: float = 60.0,
    ready: asyncio.Event | None = None,
    stats: str | None = None,
) -> None:
    store = Store(db)
    store.start()
    server = Server(store, settings, rate, burst)
    server.restore()
    # A busy server holds millions of long-lived objects (tables' events and logs); the
    # default collector thresholds make full collections of all of them, which stall the
    # event loop for hundreds of ms. Objects alive now are frozen out of collection, and
    # collections run less often (the server's data are not cyclic garbage).
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    probe = None
    if stats:
        server.act_times = []
        probe = asyncio.create_task(server.lag_probe())
        gc.callbacks.append(server.gc_probe)
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            asyncio.get_running_loop().add_signal_handler(sig, stop.set_result, None)
    pusher = asyncio.create_task(server.lobby_pusher())
    janitor = asyncio.create_task(server.janitor())
    async with serve(
        server.handle,
        host,
        port,
        max_size=LIBRARY_MAX,
        ping_interval=20,
        ping_timeout=20,
        compression=None,  # small JSON frames: deflate cost more CPU (and memory) than it saved
    ) as ws_server:
        sockets = ws_server.sockets
        bound = sockets[0].getsockname()[1] if sockets else port
        print(f"tuolaji-server listening on ws://{host}:{bound}", flush=True)
        server.resume_tables()
        if ready is not None:
            ready.set()
        await stop
    pusher.cancel()
    janitor.cancel()
    if probe is not None and stats:
        probe.cancel()
        with open(stats, "w") as f:
            json.dump({"acts": server.act_times, "lags": server.lags, "gc": server.gc_pauses}, f)
    for t in server.tables.values():
        t.stop()
    store.close()


def delay_range(text: str) -> tuple[float, float]:
    """``MIN,MAX`` seconds (or one number for both)."""
    parts = [float(x) for x in text.split(",")]
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2 or not 0 <= parts[0] <= parts[1]:
        raise argparse.ArgumentTypeError(f"expected MIN,MAX with 0 <= MIN <= MAX, got {text!r}")
    return parts[0], parts[1]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="tuolaji-server", description=__doc__)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--db", default=None, help="SQLite file (default: the platform data dir)")
    p.add_argument("--deal-delay", type=float, default=0.05, help="seconds between cards")
    p.add_argument("--away-grace", type=float, default=15.0, help="seconds before 托管")
    p.add_argument("--turn-timer", type=float, default=None, help="override the preset's")
    p.add_argument(
        "--bot-delay",
        type=delay_range,
        default=(0.3, 0.7),
        metavar="MIN,MAX",
        help="seconds an AI action (bot, 托管) waits after the table's last action (0: none)",
    )
    p.add_argument(
        "--trick-pause",
        type=float,
        default=1.0,
        help="seconds a finished trick stays before an AI leads",
    )
    p.add_argument("--rate", type=float, default=20.0, help="messages/s per connection")
    p.add_argument("--burst", type=float, default=60.0, help="message burst per connection")
    p.add_argument("--seed", type=int, default=None, help="draw rooms' seeds from this (tests)")
    p.add_argument("--log", default="WARNING")
    p.add_argument("--stats", default=None, help="write act and loop-lag timings here (bench)")
    a = p.parse_args(argv)
    logging.basicConfig(level=a.log.upper(), format="%(asctime)s %(name)s %(message)s")
    settings = Settings(
        deal_delay=a.deal_delay,
        away_grace=a.away_grace,
        turn_timer=a.turn_timer,
        bot_delay=a.bot_delay,
        trick_pause=a.trick_pause,
        seed=a.seed,
    )
    db = a.db or default_db()
    asyncio.run(serve_forever(a.host, a.port, db, settings, a.rate, a.burst, stats=a.stats))


if __name__ == "__main__":
    main()
