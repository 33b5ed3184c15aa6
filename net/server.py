"""The game server as a process: the ``Server`` (the hub every handler shares, its
connections' read loop, its tables restored at the start), ``serve_forever`` wiring it to
websockets, the HTTP front, metrics and the cluster, and the ``tuolaji-server`` command.

The parts live by what they are: ``net.conn`` (a connection and its write path),
``net.dispatch`` (a request to its handler and its answer), ``net.hello``, ``net.lobby``,
``net.rooms`` and ``net.records`` (the handlers), ``net.hub`` (what they share) and
``net.host`` (what the cluster, metrics and discovery may use of the server).
Abuse (oversized frames, a spent message budget) is closed with 1008; nothing a client sends
can stop the server.

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
import signal
import socket
import sqlite3
import sys
import time
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, NoReturn

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine.errors import RulesError
from net import account_handlers, collector, config, dispatch, logs, modcli, notices, tls
from net.backup import backup
from net.conn import Conn
from net.http import Check, Front
from net.hub import Hub
from net.lobby import lobby_pusher
from net.metrics import TimedStore, registry
from net.players import thinker
from net.protocol import MAX_FRAME, Ok, VersionReply, encode, error
from net.proxy import networks
from net.rated import Gate
from net.rooms import janitor
from net.stats import Stats
from net.storage import ENGINE, StoreUnavailable
from net.tables import Table, table_from_row

log = logging.getLogger("tuolaji.server")

LIBRARY_MAX = 1024 * 1024  # websockets' own ceiling (1009); our 64 KiB limit closes with 1008


class Server(Hub):
    """The hub with its connections and its start-up: what ``net.host.Host`` promises."""

    # -- start-up: every live table as it was ------------------------------------------------
    def restore(self) -> None:
        """Every open table as it was. Each is restored on its own: one whose row or log no
        longer replays (a corrupt row, a rule that changed) is parked with its reason and
        reported, and the others serve."""
        store = self.store
        for rid in store.live_rooms():
            try:
                row = store.room(rid)
                table = self.replay(row, store.user_names([row["owner"]]))
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

    def replay(self, row: dict[str, Any], names: dict[int, tuple[str, int]]) -> Table:
        return table_from_row(row, self.store, self.settings, names, self.thinker)

    def install(self, table: Table, row: dict[str, Any]) -> None:
        """Serve a table restored from its row: its log's request ids are answered again."""
        table.on_change = self.table_changed
        table.on_seats = self.index_seats
        self.tables[table.id] = table
        self.index_seats(table)
        for _a, user, req, v in row["actions"]:
            if user is not None and req is not None:
                dispatch.remember(self, user, req, encode(Ok(req, VersionReply(v))))

    def seat_moved(self, user: int) -> None:
        notices.changed(self, user)  # "playing" there, or no longer

    def resume_tables(self) -> None:
        for t in self.tables.values():
            t.poke()

    def nodes(self) -> Mapping[str, Mapping[str, Any]] | None:
        return None if self.cluster is None else self.cluster.view

    # -- connections -----------------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        """One websocket's life: its frames, within its budget, to ``dispatch``."""
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
            if conn.user is not None:  # perhaps their last connection: friends are told
                notices.changed(self, conn.user)

    async def dispatch(self, conn: Conn, msg: str, local: bool = False) -> None:
        await dispatch.dispatch(self, conn, msg, local)

    async def quiet(self, conn: Conn, msg: str) -> None:
        await dispatch.quiet(self, conn, msg)

    # -- --stats probes ----------------------------------------------------------------------
    def gc_probe(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.gc_start = time.perf_counter()
        else:
            pause = time.perf_counter() - self.gc_start
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


OPERATOR_HELP = """\
Run a Tuolaji game server: players connect with the desktop app (Play online, the address
host:port) or tuolaji-bot. Games, players and ratings are kept in one SQLite file; a restarted
server resumes every table. It listens on 127.0.0.1 by default; --host 0.0.0.0 lets other
machines connect. Every option may also come from a TOML file (--config) or the environment
(TUOLAJI_SERVER_<OPTION>); docs/DEPLOY.md describes each.

  tuolaji-server backup DEST    a consistent copy of the live SQLite file
  tuolaji-server parked         the rooms whose logs did not replay at the last start
  tuolaji-server revoke NAME    the login tokens of the players called NAME stop working
  tuolaji-server mod ...        chat timeouts, bans, roles, the moderation log and reports
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
    try:
        ssl = tls.server_context(cfg.certfile, cfg.keyfile) if cfg.tls else None
    except (OSError, ValueError) as e:  # ssl.SSLError is an OSError
        raise config.StartError(f"certfile/keyfile {cfg.certfile}, {cfg.keyfile}: {e}") from None
    try:
        store = config.open_store(cfg.store) if cfg.postgres else TimedStore(cfg.database(), stats)
    except Exception as e:  # sqlite3's, psycopg's: whatever the database said, in one line
        where = "store" if cfg.postgres else "db"
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise config.StartError(f"{where} {cfg.database()}: cannot open: {first}") from None
    store.start()
    ai = thinker(cfg.ai_workers or None, stats)
    server = Server(
        store,
        cfg.settings(),
        cfg.rate,
        cfg.burst,
        rooms_per_user=cfg.rooms_per_user,
        thinker=ai,
    )
    server.stats = stats
    server.token_ttl = cfg.token_days * 86400
    server.rematches.window = cfg.rematch_seconds
    flood = notices.of(server).flood
    flood.count, flood.seconds = cfg.chat_lines, cfg.chat_seconds
    server.boards.gate = Gate(cfg.board_games, cfg.board_days, cfg.board_opponents)
    server.boards.every = cfg.board_every
    front = Front(
        stats,
        ENGINE,
        networks(cfg.trusted_proxies),
        registry(server, stats, ENGINE) if cfg.metrics else None,
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

    def report() -> None:  # why each table is where it is, for an operator (docs/DEPLOY.md)
        for table in list(server.tables.values()):
            log.warning("%s", table.diagnosis())

    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError, AttributeError):
        loop.add_signal_handler(signal.SIGUSR1, report)

    async def database() -> str | None:
        try:
            await store.call(store.ping)
        except StoreUnavailable as e:
            return f"database: {e}"
        return None

    checks: list[Check] = [database]  # readiness (/readyz)
    tasks = [
        asyncio.create_task(lobby_pusher(server)),
        asyncio.create_task(janitor(server)),
        asyncio.create_task(collector.pace(cfg.gc_full_every)),
        asyncio.create_task(stats.probe()),
        asyncio.create_task(server.boards.run()),
    ]
    try:
        listening = await serve(
            server.handle,
            cfg.host,
            cfg.port,
            ssl=ssl,
            process_request=front,
            max_size=LIBRARY_MAX,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=cfg.shutdown_grace / 2,  # a client that never answers our close
            compression=None,  # small JSON frames: deflate cost more CPU (and memory) than it saved
        )
    except OSError as e:  # in use, not an address of this machine, no such host
        for task in tasks:
            task.cancel()
        ai.close()
        raise config.StartError(f"host/port {cfg.host}:{cfg.port}: {e.strerror or e}") from None
    async with listening as ws_server:
        sockets = ws_server.sockets
        bound = sockets[0].getsockname()[1] if sockets else cfg.port
        scheme = "wss" if cfg.tls else "ws"
        if cfg.redis:
            from net.cluster.serving import Cluster
            from net.store_pg import PgStore

            assert isinstance(store, PgStore)
            node = cfg.node_id or f"{socket.gethostname()}-{bound}"
            server.cluster = cluster = Cluster(server, store, node, cfg.redis)
            try:
                await cluster.start()
            except Exception as e:  # redis' errors (its package is the cluster's extra)
                ai.close()
                raise config.StartError(f"redis {cfg.redis}: unreachable: {e}") from None
            front.node, front.cluster = node, lambda: cluster.view
            checks.append(cluster.check)
        tasks.append(asyncio.create_task(front.watch(checks)))
        # a cluster's presence and notices, and the sign-outs of other nodes
        tasks.append(asyncio.create_task(notices.run(server, account_handlers.close_ended)))
        if cfg.metrics and cfg.metrics_address:
            try:
                apart = await front.serve_metrics(*cfg.metrics_at())
            except OSError as e:
                raise config.StartError(f"metrics_address {cfg.metrics_address}: {e}") from None
            tasks.append(asyncio.create_task(apart.serve_forever()))
        print(f"tuolaji-server listening on {scheme}://{cfg.host}:{bound}", flush=True)
        server.resume_tables()
        if on_ready is not None:
            on_ready(server, bound)
        await stop
        log.warning("shutting down")
        front.stopping = True
        if server.cluster is not None:
            server.cluster.closing()
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
    ai.close()


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
        except (OSError, RuntimeError, sqlite3.Error) as e:
            print(f"tuolaji-server backup: error: {a.dest}: {e}", file=sys.stderr)
            raise SystemExit(2) from None
        print(f"backed up {cfg.database()} to {a.dest} ({pages} pages)")
        return
    if argv[:1] == ["revoke"]:
        b = argparse.ArgumentParser(
            prog="tuolaji-server revoke",
            description="Make every login token of the players called NAME stop working: they"
            " are refused at their next hello (a connection open now stays open).",
        )
        b.add_argument("name", metavar="NAME")
        config.add_arguments(b)
        a = b.parse_args(argv[1:])
        cfg = config.from_arguments(a)
        store = config.open_store(cfg.database())
        count = store.revoke(a.name)
        store.close()
        print(f"revoked the tokens of {count} player{'s' if count != 1 else ''} called {a.name}")
        if not count:
            raise SystemExit(1)
        return
    if argv[:1] == ["mod"]:
        modcli.main(argv[1:])
        return
    if argv[:1] == ["parked"]:
        b = argparse.ArgumentParser(
            prog="tuolaji-server parked",
            description="List the rooms whose logs did not replay at the last start.",
        )
        config.add_arguments(b)
        cfg = config.from_arguments(b.parse_args(argv[1:]))
        store = config.open_store(cfg.database())
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
        refuse(str(e))
    logs.setup(cfg.log_level, cfg.log_json)
    try:
        run_loop(serve_forever(cfg), cfg.event_loop)
    except config.StartError as e:
        refuse(str(e))


def refuse(why: str) -> NoReturn:
    """A configuration that cannot work: one line naming the option or file, exit 2."""
    print(f"tuolaji-server: error: {why}", file=sys.stderr)
    raise SystemExit(2)


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
