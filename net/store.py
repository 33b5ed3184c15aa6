"""Persistence in SQLite (WAL): accounts, ratings, rooms, live action logs, finished hands.

All access goes through one thread that owns the connection; the event loop awaits its
results (``await store.call(fn, ...)``). The thread groups whatever is queued into one
transaction (group commit), so 500 busy tables cost a commit per batch, not per action. A
table's action is awaited here **before** its events are sent: a killed server loses nothing a
client has seen. WAL with ``synchronous=NORMAL`` survives a killed process (not a power cut).

The schema's version is SQLite's ``PRAGMA user_version``; ``MIGRATIONS`` bring a database
written by any earlier version up to ``SCHEMA_VERSION`` when it is opened. Each room keeps the
version of the build that wrote its log (``engine``): a log that no longer replays is parked
with its reason (``parked``), and the other rooms serve.
"""

from __future__ import annotations

import importlib.metadata
import json
import sqlite3
import time
from collections.abc import Callable
from typing import Any

from net.storage import GroupCommit

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


def engine_version() -> str:
    """The version of this build, written with every room's log."""
    try:
        return importlib.metadata.version("tuolaji")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


ENGINE = engine_version()


class Store(GroupCommit):
    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        try:
            self.migrate()
        except BaseException:
            self.db.close()
            raise

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

    # -- accounts ------------------------------------------------------------------------
    def create_user(self, name: str, token_hash: str) -> int:
        cur = self.db.execute(
            "INSERT INTO users (name, token_hash, created) VALUES (?, ?, ?)",
            (name, token_hash, time.time()),
        )
        return int(cur.lastrowid or 0)

    def user_by_token(self, token_hash: str) -> tuple[int, str, int] | None:
        row = self.db.execute(
            "SELECT id, name, rating FROM users WHERE token_hash = ?", (token_hash,)
        ).fetchone()
        return (row[0], row[1], row[2]) if row else None

    def rating(self, user: int) -> int:
        row = self.db.execute("SELECT rating FROM users WHERE id = ?", (user,)).fetchone()
        return int(row[0]) if row else 0

    # -- rooms and live logs ---------------------------------------------------------------
    def create_room(self, room: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT INTO rooms (id, owner, rules, multiplier, private, invite, seed, seats,"
            " side, engine, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                room["id"],
                room["owner"],
                json.dumps(room["rules"]),
                room["multiplier"],
                int(room["private"]),
                room["invite"],
                room["seed"],
                json.dumps(room["seats"]),
                room["side"],
                ENGINE,
                time.time(),
            ),
        )

    def update_room(self, room: str, owner: int, seats: list[Any], closed: bool) -> None:
        self.db.execute(
            "UPDATE rooms SET owner = ?, seats = ?, closed = ? WHERE id = ?",
            (owner, json.dumps(seats), int(closed), room),
        )

    def append_action(
        self, room: str, seq: int, action: dict[str, Any], user: int | None, req: int | None, v: int
    ) -> None:
        self.db.execute(
            "INSERT INTO actions (room, seq, action, user, req, v) VALUES (?, ?, ?, ?, ?, ?)",
            (room, seq, json.dumps(action), user, req, v),
        )

    def live_rooms(self) -> list[str]:
        """The ids of the rooms that were open, oldest first (parked ones too: a newer
        build may replay them)."""
        rows = self.db.execute("SELECT id FROM rooms WHERE closed = 0 ORDER BY created")
        return [r[0] for r in rows]

    def room(self, rid: str) -> dict[str, Any]:
        """One room's row and its action log, decoded (a corrupt row raises)."""
        row = self.db.execute(
            "SELECT id, owner, rules, multiplier, private, invite, seed, seats, side, engine,"
            " parked FROM rooms WHERE id = ?",
            (rid,),
        ).fetchone()
        rid, owner, rules, mult, private, invite, seed, seats, side, engine, parked = row
        actions = self.db.execute(
            "SELECT action, user, req, v FROM actions WHERE room = ? ORDER BY seq", (rid,)
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
        self.db.execute("UPDATE rooms SET parked = ? WHERE id = ?", (reason, rid))

    def parked(self) -> list[tuple[str, str, str]]:
        """(room, engine that wrote it, why it did not replay) of every parked open room."""
        rows = self.db.execute(
            "SELECT id, engine, parked FROM rooms WHERE closed = 0 AND parked IS NOT NULL"
            " ORDER BY created"
        )
        return [(r[0], r[1], r[2]) for r in rows]

    def user_names(self, ids: list[int]) -> dict[int, tuple[str, int]]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self.db.execute(
            f"SELECT id, name, rating FROM users WHERE id IN ({marks})", ids
        ).fetchall()
        return {r[0]: (r[1], r[2]) for r in rows}

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
        cur = self.db.execute(
            "INSERT INTO games (room, hand_no, v0, record, result, finished)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (room, hand_no, v0, json.dumps(record), json.dumps(result), time.time()),
        )
        game = int(cur.lastrowid or 0)
        for user, seat, delta in players:
            self.db.execute(
                "INSERT INTO game_players (game, user, seat, delta) VALUES (?, ?, ?, ?)",
                (game, user, seat, delta),
            )
            self.db.execute("UPDATE users SET rating = rating + ? WHERE id = ?", (delta, user))
        return game

    def penalize(self, user: int, room: str, hand_no: int, amount: int) -> int:
        """强退扣分: take ``amount`` off ``user``'s rating; return the new rating."""
        self.db.execute(
            "INSERT INTO penalties (user, room, hand_no, amount, at) VALUES (?, ?, ?, ?, ?)",
            (user, room, hand_no, amount, time.time()),
        )
        self.db.execute("UPDATE users SET rating = rating - ? WHERE id = ?", (amount, user))
        return self.rating(user)

    def games_of(self, user: int, limit: int) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT g.id, g.room, g.hand_no, g.result, g.finished, p.seat, p.delta"
            " FROM game_players p JOIN games g ON g.id = p.game WHERE p.user = ?"
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
        row = self.db.execute(
            "SELECT r.private, EXISTS (SELECT 1 FROM game_players p WHERE p.game = g.id"
            " AND p.user = ?) FROM games g JOIN rooms r ON r.id = g.room WHERE g.id = ?",
            (user, game),
        ).fetchone()
        return row is not None and (not row[0] or bool(row[1]))

    def room_games(self, user: int, room: str, limit: int) -> list[dict[str, Any]] | None:
        """A room's finished hands, newest first: all of a public room's; of a private room,
        only the hands ``user`` played. None: no such room."""
        found = self.db.execute("SELECT private FROM rooms WHERE id = ?", (room,)).fetchone()
        if found is None:
            return None
        rows = self.db.execute(
            "SELECT g.id, g.hand_no, g.result, g.finished FROM games g WHERE g.room = ?"
            " AND (? = 0 OR EXISTS (SELECT 1 FROM game_players p WHERE p.game = g.id"
            " AND p.user = ?)) ORDER BY g.id DESC LIMIT ?",
            (room, found[0], user, limit),
        ).fetchall()
        return [
            {"game": g, "room": room, "hand_no": n, "result": json.loads(r), "finished": f}
            for g, n, r, f in rows
        ]

    def record_of(self, user: int, game: int) -> dict[str, Any] | None:
        if not self._may_see(user, game):
            return None
        row = self.db.execute("SELECT record, v0 FROM games WHERE id = ?", (game,)).fetchone()
        return {"game": game, "v0": row[1], "record": json.loads(row[0])}
