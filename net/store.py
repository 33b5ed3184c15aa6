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


# MIGRATIONS[i] takes a database from user_version i to i + 1
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_add_side, _add_engine_and_parked)
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
