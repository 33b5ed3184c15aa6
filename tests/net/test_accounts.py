"""Accounts on a real server (SQLite) with real websockets clients on 127.0.0.1: registering a
guest, sessions of rotating refresh tokens, signing in with a password, recovery codes, link
codes, signing out, and every refusal and limit, in English and Chinese (tests/net/accountkit.py
holds the scenarios; tests/net/test_accounts_pg.py runs them on a cluster)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import accountkit as kit
import pytest
from netkit import ServerProcess, until

from net import accounts
from net.client import Client
from net.protocol import LinkCode, LinkEnter, LinkStart, SignedIn, SignIn, SignOut
from net.store import Store

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("accounts") / "server.sqlite3"
    proc = ServerProcess(db).start()
    yield proc
    proc.stop()


def run(coro: Awaitable[Any]) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 50))


SCENARIOS: list[Callable[[list[str]], Awaitable[None]]] = [
    kit.a_guest_becomes_an_account_and_its_refresh_token_rotates,
    kit.register_refusals,
    kit.sign_in_with_a_password_and_wrong_tries_are_limited,
    kit.a_recovery_code_ends_every_session_and_sets_the_password,
    kit.a_link_code_signs_another_device_in_once,
    kit.signing_out_ends_this_session_or_all,
    kit.recovering_or_signing_out_everywhere_closes_the_ended_sessions_connections,
]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.__name__)
def test_accounts(server: ServerProcess, scenario: Callable[[list[str]], Awaitable[None]]) -> None:
    run(kit.scenario(scenario([server.url])))


def test_wrong_link_codes_are_limited_per_address(tmp_path: Any) -> None:
    """Guessing link codes: after five wrong ones from an address even a right one is refused
    (for 15 minutes), so 39 bits stand for the code's five minutes."""
    proc = ServerProcess(tmp_path / "s.sqlite3").start()

    async def go() -> None:
        g = await kit.guest(proc.url)
        await kit.register(g, kit.fresh("Ida"))
        shown = await g.ask(LinkStart(g.next_id()), LinkCode)
        new = await kit.bare(proc.url)
        for _ in range(5):
            await kit.refused(
                "bad-link-code", new.ask(LinkEnter(new.next_id(), "AAAA-AAAA"), SignedIn)
            )
        e = await kit.refused(
            "too-many-tries", new.ask(LinkEnter(new.next_id(), shown.code), SignedIn)
        )
        assert "15" in e.zh

    try:
        run(kit.scenario(go()))
    finally:
        proc.stop()


def test_the_app_client_signs_in_again_when_its_access_token_has_lapsed(
    server: ServerProcess,
) -> None:
    """A client holding an access token the server no longer takes (here: one never issued)
    and a refresh token reconnects with the refresh token, and keeps the one it got back."""
    kept: list[str] = []

    async def go() -> None:
        g = await kit.guest(server.url)
        made = await kit.register(g, kit.fresh("Jo"))
        c = kit.opened(Client(server.url, refresh=made.refresh, on_refresh=kept.append))
        await c.connect()
        assert kept == [c.refresh] and c.refresh != made.refresh
        c.token = "lapsed"
        await c.drop()
        await until(lambda: c.resumes == 1)
        assert c.user is not None and c.user.account == made.account
        assert len(kept) == 2 and kept[-1] == c.refresh

    run(kit.scenario(go()))


def test_a_banned_account_keeps_its_refresh_token_for_after_the_ban(
    server: ServerProcess,
) -> None:
    """A ban refuses the session's hello before its refresh token is spent: once the ban is
    lifted the same token signs in (it was not counted as exchanged, so not as reused)."""

    def ban(user: int, until: float | None) -> None:
        store = Store(str(server.db))  # the operator's side, on the server's own database
        store.set_sanction(user, "ban", until, "tests")
        store.db.close()

    async def go() -> None:
        g = await kit.guest(server.url)
        made = await kit.register(g, kit.fresh("Kai"))
        assert g.user is not None
        ban(g.user.user, time.time() + 3600)
        await kit.refused("banned", kit.hello_refresh(server.url, made.refresh))
        ban(g.user.user, None)
        back = await kit.hello_refresh(server.url, made.refresh)
        assert back.user is not None and back.user.account == made.account

    run(kit.scenario(go()))


def test_a_client_whose_session_ended_meanwhile_stops_reconnecting(server: ServerProcess) -> None:
    """Signed out everywhere from another device while this one's connection was down: its
    reconnection is refused for good (``signed_out`` says why) instead of retrying for ever."""

    async def go() -> None:
        g = await kit.guest(server.url)
        made = await kit.register(g, kit.fresh("Lu"), "correct horse")
        c = kit.opened(Client(server.url, refresh=made.refresh))
        await c.connect()
        other = await kit.bare(server.url)
        got = await other.ask(SignIn(other.next_id(), made.account, "correct horse"), SignedIn)
        d = await kit.hello_refresh(server.url, got.refresh)
        await c.drop()  # the access token still works: the connection comes back
        await until(lambda: c.resumes == 1)
        await d.request(SignOut(d.next_id(), everywhere=True))
        await c.drop()  # its access token ended too; then its refresh token is refused
        await until(lambda: c.signed_out is not None)
        assert c.signed_out is not None and c.signed_out.code == "bad-refresh"
        assert not c.connected and c.resumes == 1

    run(kit.scenario(go()))


def test_a_lost_answer_is_retried_with_the_old_refresh_token(server: ServerProcess) -> None:
    def spent(refresh: str) -> bool:
        db = sqlite3.connect(f"file:{server.db}?mode=ro", uri=True)
        try:
            row = db.execute(
                "SELECT state FROM sessions WHERE token_hash = ?", (accounts.secret_hash(refresh),)
            ).fetchone()
        finally:
            db.close()
        return row is not None and row[0] == "used"

    run(kit.scenario(kit.a_lost_answer_is_retried_with_the_old_refresh_token([server.url], spent)))
