"""One suite of store behaviour, run against both back-ends: SQLite (a real file) and
PostgreSQL (a real server started for the session, a fresh database per test)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from cluster_fixtures import PostgresInstance

from net.config import open_store
from net.storage import ENGINE, Storage
from net.store import Store

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store lives: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "s.sqlite3")
    pg: PostgresInstance = request.getfixturevalue("postgres")
    return pg.fresh_db()


@pytest.fixture
def opener(where: str) -> Iterator[Callable[[], Storage]]:
    """Opens (and later closes) stores on ``where``; a second one is a restarted server."""
    opened: list[Storage] = []

    def open_one() -> Storage:
        store = open_store(where)
        store.start()
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        store.close()


@pytest.fixture
def store(opener: Callable[[], Storage]) -> Storage:
    return opener()


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def live(store: Storage) -> list[dict[str, Any]]:
    """The open rooms with their logs, as a restarting server reads them."""
    return [store.room(rid) for rid in store.live_rooms()]


def room_row(rid: str, owner: int, private: bool = False) -> dict[str, Any]:
    return {
        "id": rid,
        "owner": owner,
        "rules": {"preset": "classic", "decks": 2},
        "multiplier": 2,
        "private": private,
        "invite": "k3y" if private else None,
        "seed": 123456789012,
        "seats": [{"user": owner, "name": "甲"}, None, None, None],
        "side": "any",
    }


def record(hand_no: int) -> dict[str, Any]:
    return {"setup": {"hand_no": hand_no}, "events": [{"type": "deal", "cards": ["AS", "BJ"]}]}


def test_both_offer_the_whole_interface(store: Storage) -> None:
    """Both back-ends are a ``Storage``, and the SQLite store adds no public method of its own
    (one added there belongs in ``Storage``, where PostgreSQL gets it too)."""
    names = {n for c in Storage.__mro__ for n in vars(c) if not n.startswith("_")}
    assert {n for n in vars(Store) if not n.startswith("_")} <= names
    assert isinstance(store, Storage)
    assert all(callable(getattr(store, n)) for n in names - {"PARAM", "USER"})


def test_accounts(store: Storage) -> None:
    async def go() -> None:
        a = await store.call(store.create_user, "张三", "h-a")
        b = await store.call(store.create_user, "Bob", "h-b")
        assert a != b
        assert await store.call(store.user_by_token, "h-a") == (a, "张三", 0)
        assert await store.call(store.user_by_token, "nope") is None
        assert await store.call(store.rating, b) == 0
        assert await store.call(store.rating, 999_999) == 0
        assert await store.call(store.user_names, [a, b, 999_999]) == {
            a: ("张三", 0),
            b: ("Bob", 0),
        }
        assert await store.call(store.user_names, []) == {}

    run(go())


def test_a_failed_call_rolls_back_alone(store: Storage) -> None:
    """Calls gathered in one batch: the one that fails (a token already taken) fails its
    caller only; the others are committed."""

    async def go() -> list[Any]:
        await store.call(store.create_user, "A", "taken")
        return await asyncio.gather(
            store.call(store.create_user, "B", "b"),
            store.call(store.create_user, "C", "taken"),
            store.call(store.create_user, "D", "d"),
            return_exceptions=True,
        )

    b, c, d = run(go())
    assert isinstance(b, int) and isinstance(d, int)
    assert isinstance(c, Exception)

    async def check() -> None:
        assert (await store.call(store.user_by_token, "d"))[1] == "D"
        assert (await store.call(store.user_by_token, "taken"))[1] == "A"

    run(check())


def test_a_composite_call_is_one_transaction(store: Storage) -> None:
    """A table's ``_persist`` writes several rows through the store's methods; if it fails
    half-way none of them stays."""
    run(store.call(store.create_room, room_row("R1", 1)))

    def persist(fail: bool) -> None:
        store.append_action("R1", 0, {"type": "start"}, 1, 7, 3)
        if fail:
            raise RuntimeError("half-way")
        store.append_action("R1", 1, {"type": "ready"}, 1, 8, 4)

    with pytest.raises(RuntimeError, match="half-way"):
        run(store.call(persist, True))
    assert live(store)[0]["actions"] == []
    run(store.call(persist, False))
    assert len(live(store)[0]["actions"]) == 2


def test_rooms_and_the_live_log_survive_a_restart(
    store: Storage, opener: Callable[[], Storage]
) -> None:
    """What ``call`` acknowledged is durable: a second store (a restarted server) reads the
    rooms and their logs back exactly."""

    async def go() -> None:
        await store.call(store.create_room, room_row("R1", 1))
        await store.call(store.create_room, room_row("R2", 2, private=True))
        await store.call(store.create_room, room_row("R3", 3))
        for seq in range(5):
            act = {"type": "act", "n": seq}
            await store.call(store.append_action, "R1", seq, act, 1, seq, 10 + seq)
        await store.call(store.append_action, "R2", 0, {"type": "deal"}, None, None, 1)
        seats = [{"user": 2, "name": "乙"}, {"user": 5, "name": "E"}, None, None]
        await store.call(store.update_room, "R2", 5, seats, False)
        await store.call(store.update_room, "R3", 3, [None] * 4, True)

    run(go())
    store.close()
    again = opener()
    rooms = live(again)
    assert [r["id"] for r in rooms] == ["R1", "R2"]  # R3 closed
    r1, r2 = rooms
    assert {k: v for k, v in r1.items() if k in room_row("R1", 1)} == room_row("R1", 1)
    assert r1["engine"] == ENGINE and r1["parked"] is None
    assert r1["actions"] == [({"type": "act", "n": s}, 1, s, 10 + s) for s in range(5)]
    assert r2["owner"] == 5 and r2["private"] is True and r2["invite"] == "k3y"
    assert r2["seats"][1] == {"user": 5, "name": "E"}
    assert r2["actions"] == [({"type": "deal"}, None, None, 1)]


def test_an_action_is_logged_once(store: Storage) -> None:
    """The same (room, seq) twice is refused: nothing is applied twice."""
    run(store.call(store.create_room, room_row("R1", 1)))
    run(store.call(store.append_action, "R1", 0, {"type": "start"}, 1, 1, 1))
    with pytest.raises(Exception):  # noqa: B017 - each driver names its own IntegrityError
        run(store.call(store.append_action, "R1", 0, {"type": "other"}, 1, 2, 2))
    assert live(store)[0]["actions"] == [({"type": "start"}, 1, 1, 1)]


def test_finished_hands_ratings_and_who_may_see_them(store: Storage) -> None:
    async def go() -> None:
        users = [await store.call(store.create_user, f"P{i}", f"t{i}") for i in range(5)]
        a, b, c, d, outsider = users
        await store.call(store.create_room, room_row("PUB", a))
        await store.call(store.create_room, room_row("PRIV", a, private=True))
        players = [(a, 0, 2), (b, 1, -2), (c, 2, 2), (d, 3, -2)]
        g1 = await store.call(
            store.finish_hand, "PUB", 1, 40, record(1), {"winner": 0, "levels": 2}, players
        )
        g2 = await store.call(
            store.finish_hand, "PUB", 2, 90, record(2), {"winner": 1, "levels": 1}, players
        )
        g3 = await store.call(
            store.finish_hand, "PRIV", 1, 7, record(1), {"winner": 0}, players[:2]
        )
        assert g1 < g2 < g3
        assert await store.call(store.rating, a) == 6
        assert await store.call(store.rating, d) == -4

        mine = await store.call(store.games_of, a, 10)
        assert [(m["game"], m["room"], m["hand_no"], m["seat"], m["delta"]) for m in mine] == [
            (g3, "PRIV", 1, 0, 2),
            (g2, "PUB", 2, 0, 2),
            (g1, "PUB", 1, 0, 2),
        ]
        assert mine[1]["result"] == {"winner": 1, "levels": 1}
        assert isinstance(mine[0]["finished"], float)
        assert [m["game"] for m in await store.call(store.games_of, a, 1)] == [g3]

        pub = await store.call(store.room_games, outsider, "PUB", 10)
        assert [(g["game"], g["hand_no"]) for g in pub] == [(g2, 2), (g1, 1)]
        assert await store.call(store.room_games, outsider, "PRIV", 10) == []
        assert [g["game"] for g in await store.call(store.room_games, b, "PRIV", 10)] == [g3]
        assert await store.call(store.room_games, a, "NOPE", 10) is None

        # the record names who sat where (a replay names the players)
        assert await store.call(store.record_of, outsider, g1) == {
            "game": g1,
            "v0": 40,
            "record": {**record(1), "names": ["P0", "P1", "P2", "P3"]},
        }
        assert await store.call(store.record_of, outsider, g3) is None
        private = await store.call(store.record_of, b, g3)
        assert private["v0"] == 7 and private["record"]["names"] == ["P0", "P1", "", ""]
        assert await store.call(store.record_of, a, 10_000) is None

        assert await store.call(store.penalize, b, "PUB", 3, 5) == -6 - 5  # three hands at -2

    run(go())


def test_a_burst_of_calls_commits_in_batches(store: Storage) -> None:
    """Hundreds of calls from one turn of the loop all come back, in order, committed."""
    run(store.call(store.create_room, room_row("R1", 1)))

    async def go() -> list[Any]:
        return await asyncio.gather(
            *(store.call(store.append_action, "R1", s, {"n": s}, None, s, s) for s in range(300))
        )

    assert run(go()) == [None] * 300
    assert [a[0]["n"] for a in live(store)[0]["actions"]] == list(range(300))


def test_reopening_keeps_everything(store: Storage, opener: Callable[[], Storage]) -> None:
    """Opening an existing database applies no migration twice and loses nothing."""
    uid = run(store.call(store.create_user, "A", "a"))
    store.close()
    again = opener()
    third = opener()
    assert run(third.call(third.user_by_token, "a")) == (uid, "A", 0)
    assert again.user_names([uid]) == {uid: ("A", 0)}


def test_parked_rooms(store: Storage) -> None:
    """A room whose log did not replay is parked with its reason, until it replays again."""

    async def go() -> None:
        for rid in ("R1", "R2", "R3"):
            await store.call(store.create_room, room_row(rid, 1))
        await store.call(store.update_room, "R3", 1, [None] * 4, True)
        assert await store.call(store.live_rooms) == ["R1", "R2"]
        await store.call(store.park, "R2", "replay: illegal play at seq 0")
        await store.call(store.park, "R3", "closed rooms are not listed")
        assert await store.call(store.parked) == [("R2", ENGINE, "replay: illegal play at seq 0")]
        assert (await store.call(store.room, "R2"))["parked"] == "replay: illegal play at seq 0"
        await store.call(store.park, "R2", None)  # it replays again
        assert await store.call(store.parked) == []

    run(go())


def test_a_missing_room_is_a_key_error(store: Storage) -> None:
    """Both back-ends say the same of a room id they do not hold (a takeover or a restore
    reports it by name)."""

    async def go() -> None:
        with pytest.raises(KeyError, match="R9"):
            await store.call(store.room, "R9")

    run(go())


def test_the_open_rooms_cap_counts_what_the_database_holds(store: Storage) -> None:
    """The cap on one player's open rooms is counted in the database, so it holds across
    every node that writes to it; closed and parked rooms do not count."""

    async def go() -> None:
        assert await store.call(store.create_room, room_row("R1", 1), 2) is None
        assert await store.call(store.create_room, room_row("R2", 1), 2) is None
        assert await store.call(store.create_room, room_row("O1", 2), 2) is None  # another's
        assert await store.call(store.create_room, room_row("R3", 1), 2) == 2
        assert await store.call(store.live_rooms) == ["R1", "R2", "O1"]  # R3 not written
        await store.call(store.update_room, "R1", 1, [None] * 4, True)  # closed
        assert await store.call(store.create_room, room_row("R3", 1), 2) is None
        await store.call(store.park, "R2", "replay: illegal play at seq 0")
        assert await store.call(store.create_room, room_row("R4", 1), 2) is None
        assert await store.call(store.create_room, room_row("R5", 1), 2) == 2

    run(go())


def test_creates_racing_for_one_player_never_pass_the_cap(postgres: PostgresInstance) -> None:
    """Two nodes creating rooms for one player at the same moment: the count and the write
    are one step, so exactly the cap's worth are written. (PostgreSQL only: a SQLite file
    belongs to one server process.)"""
    url = postgres.fresh_db()
    nodes = [open_store(url), open_store(url)]
    for node in nodes:
        node.start()

    async def go() -> list[int | None]:
        return list(
            await asyncio.gather(
                *(
                    nodes[i % 2].call(nodes[i % 2].create_room, room_row(f"R{i}", 1), 3)
                    for i in range(8)
                )
            )
        )

    try:
        answers = run(go())
        assert answers.count(None) == 3
        assert len(live(nodes[0])) == 3
    finally:
        for node in nodes:
            node.close()
