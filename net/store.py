"""Persistence in SQLite (WAL): accounts, ratings, rooms, live action logs, finished hands.

All access goes through one thread that owns the connection; the event loop awaits its
results (``await store.call(fn, ...)``). The thread groups whatever is queued into one
transaction (group commit), so 500 busy tables cost a commit per batch, not per action. A
table's action is awaited here **before** its events are sent: a killed server loses nothing a
client has seen. WAL with ``synchronous=NORMAL`` survives a killed process (not a power cut).
A commit only appends to the WAL: copying it back into the database file (a checkpoint, with
its fsync) is done by a thread of its own, so no table's answer waits for the disk to flush.

The schema's version is SQLite's ``PRAGMA user_version``; ``MIGRATIONS`` bring a database
written by any earlier version up to ``SCHEMA_VERSION`` when it is opened. Each room keeps the
version of the build that wrote its log (``engine``): a log that no longer replays is parked
with its reason (``parked``), and the other rooms serve.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Sequence
from typing import Any

from net import rated
from net.storage import Storage

log = logging.getLogger("tuolaji.store")

# Seconds between the checkpointer's passes. A commit that checkpointed (SQLite's default,
# every 1,000 pages) took up to 205 ms at 500 tables, holding every table's answer meanwhile.
CHECKPOINT_EVERY = 1.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    rating INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    owner INTEGER NOT NULL,
    rules TEXT NOT NULL,
    multiplier INTEGER NOT NULL,
    private INTEGER NOT NULL,
    invite TEXT,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    user INTEGER,
    req INTEGER,
    v INTEGER NOT NULL,
    PRIMARY KEY (room, seq)
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    room TEXT NOT NULL,
    hand_no INTEGER NOT NULL,
    v0 INTEGER NOT NULL,
    record TEXT NOT NULL,
    result TEXT NOT NULL,
    finished REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS game_players (
    game INTEGER NOT NULL,
    user INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    delta INTEGER NOT NULL,
    PRIMARY KEY (game, user, seat)
);
CREATE INDEX IF NOT EXISTS game_players_user ON game_players (user, game);
CREATE INDEX IF NOT EXISTS games_room ON games (room, id);
CREATE TABLE IF NOT EXISTS penalties (
    user INTEGER NOT NULL,
    room TEXT NOT NULL,
    hand_no INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    at REAL NOT NULL
);
"""


def _add_side(db: sqlite3.Connection) -> None:
    """Positive/negative rating rooms (a database from before them has no ``side``)."""
    columns = {r[1] for r in db.execute("PRAGMA table_info(rooms)")}
    if "side" not in columns:
        db.execute("ALTER TABLE rooms ADD COLUMN side TEXT NOT NULL DEFAULT 'any'")


def _add_engine_and_parked(db: sqlite3.Connection) -> None:
    """The build that wrote each room's log (unknown for older rooms), and why a room's log
    did not replay at the last start (NULL: it did)."""
    db.execute("ALTER TABLE rooms ADD COLUMN engine TEXT NOT NULL DEFAULT 'unknown'")
    db.execute("ALTER TABLE rooms ADD COLUMN parked TEXT")


def _add_token_at(db: sqlite3.Connection) -> None:
    """When each login token was issued (NULL: when its user was created), for tokens that
    expire (``token_days``)."""
    db.execute("ALTER TABLE users ADD COLUMN token_at REAL")


SOCIAL_SCHEMA = """
CREATE TABLE friend_requests (
    sender INTEGER NOT NULL,
    target INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (sender, target)
);
CREATE INDEX friend_requests_target ON friend_requests (target);
CREATE TABLE friends (
    user INTEGER NOT NULL,
    friend INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (user, friend)
);
CREATE TABLE blocks (
    user INTEGER NOT NULL,
    blocked INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (user, blocked)
);
CREATE INDEX blocks_blocked ON blocks (blocked);
CREATE TABLE appear_offline (user INTEGER PRIMARY KEY);
CREATE TABLE invitations (
    id INTEGER PRIMARY KEY,
    sender INTEGER NOT NULL,
    target INTEGER NOT NULL,
    room TEXT NOT NULL,
    seat INTEGER NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX invitations_target ON invitations (target);
CREATE INDEX invitations_sender ON invitations (sender);
CREATE TABLE mutes (
    user INTEGER NOT NULL,
    muted INTEGER NOT NULL,
    room TEXT NOT NULL,
    PRIMARY KEY (user, room, muted)
);
CREATE TABLE reports (
    id INTEGER PRIMARY KEY,
    reporter INTEGER NOT NULL,
    reported INTEGER NOT NULL,
    reason TEXT NOT NULL,
    text TEXT NOT NULL,
    room TEXT,
    game INTEGER,
    chat TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX reports_reporter ON reports (reporter, at);
CREATE TABLE sanctions (
    user INTEGER NOT NULL,
    kind TEXT NOT NULL,
    until REAL NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (user, kind)
);
CREATE TABLE roles (user INTEGER PRIMARY KEY, role TEXT NOT NULL);
CREATE TABLE moderation_log (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    actor TEXT,
    action TEXT NOT NULL,
    target INTEGER NOT NULL,
    reason TEXT NOT NULL,
    until REAL
);
CREATE TRIGGER moderation_log_no_update BEFORE UPDATE ON moderation_log
BEGIN SELECT RAISE(ABORT, 'the moderation log is append-only'); END;
CREATE TRIGGER moderation_log_no_delete BEFORE DELETE ON moderation_log
BEGIN SELECT RAISE(ABORT, 'the moderation log is append-only'); END;
"""


def _add_social(db: sqlite3.Connection) -> None:
    """Friends, requests, blocks, 'appear offline', seat invitations (net/social.py); mutes,
    reports, chat timeouts and bans, roles and the append-only moderation log
    (net/civility.py)."""
    # one statement at a time: executescript would commit the migration's transaction
    for statement in SOCIAL_SCHEMA.split(";\n"):
        if statement.strip():
            db.execute(statement)


ACCOUNTS_SCHEMA = """
CREATE TABLE accounts (
    user INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT,
    created REAL NOT NULL
);
CREATE TABLE recovery_codes (
    code_hash TEXT PRIMARY KEY,
    user INTEGER NOT NULL,
    used REAL
);
CREATE INDEX recovery_codes_user ON recovery_codes (user);
CREATE TABLE link_codes (
    code_hash TEXT PRIMARY KEY,
    user INTEGER NOT NULL,
    expires REAL NOT NULL
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    family TEXT NOT NULL,
    user INTEGER NOT NULL,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    expires REAL NOT NULL
);
CREATE INDEX sessions_family ON sessions (family);
CREATE INDEX sessions_user ON sessions (user);
CREATE TABLE sign_in_failures (key TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX sign_in_failures_key ON sign_in_failures (key, at);
"""


def _add_accounts(db: sqlite3.Connection) -> None:
    """Accounts with an optional password, recovery and link codes, sessions of rotating
    refresh tokens and the wrong tries counted against guessing (net/accounts.py)."""
    for statement in ACCOUNTS_SCHEMA.split(";\n"):  # executescript would commit midway
        if statement.strip():
            db.execute(statement)


BOARDS_SCHEMA = """
ALTER TABLE games ADD COLUMN preset TEXT;
ALTER TABLE game_players ADD COLUMN defender INTEGER;
ALTER TABLE game_players ADD COLUMN won INTEGER;
CREATE INDEX games_preset ON games (preset, id) WHERE preset IS NOT NULL;
CREATE TABLE boards (
    preset TEXT NOT NULL,
    rank INTEGER NOT NULL,
    user INTEGER NOT NULL,
    rating INTEGER NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (preset, rank)
);
CREATE INDEX boards_user ON boards (user);
CREATE TABLE board_runs (preset TEXT PRIMARY KEY, computed REAL NOT NULL)
"""


def _add_boards(db: sqlite3.Connection) -> None:
    """Leaderboards (net/leaderboard.py): each hand's rated preset (NULL: unrated), each
    player's side and result, the boards as last recomputed; the hands already finished are
    rated as a hand is now."""
    for statement in BOARDS_SCHEMA.split(";\n"):  # executescript would commit midway
        if statement.strip():
            db.execute(statement)
    rated.backfill(db.execute)


def _add_spectator_delay(db: sqlite3.Connection) -> None:
    """Each room's spectator delay (net/spectators.py; 0: live, as every older room is)."""
    columns = {r[1] for r in db.execute("PRAGMA table_info(rooms)")}
    if "spectator_delay" not in columns:
        db.execute("ALTER TABLE rooms ADD COLUMN spectator_delay INTEGER NOT NULL DEFAULT 0")


def _add_rotation_grace(db: sqlite3.Connection) -> None:
    """When each exchanged refresh token was exchanged and for which one, and each access
    token's refresh token, so that a retry whose answer was lost gets a new pair instead of
    ending the session (``Storage.rotate``)."""
    for column in ("replaced_at REAL", "successor TEXT", "pair TEXT"):
        db.execute(f"ALTER TABLE sessions ADD COLUMN {column}")


# MIGRATIONS[i] takes a database from user_version i to i + 1
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    _add_side,
    _add_engine_and_parked,
    _add_token_at,
    _add_social,
    _add_accounts,
    _add_spectator_delay,
    _add_boards,
    _add_rotation_grace,
)
SCHEMA_VERSION = len(MIGRATIONS)


class Store(Storage):
    """The embedded back-end: ``Storage``'s queries on a SQLite file."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpointer's job
        self._stop_checkpoints = threading.Event()
        self._checkpointer: threading.Thread | None = None
        try:
            self.migrate()
        except BaseException:
            self.db.close()
            raise

    def start(self) -> None:
        super().start()
        self._stop_checkpoints.clear()
        self._checkpointer = threading.Thread(
            target=self._checkpoints, name="checkpoint", daemon=True
        )
        self._checkpointer.start()

    def close(self) -> None:
        if self._checkpointer is not None:
            self._stop_checkpoints.set()
            self._checkpointer.join()
            self._checkpointer = None
        super().close()  # the last connection to close checkpoints what is left

    def _checkpoints(self) -> None:
        """Copy the WAL back on a connection of its own. PASSIVE waits for no one: the writer
        goes on committing, and frames still in use are copied on a later pass."""
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            while not self._stop_checkpoints.wait(CHECKPOINT_EVERY):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error as e:  # a busy or failing disk: try again next pass
                    log.warning("store: checkpoint failed: %s", e)
        finally:
            db.close()

    def migrate(self) -> None:
        """Bring the schema up to ``SCHEMA_VERSION``, one migration per version, each in its
        own transaction with the version it reaches."""
        self.db.executescript(SCHEMA)  # the first version's tables, where there are none
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise RuntimeError(
                f"{self.path} has schema version {version}; this build knows {SCHEMA_VERSION}"
            )
        for step in range(version, SCHEMA_VERSION):
            self.db.execute("BEGIN")
            try:
                MIGRATIONS[step](self.db)
                self.db.execute(f"PRAGMA user_version = {step + 1}")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def _insert_id(self, sql: str, params: Sequence[Any]) -> int:
        return int(self._execute(sql, params).lastrowid or 0)
