"""Persistence in PostgreSQL, for several server nodes sharing one database: the same methods
and results as ``net.store.Store`` (SQLite), on a psycopg 3 connection owned by the store
thread, with the same group commit (``net.storage.GroupCommit``).

Two additions serve the cluster. **Fencing**: the node that takes a table over bumps the room's
``epoch`` (``claim_room``); from then on that node's writes for the room carry its epoch and a
node still holding an older one (paused, cut off, its lease lapsed) is refused (``Fenced``)
instead of writing into a log someone else continues. **One room at a time**: ``live_rooms``
lists the open rooms' ids and ``room`` loads one with its log, for a takeover; ``park`` and
``parked`` keep why a room's log did not replay (as SQLite's store does).

A lost connection: the store reconnects, waiting up to ``reconnect_wait`` seconds; a batch cut
before COMMIT is retried once on the new connection (nothing of it was written); one cut during
COMMIT fails with ``StoreUnavailable(uncertain=True)``, since it may have been written.
"""

from __future__ import annotations

import json
import time
from typing import Any

import psycopg

from net.storage import GroupCommit, StoreUnavailable, fail, settle
from net.store import ENGINE

# Numbered migrations; ``schema_version`` holds the ones applied. Never edit one that has
# shipped: add the next.
MIGRATIONS: list[str] = [
    # 1: the tables SQLite keeps (net/store.py's SCHEMA, with rooms.side)
    """
    CREATE TABLE users (
        id BIGSERIAL PRIMARY KEY,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        rating INTEGER NOT NULL DEFAULT 0,
        created DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE rooms (
        id TEXT PRIMARY KEY,
        owner BIGINT NOT NULL,
        rules TEXT NOT NULL,
        multiplier INTEGER NOT NULL,
        private BOOLEAN NOT NULL,
        invite TEXT,
        seed BIGINT NOT NULL,
        seats TEXT NOT NULL,
        side TEXT NOT NULL DEFAULT 'any',
        closed BOOLEAN NOT NULL DEFAULT FALSE,
        created DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE actions (
        room TEXT NOT NULL,
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        user_id BIGINT,
        req BIGINT,
        v INTEGER NOT NULL,
        PRIMARY KEY (room, seq)
    );
    CREATE TABLE games (
        id BIGSERIAL PRIMARY KEY,
        room TEXT NOT NULL,
        hand_no INTEGER NOT NULL,
        v0 INTEGER NOT NULL,
        record TEXT NOT NULL,
        result TEXT NOT NULL,
        finished DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE game_players (
        game BIGINT NOT NULL,
        user_id BIGINT NOT NULL,
        seat INTEGER NOT NULL,
        delta INTEGER NOT NULL,
        PRIMARY KEY (game, user_id, seat)
    );
    CREATE INDEX game_players_user ON game_players (user_id, game);
    CREATE INDEX games_room ON games (room, id);
    CREATE INDEX rooms_open ON rooms (created) WHERE NOT closed;
    CREATE TABLE penalties (
        user_id BIGINT NOT NULL,
        room TEXT NOT NULL,
        hand_no INTEGER NOT NULL,
        amount INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL
    );
    """,
    # 2: the cluster's fencing epoch of each room
    "ALTER TABLE rooms ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0",
    # 3: the build that wrote each room's log ('unknown' for older rooms), and why a room's
    # log did not replay at the last start (NULL: it did); SQLite's store has the same
    "ALTER TABLE rooms ADD COLUMN engine TEXT NOT NULL DEFAULT 'unknown';"
    " ALTER TABLE rooms ADD COLUMN parked TEXT",
]

# one number for pg_advisory_xact_lock: two nodes starting together migrate one at a time
MIGRATION_LOCK = 0x7475_6F6C


class Fenced(Exception):
    """This node's claim on the room is stale: another node took the table over."""


def migrate(conn: psycopg.Connection[Any]) -> int:
    """Apply the migrations not yet applied; return the schema version."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version"
            " (version INTEGER PRIMARY KEY, applied DOUBLE PRECISION NOT NULL)"
        )
        row = conn.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
        have = int(row[0]) if row else 0
        for number, sql in enumerate(MIGRATIONS[have:], start=have + 1):
            conn.execute(sql)
            conn.execute(
                "INSERT INTO schema_version (version, applied) VALUES (%s, %s)",
                (number, time.time()),
            )
    return len(MIGRATIONS)


class PgStore(GroupCommit):
    def __init__(self, url: str, reconnect_wait: float = 5.0, connect_timeout: int = 3) -> None:
        super().__init__()
        self.url = url
        self.reconnect_wait = reconnect_wait
        self.connect_timeout = connect_timeout
        self.db = self._connect()
        self.migrate()
        self._epochs: dict[str, int] = {}  # rooms this node claimed: room -> its epoch

    def migrate(self) -> None:
        """Bring the schema up to the last migration."""
        migrate(self.db)

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True, connect_timeout=self.connect_timeout)

    # -- a lost connection ----------------------------------------------------------------
    def _commit(self, batches: list[Any]) -> None:
        for attempt in range(2):
            try:
                self._reconnect()
                done = self._transaction(batches)
            except (psycopg.OperationalError, StoreUnavailable) as e:
                self.db.close()  # whatever it was in the middle of is rolled back
                if attempt == 0 and not isinstance(e, StoreUnavailable):
                    continue  # cut before COMMIT: nothing was written; once more
                fail(batches, _unavailable(e))
                return
            try:
                self.db.execute("COMMIT")
            except psycopg.OperationalError as e:
                self.db.close()
                fail(batches, _unavailable(e, uncertain=True))
                return
            settle(done)
            return

    def _reconnect(self) -> None:
        if not (self.db.closed or self.db.broken):
            return
        end = time.monotonic() + self.reconnect_wait
        while True:
            try:
                self.db = self._connect()
                return
            except psycopg.OperationalError as e:
                if time.monotonic() >= end:
                    raise StoreUnavailable(f"the database is unreachable: {e}") from e
                time.sleep(0.2)

    # -- accounts ------------------------------------------------------------------------
    def create_user(self, name: str, token_hash: str) -> int:
        row = self.db.execute(
            "INSERT INTO users (name, token_hash, created) VALUES (%s, %s, %s) RETURNING id",
            (name, token_hash, time.time()),
        ).fetchone()
        return int(row[0])

    def user_by_token(self, token_hash: str) -> tuple[int, str, int] | None:
        row = self.db.execute(
            "SELECT id, name, rating FROM users WHERE token_hash = %s", (token_hash,)
        ).fetchone()
        return (row[0], row[1], row[2]) if row else None

    def rating(self, user: int) -> int:
        row = self.db.execute("SELECT rating FROM users WHERE id = %s", (user,)).fetchone()
        return int(row[0]) if row else 0

    def user_names(self, ids: list[int]) -> dict[int, tuple[str, int]]:
        if not ids:
            return {}
        rows = self.db.execute(
            "SELECT id, name, rating FROM users WHERE id = ANY(%s)", (list(ids),)
        ).fetchall()
        return {r[0]: (r[1], r[2]) for r in rows}

    # -- rooms and live logs ---------------------------------------------------------------
    def create_room(self, room: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT INTO rooms (id, owner, rules, multiplier, private, invite, seed, seats,"
            " side, engine, created) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
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

    def update_room(self, room: str, owner: int, seats: list[Any], closed: bool) -> None:
        cur = self.db.execute(
            "UPDATE rooms SET owner = %s, seats = %s, closed = %s WHERE id = %s"
            " AND (%s::bigint IS NULL OR epoch = %s)",
            (owner, json.dumps(seats), closed, room, *[self._epochs.get(room)] * 2),
        )
        self._check_fence(room, cur.rowcount)

    def append_action(
        self,
        room: str,
        seq: int,
        action: dict[str, Any],
        user: int | None,
        req: int | None,
        v: int,
    ) -> None:
        epoch = self._epochs.get(room)
        cur = self.db.execute(
            "INSERT INTO actions (room, seq, action, user_id, req, v)"
            " SELECT %s, %s, %s, %s, %s, %s WHERE %s::bigint IS NULL"
            " OR EXISTS (SELECT 1 FROM rooms WHERE id = %s AND epoch = %s)",
            (room, seq, json.dumps(action), user, req, v, epoch, room, epoch),
        )
        self._check_fence(room, cur.rowcount)

    def _check_fence(self, room: str, rowcount: int) -> None:
        if rowcount == 0 and room in self._epochs:  # the stale epoch stays: every write fails
            raise Fenced(f"room {room}: another node has taken the table over")

    def claim_room(self, room: str, expect: int | None = None) -> int | None:
        """Take the room over: bump its epoch (fencing out the node before) and write with
        the new one from now on. ``expect``: only if the epoch is still this one (a node
        re-taking its own table after Redis lost the lease: None means someone else took it
        meanwhile, so memory is stale and the table must be reloaded). KeyError: no such
        open room."""
        row = self.db.execute(
            "UPDATE rooms SET epoch = epoch + 1 WHERE id = %s AND NOT closed"
            " AND (%s::bigint IS NULL OR epoch = %s) RETURNING epoch",
            (room, expect, expect),
        ).fetchone()
        if row is None:
            if (
                expect is None
                or self.db.execute(
                    "SELECT 1 FROM rooms WHERE id = %s AND NOT closed", (room,)
                ).fetchone()
                is None
            ):
                raise KeyError(room)
            return None
        self._epochs[room] = int(row[0])
        return int(row[0])

    def release_room(self, room: str) -> None:
        """This node no longer owns the room (it closed, or went to another node)."""
        self._epochs.pop(room, None)

    def live_rooms(self) -> list[str]:
        """The ids of the open rooms, oldest first (parked ones too: a newer build may replay
        them)."""
        rows = self.db.execute(
            "SELECT id FROM rooms WHERE NOT closed ORDER BY created, id"
        ).fetchall()
        return [r[0] for r in rows]

    def room(self, rid: str) -> dict[str, Any]:
        """One room's row (with the build that wrote it and why it is parked) and its action
        log. KeyError: no such room."""
        row = self.db.execute(
            "SELECT id, owner, rules, multiplier, private, invite, seed, seats, side, engine,"
            " parked FROM rooms WHERE id = %s",
            (rid,),
        ).fetchone()
        if row is None:
            raise KeyError(rid)
        rid, owner, rules, mult, private, invite, seed, seats, side, engine, parked = row
        actions = self.db.execute(
            "SELECT action, user_id, req, v FROM actions WHERE room = %s ORDER BY seq", (rid,)
        ).fetchall()
        return {
            "id": rid,
            "owner": owner,
            "rules": json.loads(rules),
            "multiplier": mult,
            "private": private,
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
        self.db.execute("UPDATE rooms SET parked = %s WHERE id = %s", (reason, rid))

    def parked(self) -> list[tuple[str, str, str]]:
        """(room, engine that wrote it, why it did not replay) of every parked open room."""
        rows = self.db.execute(
            "SELECT id, engine, parked FROM rooms WHERE NOT closed AND parked IS NOT NULL"
            " ORDER BY created, id"
        )
        return [(r[0], r[1], r[2]) for r in rows]

    # -- finished hands and ratings ----------------------------------------------------------
    def finish_hand(
        self,
        room: str,
        hand_no: int,
        v0: int,
        record: dict[str, Any],
        result: dict[str, Any],
        players: list[tuple[int, int, int]],  # (user, seat, rating delta)
    ) -> int:
        row = self.db.execute(
            "INSERT INTO games (room, hand_no, v0, record, result, finished)"
            " VALUES (%s, %s, %s, %s, %s, %s) RETURNING id",
            (room, hand_no, v0, json.dumps(record), json.dumps(result), time.time()),
        ).fetchone()
        game = int(row[0])
        for user, seat, delta in players:
            self.db.execute(
                "INSERT INTO game_players (game, user_id, seat, delta) VALUES (%s, %s, %s, %s)",
                (game, user, seat, delta),
            )
            self.db.execute("UPDATE users SET rating = rating + %s WHERE id = %s", (delta, user))
        return game

    def penalize(self, user: int, room: str, hand_no: int, amount: int) -> int:
        """强退扣分: take ``amount`` off ``user``'s rating; return the new rating."""
        self.db.execute(
            "INSERT INTO penalties (user_id, room, hand_no, amount, at)"
            " VALUES (%s, %s, %s, %s, %s)",
            (user, room, hand_no, amount, time.time()),
        )
        self.db.execute("UPDATE users SET rating = rating - %s WHERE id = %s", (amount, user))
        return self.rating(user)

    def games_of(self, user: int, limit: int) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT g.id, g.room, g.hand_no, g.result, g.finished, p.seat, p.delta"
            " FROM game_players p JOIN games g ON g.id = p.game WHERE p.user_id = %s"
            " ORDER BY g.id DESC LIMIT %s",
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
        row = self.db.execute(
            "SELECT r.private, EXISTS (SELECT 1 FROM game_players p WHERE p.game = g.id"
            " AND p.user_id = %s) FROM games g JOIN rooms r ON r.id = g.room WHERE g.id = %s",
            (user, game),
        ).fetchone()
        return row is not None and (not row[0] or bool(row[1]))

    def room_games(self, user: int, room: str, limit: int) -> list[dict[str, Any]] | None:
        """A room's finished hands, newest first: all of a public room's; of a private room,
        only the hands ``user`` played. None: no such room."""
        found = self.db.execute("SELECT private FROM rooms WHERE id = %s", (room,)).fetchone()
        if found is None:
            return None
        rows = self.db.execute(
            "SELECT g.id, g.hand_no, g.result, g.finished FROM games g WHERE g.room = %s"
            " AND (NOT %s OR EXISTS (SELECT 1 FROM game_players p WHERE p.game = g.id"
            " AND p.user_id = %s)) ORDER BY g.id DESC LIMIT %s",
            (room, found[0], user, limit),
        ).fetchall()
        return [
            {"game": g, "room": room, "hand_no": n, "result": json.loads(r), "finished": f}
            for g, n, r, f in rows
        ]

    def record_of(self, user: int, game: int) -> dict[str, Any] | None:
        if not self._may_see(user, game):
            return None
        row = self.db.execute("SELECT record, v0 FROM games WHERE id = %s", (game,)).fetchone()
        return {"game": game, "v0": row[1], "record": json.loads(row[0])}


def _unavailable(e: Exception, uncertain: bool = False) -> StoreUnavailable:
    if isinstance(e, StoreUnavailable):
        return e
    what = "the connection broke while committing" if uncertain else "the database went away"
    return StoreUnavailable(f"{what}: {e}", uncertain)
