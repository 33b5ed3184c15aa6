"""Throwaway PostgreSQL and Redis servers for the cluster tests: the real Debian binaries
(``apt-get install postgresql redis-server``), each on a free loopback port in a temporary
directory, stopped when the tests end. No mocks: a test that needs a server gets a real one.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# initdb and postgres refuse to run as root; the fixture drops to this account when it must
PG_USER_FALLBACK = "nobody"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PortTaken(Exception):
    """The server exited at once: someone else took the port between our pick and its bind."""


def wait_port(port: int, what: str, proc: subprocess.Popen[bytes], deadline: float = 20.0) -> None:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise PortTaken(f"{what} exited (port {port} taken?)")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on 127.0.0.1:{port} within {deadline} s")


def _pg_bindir() -> Path:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    pytest.fail("PostgreSQL is not installed: apt-get install postgresql (see .ci/run)")


class PostgresInstance:
    """``initdb`` into a temp dir, then ``postgres`` on 127.0.0.1:port with trust auth. As
    root it runs as an unprivileged account (the directory is handed to it). ``fsync``: off
    for the tests (they kill the server, not the machine); on for the benches."""

    def __init__(self, fsync: bool = False) -> None:
        self.fsync = fsync
        self.bindir = _pg_bindir()
        self.dir = Path(tempfile.mkdtemp(prefix="tuolaji-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        # (uid, gid) to drop to: postgres itself must be our child, so signals reach it
        self._ids: tuple[int, int] | None = None
        if os.geteuid() == 0:
            entry = pwd.getpwnam(PG_USER_FALLBACK)
            self._ids = (entry.pw_uid, entry.pw_gid)
            os.chown(self.dir, *self._ids)
            os.chmod(self.dir, 0o700)
        self._names = itertools.count(1)
        self._started = False
        argv = [str(self.bindir / "initdb"), "-D", str(self.data), "-U", "tuolaji"]
        argv += ["--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]
        subprocess.run(argv, check=True, capture_output=True, **self._drop())

    def _drop(self) -> dict[str, Any]:
        if self._ids is None:
            return {}
        return {"user": self._ids[0], "group": self._ids[1], "extra_groups": []}

    def start(self) -> None:
        """Start (again, on the same port); a first start moves to another port if its pick
        was taken meanwhile."""
        for _ in range(5):
            try:
                return self._start()
            except PortTaken:
                self.stop()
                if self._started:
                    raise
                self.port = free_port()
        raise RuntimeError("postgres: no free port")

    def _start(self) -> None:
        argv = [str(self.bindir / "postgres"), "-D", str(self.data), "-p", str(self.port)]
        argv += [
            "-h",
            "127.0.0.1",
            "-k",
            str(self.dir),
            "-c",
            f"fsync={'on' if self.fsync else 'off'}",
        ]
        with open(self.dir / "log", "ab") as log:
            self.proc = subprocess.Popen(
                argv, stdout=subprocess.DEVNULL, stderr=log, cwd=self.dir, **self._drop()
            )
        wait_port(self.port, "postgres", self.proc)
        self._wait_ready()
        self._started = True

    def _wait_ready(self) -> None:
        import psycopg

        end = time.monotonic() + 20
        while True:
            try:
                with psycopg.connect(self.url("postgres"), connect_timeout=2) as conn:
                    row = conn.execute("SHOW data_directory").fetchone()
                if row is None or Path(row[0]) != self.data:  # another test run's server
                    raise PortTaken(f"port {self.port} is another postgres's")
                return
            except psycopg.OperationalError:  # "the database system is starting up"
                if time.monotonic() > end:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        """A fast shutdown (SIGINT): connections are cut, as when the database goes away."""
        if self.proc is not None:
            self.proc.send_signal(2)
            self.proc.wait(timeout=30)
            self.proc = None

    def url(self, db: str) -> str:
        return f"postgresql://tuolaji@127.0.0.1:{self.port}/{db}"

    def fresh_db(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        name = f"t{next(self._names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


class RedisInstance:
    """``redis-server`` on 127.0.0.1:port, nothing saved to disk (a restart starts empty, as
    a lost Redis does)."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not installed: apt-get install redis-server (.ci/run)")
        self.binary = binary
        self.dir = Path(tempfile.mkdtemp(prefix="tuolaji-redis-"))
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self._started = False

    def start(self) -> None:
        """Start (again, on the same port); a first start moves to another port if its pick
        was taken meanwhile."""
        for _ in range(5):
            try:
                return self._start()
            except PortTaken:
                self.stop()
                if self._started:
                    raise
                self.port = free_port()
        raise RuntimeError("redis-server: no free port")

    def _start(self) -> None:
        import redis

        argv = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        argv += ["--appendonly", "no", "--dir", str(self.dir)]
        self.proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_port(self.port, "redis-server", self.proc)
        with redis.Redis.from_url(self.url) as client:
            if int(client.info("server")["process_id"]) != self.proc.pid:
                raise PortTaken(f"port {self.port} is another redis-server's")
        self._started = True

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=30)
            self.proc = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresInstance]:
    pg = PostgresInstance()
    pg.start()
    yield pg
    pg.remove()


@pytest.fixture
def pg_url(postgres: PostgresInstance) -> str:
    """A fresh database of the session's PostgreSQL, for one test."""
    return postgres.fresh_db()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisInstance]:
    r = RedisInstance()
    r.start()
    yield r
    r.remove()


@pytest.fixture
def redis_url(redis_server: RedisInstance) -> str:
    """The session's Redis, emptied for one test."""
    import redis

    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    client.close()
    return redis_server.url


@pytest.fixture
def own_redis() -> Iterator[RedisInstance]:
    """A Redis of this test's own, which it may stop and restart."""
    r = RedisInstance()
    r.start()
    yield r
    r.remove()


@pytest.fixture
def own_postgres() -> Iterator[PostgresInstance]:
    """A PostgreSQL of this test's own, which it may stop and restart."""
    pg = PostgresInstance()
    pg.start()
    yield pg
    pg.remove()
