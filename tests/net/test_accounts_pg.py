"""Accounts on a cluster: two server nodes on 127.0.0.1 sharing a real PostgreSQL and Redis
(tests/net/cluster_fixtures.py). Every scenario of tests/net/accountkit.py spreads its devices
over both nodes, so what one node wrote (an account, a session, a link or recovery code, a wrong
try) the other one reads; and two nodes exchanging one refresh token at once end its session."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import accountkit as kit
import psycopg
import pytest
from netkit import cluster_nodes
from test_accounts_tokens import new_session

from net import accounts
from net.store_pg import MIGRATIONS, PgStore

pytestmark = pytest.mark.timeout(120)
GRACE = accounts.ROTATION_GRACE


def test_every_account_scenario_across_two_nodes(
    tmp_path: Path, pg_url: str, redis_url: str
) -> None:
    nodes = cluster_nodes(tmp_path, pg_url, redis_url)
    urls = [n.url for n in nodes]

    async def everything() -> None:
        for scenario in (
            kit.a_guest_becomes_an_account_and_its_refresh_token_rotates,
            kit.register_refusals,
            kit.sign_in_with_a_password_and_wrong_tries_are_limited,
            kit.a_recovery_code_ends_every_session_and_sets_the_password,
            kit.a_link_code_signs_another_device_in_once,
            kit.signing_out_ends_this_session_or_all,
            kit.recovering_or_signing_out_everywhere_closes_the_ended_sessions_connections,
        ):
            await kit.scenario(scenario(urls))
        await kit.scenario(kit.a_lost_answer_is_retried_with_the_old_refresh_token(urls, spent))

    def spent(refresh: str) -> bool:
        with psycopg.connect(pg_url, autocommit=True) as db:
            row = db.execute(
                "SELECT state FROM sessions WHERE token_hash = %s", (accounts.secret_hash(refresh),)
            ).fetchone()
        return row is not None and row[0] == "used"

    try:
        asyncio.run(asyncio.wait_for(everything(), 100))
    finally:
        for n in nodes:
            n.stop()


def overlapping(stores: list[PgStore], old: str, fresh: list[Any]) -> list[Any]:
    """Two nodes exchange the refresh token hashing to ``old`` in overlapping transactions:
    the second starts while the first holds its changes uncommitted (it waits on the row),
    and goes on when the first commits. Each one's result."""
    results: list[Any] = [None, None]
    stores[0].db.execute("BEGIN")
    results[0] = stores[0].rotate(old, fresh[0][0], time.time(), GRACE)

    def second() -> None:
        stores[1].db.execute("BEGIN")
        results[1] = stores[1].rotate(old, fresh[1][0], time.time(), GRACE)
        stores[1].db.execute("COMMIT")

    thread = threading.Thread(target=second)
    thread.start()
    thread.join(0.5)
    assert thread.is_alive()  # waiting on the first one's row
    stores[0].db.execute("COMMIT")
    thread.join(30)
    return results


def no_pair_works(stores: list[PgStore], pairs: list[Any]) -> None:
    for new, _, access in pairs:  # neither new refresh nor access token works
        assert stores[0].rotate(new[1], new_session()[0], time.time(), GRACE)[0] == "unknown"
        assert stores[1].session_user(accounts.secret_hash(access)) is None


def test_two_nodes_exchanging_one_refresh_token_at_once_end_its_session(pg_url: str) -> None:
    """The same refresh token presented to two nodes at the same moment (a copied token): one
    exchange wins, the other counts as a reuse, and the whole session ends, the winner's new
    token too. (One after the other, within the grace, the second would be taken as a retry
    whose answer was lost: test_accounts_tokens.py.)"""
    stores = [PgStore(pg_url), PgStore(pg_url)]
    try:
        user = stores[0].create_user("Ann", accounts.new_secret())
        session, refresh, _ = new_session()
        stores[0].sign_in(user, session)
        fresh = [new_session() for _ in stores]
        results = overlapping(stores, accounts.secret_hash(refresh), fresh)
        assert [r[0] for r in results] == ["ok", "reused"], results
        no_pair_works(stores, fresh)
    finally:
        for s in stores:
            s.db.close()


def test_two_nodes_retrying_one_lost_answer_at_once_end_its_session(pg_url: str) -> None:
    """A token whose exchange's answer was lost, presented again to two nodes at once within
    the grace: only one retry makes the unseen pair give way; the other counts as a reuse, and
    the whole session ends (a client retries on one connection at a time)."""
    stores = [PgStore(pg_url), PgStore(pg_url)]
    try:
        user = stores[0].create_user("Ann", accounts.new_secret())
        session, refresh, _ = new_session()
        stores[0].sign_in(user, session)
        old = accounts.secret_hash(refresh)
        lost = new_session()
        assert stores[0].rotate(old, lost[0], time.time(), GRACE)[0] == "ok"
        fresh = [new_session() for _ in stores]
        results = overlapping(stores, old, fresh)
        assert [r[0] for r in results] == ["ok", "reused"], results
        no_pair_works(stores, [lost, *fresh])
    finally:
        for s in stores:
            s.db.close()


def test_a_postgresql_database_from_before_accounts_is_taken_forward(pg_url: str) -> None:
    """A database migrated by the build before accounts (its guests with their tokens) gets the
    accounts tables at the next start; its guests log in as before and may become accounts."""
    before = next(i for i, sql in enumerate(MIGRATIONS) if "CREATE TABLE accounts" in sql)
    token = accounts.new_secret()
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute(
            "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied DOUBLE PRECISION"
            " NOT NULL)"
        )
        for number, sql in enumerate(MIGRATIONS[:before], start=1):
            db.execute(sql)
            db.execute("INSERT INTO schema_version VALUES (%s, %s)", (number, time.time()))
        db.execute(
            "INSERT INTO users (name, token_hash, created) VALUES ('Ann', %s, 0)",
            (accounts.secret_hash(token),),
        )
    store = PgStore(pg_url)
    try:
        found = store.user_by_token(accounts.secret_hash(token))
        assert found is not None and found[1:] == ("Ann", 0)
        session, refresh, _ = new_session()
        assert store.register(found[0], "Ann", "ann", None, ["c1"], session) is None
        assert store.account(found[0]) == ("Ann", False, 1)
        got = store.rotate(accounts.secret_hash(refresh), new_session()[0], time.time(), GRACE)
        assert got[:2] == ("ok", found[0])
    finally:
        store.db.close()
