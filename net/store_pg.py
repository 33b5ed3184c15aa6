"""Persistence in PostgreSQL, for several server nodes sharing one database: the queries of
``net.storage.Storage`` (which SQLite's ``net.store.Store`` runs too), on a psycopg 3
connection owned by the store thread, with the same group commit.

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
from collections.abc import Callable, Sequence
from typing import Any

import psycopg

from net import rated
from net.storage import Fenced, Storage, StoreUnavailable, fail, settle


def _add_boards(conn: psycopg.Connection[Any]) -> None:
    """Leaderboards (net/leaderboard.py), as SQLite's ``_add_boards``: each hand's rated preset
    (NULL: unrated), each player's side and result, the boards as last recomputed; the hands
    already finished are rated by the same function."""
    conn.execute(
        """
        ALTER TABLE games ADD COLUMN preset TEXT;
        ALTER TABLE game_players ADD COLUMN defender BOOLEAN;
        ALTER TABLE game_players ADD COLUMN won BOOLEAN;
        CREATE INDEX games_preset ON games (preset, id) WHERE preset IS NOT NULL;
        CREATE TABLE boards (
            preset TEXT NOT NULL,
            rank INTEGER NOT NULL,
            user_id BIGINT NOT NULL,
            rating INTEGER NOT NULL,
            games INTEGER NOT NULL,
            PRIMARY KEY (preset, rank)
        );
        CREATE INDEX boards_user ON boards (user_id);
        CREATE TABLE board_runs (preset TEXT PRIMARY KEY, computed DOUBLE PRECISION NOT NULL);
        """
    )
    rated.backfill(lambda sql, params: conn.execute(sql.replace("?", "%s"), params))


# Numbered migrations; ``schema_version`` holds the ones applied. Never edit one that has
# shipped: add the next.
MIGRATIONS: list[str | Callable[[psycopg.Connection[Any]], None]] = [
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
    # 4: when each login token was issued (NULL: when its user was created), as in SQLite
    "ALTER TABLE users ADD COLUMN token_at DOUBLE PRECISION",
    # 5: friends, requests, blocks, invitations; mutes, reports, sanctions, roles and the
    # append-only moderation log (as SQLite's _add_social)
    """
    CREATE TABLE friend_requests (
        sender BIGINT NOT NULL,
        target BIGINT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (sender, target)
    );
    CREATE INDEX friend_requests_target ON friend_requests (target);
    CREATE TABLE friends (
        user_id BIGINT NOT NULL,
        friend BIGINT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (user_id, friend)
    );
    CREATE TABLE blocks (
        user_id BIGINT NOT NULL,
        blocked BIGINT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (user_id, blocked)
    );
    CREATE INDEX blocks_blocked ON blocks (blocked);
    CREATE TABLE appear_offline (user_id BIGINT PRIMARY KEY);
    CREATE TABLE invitations (
        id BIGSERIAL PRIMARY KEY,
        sender BIGINT NOT NULL,
        target BIGINT NOT NULL,
        room TEXT NOT NULL,
        seat INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX invitations_target ON invitations (target);
    CREATE INDEX invitations_sender ON invitations (sender);
    CREATE TABLE mutes (
        user_id BIGINT NOT NULL,
        muted BIGINT NOT NULL,
        room TEXT NOT NULL,
        PRIMARY KEY (user_id, room, muted)
    );
    CREATE TABLE reports (
        id BIGSERIAL PRIMARY KEY,
        reporter BIGINT NOT NULL,
        reported BIGINT NOT NULL,
        reason TEXT NOT NULL,
        text TEXT NOT NULL,
        room TEXT,
        game BIGINT,
        chat TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX reports_reporter ON reports (reporter, at);
    CREATE TABLE sanctions (
        user_id BIGINT NOT NULL,
        kind TEXT NOT NULL,
        until DOUBLE PRECISION NOT NULL,
        reason TEXT NOT NULL,
        PRIMARY KEY (user_id, kind)
    );
    CREATE TABLE roles (user_id BIGINT PRIMARY KEY, role TEXT NOT NULL);
    CREATE TABLE moderation_log (
        id BIGSERIAL PRIMARY KEY,
        at DOUBLE PRECISION NOT NULL,
        actor TEXT,
        action TEXT NOT NULL,
        target BIGINT NOT NULL,
        reason TEXT NOT NULL,
        until DOUBLE PRECISION
    );
    CREATE FUNCTION moderation_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the moderation log is append-only'; END $$;
    CREATE TRIGGER moderation_log_append_only BEFORE UPDATE OR DELETE ON moderation_log
    FOR EACH ROW EXECUTE FUNCTION moderation_log_append_only();
    """,
    # accounts with an optional password, recovery and link codes, sessions of rotating
    # refresh tokens and the wrong tries counted against guessing (net/accounts.py), as in SQLite
    """
    CREATE TABLE accounts (
        user_id BIGINT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        password TEXT,
        created DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE recovery_codes (
        code_hash TEXT PRIMARY KEY,
        user_id BIGINT NOT NULL,
        used DOUBLE PRECISION
    );
    CREATE INDEX recovery_codes_user ON recovery_codes (user_id);
    CREATE TABLE link_codes (
        code_hash TEXT PRIMARY KEY,
        user_id BIGINT NOT NULL,
        expires DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        family TEXT NOT NULL,
        user_id BIGINT NOT NULL,
        kind TEXT NOT NULL,
        state TEXT NOT NULL,
        expires DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX sessions_family ON sessions (family);
    CREATE INDEX sessions_user ON sessions (user_id);
    CREATE TABLE sign_in_failures (key TEXT NOT NULL, at DOUBLE PRECISION NOT NULL);
    CREATE INDEX sign_in_failures_key ON sign_in_failures (key, at);
    """,
    # the rooms' spectator delay (net/spectators.py; 0: live)
    "ALTER TABLE rooms ADD COLUMN spectator_delay INTEGER NOT NULL DEFAULT 0",
    # leaderboards: rated presets, sides, the boards (a function: it rates the finished hands)
    _add_boards,
    # when each exchanged refresh token was exchanged and for which one, and each access
    # token's refresh token: a retry whose answer was lost gets a new pair instead of ending
    # the session (Storage.rotate)
    "ALTER TABLE sessions ADD COLUMN replaced_at DOUBLE PRECISION, ADD COLUMN successor TEXT,"
    " ADD COLUMN pair TEXT",
]


# one number for pg_advisory_xact_lock: two nodes starting together migrate one at a time
MIGRATION_LOCK = 0x7475_6F6C
OWNER_LOCKS = 0x726F  # with a user id: the advisory lock on that user's rooms
BOARDS_LOCK = 0x626F_6172  # the leaderboards' recomputation: one node at a time


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
        for number, step in enumerate(MIGRATIONS[have:], start=have + 1):
            if callable(step):  # one that rewrites rows as well (in Python)
                step(conn)
            else:
                conn.execute(step)
            conn.execute(
                "INSERT INTO schema_version (version, applied) VALUES (%s, %s)",
                (number, time.time()),
            )
    return len(MIGRATIONS)


class PgStore(Storage):
    """``Storage``'s queries on PostgreSQL, with fencing and reconnection for a cluster."""

    PARAM = "%s"
    USER = "user_id"  # ``user`` is reserved

    def __init__(self, url: str, reconnect_wait: float = 5.0, connect_timeout: int = 3) -> None:
        super().__init__()
        self.url = url
        self.reconnect_wait = reconnect_wait
        self.connect_timeout = connect_timeout
        self.db = self._connect()
        self.migrate()
        self._epochs: dict[str, int] = {}  # rooms this node claimed: room -> its epoch
        # told (on the store thread) of each room whose write was fenced: the node drops it
        self.on_fenced: Callable[[str], None] | None = None
        # told (on the store thread) of the claimed rooms a transaction wrote when its COMMIT
        # broke off: whether their rows are in is unknown, so the node lets them be reloaded
        self.on_uncertain: Callable[[set[str]], None] | None = None
        self._written: set[str] = set()  # claimed rooms the transaction under way wrote

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
                self._written = set()
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
                if self.on_uncertain is not None and self._written:
                    self.on_uncertain(set(self._written))
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

    def _insert_id(self, sql: str, params: Sequence[Any]) -> int:
        return int(self._execute(sql + " RETURNING id", params).fetchone()[0])

    def _hold_owner(self, owner: int) -> None:
        # two nodes creating rooms for one player at once would both count below the cap
        self._execute("SELECT pg_advisory_xact_lock(?, ?)", (OWNER_LOCKS, owner))

    def _hold_boards(self) -> None:
        # two nodes recomputing at once would both insert each preset's (preset, rank) rows
        self._execute("SELECT pg_advisory_xact_lock(?)", (BOARDS_LOCK,))

    # -- fencing: a claimed room's writes carry its epoch ----------------------------------
    def update_room(self, room: str, owner: int, seats: list[Any], closed: bool) -> None:
        epoch = self._epochs.get(room)
        if epoch is None:
            super().update_room(room, owner, seats, closed)
            return
        self._written.add(room)
        cur = self._execute(
            "UPDATE rooms SET owner = ?, seats = ?, closed = ? WHERE id = ? AND epoch = ?",
            (owner, json.dumps(seats), closed, room, epoch),
        )
        self._check_fence(room, cur.rowcount)

    def append_action(
        self, room: str, seq: int, action: dict[str, Any], user: int | None, req: int | None, v: int
    ) -> None:
        epoch = self._epochs.get(room)
        if epoch is None:
            super().append_action(room, seq, action, user, req, v)
            return
        self._written.add(room)
        cur = self._execute(
            "INSERT INTO actions (room, seq, action, {user}, req, v) SELECT ?, ?, ?, ?, ?, ?"
            " WHERE EXISTS (SELECT 1 FROM rooms WHERE id = ? AND epoch = ?)",
            (room, seq, json.dumps(action), user, req, v, room, epoch),
        )
        self._check_fence(room, cur.rowcount)

    def _check_fence(self, room: str, rowcount: int) -> None:
        if rowcount == 0:  # the stale epoch stays: every later write fails too
            if self.on_fenced is not None:
                self.on_fenced(room)
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
        """The room closed: its epoch is no longer needed. (A room that went to another node
        keeps its stale epoch here, so that a write still under way is refused.)"""
        self._epochs.pop(room, None)


def _unavailable(e: Exception, uncertain: bool = False) -> StoreUnavailable:
    if isinstance(e, StoreUnavailable):
        return e
    what = "the connection broke while committing" if uncertain else "the database went away"
    return StoreUnavailable(f"{what}: {e}", uncertain)
