"""What the server keeps, as one interface with two back-ends: SQLite (``net.store``, the
embedded default) and PostgreSQL (``net.store_pg``, for several server nodes).

Both run every call on the store's own thread and group what is queued into one transaction
(group commit); ``await store.call(store.method, ...)`` returns once the transaction holding
the call has committed, so a table's action is durable before its events are sent. A call may
also be any function that uses the store's methods (a table's ``_persist``): it runs inside the
same transaction, in a savepoint of its own, so a failing call rolls back alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

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


@runtime_checkable
class Storage(Protocol):
    """Every method ``net.store.Store`` offers; the server calls the data methods through
    ``call`` (or directly before ``start``, as ``restore`` does)."""

    def migrate(self) -> None: ...
    def start(self) -> None: ...
    def close(self) -> None: ...
    async def call(self, fn: Callable[..., Any], *args: Any) -> Any: ...

    # accounts
    def create_user(self, name: str, token_hash: str) -> int: ...
    def user_by_token(self, token_hash: str) -> tuple[int, str, int] | None: ...
    def rating(self, user: int) -> int: ...
    def user_names(self, ids: list[int]) -> dict[int, tuple[str, int]]: ...

    # rooms and live action logs
    def create_room(self, room: dict[str, Any]) -> None: ...
    def update_room(self, room: str, owner: int, seats: list[Any], closed: bool) -> None: ...
    def append_action(
        self, room: str, seq: int, action: dict[str, Any], user: int | None, req: int | None, v: int
    ) -> None: ...
    def live_rooms(self) -> list[str]: ...
    def room(self, rid: str) -> dict[str, Any]: ...
    def park(self, rid: str, reason: str | None) -> None: ...
    def parked(self) -> list[tuple[str, str, str]]: ...

    # finished hands, ratings, penalties
    def finish_hand(
        self,
        room: str,
        hand_no: int,
        v0: int,
        record: dict[str, Any],
        result: dict[str, Any],
        players: list[tuple[int, int, int]],
    ) -> int: ...
    def penalize(self, user: int, room: str, hand_no: int, amount: int) -> int: ...
    def games_of(self, user: int, limit: int) -> list[dict[str, Any]]: ...
    def room_games(self, user: int, room: str, limit: int) -> list[dict[str, Any]] | None: ...
    def record_of(self, user: int, game: int) -> dict[str, Any] | None: ...


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


def open_store(where: str) -> Storage:
    """``postgresql://…`` opens PostgreSQL; anything else is a SQLite file's path."""
    if where.startswith(("postgresql://", "postgres://")):
        from net.store_pg import PgStore

        return PgStore(where)
    from net.store import Store

    return Store(where)
