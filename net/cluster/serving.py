"""The server as one node of a cluster: the glue between the server (what ``net.host.Host``
offers of it) and the parts (``ClusterNode``: leases, presence, the bus, the takeover).

- **Tables** this node runs come from ``Takeover`` (a new room is adopted; a dead node's are
  restored from the log, the restart path); a table whose lease is lost is dropped.
- **Requests for a table owned elsewhere** are forwarded, as the client sent them, to the
  owner's inbox. The owner runs them through its own ``Host.dispatch`` for a ``RemoteConn``
  that stands for the client there: the same checks, the same answered-ids cache, the same
  watcher entry at the table (so seats, away marks, spectators and closing count the client).
- **Frames for a remote client** (the answer, and every frame the table pushes to it: events,
  prompts, room updates, chat) are the very bytes a local client gets, built by the same code;
  they go back to the client's node through its inbox, in order (one sender, one stream), and
  the forwarded request is acknowledged only after its frames were sent. So a client sees the
  same frames whichever node it is connected to.
- **Redis restarted empty**: the frames in its inboxes are gone; the owner sends each remote
  client its tables' room and a snapshot again (``resend``).
- **Failover**: a node re-routes its clients' remote tables whose owner changed (a quiet
  ``join`` on the new owner, which sends a snapshot), and the owner forgets the remote clients
  of nodes that left the cluster.
- **Lobby**: the owner lists its public rooms in Redis (``Presence.show``/``hide``); every node
  answers ``lobby`` from there and pushes the changes any node publishes.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import secrets
import time
import weakref
from collections.abc import Coroutine, Mapping
from typing import TYPE_CHECKING, Any, cast

from redis.exceptions import RedisError

from engine import codec
from engine.errors import RulesError
from net import auth
from net.cluster import cancel_all, raise_if_cancelled
from net.cluster.bus import Unreachable
from net.cluster.lease import node_of
from net.cluster.node import ClusterNode, Hooks
from net.protocol import Join, Leave, LobbyUpdate, RoomInfo, encode, error
from net.storage import StoreUnavailable

if TYPE_CHECKING:
    from net.conn import Conn
    from net.host import Host
    from net.store_pg import PgStore
    from net.tables import Table

log = logging.getLogger("tuolaji.cluster")

FORWARD_TIMEOUT = 5.0  # an owner that does not answer in this long is taken for dead
ELSEWHERE = b"elsewhere"  # an owner's answer to a request for a table it does not run (anymore)
OWNER_WAIT = 10.0  # how long a request waits for a live room to find its owner (failover)
REROUTE_EVERY = 0.5  # seconds between two checks of the remote tables' owners


class RemoteConn:
    """A client connected to another node, as this node's tables and handlers see it: its
    frames go back to that node. Duck-typed as ``Conn`` (the fields the handlers use)."""

    def __init__(self, cluster: Cluster, node: str, cid: int, run: str = "") -> None:
        self.cluster = cluster
        self.node = node
        self.cid = cid
        self.run = run  # the run of its node (``Leases.holder``) it came through
        self.user: int | None = None
        self.name = ""
        self.tables: dict[str, Table] = {}
        self.lobby = False
        self.dropping = False

    def push(self, frame: bytes) -> None:
        self.cluster.send(self.node, self.cid, frame)

    def forget(self) -> None:
        """Its node says it left (or the node is gone): off every table, as a drop."""
        tables, self.tables = list(self.tables.values()), {}
        for table in tables:
            table.detach(self)


class Cluster:
    def __init__(self, server: Host, store: PgStore, node: str, redis_url: str) -> None:
        self.server = server
        self.store = store
        self.node = ClusterNode(
            node,
            redis_url,
            store,
            Hooks(
                restore=self.restore,
                drop=self.drop,
                on_request=self.on_request,
                on_frames=self.on_frames,
                figures=self.figures,
                rooms=self.public_rooms,
                resend=self.resend,
            ),
        )
        self.name = node
        self.remotes: dict[tuple[str, int], RemoteConn] = {}  # (node, its conn id) -> stand-in
        self.conns: dict[int, Conn] = {}  # this node's clients that reached a remote table
        # conn id -> room -> [owner's node/run, invite]: where each client's remote tables live
        self.routes: dict[int, dict[str, list[Any]]] = {}
        self._cids: weakref.WeakKeyDictionary[Conn, int] = weakref.WeakKeyDictionary()
        # each run numbers its connections from its own random start: frames still on their
        # way to the previous run's clients find no connection of this run under their number
        self._numbers = itertools.count(secrets.randbits(48))
        self._out: dict[str, list[bytes]] = {}  # node -> frames waiting to be sent to it
        self._sending = asyncio.Lock()
        self._wake = asyncio.Event()
        self.view: dict[str, dict[str, Any]] = {}  # the live nodes and their figures
        self._missing: dict[str, float] = {}  # nodes with remote clients here -> missing since
        self._lobby_changed: set[str] = set()
        self._lobby_dirty = asyncio.Event()
        self._loops: list[asyncio.Task[None]] = []  # for the node's whole life
        self._tasks: list[asyncio.Task[None]] = []  # one piece of work each
        # room -> the other nodes' clients that watched it when this node dropped it: should
        # the table come back here, they watch it again (their nodes see no owner change)
        self._orphans: dict[str, list[RemoteConn]] = {}

    async def start(self) -> None:
        loop = asyncio.get_running_loop()

        # on the store thread: a write of this node's was fenced, so another node runs the
        # table; give it up at once (never answer its requests from stale memory again)
        def fenced(room: str) -> None:
            loop.call_soon_threadsafe(self._fenced, room)

        self.store.on_fenced = fenced

        def uncertain(rooms: set[str]) -> None:
            loop.call_soon_threadsafe(self._uncertain, rooms)

        self.store.on_uncertain = uncertain
        await self.node.start()
        self._loops = [
            asyncio.create_task(self._sender(), name="sender"),
            asyncio.create_task(self._reroute(), name="reroute"),
            asyncio.create_task(self._lobby_changes(), name="lobby changes"),
            asyncio.create_task(self._lobby_pusher(), name="lobby pusher"),
        ]

    async def check(self) -> str | None:
        """Readiness: every task of the node runs and Redis answers."""
        dead = self.node.dead() + sorted(t.get_name() for t in self._loops if t.done())
        if dead:
            return f"cluster: {', '.join(dead)} ended"
        try:
            await self.node.redis.ping()
        except (RedisError, OSError) as e:
            return f"redis: {e}"
        return None

    def closing(self) -> None:
        """The node begins to shut down: it takes no table over any more (a table taken now
        would only be restored to be handed over again a moment later)."""
        self.node.takeover.closing = True

    async def stop(self) -> None:
        await cancel_all([*self._loops, *self._tasks])
        with contextlib.suppress(RedisError, OSError):
            await self._drain()
        await self.node.stop(hand_over=True)

    # -- tables this node runs ---------------------------------------------------------------
    async def adopt(self, room: str) -> None:
        """Own a room just created. Redis away: the request answers ``unavailable`` (and the
        server closes the room's row)."""
        try:
            await self.node.takeover.adopt(room)
        except (RedisError, OSError) as e:
            raise StoreUnavailable(f"Redis is unreachable: {e}") from None

    async def release(self, room: str) -> None:
        """``room`` closed. Redis or PostgreSQL away: the lease lapses by itself (a closed
        room is never taken over)."""
        try:
            await self.node.takeover.release(room, closed=True)
        except (RedisError, OSError, StoreUnavailable) as e:
            log.warning("table %s closed; its lease will lapse (%s)", room, e)

    async def restore(self, row: dict[str, Any], epoch: int) -> None:
        """A table taken over: replayed from its log, as at a restart."""
        server = self.server
        names = await self.store.call(self.store.user_names, [row["owner"]])
        table = server.replay(row, names)
        server.install(table, row)
        for rc in self._orphans.pop(table.id, []):
            if self.remotes.get((rc.node, rc.cid)) is rc:
                rc.tables[table.id] = table
                table.attach(rc, None)
        table.poke()
        server.table_changed(table)
        log.info("running table %s (epoch %d)", table.id, epoch)

    def _fenced(self, room: str) -> None:
        if room in self.node.takeover.epochs:
            log.warning("table %s: a write was fenced (another node took it over)", room)
            self._spawn(self.node.takeover.give_up(room))

    def _uncertain(self, rooms: set[str]) -> None:
        """A COMMIT broke off: these tables' memory may be behind their logs (the rows may be
        in). Each is given up and its lease released, so that it is loaded from its log again
        (by this node or another) instead of going on from a memory that may be wrong."""
        for room in sorted(rooms & set(self.node.takeover.epochs)):
            log.warning("table %s: a write's fate is unknown; reloading it from its log", room)
            self._spawn(self.node.takeover.reload(room))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.append(task)
        task.add_done_callback(self._tasks.remove)

    async def drop(self, room: str) -> None:
        """This node no longer runs ``room``: stop it; its local watchers follow it to the
        new owner (``_reroute``)."""
        table = self.server.tables.pop(room, None)
        if table is None:
            return
        table.stop()
        orphans = self._orphans[room] = []
        for who in list(table.watchers):
            if isinstance(who, RemoteConn):
                who.tables.pop(room, None)
                orphans.append(who)
                continue
            conn = cast("Conn", who)
            conn.tables.pop(room, None)
            self.conns[self.cid(conn)] = conn
            self.routes.setdefault(self.cid(conn), {})[room] = ["", table.invite]
        table.watchers.clear()
        self.server.index_seats(table)
        log.warning("table %s dropped: another node runs it now", room)

    # -- forwarding, the client's side ---------------------------------------------------------
    def cid(self, conn: Conn) -> int:
        """The connection's number on this node (never reused while the node runs)."""
        found = self._cids.get(conn)
        if found is None:
            found = self._cids[conn] = next(self._numbers)
        return found

    def is_remote(self, room: str) -> bool:
        return room not in self.server.tables and room not in self.server.parked

    async def forward(self, conn: Conn, msg: str, req: Any) -> None:
        """Send ``req`` (raw ``msg``) to its table's owner; the answer and the frames come back
        through ``on_frames``. An owner that cannot be reached gets the client a clear
        ``unavailable`` (not remembered: the client resends with the same id)."""
        end = time.monotonic() + OWNER_WAIT
        while True:  # Redis away or the owner dead: wait a while (a resend is never applied twice)
            try:
                if not await self._forward_once(conn, msg, req):
                    return  # answered here
                break
            except (Unreachable, RedisError, OSError) as e:
                if time.monotonic() > end:
                    log.warning("forwarding %s failed: %s", type(req).__name__, e)
                    conn.push(encode(error(req.id, RulesError("unavailable"))))
                    return
                await asyncio.sleep(0.2)
        if isinstance(req, Leave):
            self.routes.get(self.cid(conn), {}).pop(req.room, None)

    async def _forward_once(self, conn: Conn, msg: str, req: Any) -> bool:
        """One try; False when the answer was given here (no room, or the table came here)."""
        holder = await self._owner(req.room)
        if holder is None:
            invite = req.invite if isinstance(req, Join) else None
            conn.push(encode(error(req.id, auth.missing(req.room, invite))))
            return False
        owner = node_of(holder) or ""
        if owner == self.name:  # taken over by this node meanwhile
            if not await self.loaded(req.room):
                raise Unreachable(f"room {req.room} is not loaded yet")
            await self.arrived(conn, req.room)
            await self.server.dispatch(conn, msg, local=True)
            return False
        cid = self.cid(conn)
        self.conns[cid] = conn
        routes = self.routes.setdefault(cid, {})
        route = routes.get(req.room)
        if isinstance(req, Join):
            routes[req.room] = [holder, req.invite]
        elif route is not None and route[0] != holder:  # the table moved: watch it there
            await self._request(owner, conn, self._join(req.room, route[1]), quiet=True)
            route[0] = holder  # only once it is done: a join that failed is tried again
        await self._request(owner, conn, msg)
        return True

    async def loaded(self, room: str) -> bool:
        """Wait while this node is loading ``room`` (its lease is taken before its log is
        read); whether it runs the table now."""
        end = time.monotonic() + FORWARD_TIMEOUT
        takeover = self.node.takeover
        while room not in self.server.tables and (
            room in takeover.epochs or room in takeover.loading
        ):
            if time.monotonic() > end:
                break
            await asyncio.sleep(0.02)
        return room in self.server.tables

    async def arrived(self, conn: Conn, room: str) -> None:
        """Before a client's request for a table that has just come to this node: the client
        watches it here first (as ``_reroute`` would do a moment later)."""
        route = self.routes.get(self.cid(conn), {}).pop(room, None)
        if route is not None:
            await self.server.quiet(conn, self._join(room, route[1]))

    @staticmethod
    def _join(room: str, invite: str | None) -> str:
        return encode(Join(0, room, invite, None)).decode()

    async def _request(self, owner: str, conn: Conn, msg: str, quiet: bool = False) -> None:
        body = {
            "cid": self.cid(conn),
            "run": self.node.leases.holder,
            "user": conn.user,
            "name": conn.name,
            "msg": msg,
            "quiet": quiet,
        }
        answer = await self.node.bus.request(owner, json.dumps(body).encode(), FORWARD_TIMEOUT)
        if answer == ELSEWHERE:
            raise Unreachable(f"{owner} does not run the table (its lease is stale)")

    async def _owner(self, room: str) -> str | None:
        """Who owns ``room`` (``node/run``). None: no such open room. A live room without an
        owner (a takeover under way) raises ``Unreachable``, to be tried again."""
        holder = (await self.node.leases.holders([room]))[room]
        if holder is not None:
            return holder
        if room not in await self.store.call(self.store.live_rooms):
            return None
        raise Unreachable(f"room {room} has no owner yet")

    def on_frames(self, body: bytes) -> None:
        """Frames from an owner for this node's clients, in the order it sent them."""
        for line in body.split(b"\n"):
            cid, _, frame = line.partition(b" ")
            conn = self.conns.get(int(cid))
            if conn is not None:
                conn.push(frame)

    def gone(self, conn: Conn) -> None:
        """A client of this node disconnected: its stand-ins on the owners leave too."""
        cid = self.cid(conn)
        self.conns.pop(cid, None)
        routes = self.routes.pop(cid, {})
        owners = {node_of(holder) or "" for holder, _invite in routes.values() if holder}
        for owner in owners:
            self._spawn(self._bye(owner, json.dumps({"cid": cid, "bye": True}).encode()))

    async def _bye(self, owner: str, body: bytes) -> None:
        with contextlib.suppress(Unreachable, RedisError, OSError):
            await self.node.bus.request(owner, body, FORWARD_TIMEOUT)

    async def _reroute(self) -> None:
        """Follow each client's remote tables to their new owner after a failover: a quiet
        ``join`` there (the client gets a snapshot, then the events as they come)."""
        while True:
            await asyncio.sleep(REROUTE_EVERY)
            try:
                await self._reroute_once()
                await self.forget_departed()
            except (RedisError, OSError) as e:
                log.warning("re-routing failed: %s", e)
            except Exception:
                log.exception("re-routing failed")

    async def _reroute_once(self) -> None:
        rooms = {room for routes in self.routes.values() for room in routes}
        holders = await self.node.leases.holders(rooms)
        for cid, routes in list(self.routes.items()):
            conn = self.conns.get(cid)
            for room, route in list(routes.items()):
                holder = holders.get(room)
                # another run of the same node is another owner: it never knew this client
                if conn is None or holder is None or holder == route[0]:
                    continue
                owner = node_of(holder) or ""
                if owner == self.name:
                    if await self.loaded(room):
                        await self.arrived(conn, room)
                    continue
                try:
                    await self._request(owner, conn, self._join(room, route[1]), quiet=True)
                except (Unreachable, RedisError, OSError) as e:
                    log.warning("re-routing to table %s on %s: %s; trying again", room, owner, e)
                    continue
                route[0] = holder  # only once it is done: a join that failed is tried again

    # -- forwarding, the owner's side ------------------------------------------------------------
    async def on_request(self, origin: str, body: bytes) -> bytes:
        d = json.loads(body)
        key = (origin, int(d["cid"]))
        if d.get("bye"):
            gone = self.remotes.pop(key, None)
            if gone is not None:
                gone.forget()
            return b"ok"
        room = json.loads(d["msg"]).get("room")
        if isinstance(room, str) and room not in self.server.parked and not await self.loaded(room):
            return ELSEWHERE  # given up, or never taken: the origin asks Redis again
        rc = self.remotes.get(key)
        run = str(d.get("run", ""))
        if rc is not None and rc.run != run:
            rc.forget()  # a client of that node's previous run: gone with it
            rc = None
        if rc is None:
            rc = self.remotes[key] = RemoteConn(self, origin, key[1], run)
        if rc.user is not None and rc.user != d["user"]:
            rc.forget()  # another identity on that connection
        rc.user, rc.name = d["user"], d["name"]
        conn = cast("Conn", rc)
        if d.get("quiet"):
            await self.server.quiet(conn, d["msg"])
        else:
            await self.server.dispatch(conn, d["msg"], local=True)
        await self._drain()  # its frames are on their way before the acknowledgement
        return b"ok"

    def send(self, node: str, cid: int, frame: bytes) -> None:
        self._out.setdefault(node, []).append(b"%d %s" % (cid, frame))
        self._wake.set()

    async def _sender(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._drain()
            except Exception as e:  # Redis away (or a bug): the frames wait for the next try
                raise_if_cancelled()
                log.warning("sending frames to other nodes failed (%r); retrying", e)
                self._wake.set()
                await asyncio.sleep(0.2)
            raise_if_cancelled()

    async def _drain(self) -> None:
        """Send every frame queued so far, in order (one sender at a time). What Redis did
        not take stays first in line for the next try."""
        async with self._sending:
            out, self._out = self._out, {}
            try:
                while out:
                    node, frames = next(iter(out.items()))
                    await self.node.bus.send_frames(node, b"\n".join(frames))
                    del out[node]
            finally:
                for node, frames in self._out.items():
                    out.setdefault(node, []).extend(frames)
                self._out = out

    def resend(self) -> None:
        """Redis restarted: frames on their way to other nodes may be lost with it (a prompt
        among them would leave its seat waiting for good), so each remote client gets its
        tables' room and a snapshot again."""
        for rc in self.remotes.values():
            for table in rc.tables.values():
                table.refresh(rc)

    async def forget_departed(self) -> None:
        """Remote clients of nodes that left the cluster are gone (their seats go away), and
        so are those of a node's previous run (it was restarted before it was missed: its
        clients died with it, without a word). A node must be missing for a whole presence
        ttl: after a Redis restart every node is missing until its next heartbeat. (The live
        nodes seen are the cluster view.)"""
        alive = self.view = await self.node.presence.nodes()
        now = time.monotonic()
        nodes = {k[0] for k in self.remotes}
        self._missing = {n: self._missing.get(n, now) for n in nodes if n not in alive}
        ttl = self.node.presence.ttl_ms / 1000

        def gone(rc: RemoteConn) -> bool:
            run = alive.get(rc.node, {}).get("run")
            return now - self._missing.get(rc.node, now) >= ttl or bool(run and run != rc.run)

        for key in [k for k, rc in self.remotes.items() if gone(rc)]:
            self.remotes.pop(key).forget()
        for room, orphans in list(self._orphans.items()):
            orphans[:] = [rc for rc in orphans if self.remotes.get((rc.node, rc.cid)) is rc]
            if not orphans:
                del self._orphans[room]

    # -- lobby and figures -----------------------------------------------------------------------
    def figures(self) -> Mapping[str, Any]:
        return {"connections": len(self.server.conns), "tables": len(self.server.tables)}

    def public_rooms(self) -> dict[str, Any]:
        return {
            t.id: codec.plain(t.info())
            for t in self.server.tables.values()
            if not t.private and not t.closed
        }

    async def lobby(self) -> list[RoomInfo]:
        try:
            rooms = await self.node.presence.lobby()
        except (RedisError, OSError) as e:
            raise StoreUnavailable(f"Redis is unreachable: {e}") from None
        return [codec.convert(r["info"], RoomInfo) for _id, r in sorted(rooms.items())]

    async def publish_lobby(self, changed: set[str], gone: set[str]) -> None:
        """List this node's changed public rooms in Redis (every node pushes them)."""
        for room in sorted(changed - gone):
            table = self.server.tables.get(room)
            if table is not None and not table.closed and not table.private:
                await self.node.presence.show(room, codec.plain(table.info()))
        for room in sorted(gone):
            await self.node.presence.hide(room)

    async def _lobby_changes(self) -> None:
        """Every node's lobby changes, gathered for ``_lobby_pusher``."""
        while True:
            try:
                async for room in self.node.presence.changes():
                    self._lobby_changed.add(room)
                    self._lobby_dirty.set()
            except Exception as e:
                raise_if_cancelled()
                log.warning("lobby changes: %r", e)
                await asyncio.sleep(1.0)

    async def _lobby_pusher(self, every: float = 0.5) -> None:
        """At most one push per ``every`` seconds, with the rooms changed meanwhile."""
        while True:
            await self._lobby_dirty.wait()
            self._lobby_dirty.clear()
            changed, self._lobby_changed = self._lobby_changed, set()
            try:
                await self._push_lobby(changed)
            except Exception as e:
                raise_if_cancelled()
                log.warning("lobby push: %r", e)
            await asyncio.sleep(every)

    async def _push_lobby(self, changed: set[str]) -> None:
        subs = [c for c in self.server.conns if c.lobby]
        if not subs or not changed:
            return
        rooms, gone = [], []
        for room in sorted(changed):
            got = await self.node.presence.room(room)
            if got is None:
                gone.append(room)
            else:
                rooms.append(codec.convert(got["info"], RoomInfo))
        frame = encode(LobbyUpdate(rooms, gone))
        for c in subs:
            c.push(frame)
