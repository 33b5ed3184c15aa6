"""The smaller faults of issue 34, each against a real server process: invites in any script,
rooms a stranger cannot find or tell apart, an address that recovers from hammering, metrics
that cost a scrape its budget or live on their own port, and every configuration that cannot
work refused in one line that names the option or file (exit 2, no traceback)."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from cluster_fixtures import free_port
from netkit import ROOT, ServerProcess
from test_store_backends import opener, store, where  # noqa: F401  (fixtures)
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from net.client import Client, ServerError
from net.storage import Storage

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path / "s.sqlite3", log=tmp_path / "server.log").start()
    yield proc
    proc.stop()


async def _code(coro: object) -> str:
    with pytest.raises(ServerError) as info:
        await coro  # type: ignore[misc]
    return info.value.code


def test_invites_in_any_script_are_refused_plainly(server: ServerProcess) -> None:
    async def go() -> None:
        owner, stranger = Client(server.url, name="Dai"), Client(server.url, name="Fan")
        for c in (owner, stranger):
            await c.connect()
        made = await owner.create("classic", private=True)
        for invite in ("é" * 16, "邀请码邀请码", "🂡🂢🂣", "ü"):
            assert await _code(stranger.join(made.room, invite)) == "bad-invite"
        assert made.invite is not None
        await stranger.join(made.room, made.invite)  # the right one still opens it
        for c in (owner, stranger):
            await c.close()

    asyncio.run(go())
    assert server.log is not None
    text = server.log.read_text()
    assert "Traceback" not in text and " ERROR " not in text


def test_a_stranger_cannot_tell_a_private_room_from_a_missing_one(server: ServerProcess) -> None:
    async def go() -> None:
        owner, stranger = Client(server.url, name="Dai"), Client(server.url, name="Fan")
        for c in (owner, stranger):
            await c.connect()
        made = await owner.create("classic", private=True)
        public = await owner.create("classic")
        assert made.invite is not None
        # 64 random bits each: not to be guessed
        for token in (made.room, made.invite, public.room):
            assert len(token) == 16 and int(token, 16) >= 0
        missing = "0123456789abcdef"
        for room in (made.room, missing):
            answers = [
                await _code(stranger.join(room)),
                await _code(stranger.join(room, "f" * 16)),
                await _code(stranger.sync(room)),
                await _code(stranger.chat(room, "hi")),
            ]
            assert answers == ["no-room", "bad-invite", "no-room", "no-room"], room
        # a public room is listed anyway: not watching it is no secret
        assert await _code(stranger.sync(public.room)) == "not-watching"
        for c in (owner, stranger):
            await c.close()

    asyncio.run(go())


def test_an_address_recovers_soon_after_it_stops_hammering(tmp_path: Path) -> None:
    """Refused attempts cost nothing: after 300 of them, one connection is allowed again within
    a second (it used to owe a debt of 300 tokens: 30 s at 10 a second)."""
    proc = ServerProcess(
        tmp_path / "s.sqlite3", "--handshake-rate", "10", "--handshake-burst", "5"
    ).start()

    async def go() -> None:
        refused = 0
        for _ in range(305):
            try:
                async with connect(proc.url):
                    pass
            except InvalidStatus as e:
                assert e.response.status_code == 429
                refused += 1
        assert refused >= 290
        await asyncio.sleep(0.5)
        async with connect(proc.url):
            pass  # let in again

    try:
        asyncio.run(go())
    finally:
        proc.stop()


def _get(port: int, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return e.code


def test_metrics_are_rate_limited_on_the_game_port_or_served_apart(tmp_path: Path) -> None:
    game = ServerProcess(
        tmp_path / "a.sqlite3", "--handshake-rate", "2", "--handshake-burst", "5"
    ).start()
    try:
        codes = [_get(game.port, "/metrics") for _ in range(20)]
        assert codes[:5] == [200] * 5 and codes.count(429) >= 14
    finally:
        game.stop()
    apart = free_port()
    node = ServerProcess(tmp_path / "b.sqlite3", "--metrics-address", f"127.0.0.1:{apart}").start()
    try:
        assert _get(apart, "/metrics") == 200
        assert _get(apart, "/livez") == 200 and _get(apart, "/readyz") == 200
        with urllib.request.urlopen(f"http://127.0.0.1:{apart}/metrics", timeout=5) as r:
            assert b"tuolaji_connections" in r.read()
        assert _get(node.port, "/metrics") != 200  # not on the game port any more
    finally:
        node.stop()


# -- configurations that cannot work -----------------------------------------------------------


def _start(tmp_path: Path, *args: str, toml: str | None = None) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "net.server", "--port", "0", *args]
    if "--db" not in args and "--store" not in args:
        argv += ["--db", str(tmp_path / "s.sqlite3")]
    if toml is not None:
        (tmp_path / "c.toml").write_text(toml)
        argv += ["--config", str(tmp_path / "c.toml")]
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=60)


def _refused(out: subprocess.CompletedProcess[str], *named: str) -> None:
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 2, out.stderr
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    for word in named:
        assert word in lines[0], lines[0]


@pytest.mark.parametrize(
    ("args", "toml", "named"),
    [
        (("--certfile", "/no/cert.pem", "--keyfile", "/no/key.pem"), None, ["certfile", "/no/"]),
        ((), "port = true\n", ["port", "True"]),
        ((), "port = 8765.9\n", ["port", "8765.9"]),
        (("--log-level", "LOUD"), None, ["log_level"]),
        (("--rate", "-1"), None, ["rate"]),
        (("--handshake-rate", "-2"), None, ["handshake_rate"]),
        (("--away-grace", "-5"), None, ["away_grace"]),
        (("--shutdown-grace", "nan"), None, ["shutdown_grace"]),
        (("--ai-workers", "-3"), None, ["ai_workers"]),
        (("--metrics-address", "nowhere"), None, ["metrics_address"]),
        (("--host", "no-such-host.invalid"), None, ["host/port", "no-such-host.invalid"]),
        (("--db", "/proc/no/such/dir/s.sqlite3"), None, ["db", "/proc/no/such/dir"]),
        (("--store", "postgresql://nobody@127.0.0.1:1/none"), None, ["store", "127.0.0.1:1"]),
        ((), "port = 1\nthis is not toml\n", ["config", "c.toml"]),
    ],
)
def test_a_configuration_that_cannot_work_is_one_line(
    tmp_path: Path, args: tuple[str, ...], toml: str | None, named: list[str]
) -> None:
    _refused(_start(tmp_path, *args, toml=toml), *named)


def test_a_certificate_that_is_not_pem_is_named(tmp_path: Path) -> None:
    for name in ("cert.pem", "key.pem"):
        (tmp_path / name).write_text("not a certificate\n")
    out = _start(
        tmp_path, "--certfile", str(tmp_path / "cert.pem"), "--keyfile", str(tmp_path / "key.pem")
    )
    _refused(out, "certfile", "cert.pem")


def test_a_port_in_use_is_named(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = _start(tmp_path, "--port", str(port))
    _refused(out, "host/port", str(port))


def test_an_unreachable_redis_at_start_is_named(tmp_path: Path, pg_url: str) -> None:
    out = _start(tmp_path, "--store", pg_url, "--redis", "redis://127.0.0.1:1/0")
    _refused(out, "redis", "127.0.0.1:1")


def test_a_backup_into_a_missing_folder_is_named(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "s.sqlite3").start()
    server.stop()  # the file exists now
    dest = tmp_path / "missing" / "copy.sqlite3"
    out = subprocess.run(
        [sys.executable, "-m", "net.server", "backup", str(dest), "--db", str(server.db)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    assert str(tmp_path / "missing") in out.stderr


# -- login tokens ---------------------------------------------------------------------------


def test_a_token_is_renewed_past_half_its_life_and_expires_unused(tmp_path: Path) -> None:
    """``token_days`` of 1.7 s: a hello past half of it gets a new token in its answer (the
    client keeps it: nothing for the player to do) and the old one is void; a token not used
    for its whole life is refused."""
    proc = ServerProcess(tmp_path / "s.sqlite3", "--token-days", "0.00002").start()

    async def go() -> None:
        first = Client(proc.url, name="Ann")
        await first.connect()
        old = first.token
        assert old is not None
        await first.close()
        await asyncio.sleep(1.0)  # past half of 1.73 s
        again = Client(proc.url, token=old)
        me = await again.connect()
        assert again.token not in (None, old) and me.user == first.user.user  # type: ignore[union-attr]
        await again.close()
        assert await _code(Client(proc.url, token=old).connect()) == "bad-token"
        fresh = Client(proc.url, token=again.token)
        await fresh.connect()  # the new one works at once
        await fresh.close()
        await asyncio.sleep(2.0)  # unused for longer than its life
        assert await _code(Client(proc.url, token=again.token).connect()) == "bad-token"

    try:
        asyncio.run(go())
    finally:
        proc.stop()


def test_revoke_voids_a_players_tokens(tmp_path: Path) -> None:
    proc = ServerProcess(tmp_path / "s.sqlite3").start()

    async def login(**who: str) -> Client:
        c = Client(proc.url, **who)
        await c.connect()
        await c.close()
        return c

    try:
        bea, cai = asyncio.run(login(name="Bea")), asyncio.run(login(name="Cai"))
        out = subprocess.run(
            [sys.executable, "-m", "net.server", "revoke", "Bea", "--db", str(proc.db)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 0 and "1 player called Bea" in out.stdout, out.stderr
        assert bea.token and cai.token
        assert asyncio.run(_code(login(token=bea.token))) == "bad-token"
        asyncio.run(login(token=cai.token))  # another player's token still works
    finally:
        proc.stop()


def test_tokens_expire_renew_and_are_revoked_on_both_stores(store: Storage) -> None:  # noqa: F811
    async def go() -> None:
        now = time.time()
        ann = await store.call(store.create_user, "Ann", "a1")
        await store.call(store.create_user, "Ann", "a2")  # another player of the same name
        bob = await store.call(store.create_user, "Bob", "b1")
        assert await store.call(store.user_by_token, "a1", now - 60) == (ann, "Ann", 0)
        assert await store.call(store.user_by_token, "a1", now + 60) is None  # expired
        assert not await store.call(store.renew_token, ann, "a1-new", now - 60)  # still young
        assert await store.call(store.renew_token, ann, "a1-new", now + 60)
        assert await store.call(store.user_by_token, "a1") is None
        assert await store.call(store.user_by_token, "a1-new", now) == (ann, "Ann", 0)
        assert await store.call(store.revoke, "Ann") == 2
        for token in ("a1-new", "a2"):
            assert await store.call(store.user_by_token, token) is None
        assert await store.call(store.user_by_token, "b1") == (bob, "Bob", 0)

    asyncio.run(go())
