"""Liveness and readiness apart: ``/livez`` answers while the process does; ``/readyz`` (and
``/healthz``, the same) answers 503 with the reason while the node's store or Redis cannot be
reached (a TCP proxy the test cuts), and 200 again once they can. Real server processes, real
PostgreSQL and Redis."""

from __future__ import annotations

import json
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from cluster_fixtures import PostgresInstance, RedisInstance
from cutproxy import CutProxy
from netkit import ServerProcess

pytestmark = pytest.mark.timeout(120)


def get(port: int, path: str) -> tuple[int, dict[str, Any]]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def until_status(port: int, path: str, status: int, within: float = 15.0) -> dict[str, Any]:
    end = time.monotonic() + within
    while True:
        got, body = get(port, path)
        if got == status:
            return body
        assert time.monotonic() < end, (path, got, body)
        time.sleep(0.1)


def test_a_single_server_is_alive_and_ready(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """...and tells systemd (``Type=notify``) once it is ready."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd:
        systemd.bind(str(tmp_path / "notify"))
        systemd.settimeout(10)
        monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "notify"))
        server = ServerProcess(tmp_path / "s.sqlite3").start()
        try:
            assert systemd.recv(4096) == b"READY=1\nSTATUS=ready"
            assert get(server.port, "/livez")[0] == 200
            ready = until_status(server.port, "/readyz", 200)
            assert ready["status"] == "ok" and "problems" not in ready
            assert get(server.port, "/healthz")[0] == 200
        finally:
            server.stop()


@pytest.mark.parametrize("part", ["redis", "postgresql"])
def test_a_node_is_not_ready_while_a_part_is_unreachable(
    tmp_path: Path, own_postgres: PostgresInstance, own_redis: RedisInstance, part: str
) -> None:
    pg_url = own_postgres.fresh_db()
    proxy = CutProxy(own_redis.port if part == "redis" else own_postgres.port).start()
    via = proxy.url(own_redis.url if part == "redis" else pg_url)
    store, redis = (pg_url, via) if part == "redis" else (via, own_redis.url)
    node = ServerProcess(
        tmp_path / "unused.sqlite3",
        *("--store", store, "--redis", redis, "--node-id", "a"),
        log=tmp_path / "a.log",
    )
    try:
        node.start()
        until_status(node.port, "/readyz", 200)
        proxy.cut()
        body = until_status(node.port, "/readyz", 503)
        assert body["status"] == "unready"
        assert any(
            p.startswith("redis" if part == "redis" else "database") for p in body["problems"]
        )
        assert get(node.port, "/healthz")[0] == 503  # the same as readiness
        assert get(node.port, "/livez")[0] == 200  # alive all along: no restart wanted
        proxy.heal()
        until_status(node.port, "/readyz", 200, within=20)
        assert get(node.port, "/livez")[0] == 200
    finally:
        node.stop()
        proxy.close()
