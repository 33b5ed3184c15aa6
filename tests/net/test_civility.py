"""Keeping rooms civil on a real server (SQLite) with real clients: the chat flood rule and
quick phrases, mutes, reports (with the room's last chat lines and game id), and moderation —
chat timeouts and bans from the app and from ``tuolaji-server mod``, roles, and the
append-only moderation log. Every refusal in English and Chinese."""

from __future__ import annotations

import asyncio
import itertools
import json
import sqlite3
import subprocess
import sys
import time
from typing import Any

import psycopg
import pytest
from netkit import ROOT, ServerProcess, refused, until

from engine.messages import PHRASES
from net import civility, modcli
from net.client import Client
from net.protocol import (
    Chat,
    Moderate,
    ModLog,
    ModLogReply,
    Mute,
    Report,
    ReportReply,
)

pytestmark = pytest.mark.timeout(60)
_names = itertools.count(1)


class Civil(ServerProcess):
    """The server and where it keeps things: a SQLite file, or PostgreSQL (``store_url``)."""

    store_url = ""

    def options(self) -> list[str]:
        """The server's option naming its store (for ``tuolaji-server mod``)."""
        return ["--store", self.store_url] if self.store_url else ["--db", str(self.db)]

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """``sql`` (``?`` parameters, ``{user}`` for the user column) on the server's store."""
        if not self.store_url:
            with sqlite3.connect(self.db, timeout=10) as db:
                return db.execute(sql.replace("{user}", "user"), params).fetchall()
        with psycopg.connect(self.store_url, autocommit=True) as db:
            cur = db.execute(sql.replace("{user}", "user_id").replace("?", "%s"), params)
            return cur.fetchall() if cur.description else []


@pytest.fixture(scope="module", params=["sqlite", "postgres+redis"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """The server on SQLite, then as a cluster's node on PostgreSQL and Redis."""
    tmp = tmp_path_factory.mktemp("civility")
    args: tuple[str, ...] = ("--deal-delay", "0", "--rate", "500", "--burst", "500")
    url = ""
    if request.param == "postgres+redis":
        import redis

        pg, rd = request.getfixturevalue("postgres"), request.getfixturevalue("redis_server")
        with redis.Redis.from_url(rd.url) as r:
            r.flushall()
        url = pg.fresh_db()
        args += ("--store", url, "--redis", rd.url, "--node-id", "civility")
    proc = Civil(tmp / "server.sqlite3", *args, log=tmp / "server.log")
    proc.store_url = url
    yield proc.start()
    proc.stop()


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 40))


async def player(url: str) -> Client:
    c = Client(url, name=f"C{next(_names)}", keep_raw=True)
    await c.connect()
    return c


def uid(c: Client) -> int:
    assert c.user is not None
    return c.user.user


def said(c: Client) -> list[str]:
    return [f["text"] for r in c.raw if (f := json.loads(r))["type"] == "chat"]


async def at_one_table(n: int, url: str) -> tuple[str, list[Client]]:
    clients = await asyncio.gather(*(player(url) for _ in range(n)))
    room = (await clients[0].create("classic")).room
    for c in clients:
        await c.join(room)
    return room, list(clients)


def mod(server: Civil, *args: str) -> subprocess.CompletedProcess[str]:
    """``tuolaji-server mod ...`` on the server's database (the server keeps running)."""
    return subprocess.run(
        [sys.executable, "-m", "net.server", "mod", *args, *server.options()],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_flood_rule_and_quick_phrases(server: Civil) -> None:
    async def go() -> None:
        room, (ann, bo) = await at_one_table(2, server.url)
        for text in ("hello everyone", "ready when you are", "trumps are hearts", "nice!"):
            await ann.request(Chat(ann.next_id(), room, text))
        e = await refused("chat-flood", ann.request(Chat(ann.next_id(), room, "one more")))
        assert "4" in e.en and "10" in e.en and "10 秒" in e.zh
        # quick phrases are exempt, and each reader has the code to show it in their language
        for code in list(PHRASES)[:6]:
            await ann.request(Chat(ann.next_id(), room, phrase=code))
        await until(lambda: len(said(bo)) == 10)
        phrases = [f for r in bo.raw if (f := json.loads(r))["type"] == "chat" and f["phrase"]]
        assert [(f["phrase"], f["text"]) for f in phrases[:1]] == [("phrase-hello", "Hello!")]
        await refused("bad-phrase", ann.request(Chat(ann.next_id(), room, phrase="phrase-rude")))
        # near repeats are refused, whatever the case, spacing and punctuation
        await bo.request(Chat(bo.next_id(), room, "Please play faster"))
        await refused("chat-repeat", bo.request(Chat(bo.next_id(), room, "please  PLAY faster!!")))
        await refused("chat-repeat", bo.request(Chat(bo.next_id(), room, "please play fastr")))
        await bo.request(Chat(bo.next_id(), room, "nice hand, partner"))
        await refused("chat-empty", bo.request(Chat(bo.next_id(), room, "   ")))
        await refused("chat-too-long", bo.request(Chat(bo.next_id(), room, "x" * 201)))
        for c in (ann, bo):
            await c.close()

    run(go())


def test_flood_rule_window_moves_on() -> None:
    rule = civility.FloodRule(count=4, seconds=10)
    for i, text in enumerate(("first words", "then others", "and a third", "last one")):
        rule.check(1, text, 100.0 + i)
    with pytest.raises(Exception) as info:
        rule.check(1, "too soon", 105.0)
    assert getattr(info.value, "params", {})["wait"] == 5
    rule.check(1, "later on", 110.5)  # the first line left the window
    rule.check(2, "another player", 105.0)  # counted per player
    rule.forget_idle(1000.0)
    rule.check(1, "first words", 1000.0)  # old lines are no repeats


def test_mute_hides_one_player_at_one_table(server: Civil) -> None:
    async def go() -> None:
        room, (ann, bo, cai) = await at_one_table(3, server.url)
        await cai.request(Mute(cai.next_id(), room, uid(ann)))
        await ann.request(Chat(ann.next_id(), room, "hello all"))
        await bo.request(Chat(bo.next_id(), room, "hi ann"))
        await until(lambda: "hi ann" in said(cai) and "hello all" in said(bo))
        assert "hello all" not in said(cai)
        await cai.request(Mute(cai.next_id(), room, uid(ann), on=False))
        await ann.request(Chat(ann.next_id(), room, "back again"))
        await until(lambda: "back again" in said(cai))
        stranger = await player(server.url)
        e = await refused("not-at-table", cai.request(Mute(cai.next_id(), room, uid(stranger))))
        assert stranger.name in e.en and stranger.name in e.zh
        await refused("not-yourself", cai.request(Mute(cai.next_id(), room, uid(cai))))
        await refused("not-watching", stranger.request(Mute(stranger.next_id(), room, uid(ann))))
        for c in (ann, bo, cai, stranger):
            await c.close()

    run(go())


def test_report_carries_chat_and_game(server: Civil) -> None:
    async def go() -> None:
        room, (ann, bo) = await at_one_table(2, server.url)
        await ann.request(Chat(ann.next_id(), room, "you are terrible"))
        await bo.request(Chat(bo.next_id(), room, "please stop"))
        await until(lambda: len(said(bo)) == 2)
        # a finished game of this room, as the server writes one
        ((game,),) = server.query(
            "INSERT INTO games (room, hand_no, v0, record, result, finished)"
            " VALUES (?, 1, 0, '{}', '{}', 0) RETURNING id",
            (room,),
        )
        got = await bo.ask(Report(bo.next_id(), uid(ann), "abuse", "insults", room), ReportReply)
        (row,) = server.query(
            "SELECT reporter, reported, reason, text, room, game, chat FROM reports WHERE id = ?",
            (got.report,),
        )
        assert row[:6] == (uid(bo), uid(ann), "abuse", "insults", room, game)
        assert json.loads(row[6]) == [f"{ann.name}: you are terrible", f"{bo.name}: please stop"]
        # without a room, nothing of a table; and the hourly limit
        for _ in range(civility.REPORTS_PER_HOUR - 1):
            await bo.ask(Report(bo.next_id(), uid(ann), "spam"), ReportReply)
        e = await refused("too-many-reports", bo.request(Report(bo.next_id(), uid(ann), "spam")))
        assert "10" in e.en and "10" in e.zh
        await refused("not-yourself", ann.request(Report(ann.next_id(), uid(ann), "other")))
        await refused("no-user", ann.request(Report(ann.next_id(), 10**12, "other")))
        await refused("malformed", ann.request(Report(ann.next_id(), uid(bo), "rude")))  # type: ignore[arg-type]
        for c in (ann, bo):
            await c.close()

    run(go())


def test_moderators_time_out_and_ban(server: Civil, capsys: pytest.CaptureFixture[str]) -> None:
    async def go() -> None:
        room, (boss, rude, other) = await at_one_table(3, server.url)
        # a player may not moderate
        await refused(
            "not-moderator",
            boss.request(Moderate(boss.next_id(), "timeout", uid(rude), "spam", 5)),
        )
        await refused("not-moderator", boss.request(ModLog(boss.next_id())))
        done = mod(server, "role", boss.name or "", "moderator")
        assert done.returncode == 0, done.stderr
        # a chat timeout, told to the player, refused with its reason and end; then lifted
        await boss.request(Moderate(boss.next_id(), "timeout", uid(rude), "shouting", 5))
        await until(lambda: any('"moderated"' in r for r in rude.raw))
        e = await refused("chat-timeout", rude.request(Chat(rude.next_id(), room, "hey")))
        assert "shouting" in e.en and "shouting" in e.zh and "UTC" in e.en
        await boss.request(Moderate(boss.next_id(), "lift-timeout", uid(rude), "calmer now"))
        await rude.request(Chat(rude.next_id(), room, "sorry"))
        # refusals: a bad duration, a blank reason, another moderator, myself
        e = await refused(
            "bad-duration", boss.request(Moderate(boss.next_id(), "ban", uid(rude), "x", 0))
        )
        assert e.en == "a ban lasts 1 minute to 3650 days (0 minutes is out of range)"
        e = await refused(
            "bad-duration",
            boss.request(Moderate(boss.next_id(), "timeout", uid(rude), "x", 31 * 1440)),
        )
        assert e.en == "a chat timeout lasts 1 minute to 30 days (44640 minutes is out of range)"
        assert e.zh == "禁言时长须为 1 分钟到 30 天（44640 分钟超出范围）"
        await refused(
            "reason-needed", boss.request(Moderate(boss.next_id(), "ban", uid(rude), "  ", 5))
        )
        modcli.main(["role", other.name or "", "moderator", *server.options()])  # (in-process)
        e = await refused(
            "outranks-you",
            boss.request(Moderate(boss.next_id(), "timeout", uid(other), "x", 5)),
        )
        assert "moderator" in e.en and "版主" in e.zh
        await refused(
            "not-yourself",
            boss.request(Moderate(boss.next_id(), "timeout", uid(boss), "x", 5)),
        )
        # a ban: the player is told and disconnected, and refused at the next login
        token = rude.token
        rude.reconnect_enabled = False  # (a client's resume would be refused the same way)
        await boss.request(Moderate(boss.next_id(), "ban", uid(rude), "cheating", 60))
        await until(lambda: rude.closed_with is not None, timeout=10)
        assert rude.closed_with == (1008, "banned")
        (told,) = [f for r in rude.raw if (f := json.loads(r))["type"] == "social"][-1:]
        assert (told["kind"], told["reason"], told["who"]["name"]) == (
            "moderated",
            "cheating",
            boss.name,
        )
        refused_login = Client(server.url, token=token, reconnect=False)
        e = await refused("banned", refused_login.connect())
        assert "cheating" in e.en and "cheating" in e.zh
        await refused_login.close()
        # the log, newest first, as the app's panel and the command show it
        got = await boss.ask(ModLog(boss.next_id()), ModLogReply)
        assert [(m.action, m.actor, m.target.user) for m in got.log[:5]] == [
            ("ban", boss.name, uid(rude)),
            ("role:moderator", None, uid(other)),  # the operator's, by the command
            ("lift-timeout", boss.name, uid(rude)),
            ("timeout", boss.name, uid(rude)),
            ("role:moderator", None, uid(boss)),
        ]
        assert got.log[0].until is not None and got.log[0].until > time.time() + 3000
        capsys.readouterr()
        modcli.main(["log", "--limit", "3", *server.options()])
        shown = capsys.readouterr()
        assert "cheating" in shown.out and "\tban\t" in shown.out
        # the operator lifts the ban: the token works again (it was not renewed meanwhile)
        lifted = mod(server, "lift-ban", rude.name or "", "appeal granted")
        assert lifted.returncode == 0, lifted.stderr
        again = Client(server.url, token=token, reconnect=False)
        assert (await again.connect()).user == uid(rude)
        for c in (boss, other, again):
            await c.close()
        await rude.close()

    run(go())


def test_mod_command(server: Civil, capsys: pytest.CaptureFixture[str]) -> None:
    async def go() -> tuple[int, str]:
        c = await player(server.url)
        await c.close()
        return uid(c), c.name or ""

    user, name = run(go())
    done = mod(server, "timeout", name, "2h", "flooding")
    assert done.returncode == 0 and "until" in done.stdout, done.stderr
    ((until_,),) = server.query(
        "SELECT until FROM sanctions WHERE {user} = ? AND kind = 'timeout'", (user,)
    )
    assert abs(until_ - time.time() - 7200) < 60
    # refusals, by the command's own code in this process (a spawn costs a second each)
    for argv, why in (
        (["ban", name, "soon", "x"], "30m, 2h or 7d"),
        (["ban", "Nobody-called-this", "1d", "x"], "no player 'Nobody-called-this'"),
        (["ban", name, "1d", " "], "give a reason"),
    ):
        with pytest.raises(SystemExit) as exited:
            modcli.main([*argv, *server.options()])
        assert exited.value.code == 2 and why in capsys.readouterr().err
    by_id = mod(server, "lift-timeout", f"#{user}", "served")
    assert by_id.returncode == 0, by_id.stderr
    # the moderation log is append-only: the database refuses to change or delete it
    refused_by = psycopg.errors.RaiseException if server.store_url else sqlite3.IntegrityError
    for sql in ("UPDATE moderation_log SET reason = 'x'", "DELETE FROM moderation_log"):
        with pytest.raises(refused_by, match="append-only"):
            server.query(sql)


def test_flood_rule_forgets_quiet_players() -> None:
    rule = civility.FloodRule()
    for user in range(civility.FORGET_EVERY - 1):
        rule.check(user, "hello there", 0.0)
    assert len(rule) == civility.FORGET_EVERY - 1
    rule.check(10**6, "much later", 1000.0)  # the sweep: everyone else is quiet by now
    assert len(rule) == 1
