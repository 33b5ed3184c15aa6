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
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.rules import PRESETS
from net import rated

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


class Fenced(Exception):
    """This node's claim on the room is stale: another node took the table over (its write
    was refused; nothing of it was written)."""


Done = list[tuple[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any, bool]]]]
# a session to start: (family, refresh token hash, its expiry, access token hash, its expiry)
NewSession = tuple[str, str, float, str, float]


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
        # a loop closed meanwhile (the server stopped while a call was under way, e.g. at a
        # start that could not bind its port): nobody waits for these results any more
        with contextlib.suppress(RuntimeError):
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
    def ping(self) -> None:
        """A round trip to the database (readiness)."""
        self._execute("SELECT 1")

    def create_user(self, name: str, token_hash: str) -> int:
        return self._insert_id(
            "INSERT INTO users (name, token_hash, created) VALUES (?, ?, ?)",
            (name, token_hash, time.time()),
        )

    def user_by_token(
        self, token_hash: str, issued_after: float = 0.0
    ) -> tuple[int, str, int] | None:
        """The token's user, unless the token was issued before ``issued_after`` (expired)."""
        row = self._execute(
            "SELECT id, name, rating FROM users WHERE token_hash = ?"
            " AND coalesce(token_at, created) >= ?",
            (token_hash, issued_after),
        ).fetchone()
        return (row[0], row[1], row[2]) if row else None

    def renew_token(self, user: int, token_hash: str, issued_before: float) -> bool:
        """Give ``user`` a new token if theirs was issued before ``issued_before``."""
        cur = self._execute(
            "UPDATE users SET token_hash = ?, token_at = ?"
            " WHERE id = ? AND coalesce(token_at, created) < ?",
            (token_hash, time.time(), user, issued_before),
        )
        return bool(cur.rowcount == 1)

    def revoke(self, name: str) -> int:
        """Every token of the players called ``name`` stops working (each user's hash becomes
        one no token has); how many players."""
        rows = self._execute("SELECT id FROM users WHERE name = ?", (name,)).fetchall()
        for (user,) in rows:
            self._execute(
                "UPDATE users SET token_hash = ?, token_at = ? WHERE id = ?",
                (f"revoked:{secrets.token_hex(16)}", time.time(), user),
            )
            self.end_sessions(user)  # an account's signed-in devices too
        return len(rows)

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

    # -- signed-in accounts and their sessions (net/accounts.py) ---------------------------
    def account(self, user: int) -> tuple[str, bool, int] | None:
        """``user``'s account: (its name, whether it has a password, recovery codes left);
        None for a guest."""
        row = self._execute(
            "SELECT name, password IS NOT NULL, (SELECT count(*) FROM recovery_codes r"
            " WHERE r.{user} = a.{user} AND r.used IS NULL) FROM accounts a WHERE a.{user} = ?",
            (user,),
        ).fetchone()
        return (row[0], bool(row[1]), int(row[2])) if row else None

    def account_login(self, key: str) -> tuple[int, str, str | None] | None:
        """(user, account name, password hash or None) of the account whose name compares
        as ``key``."""
        row = self._execute(
            "SELECT {user}, name, password FROM accounts WHERE name_key = ?", (key,)
        ).fetchone()
        return (int(row[0]), row[1], row[2]) if row else None

    def register(
        self,
        user: int,
        name: str,
        key: str,
        password: str | None,
        codes: list[str],
        session: NewSession,
    ) -> str | None:
        """Make guest ``user`` the account ``name`` with the recovery codes' hashes, signed in
        with ``session``; its guest token stops working (sessions log it in from now on).
        None when done, else why not: "already-account" or "account-taken"."""
        if self.account(user) is not None:
            return "already-account"
        cur = self._execute(
            "INSERT INTO accounts ({user}, name, name_key, password, created)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING",
            (user, name, key, password, time.time()),
        )
        if cur.rowcount != 1:
            return "account-taken"
        for code in codes:
            self._execute(
                "INSERT INTO recovery_codes (code_hash, {user}) VALUES (?, ?)", (code, user)
            )
        self._execute(
            "UPDATE users SET token_hash = ? WHERE id = ?",
            (f"account:{secrets.token_hex(16)}", user),
        )
        self._start_session(user, session)
        return None

    def sign_in(self, user: int, session: NewSession) -> None:
        """A new session (a family of tokens) for ``user``."""
        self._start_session(user, session)

    def _start_session(self, user: int, session: NewSession) -> None:
        family, refresh, refresh_until, access, access_until = session
        # an access token knows the refresh token of its pair (``log_in_access``)
        for token, kind, until, pair in (
            (refresh, "refresh", refresh_until, None),
            (access, "access", access_until, refresh),
        ):
            self._execute(
                "INSERT INTO sessions (token_hash, family, {user}, kind, state, expires, pair)"
                " VALUES (?, ?, ?, ?, 'live', ?, ?)",
                (token, family, user, kind, until, pair),
            )

    def rotate(
        self, refresh: str, session: NewSession, now: float, grace: float
    ) -> tuple[str, int | None, str | None]:
        """Exchange the refresh token hashing to ``refresh`` for ``session``'s tokens (its
        family is the old token's; the ``family`` given is not used). Returns ("ok", user,
        family); ("reused", user, family) when the token had been exchanged already, which
        ends its whole family; ("unknown", None, None) for a token that is not live (never
        issued, expired, its session ended).

        The last token exchanged may be exchanged again: within ``grace`` seconds of its
        exchange, while the pair it was exchanged for is unused (the answer was lost with the
        connection, so the client kept the old token). That pair then gives way to
        ``session``'s: its access token ends, and its refresh token counts as used (whoever
        presents it later is a second holder)."""
        row = self._execute(
            "SELECT family, {user}, state, expires, replaced_at, successor FROM sessions"
            " WHERE token_hash = ? AND kind = 'refresh'",
            (refresh,),
        ).fetchone()
        if row is None:
            return "unknown", None, None
        family, user, state, expires = row[0], int(row[1]), row[2], row[3]
        if state == "used":
            replaced_at, successor = row[4], row[5]
            if (
                successor is not None
                and replaced_at >= now - grace
                and self._give_way(family, refresh, successor, session[1])
            ):
                self._start_session(user, (family, *session[1:]))
                return "ok", user, family
            self.end_family(family)
            return "reused", user, family
        if state != "live" or expires < now:
            return "unknown", None, None
        cur = self._execute(
            "UPDATE sessions SET state = 'used', replaced_at = ?, successor = ?"
            " WHERE token_hash = ? AND state = 'live'",
            (now, session[1], refresh),
        )
        if cur.rowcount != 1:  # exchanged meanwhile by another node: two holders
            self.end_family(family)
            return "reused", user, family
        self._start_session(user, (family, *session[1:]))
        # expired tokens can be neither used nor reused: nothing to keep them for
        self._execute("DELETE FROM sessions WHERE family = ? AND expires < ?", (family, now))
        return "ok", user, family

    def _give_way(self, family: str, refresh: str, successor: str, new: str) -> bool:
        """The unused pair whose refresh token hashes to ``successor`` gives way to the one
        whose refresh token hashes to ``new``, as ``refresh``'s successor. False when that
        pair was used meanwhile (on another node too: each step checks what it changes)."""
        cur = self._execute(
            "UPDATE sessions SET successor = ? WHERE token_hash = ? AND successor = ?",
            (new, refresh, successor),
        )
        if cur.rowcount != 1:  # its access token connected: the answer had arrived
            return False
        cur = self._execute(
            "UPDATE sessions SET state = 'used' WHERE token_hash = ? AND state = 'live'",
            (successor,),
        )
        if cur.rowcount != 1:  # exchanged: the answer had arrived
            return False
        self._execute(
            "UPDATE sessions SET state = 'revoked' WHERE family = ? AND pair = ?",
            (family, successor),
        )
        return True

    def session_user(self, access: str) -> tuple[int, str, int, str] | None:
        """(user, name, rating, family) of a live, unexpired access token's session."""
        row = self._execute(
            "SELECT s.{user}, u.name, u.rating, s.family FROM sessions s"
            " JOIN users u ON u.id = s.{user} WHERE s.token_hash = ? AND s.kind = 'access'"
            " AND s.state = 'live' AND s.expires >= ?",
            (access, time.time()),
        ).fetchone()
        return (int(row[0]), row[1], int(row[2]), row[3]) if row else None

    def log_in_access(self, access: str) -> tuple[int, str, int, str] | None:
        """``session_user``; and its pair counts as used from now on: the token exchanged for
        it has no way back (``rotate``), the answer having arrived."""
        found = self.session_user(access)
        if found is not None:
            self._execute(
                "UPDATE sessions SET successor = NULL WHERE family = ?"
                " AND successor = (SELECT pair FROM sessions WHERE token_hash = ?)",
                (found[3], access),
            )
        return found

    def end_family(self, family: str) -> None:
        """End one session: every token of the family stops working."""
        self._execute("UPDATE sessions SET state = 'revoked' WHERE family = ?", (family,))

    def end_sessions(self, user: int) -> None:
        """End every session of ``user`` and forget the link codes it showed."""
        self._execute("UPDATE sessions SET state = 'revoked' WHERE {user} = ?", (user,))
        self._execute("DELETE FROM link_codes WHERE {user} = ?", (user,))

    def live_sessions(self, user: int) -> int:
        """How many sessions of ``user`` can still refresh."""
        row = self._execute(
            "SELECT count(*) FROM sessions WHERE {user} = ? AND kind = 'refresh'"
            " AND state = 'live' AND expires >= ?",
            (user, time.time()),
        ).fetchone()
        return int(row[0])

    def recover(self, user: int, code: str, password: str | None, session: NewSession) -> bool:
        """Spend the recovery code hashing to ``code``: every session of ``user`` ends, the
        password becomes ``password`` (None: none) and ``session`` starts. False (nothing
        changed): no such unused code of this user."""
        cur = self._execute(
            "UPDATE recovery_codes SET used = ? WHERE code_hash = ? AND {user} = ?"
            " AND used IS NULL",
            (time.time(), code, user),
        )
        if cur.rowcount != 1:
            return False
        self.end_sessions(user)
        self._execute("UPDATE accounts SET password = ? WHERE {user} = ?", (password, user))
        self._start_session(user, session)
        return True

    def new_link_code(self, user: int, code: str, expires: float) -> None:
        """Keep the link code hashing to ``code`` until ``expires``; it replaces the one
        ``user`` showed before (and expired codes go)."""
        self._execute("DELETE FROM link_codes WHERE {user} = ? OR expires < ?", (user, time.time()))
        self._execute(
            "INSERT INTO link_codes (code_hash, {user}, expires) VALUES (?, ?, ?)",
            (code, user, expires),
        )

    def take_link_code(self, code: str, session: NewSession) -> int | None:
        """Spend the link code hashing to ``code``: its user, signed in with ``session``;
        None (nothing changed) when there is no such code or it expired."""
        row = self._execute(
            "SELECT {user} FROM link_codes WHERE code_hash = ? AND expires >= ?",
            (code, time.time()),
        ).fetchone()
        if row is None:
            return None
        self._execute("DELETE FROM link_codes WHERE code_hash = ?", (code,))
        user = int(row[0])
        self._start_session(user, session)
        return user

    def failures(self, key: str, since: float) -> int:
        """Wrong passwords or codes tried for ``key`` since ``since``."""
        row = self._execute(
            "SELECT count(*) FROM sign_in_failures WHERE key = ? AND at >= ?", (key, since)
        ).fetchone()
        return int(row[0])

    def failed(self, key: str, since: float) -> None:
        """One more wrong try for ``key``; those before ``since`` no longer count and go."""
        self._execute("DELETE FROM sign_in_failures WHERE key = ? AND at < ?", (key, since))
        self._execute("INSERT INTO sign_in_failures (key, at) VALUES (?, ?)", (key, time.time()))

    def clear_failures(self, key: str) -> None:
        self._execute("DELETE FROM sign_in_failures WHERE key = ?", (key,))

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
            " side, engine, created, spectator_delay) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                room.get("spectator_delay", 0),
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
            " parked, spectator_delay FROM rooms WHERE id = ?",
            (rid,),
        ).fetchone()
        if row is None:
            raise KeyError(rid)
        rid, owner, rules, mult, private, invite, seed, seats, side, engine, parked, delay = row
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
            "spectator_delay": delay,
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
        self.rate_game(game, room, result, players)
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
        record = json.loads(row[0])
        # who sat where, by name: a replay names the players, not "You" at a seat the asker
        # did not hold ("" for a seat no account held: an AI's)
        names = ["", "", "", ""]
        for seat, name in self._execute(
            "SELECT p.seat, u.name FROM game_players p JOIN users u ON u.id = p.{user}"
            " WHERE p.game = ?",
            (game,),
        ):
            names[seat] = name
        if any(names) and "names" not in record:
            record["names"] = names
        return {"game": game, "v0": row[1], "record": record}

    # -- leaderboards and profiles (net/leaderboard.py) ------------------------------------
    def rate_game(
        self, game: int, room: str, result: dict[str, Any], players: list[tuple[int, int, int]]
    ) -> None:
        """The preset whose board a finished hand counts for (none: unrated), and each
        player's side in it and whether that side won."""
        row = self._execute("SELECT rules FROM rooms WHERE id = ?", (room,)).fetchone()
        found = rated.rated_preset(row[0] if row else None, len(players))
        if found is not None:
            self._execute("UPDATE games SET preset = ? WHERE id = ?", (found, game))
        for _user, seat, _delta in players:
            defender, won = rated.sides(result, seat)
            self._execute(
                "UPDATE game_players SET defender = ?, won = ? WHERE game = ? AND seat = ?",
                (defender, won, game, seat),
            )

    def _standings(self, user: int | None) -> dict[tuple[int, str], list[Any]]:
        """(user, preset) -> [rating, rated hands, the last one's time, opponents met], of
        every player or of ``user``."""
        only = "" if user is None else " AND p.{user} = ?"
        params = () if user is None else (user,)
        rows = self._execute(
            "SELECT p.{user}, g.preset, sum(p.delta), count(*), max(g.finished)"
            " FROM game_players p JOIN games g ON g.id = p.game"
            f" WHERE g.preset IS NOT NULL{only} GROUP BY p.{{user}}, g.preset",
            params,
        ).fetchall()
        out = {(u, pr): [int(r), int(n), float(last), 0] for u, pr, r, n, last in rows}
        met = self._execute(
            "SELECT p.{user}, g.preset, count(DISTINCT o.{user})"
            " FROM game_players p JOIN games g ON g.id = p.game"
            " JOIN game_players o ON o.game = p.game AND o.defender <> p.defender"
            f" WHERE g.preset IS NOT NULL{only} GROUP BY p.{{user}}, g.preset",
            params,
        ).fetchall()
        for u, pr, n in met:
            out[(u, pr)][3] = int(n)
        return out

    def recompute_boards(self, gate: rated.Gate, now: float) -> None:
        """Every preset's board anew, from the rated hands: the players past ``gate``."""
        self._hold_boards()
        boards: dict[str, list[tuple[int, int, int]]] = {p: [] for p in PRESETS}
        for (user, preset), (rating, games, last, met) in self._standings(None).items():
            _provisional, listed = rated.standing(rating, games, last, met, gate, now)
            if listed:
                boards.setdefault(preset, []).append((user, rating, games))
        self._execute("DELETE FROM boards")
        for preset, rows in boards.items():
            rows.sort(key=lambda r: (-r[1], -r[2], r[0]))
            for rank, (user, rating, games) in enumerate(rows, start=1):
                self._execute(
                    "INSERT INTO boards (preset, rank, {user}, rating, games)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (preset, rank, user, rating, games),
                )
            self._execute(
                "INSERT INTO board_runs (preset, computed) VALUES (?, ?) ON CONFLICT (preset)"
                " DO UPDATE SET computed = excluded.computed",
                (preset, now),
            )

    def _hold_boards(self) -> None:
        """Keep another writer from recomputing the boards until this transaction ends (one
        SQLite writer thread is alone already)."""

    def board(self, preset: str, offset: int, limit: int) -> dict[str, Any]:
        """A page of ``preset``'s board as last recomputed: (rank, user, name, rating, hands)."""
        run = self._execute(
            "SELECT computed FROM board_runs WHERE preset = ?", (preset,)
        ).fetchone()
        (total,) = self._execute(
            "SELECT count(*) FROM boards WHERE preset = ?", (preset,)
        ).fetchone()
        rows = self._execute(
            "SELECT b.rank, b.{user}, u.name, b.rating, b.games FROM boards b"
            " JOIN users u ON u.id = b.{user} WHERE b.preset = ? ORDER BY b.rank LIMIT ? OFFSET ?",
            (preset, limit, offset),
        ).fetchall()
        return {
            "computed": run[0] if run else None,
            "total": int(total),
            "entries": [tuple(r) for r in rows],
        }

    def profile(
        self,
        user: int,
        asker: int,
        gate: rated.Gate,
        now: float,
        graph: int,
        recent: int,
        partners: int,
    ) -> dict[str, Any] | None:
        """``user``'s profile as ``asker`` may see it (``ProfileReply``); None: no such user."""
        row = self._execute("SELECT name, rating FROM users WHERE id = ?", (user,)).fetchone()
        if row is None:
            return None
        ranks = dict(
            self._execute("SELECT preset, rank FROM boards WHERE {user} = ?", (user,)).fetchall()
        )
        points: dict[str, list[tuple[float, int]]] = {}
        for preset, at, delta in self._execute(
            "SELECT g.preset, g.finished, p.delta FROM game_players p JOIN games g"
            " ON g.id = p.game WHERE p.{user} = ? AND g.preset IS NOT NULL ORDER BY g.id",
            (user,),
        ):
            line = points.setdefault(preset, [])
            line.append((at, (line[-1][1] if line else 0) + delta))
        presets = []
        for (_u, preset), (rating, games, last, met) in sorted(self._standings(user).items()):
            provisional, _listed = rated.standing(rating, games, last, met, gate, now)
            presets.append(
                {
                    "preset": preset,
                    "rating": rating,
                    "games": games,
                    "opponents": met,
                    "last": last,
                    "provisional": provisional,
                    "graph": points.get(preset, [])[-graph:],
                    "rank": ranks.get(preset),
                }
            )
        # what the asker may see: public rooms' hands, and any hand the asker played
        seen = (
            " AND (NOT r.private OR EXISTS (SELECT 1 FROM game_players a"
            " WHERE a.game = g.id AND a.{user} = ?))"
        )
        games = [
            {
                "game": gid,
                "room": room,
                "hand_no": hand_no,
                "result": (score := json.loads(result)),
                "deltas": score["deltas"],  # kept inside the stored result
                "finished": finished,
                "seat": seat,
                "delta": delta,
            }
            for gid, room, hand_no, result, finished, seat, delta in self._execute(
                "SELECT g.id, g.room, g.hand_no, g.result, g.finished, p.seat, p.delta"
                " FROM game_players p JOIN games g ON g.id = p.game JOIN rooms r ON r.id = g.room"
                f" WHERE p.{{user}} = ?{seen} ORDER BY g.id DESC LIMIT ?",
                (user, asker, recent),
            )
        ]
        mates: dict[int, list[int]] = {}  # other -> [with, with won, against, against won]
        for other, same, won, n in self._execute(
            "SELECT o.{user}, o.defender = p.defender, p.won, count(*) FROM game_players p"
            " JOIN games g ON g.id = p.game JOIN rooms r ON r.id = g.room"
            " JOIN game_players o ON o.game = p.game AND o.{user} <> p.{user}"
            f" WHERE p.{{user}} = ?{seen} AND p.won IS NOT NULL"
            " GROUP BY o.{user}, o.defender = p.defender, p.won",
            (user, asker),
        ):
            tally = mates.setdefault(other, [0, 0, 0, 0])
            at = 0 if same else 2
            tally[at] += n
            tally[at + 1] += n if won else 0
        often = sorted(mates, key=lambda o: (-(mates[o][0] + mates[o][2]), o))[:partners]
        names = self.user_names(often)
        return {
            "user": user,
            "name": row[0],
            "rating": row[1],
            "presets": presets,
            "recent": games,
            "partners": [
                {
                    "user": o,
                    "name": names.get(o, ("?", 0))[0],
                    "with_games": mates[o][0],
                    "with_won": mates[o][1],
                    "against_games": mates[o][2],
                    "against_won": mates[o][3],
                }
                for o in often
            ],
        }

    # -- friends, blocks, presence settings, invitations (net/social.py) -------------------
    def users_named(self, name: str) -> list[int]:
        rows = self._execute("SELECT id FROM users WHERE name = ? ORDER BY id", (name,))
        return [r[0] for r in rows.fetchall()]

    def ties(self, user: int, other: int) -> set[str]:
        """What stands between ``user`` and ``other``: ``friends``, ``sent`` (user asked
        other), ``received`` (other asked user), ``blocks`` (user blocked other),
        ``blocked-by`` (other blocked user)."""
        found = set()
        for tie, sql, a, b in (
            ("friends", "SELECT 1 FROM friends WHERE {user} = ? AND friend = ?", user, other),
            ("sent", "SELECT 1 FROM friend_requests WHERE sender = ? AND target = ?", user, other),
            (
                "received",
                "SELECT 1 FROM friend_requests WHERE sender = ? AND target = ?",
                other,
                user,
            ),
            ("blocks", "SELECT 1 FROM blocks WHERE {user} = ? AND blocked = ?", user, other),
            ("blocked-by", "SELECT 1 FROM blocks WHERE {user} = ? AND blocked = ?", other, user),
        ):
            if self._execute(sql, (a, b)).fetchone() is not None:
                found.add(tie)
        return found

    def requests_sent(self, user: int) -> int:
        (n,) = self._execute(
            "SELECT count(*) FROM friend_requests WHERE sender = ?", (user,)
        ).fetchone()
        return int(n)

    def friend_ids(self, user: int) -> set[int]:
        rows = self._execute("SELECT friend FROM friends WHERE {user} = ?", (user,)).fetchall()
        return {r[0] for r in rows}

    def friend_count(self, user: int) -> int:
        (n,) = self._execute("SELECT count(*) FROM friends WHERE {user} = ?", (user,)).fetchone()
        return int(n)

    def add_request(self, sender: int, target: int) -> None:
        self._execute(
            "INSERT INTO friend_requests (sender, target, at) VALUES (?, ?, ?)",
            (sender, target, time.time()),
        )

    def drop_request(self, sender: int, target: int) -> bool:
        cur = self._execute(
            "DELETE FROM friend_requests WHERE sender = ? AND target = ?", (sender, target)
        )
        return bool(cur.rowcount)

    def add_friends(self, a: int, b: int) -> None:
        """A friendship is two rows, one per side (each side's list is one index scan)."""
        now = time.time()
        for x, y in ((a, b), (b, a)):
            self._execute("INSERT INTO friends ({user}, friend, at) VALUES (?, ?, ?)", (x, y, now))

    def drop_friends(self, a: int, b: int) -> bool:
        cur = self._execute(
            "DELETE FROM friends WHERE ({user} = ? AND friend = ?) OR ({user} = ? AND friend = ?)",
            (a, b, b, a),
        )
        return bool(cur.rowcount)

    def set_block(self, user: int, other: int, on: bool) -> None:
        self._execute("DELETE FROM blocks WHERE {user} = ? AND blocked = ?", (user, other))
        if on:
            self._execute(
                "INSERT INTO blocks ({user}, blocked, at) VALUES (?, ?, ?)",
                (user, other, time.time()),
            )

    def blocks_among(self, user: int, others: Sequence[int]) -> set[int]:
        """Those of ``others`` that ``user`` blocked or that blocked ``user``."""
        if not others:
            return set()
        marks = ", ".join("?" * len(others))
        rows = self._execute(
            f"SELECT blocked FROM blocks WHERE {{user}} = ? AND blocked IN ({marks})"
            f" UNION SELECT {{user}} FROM blocks WHERE blocked = ? AND {{user}} IN ({marks})",
            (user, *others, user, *others),
        ).fetchall()
        return {r[0] for r in rows}

    def social_lists(self, user: int) -> dict[str, list[tuple[int, str]]]:
        """(id, name) of ``user``'s friends, requests sent and received, and blocked players."""
        queries = {
            "friends": "SELECT u.id, u.name FROM friends f JOIN users u ON u.id = f.friend"
            " WHERE f.{user} = ? ORDER BY u.name, u.id",
            "sent": "SELECT u.id, u.name FROM friend_requests r JOIN users u ON u.id = r.target"
            " WHERE r.sender = ? ORDER BY r.at, u.id",
            "received": "SELECT u.id, u.name FROM friend_requests r"
            " JOIN users u ON u.id = r.sender WHERE r.target = ? ORDER BY r.at, u.id",
            "blocked": "SELECT u.id, u.name FROM blocks b JOIN users u ON u.id = b.blocked"
            " WHERE b.{user} = ? ORDER BY u.name, u.id",
        }
        return {
            k: [(r[0], r[1]) for r in self._execute(q, (user,)).fetchall()]
            for k, q in queries.items()
        }

    def set_appear_offline(self, user: int, on: bool) -> None:
        self._execute("DELETE FROM appear_offline WHERE {user} = ?", (user,))
        if on:
            self._execute("INSERT INTO appear_offline ({user}) VALUES (?)", (user,))

    def appearing_offline(self, users: Sequence[int]) -> set[int]:
        if not users:
            return set()
        marks = ", ".join("?" * len(users))
        rows = self._execute(
            f"SELECT {{user}} FROM appear_offline WHERE {{user}} IN ({marks})", tuple(users)
        )
        return {r[0] for r in rows.fetchall()}

    def held_seats_of(self, users: Sequence[int]) -> dict[int, list[tuple[str, int, bool]]]:
        """(room, seat, private) of every open room where each of ``users`` sits."""
        out: dict[int, list[tuple[str, int, bool]]] = {}
        for user in users:
            rows = self._execute(
                "SELECT id, seats, private FROM rooms WHERE NOT closed AND seats LIKE ?"
                " ORDER BY created, id",
                (f'%"user": {int(user)}%',),
            ).fetchall()
            out[user] = [
                (rid, i, bool(private))
                for rid, seats, private in rows
                for i, s in enumerate(json.loads(seats))
                if s is not None and s.get("user") == user and not s.get("left")
            ]
        return out

    def room_private(self, rooms: Sequence[str]) -> dict[str, bool]:
        if not rooms:
            return {}
        marks = ", ".join("?" * len(rooms))
        rows = self._execute(f"SELECT id, private FROM rooms WHERE id IN ({marks})", tuple(rooms))
        return {r[0]: bool(r[1]) for r in rows.fetchall()}

    def private_rooms_of(self, user: int, since: float) -> list[str]:
        """The open private rooms ``user`` owns, sits at, or has an invitation to (sent after
        ``since``), oldest first."""
        rows = self._execute(
            "SELECT id, owner, seats FROM rooms WHERE private AND NOT closed"
            " AND (owner = ? OR seats LIKE ? OR id IN (SELECT room FROM invitations"
            " WHERE target = ? AND at >= ?)) ORDER BY created, id",
            (user, f'%"user": {int(user)}%', user, since),
        ).fetchall()
        invited = {
            r[0]
            for r in self._execute(
                "SELECT room FROM invitations WHERE target = ? AND at >= ?", (user, since)
            ).fetchall()
        }
        return [
            rid
            for rid, owner, seats in rows
            if owner == user
            or rid in invited
            or any(s is not None and s.get("user") == user for s in json.loads(seats))
        ]

    def room_invite(self, room: str) -> str | None:
        """A private room's invite code (None: a public room, or none)."""
        row = self._execute("SELECT invite FROM rooms WHERE id = ?", (room,)).fetchone()
        return None if row is None else row[0]

    def add_invitation(self, sender: int, target: int, room: str, seat: int) -> int:
        return self._insert_id(
            "INSERT INTO invitations (sender, target, room, seat, at) VALUES (?, ?, ?, ?, ?)",
            (sender, target, room, seat, time.time()),
        )

    def invitation(self, invite: int) -> tuple[int, int, str, int, float] | None:
        """(sender, target, room, seat, at) of a pending invitation."""
        row = self._execute(
            "SELECT sender, target, room, seat, at FROM invitations WHERE id = ?", (invite,)
        ).fetchone()
        return (row[0], row[1], row[2], row[3], row[4]) if row else None

    def drop_invitation(self, invite: int) -> None:
        self._execute("DELETE FROM invitations WHERE id = ?", (invite,))

    def drop_invitations_between(self, a: int, b: int) -> None:
        self._execute(
            "DELETE FROM invitations"
            " WHERE (sender = ? AND target = ?) OR (sender = ? AND target = ?)",
            (a, b, b, a),
        )

    def invitations_of(self, user: int, since: float) -> list[tuple[Any, ...]]:
        """(id, sender, sender's name, target, target's name, room, seat, at) of the pending
        invitations from or to ``user`` sent after ``since`` (older ones have lapsed)."""
        rows = self._execute(
            "SELECT i.id, i.sender, s.name, i.target, t.name, i.room, i.seat, i.at"
            " FROM invitations i JOIN users s ON s.id = i.sender JOIN users t ON t.id = i.target"
            " WHERE (i.sender = ? OR i.target = ?) AND i.at >= ? ORDER BY i.id",
            (user, user, since),
        )
        return [tuple(r) for r in rows.fetchall()]

    def invitations_sent(self, user: int, since: float) -> list[tuple[int, int, str]]:
        """(id, target, room) of ``user``'s pending invitations."""
        rows = self._execute(
            "SELECT id, target, room FROM invitations WHERE sender = ? AND at >= ?", (user, since)
        )
        return [(r[0], r[1], r[2]) for r in rows.fetchall()]

    # -- mutes, reports, sanctions, roles, the moderation log (net/civility.py) -------------
    def set_mute(self, user: int, muted: int, room: str, on: bool) -> None:
        self._execute(
            "DELETE FROM mutes WHERE {user} = ? AND muted = ? AND room = ?", (user, muted, room)
        )
        if on:
            self._execute(
                "INSERT INTO mutes ({user}, muted, room) VALUES (?, ?, ?)", (user, muted, room)
            )

    def muting(self, sender: int, room: str, among: Sequence[int]) -> set[int]:
        """Those of ``among`` who muted ``sender`` at ``room``."""
        if not among:
            return set()
        marks = ", ".join("?" * len(among))
        rows = self._execute(
            f"SELECT {{user}} FROM mutes WHERE muted = ? AND room = ? AND {{user}} IN ({marks})",
            (sender, room, *among),
        )
        return {r[0] for r in rows.fetchall()}

    def add_report(
        self,
        reporter: int,
        reported: int,
        reason: str,
        text: str,
        room: str | None,
        game: int | None,
        chat: list[str],
    ) -> int:
        return self._insert_id(
            "INSERT INTO reports (reporter, reported, reason, text, room, game, chat, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (reporter, reported, reason, text, room, game, json.dumps(chat), time.time()),
        )

    def reports_since(self, reporter: int, since: float) -> int:
        (n,) = self._execute(
            "SELECT count(*) FROM reports WHERE reporter = ? AND at >= ?", (reporter, since)
        ).fetchone()
        return int(n)

    def reports(self, limit: int) -> list[tuple[Any, ...]]:
        """The newest reports: (id, at, reporter, its name, reported, its name, reason, text,
        room, game, chat lines)."""
        rows = self._execute(
            "SELECT r.id, r.at, r.reporter, a.name, r.reported, b.name, r.reason, r.text,"
            " r.room, r.game, r.chat FROM reports r JOIN users a ON a.id = r.reporter"
            " JOIN users b ON b.id = r.reported ORDER BY r.id DESC LIMIT ?",
            (limit,),
        )
        return [(*r[:10], json.loads(r[10])) for r in rows.fetchall()]

    def last_game(self, room: str) -> int | None:
        (game,) = self._execute("SELECT max(id) FROM games WHERE room = ?", (room,)).fetchone()
        return None if game is None else int(game)

    def sanction(self, user: int, kind: str, now: float) -> tuple[str, float] | None:
        """(reason, until) of ``user``'s ``kind`` ('timeout', 'ban') in force at ``now``."""
        row = self._execute(
            "SELECT reason, until FROM sanctions WHERE {user} = ? AND kind = ? AND until > ?",
            (user, kind, now),
        ).fetchone()
        return (row[0], row[1]) if row else None

    def set_sanction(self, user: int, kind: str, until: float | None, reason: str) -> None:
        """Put ``user`` under ``kind`` until ``until`` (None: lift it)."""
        self._execute("DELETE FROM sanctions WHERE {user} = ? AND kind = ?", (user, kind))
        if until is not None:
            self._execute(
                "INSERT INTO sanctions ({user}, kind, until, reason) VALUES (?, ?, ?, ?)",
                (user, kind, until, reason),
            )

    def role(self, user: int) -> str | None:
        row = self._execute("SELECT role FROM roles WHERE {user} = ?", (user,)).fetchone()
        return None if row is None else str(row[0])

    def set_role(self, user: int, role: str | None) -> None:
        self._execute("DELETE FROM roles WHERE {user} = ?", (user,))
        if role is not None:
            self._execute("INSERT INTO roles ({user}, role) VALUES (?, ?)", (user, role))

    def log_moderation(
        self, actor: str | None, action: str, target: int, reason: str, until: float | None
    ) -> int:
        """Append to the moderation log (its rows are never changed nor deleted: the schema's
        triggers refuse it)."""
        return self._insert_id(
            "INSERT INTO moderation_log (at, actor, action, target, reason, until)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (time.time(), actor, action, target, reason, until),
        )

    def moderation_log(self, limit: int) -> list[tuple[Any, ...]]:
        """The newest entries: (id, at, actor, action, target, its name, reason, until)."""
        rows = self._execute(
            "SELECT m.id, m.at, m.actor, m.action, m.target, u.name, m.reason, m.until"
            " FROM moderation_log m JOIN users u ON u.id = m.target ORDER BY m.id DESC LIMIT ?",
            (limit,),
        )
        return [tuple(r) for r in rows.fetchall()]
