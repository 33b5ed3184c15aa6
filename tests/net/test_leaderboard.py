"""Leaderboards and profiles (issue 37 part 5): which hands are rated, the gate (hands, activity,
provisional), the periodic recomputation, the profile's graph, recent hands and partners, and
what a stranger may not see. The hands are written through the real store (a SQLite file, and
PostgreSQL for the migration), read by a real server on 127.0.0.1 over websockets; one hand is
played there by four clients."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from cluster_fixtures import PostgresInstance
from netkit import ServerProcess, seat_four

from engine.codec import convert
from engine.events import HandEnd
from engine.rules import preset
from net import auth, rated
from net.bot import play_seat
from net.client import Client, ServerError
from net.config import open_store
from net.players import make_ai
from net.storage import Storage
from net.store import MIGRATIONS as SQLITE_MIGRATIONS
from net.store import SCHEMA, Store
from net.store_pg import MIGRATIONS as PG_MIGRATIONS

DAY = 86400.0
CLASSIC = {"preset": "classic"}


def rules_json(**changes: Any) -> dict[str, Any]:
    return {**preset("classic").to_dict(), **changes}


def result(defenders: list[int], winner: str, levels: int = 1) -> dict[str, Any]:
    won = [(s in defenders) != (winner == "attackers") for s in range(4)]
    out = {
        "type": "hand-end",
        "kitty": [],
        "kitty_captured": False,
        "multiplier": 0,
        "trick_points": 40,
        "attacker_points": 40,
        "winner": winner,
        "levels": levels,
        "dealer_passes": winner == "attackers",
        "defenders": defenders,
        "next_dealer": defenders[0],
        "deltas": [levels if w else -levels for w in won],
    }
    convert(out, HandEnd)  # the stored result is a real hand's score
    return out


def room_row(rid: str, owner: int, rules: dict[str, Any], private: bool = False) -> dict[str, Any]:
    return {
        "id": rid,
        "owner": owner,
        "rules": rules,
        "multiplier": 1,
        "private": private,
        "invite": "code" if private else None,
        "seed": 1,
        "seats": [None] * 4,
        "side": "any",
    }


def finish(
    store: Storage, room: str, no: int, seats: list[int | None], defenders: list[int], winner: str
) -> int:
    """One finished hand at ``room``: ``seats`` are users (None: an AI seat)."""
    score = result(defenders, winner)
    players = [(u, s, score["deltas"][s]) for s, u in enumerate(seats) if u is not None]
    record = {"setup": {"hand_no": no}, "events": []}
    return int(store.finish_hand(room, no, 0, record, score, players))


class World:
    """Players and hands written through the store, before the server starts."""

    def __init__(self, store: Storage) -> None:
        self.store = store
        self.tokens: dict[str, str] = {}
        self.ids: dict[str, int] = {}

    def user(self, name: str) -> int:
        token = f"token-{name}"
        self.tokens[name] = token
        self.ids[name] = self.store.create_user(name, auth.token_hash(token))
        return self.ids[name]


def populate(store: Storage) -> tuple[World, dict[str, int]]:
    """Ann, Bo, Cai, Dee, Eli, Fay play rated classic hands; Gus plays only with the same three
    (provisional); Hal's rated hands are old (inactive); AI seats and changed rules are
    unrated; one rated hand is in a private room."""
    w = World(store)
    ann, bo, cai, dee, eli, fay, gus, hal, ivy = (
        w.user(n) for n in ("Ann", "Bo", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy")
    )
    store.create_room(room_row("R1", ann, CLASSIC))
    store.create_room(room_row("R2", ann, CLASSIC))
    store.create_room(room_row("P1", ann, CLASSIC, private=True))
    store.create_room(room_row("BOT", ann, CLASSIC))
    store.create_room(room_row("ODD", ann, rules_json(end_level="5")))
    clock = {**preset("find-friend").to_dict(), "turn_timer": 15}
    store.create_room(room_row("CLOCK", ann, clock))
    store.create_room(room_row("OLD", hal, {"preset": "one-deck"}))
    games: dict[str, int] = {}
    # R1: Ann+Cai defend against Bo+Dee three times (Ann's side wins twice)
    for no, winner in ((1, "defenders"), (2, "defenders"), (3, "attackers")):
        games[f"R1-{no}"] = finish(store, "R1", no, [ann, bo, cai, dee], [0, 2], winner)
    # R2: Ann+Eli defend against Fay+Gus once and win; Gus meets only Ann and Eli there
    games["R2-1"] = finish(store, "R2", 1, [ann, fay, eli, gus], [0, 2], "defenders")
    # P1 (private): Ann and Bo together against Eli and Fay, lost
    games["P1-1"] = finish(store, "P1", 1, [ann, eli, bo, fay], [0, 2], "attackers")
    # unrated: an AI seat; rules changed from the preset
    games["BOT-1"] = finish(store, "BOT", 1, [ann, bo, cai, None], [0, 2], "defenders")
    games["ODD-1"] = finish(store, "ODD", 1, [ann, bo, cai, dee], [0, 2], "defenders")
    # a turn clock of the room's own changes its rules too: unrated
    games["CLOCK-1"] = finish(store, "CLOCK", 1, [ivy, bo, hal, cai], [0, 2], "defenders")
    # one-deck, ten days ago: Hal's only hands (rated, but inactive now)
    for no in (1, 2, 3):
        games[f"OLD-{no}"] = finish(store, "OLD", no, [hal, ivy, ann, bo], [0, 2], "defenders")
    return w, games


def backdate(db: Path, rooms: tuple[str, ...], days: float) -> None:
    with sqlite3.connect(db) as c:
        for room in rooms:
            c.execute("UPDATE games SET finished = finished - ? WHERE room = ?", (days * DAY, room))


def test_which_hands_are_rated_and_each_side(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "s.sqlite3"))
    _w, games = populate(store)
    rows = dict(store.db.execute("SELECT id, preset FROM games").fetchall())
    assert rows[games["R1-1"]] == "classic" and rows[games["P1-1"]] == "classic"
    assert rows[games["OLD-1"]] == "one-deck"
    assert rows[games["BOT-1"]] is None  # an AI seat
    assert rows[games["ODD-1"]] is None  # the preset's rules changed
    assert rows[games["CLOCK-1"]] is None  # only the turn clock changed, but changed
    sides = store.db.execute(
        "SELECT seat, defender, won FROM game_players WHERE game = ? ORDER BY seat",
        (games["R1-3"],),
    ).fetchall()
    assert sides == [(0, 1, 0), (1, 0, 1), (2, 1, 0), (3, 0, 1)]  # the attackers won
    store.close()


def old_database(path: Path) -> None:
    """A database written before the boards: the schema up to the migration before them, and
    a rated hand and an unrated one in it."""
    before = next(i for i, m in enumerate(SQLITE_MIGRATIONS) if m.__name__ == "_add_boards")
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(SCHEMA)
    for step in SQLITE_MIGRATIONS[:before]:
        step(db)
    db.execute(f"PRAGMA user_version = {before}")
    fill_old(lambda sql, params: db.execute(sql, params))
    db.close()


def fill_old(execute: Any, user: str = "user") -> None:
    """The rows of an old database (``user``: that column's name in the back-end)."""

    for uid in (1, 2, 3, 4):
        execute(
            "INSERT INTO users (id, name, token_hash, rating, created) VALUES (?, ?, ?, 0, 0)",
            (uid, f"U{uid}", f"h{uid}"),
        )
    for rid, rules in (("A", rules_json()), ("B", rules_json(end_level="5"))):
        execute(
            "INSERT INTO rooms (id, owner, rules, multiplier, private, seed, seats, closed,"
            " created) VALUES (?, 1, ?, 1, ?, 1, '[]', ?, 0)",
            (rid, json.dumps(rules), False, True),
        )
    for gid, rid in ((1, "A"), (2, "B")):
        score = result([0, 2], "defenders")
        execute(
            "INSERT INTO games (id, room, hand_no, v0, record, result, finished)"
            " VALUES (?, ?, 1, 0, '{}', ?, ?)",
            (gid, rid, json.dumps(score), time.time()),
        )
        for seat in range(4):
            execute(
                f"INSERT INTO game_players (game, {user}, seat, delta) VALUES (?, ?, ?, ?)",
                (gid, seat + 1, seat, score["deltas"][seat]),
            )


def check_migrated(store: Storage) -> None:
    async def go() -> None:
        gate = rated.Gate(games=1, active_days=7, opponents=2)
        await store.call(store.recompute_boards, gate, time.time())
        board = await store.call(store.board, "classic", 0, 10)
        assert [(e[1], e[3], e[4]) for e in board["entries"]] == [
            (1, 1, 1),
            (3, 1, 1),
            (2, -1, 1),
            (4, -1, 1),
        ]
        profile = await store.call(store.profile, 1, 2, gate, time.time(), 10, 10, 10)
        assert [p["preset"] for p in profile["presets"]] == ["classic"]
        assert profile["presets"][0]["graph"][-1][1] == 1
        mates = {p["user"]: p for p in profile["partners"]}
        assert mates[3]["with_games"] == 2 and mates[3]["with_won"] == 2  # both hands, rated or not
        assert mates[2]["against_games"] == 2 and mates[2]["against_won"] == 2

    asyncio.run(go())


def test_a_sqlite_database_from_before_the_boards_is_taken_forward(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old_database(path)
    store = open_store(str(path))
    store.start()
    try:
        check_migrated(store)
    finally:
        store.close()


def test_a_postgresql_database_from_before_the_boards_is_taken_forward(
    postgres: PostgresInstance,
) -> None:
    import psycopg

    url = postgres.fresh_db()
    before = PG_MIGRATIONS.index(next(m for m in PG_MIGRATIONS if callable(m)))
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied DOUBLE PRECISION"
            " NOT NULL)"
        )
        for number, sql in enumerate(PG_MIGRATIONS[:before], start=1):
            assert isinstance(sql, str)
            conn.execute(sql)
            conn.execute("INSERT INTO schema_version VALUES (%s, 0)", (number,))

        def execute(sql: str, params: Any) -> Any:
            return conn.execute(sql.replace("?", "%s"), params)

        fill_old(execute, "user_id")
    store = open_store(url)
    store.start()
    try:
        check_migrated(store)
    finally:
        store.close()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db = tmp_path_factory.mktemp("boards") / "server.sqlite3"
    store = Store(str(db))
    w, games = populate(store)
    store.close()
    backdate(db, ("OLD",), 10)
    gate = ("--board-games", "2", "--board-opponents", "3", "--board-every", "1")
    proc = ServerProcess(db, "--deal-delay", "0", *gate).start()
    yield proc, w, games
    proc.stop()


async def login(url: str, w: World, name: str) -> Client:
    c = Client(url, token=w.tokens[name])
    await c.connect()
    return c


async def _boards(url: str, w: World) -> None:
    ann = await login(url, w, "Ann")
    board = await ann.leaderboard("classic")
    assert (board.min_games, board.active_days, board.min_opponents) == (2, 7.0, 3)
    assert board.computed is not None and board.computed <= time.time()
    # rated classic hands: Ann 5 (+1 +1 -1 +1 -1), Bo 4, Cai 3, Dee 3, Eli 2, Fay 2, Gus 1;
    # listed: 2 hands or more and 3 opponents met or more
    # rated classic hands (rating, hands, opponents): Ann 1, 5, 5; Bo -2, 4, 4; Eli 2, 2, 4;
    # Fay 0, 2, 3; Cai 1, 3, 2 and Dee -1, 3, 2 (provisional); Gus -1, 1, 2 (too few hands)
    shown = [(e.rank, e.name, e.rating, e.games) for e in board.entries]
    assert shown == [(1, "Eli", 2, 2), (2, "Ann", 1, 5), (3, "Fay", 0, 2), (4, "Bo", -2, 4)]
    assert board.entries[0].user == w.ids["Eli"] and board.total == 4
    # recomputed periodically (--board-every 1)
    first = board.computed
    await asyncio.sleep(1.5)
    assert (await ann.leaderboard("classic")).computed > first
    # one-deck: Hal's hands are ten days old, so nobody is listed (inactive)
    assert (await ann.leaderboard("one-deck")).entries == []
    page = await ann.leaderboard("classic", offset=1, limit=1)
    assert [e.rank for e in page.entries] == [2] and page.total == board.total
    # refusals, in English and Chinese
    with pytest.raises(ServerError) as e:
        await ann.leaderboard("no-such")
    assert e.value.code == "unknown-preset" and "no-such" in e.value.zh
    with pytest.raises(ServerError) as e:
        await ann.leaderboard("classic", limit=101)
    assert e.value.code == "malformed"
    with pytest.raises(ServerError) as e:
        await ann.profile(10_000)
    assert e.value.code == "no-player"
    assert e.value.en == "no player #10000" and e.value.zh == "没有 #10000 号玩家"
    await ann.close()


def test_boards_list_only_players_past_the_gate(world: Any) -> None:
    proc, w, _games = world
    asyncio.run(_boards(proc.url, w))


async def _profiles(url: str, w: World, games: dict[str, int]) -> None:
    ann, ivy = await login(url, w, "Ann"), await login(url, w, "Ivy")
    mine = await ann.profile()
    assert mine.user == w.ids["Ann"] and mine.name == "Ann"
    presets = {p.preset: p for p in mine.presets}
    classic = presets["classic"]
    assert classic.games == 5 and classic.rating == 1 and classic.opponents == 5
    assert not classic.provisional and classic.rank == 2
    assert [r for _t, r in classic.graph] == [1, 2, 1, 2, 1]  # after each rated hand
    assert presets["one-deck"].games == 3 and presets["one-deck"].rank is None
    assert mine.rating == 1 + 1 + 1 + 3  # every hand moves it: classic, BOT, ODD, one-deck
    assert mine.titles.lianzhong == auth.title(mine.rating)
    recent = [g.game for g in mine.recent]
    assert games["P1-1"] in recent and games["BOT-1"] in recent
    # a stranger sees Ann's public hands only, and no partner met only in a private room
    seen = await ivy.profile(w.ids["Ann"])
    assert games["P1-1"] not in [g.game for g in seen.recent]
    assert seen.presets == mine.presets  # ratings are public

    def record(p: Any) -> tuple[int, int, int, int]:
        return p.with_games, p.with_won, p.against_games, p.against_won

    mates = {p.name: record(p) for p in mine.partners}
    assert mates["Cai"] == (5, 4, 0, 0)  # R1 x3, BOT, ODD: every hand, rated or not
    assert mates["Bo"] == (1, 0, 8, 7)  # with: P1; against: R1 x3, BOT, ODD, OLD x3
    assert mates["Eli"] == (1, 1, 1, 0)  # with: R2; against: P1
    assert mates["Hal"] == (3, 3, 0, 0)
    assert list(mates)[:2] == ["Bo", "Cai"]  # the players met most come first
    shown = {p.name: record(p) for p in seen.partners}
    assert shown["Bo"] == (0, 0, 8, 7) and shown["Eli"] == (1, 1, 0, 0)  # P1 is private
    # Gus: one rated hand, two opponents met: provisional
    gus = await ivy.profile(w.ids["Gus"])
    assert gus.presets[0].provisional and gus.presets[0].opponents == 2
    for c in (ann, ivy):
        await c.close()


def test_profiles_graph_recent_hands_and_partners(world: Any) -> None:
    proc, w, games = world
    asyncio.run(_profiles(proc.url, w, games))


async def _played(url: str) -> None:
    room, players = await seat_four(url, "classic", ("Pia", "Quin", "Rex", "Sol"))
    await players[0].start(room)
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, room, make_ai("easy", i)) for i, c in enumerate(players))),
        60,
    )
    me = await players[0].profile()
    assert [(p.preset, p.games) for p in me.presets] == [("classic", 1)]
    assert me.presets[0].opponents == 2 and me.presets[0].provisional
    assert me.recent[0].room == room
    mates = {p.name: p for p in me.partners}
    assert mates["Rex"].with_games == 1 and mates["Quin"].against_games == 1
    for c in players:
        await c.close()


def test_a_hand_played_on_the_server_is_rated(world: Any) -> None:
    proc, _w, _games = world
    asyncio.run(_played(proc.url))


def test_two_nodes_recomputing_at_once_do_not_collide(postgres: PostgresInstance) -> None:
    """A cluster's nodes each recompute the boards: on one PostgreSQL they take turns."""
    url = postgres.fresh_db()
    first = open_store(url)
    populate(first)  # (before the store thread starts: its calls run here)
    second = open_store(url)
    for s in (first, second):
        s.start()
    gate = rated.Gate(games=2, active_days=7, opponents=3)

    async def go() -> list[Any]:
        calls = [s.call(s.recompute_boards, gate, time.time()) for s in (first, second) * 6]
        return await asyncio.gather(*calls, return_exceptions=True)

    try:
        assert [r for r in asyncio.run(go()) if r is not None] == []
        board = asyncio.run(_board_of(first))
        assert [e[2] for e in board["entries"]] == ["Eli", "Ann", "Fay", "Bo"]
    finally:
        for s in (first, second):
            s.close()


async def _board_of(store: Storage) -> Any:
    return await store.call(store.board, "classic", 0, 10)
