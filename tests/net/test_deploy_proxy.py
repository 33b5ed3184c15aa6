"""Behind a reverse proxy: ``X-Forwarded-For`` names the client only when the peer is a
configured proxy; logs (JSON lines with connection and request ids) and the limit on new
connections use that real address."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from netkit import ROOT
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from net.protocol import PROTOCOL
from net.proxy import networks, real_address

PROXIES = networks(["127.0.0.1", "10.0.0.0/8"])


@pytest.mark.parametrize(
    ("peer", "header", "real"),
    [
        ("127.0.0.1", "198.51.100.7", "198.51.100.7"),
        ("127.0.0.1", "192.0.2.1, 198.51.100.7, 10.1.2.3", "198.51.100.7"),  # forged left part
        ("198.51.100.9", "192.0.2.1", "198.51.100.9"),  # not a proxy: the header is ignored
        ("127.0.0.1", None, "127.0.0.1"),
        ("127.0.0.1", "10.0.0.1, 10.0.0.2", "10.0.0.1"),  # only proxies: the farthest
        ("127.0.0.1", "junk, 198.51.100.7", "198.51.100.7"),
        ("127.0.0.1", "198.51.100.7, junk", "127.0.0.1"),
    ],
)
def test_real_address(peer: str, header: str | None, real: str) -> None:
    assert real_address(peer, header, PROXIES) == real
    ipaddress.ip_address(real)


class LoggedServer:
    def __init__(self, tmp: Path, *args: str) -> None:
        self.log = tmp / "server.log"
        cmd = [sys.executable, "-m", "net.server", "--port", "0", "--db", str(tmp / "s.sqlite3")]
        with open(self.log, "w") as err:
            self.proc = subprocess.Popen(
                [*cmd, "--log-json", "--log-level", "INFO", *args],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=err,
                text=True,
            )
        assert self.proc.stdout is not None
        m = re.search(r":(\d+)$", self.proc.stdout.readline().strip())
        assert m
        self.url = f"ws://127.0.0.1:{m.group(1)}"

    def lines(self) -> list[dict[str, object]]:
        return [json.loads(line) for line in self.log.read_text().splitlines() if line]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(15)


async def _hello(url: str, forwarded: str | None, bad_request: bool = False) -> None:
    headers = {"X-Forwarded-For": forwarded} if forwarded else None
    async with connect(url, additional_headers=headers) as ws:
        hello = {"type": "hello", "id": 1, "name": "Ann", "protocols": [PROTOCOL]}
        await ws.send(json.dumps(hello))
        await ws.recv()
        if bad_request:
            await ws.send(json.dumps({"type": "join", "id": 7, "room": "nosuchroom"}))
            await ws.recv()


def test_logs_and_limits_use_the_address_from_a_trusted_proxy(tmp_path: Path) -> None:
    server = LoggedServer(
        tmp_path, "--trusted-proxies", "127.0.0.1", "--handshake-burst", "2",
        "--handshake-rate", "0.01",
    )  # fmt: skip
    try:
        asyncio.run(_hello(server.url, "198.51.100.7", bad_request=True))
        asyncio.run(_hello(server.url, "198.51.100.7"))
        with pytest.raises(InvalidStatus, match="429"):  # that address's budget is spent
            asyncio.run(_hello(server.url, "198.51.100.7"))
        asyncio.run(_hello(server.url, "198.51.100.8"))  # another client behind the proxy
    finally:
        server.stop()
    lines = server.lines()
    opened = [x for x in lines if x["msg"].startswith("connection from")]
    assert [x["address"] for x in opened] == ["198.51.100.7", "198.51.100.7", "198.51.100.8"]
    assert len({x["conn"] for x in opened}) == 3
    assert all(x["level"] == "INFO" and x["logger"] == "tuolaji.server" for x in opened)
    refused = [x for x in lines if x.get("code") == "no-room"]
    assert len(refused) == 1 and refused[0]["msg"] == "refused join: no-room"
    assert refused[0]["rid"] == f"{opened[0]['conn']}-7"  # the connection's request 7
    assert any(x["msg"] == "shutting down" for x in lines)


def test_a_client_that_is_not_a_proxy_cannot_choose_its_address(tmp_path: Path) -> None:
    server = LoggedServer(tmp_path, "--trusted-proxies", "10.0.0.0/8")
    try:
        asyncio.run(_hello(server.url, "198.51.100.7"))
        time.sleep(0.1)
    finally:
        server.stop()
    opened = [x for x in server.lines() if x["msg"].startswith("connection from")]
    assert [x["address"] for x in opened] == ["127.0.0.1"]
