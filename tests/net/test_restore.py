"""A restart is never stopped by one bad record, on a real server and real SQLite files: a
table whose log no longer replays is parked and reported while the others serve, and a
database written by the previous schema version opens and migrates."""

from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from netkit import ROOT, ServerProcess, until

from engine.rules import rules_from
from net.client import Client, ServerError
from net.store import SCHEMA_VERSION, Store

ARGS = ("--deal-delay", "0", "--away-grace", "600")


async def _three_bot_tables(url: str) -> dict[str, int]:
    """Three rooms of four random bots, each played a while; room -> version reached."""
    c = Client(url, name="Host")
    await c.connect()
    rooms = []
    for _ in range(3):
        room = (await c.create("classic")).room
        await c.join(room)
        for seat in range(4):
            await c.add_bot(room, seat, "random")
        await c.start(room)
        rooms.append(room)
    await until(lambda: all(c.versions.get(r, 0) > 60 for r in rooms), timeout=30)
    reached = {r: c.versions[r] for r in rooms}
    await c.close()
    return reached


def test_a_log_that_does_not_replay_is_parked_and_the_others_serve(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    server = ServerProcess(db, *ARGS).start()
    try:
        reached = asyncio.run(_three_bot_tables(server.url))
    finally:
        server.kill()
    corrupt, changed, good = list(reached)
    with sqlite3.connect(db) as con:  # a torn row, and a log that a rule change broke
        torn = "SELECT action FROM actions WHERE room = ? AND seq = 5"
        whole = con.execute(torn, (corrupt,)).fetchone()[0]
        con.execute(
            'UPDATE actions SET action = \'{"type": "pl\' WHERE room = ? AND seq = 5', (corrupt,)
        )
        bad = json.dumps({"type": "pass-bid", "seat": 0})
        con.execute("UPDATE actions SET action = ? WHERE room = ? AND seq = 3", (bad, changed))

    log = tmp_path / "server.log"
    server = ServerProcess(db, *ARGS, log=log).start()
    try:

        async def after() -> None:
            c = Client(server.url, name="Back")
            await c.connect()
            for room in (corrupt, changed):
                with pytest.raises(ServerError) as e:
                    await c.join(room)
                assert e.value.code == "room-parked" and room in e.value.en
            await c.join(good)
            assert c.versions[good] >= reached[good]
            await until(lambda: c.versions[good] > reached[good] + 20, timeout=20)  # it plays on
            listed = {r.room for r in (await c.lobby(subscribe=False)).rooms}
            assert good in listed and corrupt not in listed and changed not in listed
            await c.close()

        asyncio.run(asyncio.wait_for(after(), 60))
    finally:
        server.stop()
    reported = [line for line in log.read_text().splitlines() if "parked" in line]
    assert len(reported) == 2 and all(corrupt in r or changed in r for r in reported)
    out = subprocess.run(
        [sys.executable, "-m", "net.server", "parked", "--db", str(db)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = {line.split("\t")[0]: line for line in out.splitlines()}
    assert set(lines) == {corrupt, changed}
    assert "JSONDecodeError" in lines[corrupt]
    assert "written by" in lines[changed] and "RulesError" in lines[changed]

    # the torn row mended, the next start replays that table again and it serves
    with sqlite3.connect(db) as con:
        con.execute("UPDATE actions SET action = ? WHERE room = ? AND seq = 5", (whole, corrupt))
    server = ServerProcess(db, *ARGS).start()
    try:

        async def mended() -> None:
            c = Client(server.url, name="Again")
            await c.connect()
            await c.join(corrupt)
            assert c.versions[corrupt] >= reached[corrupt]
            await c.close()

        asyncio.run(asyncio.wait_for(mended(), 30))
    finally:
        server.stop()
    store = Store(str(db))
    assert [p[0] for p in store.parked()] == [changed]
    store.close()


# The schema as the previous version wrote it (user_version 0; rooms had ``side``).
PREVIOUS = """
CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE,
    rating INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL);
CREATE TABLE rooms (id TEXT PRIMARY KEY, owner INTEGER NOT NULL, rules TEXT NOT NULL,
    multiplier INTEGER NOT NULL, private INTEGER NOT NULL, invite TEXT, seed INTEGER NOT NULL,
    seats TEXT NOT NULL, closed INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL,
    side TEXT NOT NULL DEFAULT 'any');
CREATE TABLE actions (room TEXT NOT NULL, seq INTEGER NOT NULL, action TEXT NOT NULL,
    user INTEGER, req INTEGER, v INTEGER NOT NULL, PRIMARY KEY (room, seq));
CREATE TABLE games (id INTEGER PRIMARY KEY, room TEXT NOT NULL, hand_no INTEGER NOT NULL,
    v0 INTEGER NOT NULL, record TEXT NOT NULL, result TEXT NOT NULL, finished REAL NOT NULL);
CREATE TABLE game_players (game INTEGER NOT NULL, user INTEGER NOT NULL, seat INTEGER NOT NULL,
    delta INTEGER NOT NULL, PRIMARY KEY (game, user, seat));
CREATE INDEX game_players_user ON game_players (user, game);
CREATE INDEX games_room ON games (room, id);
CREATE TABLE penalties (user INTEGER NOT NULL, room TEXT NOT NULL, hand_no INTEGER NOT NULL,
    amount INTEGER NOT NULL, at REAL NOT NULL);
"""


def _previous_database(db: Path) -> None:
    con = sqlite3.connect(db)
    con.executescript(PREVIOUS)
    token = hashlib.sha256(b"old-token").hexdigest()
    con.execute("INSERT INTO users VALUES (1, 'Elder', ?, 4, 0)", (token,))
    seats = [{"name": f"bot-random-{i}", "user": None, "bot": "random"} for i in range(4)]
    rules = json.dumps(rules_from("classic").to_dict())
    con.execute(
        "INSERT INTO rooms VALUES ('0ld', 1, ?, 1, 0, NULL, 7, ?, 0, 0, 'any')",
        (rules, json.dumps(seats)),
    )
    con.execute("INSERT INTO actions VALUES ('0ld', 1, '{\"type\": \"start\"}', NULL, NULL, 1)")
    con.commit()
    con.close()


def test_a_database_from_the_previous_schema_opens_and_migrates(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    _previous_database(db)
    server = ServerProcess(db, *ARGS).start()
    try:

        async def go() -> None:
            c = Client(server.url, token="old-token")
            me = await c.connect()
            assert (me.name, me.rating) == ("Elder", 4)
            await c.join("0ld")
            await until(lambda: c.versions["0ld"] > 40, timeout=20)  # its bots play on
            await c.close()

        asyncio.run(asyncio.wait_for(go(), 40))
    finally:
        server.stop()
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    columns = {r[1] for r in con.execute("PRAGMA table_info(rooms)")}
    assert {"side", "engine", "parked"} <= columns
    assert con.execute("SELECT engine, parked FROM rooms").fetchone() == ("unknown", None)
    con.close()


def test_a_database_from_a_newer_build_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite3"
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    with pytest.raises(RuntimeError, match="schema version"):
        Store(str(db))
