"""What the PostgreSQL store adds for the cluster, against a real server: numbered migrations,
fencing a node whose table was taken over, and a database that goes away for a while."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import psycopg
import pytest
from cluster_fixtures import PostgresInstance
from test_store_backends import room_row

from net.storage import StoreUnavailable
from net.store_pg import MIGRATIONS, Fenced, PgStore


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_an_old_schema_is_migrated_in_place(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied FLOAT)")
        conn.execute(MIGRATIONS[0])
        conn.execute("INSERT INTO schema_version VALUES (1, 0)")
        conn.execute(
            "INSERT INTO rooms (id, owner, rules, multiplier, private, seed, seats, created)"
            " VALUES ('OLD', 1, '{}', 1, false, 5, '[]', 0)"
        )
        conn.execute("INSERT INTO actions (room, seq, action, v) VALUES ('OLD', 0, '{}', 1)")
    store = PgStore(pg_url)
    try:
        versions = [r[0] for r in store.db.execute("SELECT version FROM schema_version")]
        assert versions == list(range(1, len(MIGRATIONS) + 1))
        old = store.room("OLD")
        assert old["actions"] == [({}, None, None, 1)]
        assert (old["engine"], old["parked"]) == ("unknown", None)
        assert store.db.execute("SELECT epoch FROM rooms").fetchone() == (0,)
    finally:
        store.close()


def test_nodes_starting_together_migrate_once(pg_url: str) -> None:
    stores: list[PgStore] = []
    errors: list[BaseException] = []

    def open_one() -> None:
        try:
            stores.append(PgStore(pg_url))
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    rows = stores[0].db.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
    assert [r[0] for r in rows] == list(range(1, len(MIGRATIONS) + 1))
    for s in stores:
        s.close()


def test_held_seats_are_read_from_the_rooms(pg_url: str) -> None:
    store = PgStore(pg_url)
    store.start()
    try:

        async def go() -> None:
            await store.call(store.create_room, room_row("R1", 5))
            await store.call(store.create_room, room_row("R2", 55))  # "user": 55 is not 5
            await store.call(store.create_room, room_row("R3", 7))
            seats = [{"user": 7, "name": "G"}, None, {"user": 5, "name": "E"}, None]
            await store.call(store.update_room, "R3", 7, seats, False)
            assert await store.call(store.held_seats, 5) == [("R1", 0), ("R3", 2)]
            seats[2] = {"user": 5, "name": "E", "left": True}  # left mid-hand
            await store.call(store.update_room, "R3", 7, seats, False)
            await store.call(store.update_room, "R1", 5, [None] * 4, True)  # closed
            assert await store.call(store.held_seats, 5) == []
            assert await store.call(store.held_seats, 55) == [("R2", 0)]

        run(go())
    finally:
        store.close()


def test_a_node_whose_table_was_taken_over_is_fenced(pg_url: str) -> None:
    """Node A owns R1; B takes it over (a lapsed lease). A's late writes are refused, B's log
    goes on from what A wrote before, and nothing is written twice."""
    a, b = PgStore(pg_url), PgStore(pg_url)
    a.start()
    b.start()
    try:

        async def go() -> None:
            await a.call(a.create_room, room_row("R1", 1))
            assert await a.call(a.claim_room, "R1") == 1
            await a.call(a.append_action, "R1", 0, {"type": "start"}, 1, 1, 1)
            assert await b.call(b.live_rooms) == ["R1"]
            assert await b.call(b.claim_room, "R1") == 2
            with pytest.raises(Fenced):
                await a.call(a.append_action, "R1", 1, {"type": "late"}, 1, 2, 2)
            with pytest.raises(Fenced):
                await a.call(a.update_room, "R1", 1, [None] * 4, True)
            loaded = await b.call(b.room, "R1")
            assert loaded["actions"] == [({"type": "start"}, 1, 1, 1)]
            await b.call(b.append_action, "R1", 1, {"type": "ready"}, 2, 1, 2)
            # A, its lease lost, may not quietly take the table back: B moved on
            assert await a.call(a.claim_room, "R1", 1) is None
            # B may (nobody took it from B): same memory, next epoch
            assert await b.call(b.claim_room, "R1", 2) == 3
            await b.call(b.append_action, "R1", 2, {"type": "bid"}, 2, 2, 3)
            with pytest.raises(KeyError):
                await b.call(b.claim_room, "NOPE")

        run(go())
        assert [x[0]["type"] for x in a.room("R1")["actions"]] == ["start", "ready", "bid"]
    finally:
        a.close()
        b.close()


def test_a_short_outage_waits(own_postgres: PostgresInstance) -> None:
    """PostgreSQL gone for about a second: the call waits for it and is written once."""
    url = own_postgres.fresh_db()
    store = PgStore(url, reconnect_wait=15)
    store.start()
    try:
        run(store.call(store.create_user, "before", "b"))
        own_postgres.stop()
        back = threading.Timer(1.0, own_postgres.start)
        back.start()
        t0 = time.monotonic()
        uid = run(store.call(store.create_user, "during", "d"))
        back.join()
        assert time.monotonic() - t0 >= 0.9
        assert run(store.call(store.user_by_token, "d")) == (uid, "during", 0)
        assert len(run(store.call(store.user_names, [1, 2, 3]))) == 2
    finally:
        store.close()


def test_a_long_outage_fails_clearly_and_acknowledges_nothing(
    own_postgres: PostgresInstance,
) -> None:
    url = own_postgres.fresh_db()
    store = PgStore(url, reconnect_wait=1)
    store.start()
    try:
        run(store.call(store.create_room, room_row("R1", 1)))
        own_postgres.stop()
        t0 = time.monotonic()
        with pytest.raises(StoreUnavailable, match="unreachable") as err:
            run(store.call(store.append_action, "R1", 0, {"type": "start"}, 1, 1, 1))
        assert not err.value.uncertain
        assert time.monotonic() - t0 < 10
        own_postgres.start()
        assert (
            run(store.call(store.room, "R1"))["actions"] == []
        )  # not written, so never acknowledged
        run(store.call(store.append_action, "R1", 0, {"type": "start"}, 1, 1, 1))
        assert run(store.call(store.room, "R1"))["actions"] == [({"type": "start"}, 1, 1, 1)]
    finally:
        store.close()


def test_a_batch_failing_as_a_whole_fails_its_calls_and_the_store_goes_on(pg_url: str) -> None:
    """A call that breaks the transaction itself (here: commits under the savepoint) fails
    with everything in its batch; the store thread lives on and the next call works."""
    store = PgStore(pg_url)
    store.start()
    try:

        def breaks() -> None:
            store.db.execute("COMMIT")

        async def go() -> list[Any]:
            return await asyncio.gather(
                store.call(store.create_user, "A", "a"),
                store.call(breaks),
                return_exceptions=True,
            )

        first, second = run(go())
        assert isinstance(first, Exception) and isinstance(second, Exception)
        uid = run(store.call(store.create_user, "B", "b"))
        assert run(store.call(store.user_names, [uid])) == {uid: ("B", 0)}
    finally:
        store.close()
