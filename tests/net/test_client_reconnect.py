"""The client's reconnect when a resume fails halfway: the socket opens, but the node refuses the
hello (``unavailable``, as a node cut off from its database does). The chaos run met two readers
on one socket (websockets' ``ConcurrencyError`` in the client's reader task) and a second
reconnect loop started by the abandoned socket's end."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import accountkit as kit
import pytest
from netkit import ServerProcess, until
from websockets.asyncio.server import ServerConnection, serve

from engine.errors import RulesError
from net.client import Client
from net.protocol import encode, error


async def refuse_hellos(ws: ServerConnection) -> None:
    """A node that cannot reach its store: every request answered ``unavailable``; the
    socket stays open (the client decides what to do with it)."""
    async for text in ws:
        rid = json.loads(text).get("id")
        await ws.send(encode(error(rid, RulesError("unavailable"))).decode())


def test_a_failed_resume_leaves_one_reader_and_one_retry_loop(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    real = ServerProcess(tmp_path / "s.sqlite3").start()
    port = real.port

    async def go() -> None:
        c = Client(f"ws://127.0.0.1:{port}", name="Ada")
        await c.connect()
        room = (await c.create("classic")).room
        await c.join(room)
        real.stop()
        refused: list[ServerConnection] = []

        async def handler(ws: ServerConnection) -> None:
            refused.append(ws)
            await refuse_hellos(ws)

        async with serve(handler, "127.0.0.1", port):
            await until(lambda: len(refused) >= 3, timeout=20)  # the client keeps trying
            await asyncio.sleep(0.3)
            # each refused socket was given up by the client before it tried the next
            assert sum(1 for ws in refused if ws.state.name == "OPEN") <= 1
        real.start()  # back on its address: the client resumes, once
        await until(lambda: c.resumes == 1 and c._connected.is_set(), timeout=20)
        assert (await c.sync(room)).v >= 0
        await asyncio.sleep(1.0)
        assert c.resumes == 1  # no second loop resumed again behind the first
        await c.close()

    with caplog.at_level(logging.ERROR):
        try:
            asyncio.run(go())
        finally:
            real.stop()
    assert "never retrieved" not in caplog.text
    assert "ConcurrencyError" not in caplog.text


def test_a_client_holding_only_its_refresh_token_resumes_with_it(tmp_path: Path) -> None:
    """A device whose kept sign-in is a refresh token (its access token never arrived, or it
    was never kept) reconnects with that refresh token — not with an empty hello, which the
    server refuses, again and again."""
    server = ServerProcess(tmp_path / "s.sqlite3").start()

    async def go() -> None:
        first = await kit.guest(server.url, "Ann")
        made = await kit.register(first, kit.fresh("ann"))
        await first.close()
        c = Client(server.url, refresh=made.refresh)
        await c.connect()
        account = c.user.user if c.user else None
        c.token = None  # only the (just rotated) refresh token is held
        await c.drop()
        await until(lambda: c.resumes == 1, timeout=20)
        assert c.user is not None and c.user.user == account
        await c.close()

    try:
        asyncio.run(go())
    finally:
        server.stop()
