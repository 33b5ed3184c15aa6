"""What an attacker tried from outside, on a real server: deeply nested JSON, ids past SQLite's
integers, a connection that changes identity, invisible and borrowed names, and a flood of
rooms. Each is refused with a typed error and the connection and the server stay usable."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import pytest
from netkit import ServerProcess
from websockets.asyncio.client import ClientConnection, connect

from net.client import Client, ServerError

GRACE = 0.5  # the server's --away-grace: rooms nobody is at close this soon
CAP = 3  # its --rooms-per-user


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("abuse") / "s.sqlite3"
    args = ("--deal-delay", "0", "--away-grace", str(GRACE), "--rooms-per-user", str(CAP))
    proc = ServerProcess(db, *args, "--rate", "1000", "--burst", "1000").start()
    yield proc
    proc.stop()


async def _ask(ws: ClientConnection, msg: dict[str, Any] | str) -> dict[str, Any]:
    """Send one request and return its answer (frames for tables are skipped)."""
    await ws.send(msg if isinstance(msg, str) else json.dumps(msg))
    while True:
        f = json.loads(await ws.recv())
        if f["type"] in ("ok", "error"):
            return f


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_deeply_nested_json_is_malformed_and_the_connection_stays(server) -> None:
    async def go() -> list[dict[str, Any]]:
        async with connect(server.url) as ws:
            deep_name = '{"type":"hello","id":1,"name":' + _nested(10_000) + "}"
            answers = [await _ask(ws, deep_name)]
            answers.append(await _ask(ws, {"type": "hello", "id": 2, "name": "Deep"}))
            deep_act = '{"type":"act","id":3,"room":"r1","action":{"a":' + _nested(10_000) + "}}"
            answers.append(await _ask(ws, deep_act))
            deep_id = '{"type":"ping","id":' + _nested(10_000) + "}"
            answers.append(await _ask(ws, deep_id))
            answers.append(await _ask(ws, {"type": "ping", "id": 5}))
            return answers

    a = asyncio.run(go())
    assert [x["type"] for x in a] == ["error", "ok", "error", "error", "ok"]
    assert a[0]["code"] == a[2]["code"] == a[3]["code"] == "malformed"
    assert server.alive()


def test_a_game_id_past_sqlites_integers_is_no_game(server) -> None:
    async def go() -> list[dict[str, Any]]:
        async with connect(server.url) as ws:
            await _ask(ws, {"type": "hello", "id": 1, "name": "Rec"})
            return [
                await _ask(ws, {"type": "record", "id": 2 + i, "game": g})
                for i, g in enumerate([10**30, 2**63, -(10**30), 0])
            ]

    assert [x.get("code") for x in asyncio.run(go())] == ["no-game"] * 4


def test_a_new_identity_on_a_connection_drops_the_old_ones_seat_and_lobby(server) -> None:
    async def go() -> None:
        async with connect(server.url) as ws:
            await _ask(ws, {"type": "hello", "id": 1, "name": "Old"})
            room = (await _ask(ws, {"type": "create", "id": 2}))["data"]["room"]
            await _ask(ws, {"type": "join", "id": 3, "room": room})
            await _ask(ws, {"type": "sit", "id": 4, "room": room, "seat": 0})
            for seat in (1, 2, 3):
                bot = {"type": "bot", "id": 4 + seat, "room": room, "seat": seat, "level": "random"}
                await _ask(ws, bot)
            await _ask(ws, {"type": "trustee", "id": 8, "room": room, "on": True})
            await _ask(ws, {"type": "ready", "id": 9, "room": room})
            await _ask(ws, {"type": "lobby", "id": 10})
            assert (await _ask(ws, {"type": "start", "id": 11, "room": room}))["type"] == "ok"
            # the same socket says hello as someone else
            new = await _ask(ws, {"type": "hello", "id": 12, "name": "New"})
            assert new["type"] == "ok" and new["data"]["seats"] == []
            # the hand plays on (the AI holds the old seat); nothing of it comes here
            after: list[dict[str, Any]] = []
            watch = Client(server.url, name="Watch", keep_raw=True)
            await watch.connect()
            await watch.join(room)
            v0 = watch.versions[room]
            async with asyncio.timeout(15):  # (the AI acts 0.3-0.7 s apart after the deal)
                while watch.versions.get(room, 0) < v0 + 8:
                    with contextlib.suppress(TimeoutError):
                        after.append(json.loads(await asyncio.wait_for(ws.recv(), 0.1)))
            assert watch.versions[room] >= v0 + 8  # the table did move on meanwhile
            leaked = [f for f in after if f["type"] in ("event", "snapshot", "room", "lobby")]
            assert leaked == []
            refused = await _ask(ws, {"type": "trustee", "id": 13, "room": room, "on": False})
            assert refused["code"] == "not-watching"
            await watch.close()

    asyncio.run(go())


INVISIBLE = ["\u3164", "\u3164\u3164", "\u115f", "\u200b", "\u2003", "Ann\u3164"]


@pytest.mark.parametrize("name", INVISIBLE)
def test_invisible_names_are_refused(server, name: str) -> None:
    async def go() -> dict[str, Any]:
        async with connect(server.url) as ws:
            return await _ask(ws, {"type": "hello", "id": 1, "name": name})

    answer = asyncio.run(go())
    assert answer["code"] == "invisible-name"
    assert "U+3164" in answer["en"] and answer["zh"]


def test_no_two_people_at_a_table_show_the_same_name(server) -> None:
    async def go() -> None:
        owner = Client(server.url, name="Mei")
        await owner.connect()
        room = (await owner.create("classic")).room
        await owner.join(room)
        await owner.sit(room, 0)
        await owner.add_bot(room, 1, "random")
        codes = []
        for name in ("Mei", "MEI", "Ｍｅｉ", "bot-random-1"):
            other = Client(server.url, name=name)
            await other.connect()
            with pytest.raises(ServerError) as e:
                await other.join(room)
            codes.append(e.value.code)
            await other.close()
        assert codes == ["name-taken"] * 4
        # a spectator's name is taken too, and the seated player comes back freely
        fan = Client(server.url, name="Fan")
        await fan.connect()
        await fan.join(room)
        twin = Client(server.url, name="fan")
        await twin.connect()
        with pytest.raises(ServerError, match="name-taken"):
            await twin.join(room)
        again = Client(server.url, token=owner.token)
        await again.connect()
        assert (await again.join(room)).seat == 0
        # nor does a bot take the name of a person watching
        mimic = Client(server.url, name="bot-easy-2")
        await mimic.connect()
        await mimic.join(room)
        with pytest.raises(ServerError, match="name-taken"):
            await owner.add_bot(room, 2, "easy")
        await owner.add_bot(room, 3, "easy")
        for c in (owner, fan, twin, again, mimic):
            await c.close()

    asyncio.run(go())


def test_open_rooms_are_capped_per_user_and_empty_ones_close(server) -> None:
    async def go() -> None:
        c = Client(server.url, name="Flood")
        await c.connect()
        for _ in range(CAP):
            await c.create("classic")
        with pytest.raises(ServerError) as e:
            await c.create("classic")
        assert e.value.code == "too-many-rooms" and f"at most {CAP}" in e.value.en
        # nobody is at those rooms: they close after the grace and free the allowance
        await asyncio.sleep(GRACE * 3 + 1.0)
        await c.create("classic")
        await c.close()

    asyncio.run(go())


def test_the_lobby_comes_in_pages(server) -> None:
    async def go() -> None:
        makers = [Client(server.url, name=f"Pg{i}") for i in range(3)]
        made = set()
        for m in makers:
            await m.connect()
            for _ in range(2):
                room = (await m.create("classic")).room
                await m.join(room)  # someone is there: the room stays open
                made.add(room)
        seen: list[str] = []
        offset = 0
        while True:
            page = await makers[0].lobby(subscribe=False, offset=offset, limit=4)
            assert len(page.rooms) <= 4 and page.offset == offset
            seen += [r.room for r in page.rooms]
            offset += 4
            if offset >= page.total:
                break
        assert made <= set(seen) and len(seen) == len(set(seen)) == page.total
        with pytest.raises(ServerError, match="malformed"):
            await makers[0].lobby(limit=10_000)
        for m in makers:
            await m.close()

    asyncio.run(go())


def test_the_server_is_still_up(server) -> None:
    async def go() -> None:
        c = Client(server.url, name="Last")
        await c.connect()
        assert (await c.ping()).time > 0
        await c.close()

    asyncio.run(go())
