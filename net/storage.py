"""What the server keeps, as one interface with two back-ends: SQLite (``net.store``, the
embedded default) and PostgreSQL (``net.store_pg``, for several server nodes).

``Storage`` holds every query once; a back-end adds its connection, schema and dialect. Both
run every call on the store's own thread and group what is queued into one transaction
(group commit); ``await store.call(store.method, ...)`` returns once the transaction holding
the call has committed, so a table's action is durable before its events are sent. A call may
also be any function that uses the store's methods (a table's ``_persist``): it runs inside the
same transaction, in a savepoint of its own, so a failing call rolls back alone.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import importlib.metadata
import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

log = logging.getLogger(__name__)

# how many event-loop hand-overs one transaction may take in
BATCH_MAX = 64


class StoreUnavailable(Exception):
    """The database could not be reached; nothing of the failed calls was acknowledged.
    ``uncertain``: the connection broke during COMMIT, so the calls may have been written
    (the log, not memory, says which)."""

    def __init__(self, message: str, uncertain: bool = False) -> None:
        super().__init__(message)
        self.uncertain = uncertain


Done = list[tuple[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any, bool]]]]


class GroupCommit:
    """The store thread: calls queued from the event loop run in one transaction per batch,
    each in its own savepoint. A subclass sets ``db`` (anything with ``execute(sql)``, in
    autocommit mode) and may override ``_commit`` to deal with a lost connection."""

    db: Any

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._calls: list[tuple[Callable[..., Any], tuple[Any, ...], asyncio.Future[Any]]] = []
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="store", daemon=True)
        self._thread.start()

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None
        self.db.close()

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(*args)`` in the store thread, committed. The calls made in one turn of
        the event loop travel to the thread together and come back together."""
        loop = self._loop = asyncio.get_running_loop()
        fut = loop.create_future()
        if not self._calls:
            loop.call_soon(self._submit)
        self._calls.append((fn, args, fut))
        return await fut

    def _submit(self) -> None:
        calls, self._calls = self._calls, []
        self._queue.put((self._loop, calls))

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            batches = []
            stop = False
            while item is not None:
                batches.append(item)
                if len(batches) >= BATCH_MAX:
                    break
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
            else:
                stop = True
            if batches:
                try:
                    self._commit(batches)
                except Exception as e:  # the thread must live on: fail the calls, not hang them
                    log.exception("store: a batch failed as a whole")
                    with contextlib.suppress(Exception):
                        self.db.execute("ROLLBACK")
                    fail(batches, e)
            if stop:
                return

    def _commit(self, batches: list[Any]) -> None:
        done = self._transaction(batches)
        self.db.execute("COMMIT")
        settle(done)

    def _transaction(self, batches: list[Any]) -> Done:
        """BEGIN and every call in its savepoint; the caller commits."""
        done: Done = []
        self.db.execute("BEGIN")
        for loop, calls in batches:
            results = []
            for fn, args, fut in calls:
                self.db.execute("SAVEPOINT item")
                try:
                    results.append((fut, fn(*args), False))
                    self.db.execute("RELEASE item")
                except Exception as e:  # a failed item rolls back alone and fails its caller
                    self.db.execute("ROLLBACK TO item")
                    self.db.execute("RELEASE item")
                    results.append((fut, e, True))
            done.append((loop, results))
        return done


def settle(done: Done) -> None:
    for loop, results in done:
        loop.call_soon_threadsafe(_settle_all, results)


def fail(batches: list[Any], error: Exception) -> None:
    """Fail every call of ``batches`` with ``error`` (nothing of them was acknowledged)."""
    settle([(loop, [(fut, error, True) for _, _, fut in calls]) for loop, calls in batches])


def _settle_all(results: list[tuple[asyncio.Future[Any], Any, bool]]) -> None:
    for fut, value, failed in results:
        if fut.done():
            continue
        if failed:
            fut.set_exception(value)
        else:
            fut.set_result(value)


def engine_version() -> str:
    """The version of this build, written with every room's log."""
    try:
        return importlib.metadata.version("tuolaji")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


ENGINE = engine_version()


class Storage(GroupCommit, abc.ABC):
    """Every query, written once: a back-end supplies the connection (``db``), its schema
    (``migrate``) and its dialect. Queries are written with ``?`` for a parameter and
    ``{user}`` for the column that names a user (PostgreSQL reserves ``user``)."""

    PARAM = "?"
    USER = "user"

    def __init__(self) -> None:
        super().__init__()
        self._dialect: dict[str, str] = {}  # a query as written -> as this back-end runs it

    @abc.abstractmethod
    def migrate(self) -> None:
        """Bring the schema up to the version this build writes."""

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        query = self._dialect.get(sql)
        if query is None:
            query = self._dialect[sql] = sql.replace("{user}", self.USER).replace("?", self.PARAM)
        return self.db.execute(query, params)

    @abc.abstractmethod
    def _insert_id(self, sql: str, params: Sequence[Any]) -> int:
        """Run an ``INSERT`` into a table with an ``id`` key; return the new row's id."""

    # -- accounts ------------------------------------------------------------------------
    def create_user(self, name: str, token_hash: str) -> int:
        return self._insert_id(
            "INSERT INTO users (name, token_hash, created) VALUES (?, ?, ?)",
            (name, token_hash, time.time()),
        )

    def user_by_token(self, token_hash: str) -> tuple[int, str, int] | None:
        row = self._execute(
            "SELECT id, name, rating FROM users WHERE token_hash = ?", (token_hash,)
        ).fetchone()
        return (row[0], row[1], row[2]) if row else None

    def rating(self, user: int) -> int:
        row = self._execute("SELECT rating FROM users WHERE id = ?", (user,)).fetchone()
        return int(row[0]) if row else 0

    def user_names(self, ids: list[int]) -> dict[int, tuple[str, int]]:
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        rows = self._execute(
            f"SELECT id, name, rating FROM users WHERE id IN ({marks})", ids
        ).fetchall()
        return {r[0]: (r[1], r[2]) for r in rows}

    # -- rooms and live logs ---------------------------------------------------------------
    def create_room(self, room: dict[str, Any], cap: int | None = None) -> int | None:
        """Write a new room. With ``cap``: only while its owner has fewer open rooms than that,
        counted here, so the cap holds across every node writing to this database. Returns
        None when the room was written, else how many open rooms the owner has."""
        if cap is not None:
            self._hold_owner(room["owner"])
            (mine,) = self._execute(
                "SELECT count(*) FROM rooms WHERE owner = ? AND NOT closed AND parked IS NULL",
                (room["owner"],),
            ).fetchone()
            if mine >= cap:
                return int(mine)
        self._execute(
            "INSERT INTO rooms (id, owner, rules, multiplier, private, invite, seed, seats,"
            " side, engine, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                room["id"],
                room["owner"],
                json.dumps(room["rules"]),
                room["multiplier"],
                bool(room["private"]),
                room["invite"],
                room["seed"],
                json.dumps(room["seats"]),
                room["side"],
                ENGINE,
                time.time(),
            ),
        )
        return None

    def _hold_owner(self, owner: int) -> None:
        """Keep another writer from counting ``owner``'s rooms until this transaction ends
        (one SQLite writer thread is alone already)."""

    def update_room(self, room: str, owner: int, seats: list[Any], closed: bool) -> None:
        self._execute(
            "UPDATE rooms SET owner = ?, seats = ?, closed = ? WHERE id = ?",
            (owner, json.dumps(seats), closed, room),
        )

    def append_action(
        self, room: str, seq: int, action: dict[str, Any], user: int | None, req: int | None, v: int
    ) -> None:
        self._execute(
            "INSERT INTO actions (room, seq, action, {user}, req, v) VALUES (?, ?, ?, ?, ?, ?)",
            (room, seq, json.dumps(action), user, req, v),
        )

    def held_seats(self, user: int) -> list[tuple[str, int]]:
        """(room, seat) of every open room where ``user`` sits (one who left mid-hand no
        longer does): what a cluster node answers ``hello`` with, whichever node runs them."""
        rows = self._execute(
            "SELECT id, seats FROM rooms WHERE NOT closed AND seats LIKE ? ORDER BY created, id",
            (f'%"user": {int(user)}%',),  # narrows the scan; the JSON decides
        ).fetchall()
        return [
            (rid, i)
            for rid, seats in rows
            for i, s in enumerate(json.loads(seats))
            if s is not None and s.get("user") == user and not s.get("left")
        ]

    def live_rooms(self) -> list[str]:
        """The ids of the open rooms, oldest first (parked ones too: a newer build may replay
        them)."""
        rows = self._execute("SELECT id FROM rooms WHERE NOT closed ORDER BY created, id")
        return [r[0] for r in rows.fetchall()]

    def room(self, rid: str) -> dict[str, Any]:
        """One room's row (with the build that wrote it and why it is parked) and its action
        log, decoded. KeyError: no such room; a corrupt row raises."""
        row = self._execute(
            "SELECT id, owner, rules, multiplier, private, invite, seed, seats, side, engine,"
            " parked FROM rooms WHERE id = ?",
            (rid,),
        ).fetchone()
        if row is None:
            raise KeyError(rid)
        rid, owner, rules, mult, private, invite, seed, seats, side, engine, parked = row
        actions = self._execute(
            "SELECT action, {user}, req, v FROM actions WHERE room = ? ORDER BY seq", (rid,)
        ).fetchall()
        return {
            "id": rid,
            "owner": owner,
            "rules": json.loads(rules),
            "multiplier": mult,
            "private": bool(private),
            "invite": invite,
            "seed": seed,
            "seats": json.loads(seats),
            "side": side,
            "engine": engine,
            "parked": parked,
            "actions": [(json.loads(a), u, r, v) for a, u, r, v in actions],
        }

    def park(self, rid: str, reason: str | None) -> None:
        """Record why a room's log did not replay (None: it replays again)."""
        self._execute("UPDATE rooms SET parked = ? WHERE id = ?", (reason, rid))

    def parked(self) -> list[tuple[str, str, str]]:
        """(room, engine that wrote it, why it did not replay) of every parked open room."""
        rows = self._execute(
            "SELECT id, engine, parked FROM rooms WHERE NOT closed AND parked IS NOT NULL"
            " ORDER BY created, id"
        )
        return [(r[0], r[1], r[2]) for r in rows.fetchall()]

    # -- finished hands, ratings, penalties ------------------------------------------------
    def finish_hand(
        self,
        room: str,
        hand_no: int,
        v0: int,
        record: dict[str, Any],
        result: dict[str, Any],
        players: list[tuple[int, int, int]],  # (user, seat, rating delta)
    ) -> int:
        game = self._insert_id(
            "INSERT INTO games (room, hand_no, v0, record, result, finished)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (room, hand_no, v0, json.dumps(record), json.dumps(result), time.time()),
        )
        for user, seat, delta in players:
            self._execute(
                "INSERT INTO game_players (game, {user}, seat, delta) VALUES (?, ?, ?, ?)",
                (game, user, seat, delta),
            )
            self._execute("UPDATE users SET rating = rating + ? WHERE id = ?", (delta, user))
        return game

    def penalize(self, user: int, room: str, hand_no: int, amount: int) -> int:
        """强退扣分: take ``amount`` off ``user``'s rating; return the new rating."""
        self._execute(
            "INSERT INTO penalties ({user}, room, hand_no, amount, at) VALUES (?, ?, ?, ?, ?)",
            (user, room, hand_no, amount, time.time()),
        )
        self._execute("UPDATE users SET rating = rating - ? WHERE id = ?", (amount, user))
        return self.rating(user)

    def games_of(self, user: int, limit: int) -> list[dict[str, Any]]:
        rows = self._execute(
            "SELECT g.id, g.room, g.hand_no, g.result, g.finished, p.seat, p.delta"
            " FROM game_players p JOIN games g ON g.id = p.game WHERE p.{user} = ?"
            " ORDER BY g.id DESC LIMIT ?",
            (user, limit),
        ).fetchall()
        return [
            {
                "game": gid,
                "room": room,
                "hand_no": hand_no,
                "result": json.loads(result),
                "finished": finished,
                "seat": seat,
                "delta": delta,
            }
            for gid, room, hand_no, result, finished, seat, delta in rows
        ]

    def _may_see(self, user: int, game: int) -> bool:
        """A finished hand's record is its players', and everyone's when its room is public."""
        row = self._execute(
            "SELECT r.private, EXISTS (SELECT 1 FROM game_players p WHERE p.game = g.id"
            " AND p.{user} = ?) FROM games g JOIN rooms r ON r.id = g.room WHERE g.id = ?",
            (user, game),
        ).fetchone()
        return row is not None and (not row[0] or bool(row[1]))

    def room_games(self, user: int, room: str, limit: int) -> list[dict[str, Any]] | None:
        """A room's finished hands, newest first: all of a public room's; of a private room,
        only the hands ``user`` played. None: no such room."""
        found = self._execute("SELECT private FROM rooms WHERE id = ?", (room,)).fetchone()
        if found is None:
            return None
        rows = self._execute(
            "SELECT g.id, g.hand_no, g.result, g.finished FROM games g WHERE g.room = ?"
            " AND (NOT ? OR EXISTS (SELECT 1 FROM game_players p WHERE p.game = g.id"
            " AND p.{user} = ?)) ORDER BY g.id DESC LIMIT ?",
            (room, bool(found[0]), user, limit),
        ).fetchall()
        return [
            {"game": g, "room": room, "hand_no": n, "result": json.loads(r), "finished": f}
            for g, n, r, f in rows
        ]

    def record_of(self, user: int, game: int) -> dict[str, Any] | None:
        if not self._may_see(user, game):
            return None
        row = self._execute("SELECT record, v0 FROM games WHERE id = ?", (game,)).fetchone()
        return {"game": game, "v0": row[1], "record": json.loads(row[0])}


def open_store(where: str) -> Storage:
    """``postgresql://…`` opens PostgreSQL; anything else is a SQLite file's path."""
    if where.startswith(("postgresql://", "postgres://")):
        from net.store_pg import PgStore

        return PgStore(where)
    from net.store import Store

    return Store(where)
