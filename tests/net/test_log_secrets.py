"""A request that fails inside the server is logged by its kind and id, never whole: passwords,
recovery and link codes and tokens must not reach the server's log (a real server, its stderr
in a file, its SQLite tables renamed under it so that account requests fail)."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import accountkit as kit
import pytest
from netkit import ServerProcess

from net.client import Client
from net.protocol import LinkCode, LinkEnter, LinkStart, Recover, Register, SignedIn, SignIn

pytestmark = pytest.mark.timeout(60)


def test_failing_account_requests_log_no_secret(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    proc = ServerProcess(tmp_path / "s.sqlite3", log=log).start()
    secrets: list[str] = []

    async def go() -> None:
        holder = await kit.guest(proc.url)
        made = await kit.register(holder, kit.fresh("Kim"), "kims-password-1")
        shown = await holder.ask(LinkStart(holder.next_id()), LinkCode)
        secrets.extend(["kims-password-1", made.refresh, shown.code, *made.recovery])
        # the store fails under every account request from here on
        with sqlite3.connect(proc.db) as db:
            for table in ("accounts", "sessions", "link_codes", "sign_in_failures"):
                db.execute(f"ALTER TABLE {table} RENAME TO gone_{table}")
        other = await kit.guest(proc.url, "Lee")
        await kit.refused(
            "internal", other.ask(Register(other.next_id(), "LeeAcct", "lees-password-2"), SignedIn)
        )
        new = await kit.bare(proc.url)
        await kit.refused(
            "internal", new.ask(SignIn(new.next_id(), made.account, "kims-password-1"), SignedIn)
        )
        await kit.refused(
            "internal",
            new.ask(Recover(new.next_id(), made.account, made.recovery[0], "new-pass-3"), SignedIn),
        )
        await kit.refused("internal", new.ask(LinkEnter(new.next_id(), shown.code), SignedIn))
        await kit.refused("internal", kit.hello_refresh(proc.url, made.refresh))
        token = "an-access-token-4-unknown-to-the-users-table"
        await kit.refused(
            "internal", kit.opened(Client(proc.url, token=token, reconnect=False)).connect()
        )
        secrets.extend(["lees-password-2", "new-pass-3", token])

    try:
        asyncio.run(asyncio.wait_for(kit.scenario(go()), 50))
    finally:
        proc.stop()
    text = log.read_text()
    for kind in ("register", "sign-in", "recover", "link-enter", "hello"):
        name = kind.replace("-", "")
        assert re.search(rf"request {name} #\d+ failed", text), (kind, text[-2000:])
    for secret in secrets:
        assert secret not in text, secret
        assert secret.upper() not in text, secret
