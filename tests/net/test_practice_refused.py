"""Issue 35 part 7: practice (take back, play again from a step) is offline only. A rated
online table has no request for it, and an undo-like request or action is refused with a
clear error while the hand goes on unchanged."""

from __future__ import annotations

import asyncio
import json

import pytest
from netkit import ServerProcess, seat_four, until

from net.client import Client
from net.protocol import ClientMessage

UNDO_LIKE = ("undo", "take-back", "takeback", "practice", "review", "eval", "replay-from")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("practice") / "server.sqlite3"
    proc = ServerProcess(db, "--deal-delay", "0").start()
    yield proc
    proc.stop()


def test_the_protocol_has_no_practice_request() -> None:
    tags = {t.__struct_config__.tag for t in ClientMessage.__args__}
    assert "act" in tags and "trustee" in tags  # the set read is the real one
    assert not tags & set(UNDO_LIKE)


def _answer(c: Client, rid: int) -> dict:
    return next(json.loads(r) for r in c.raw if f'"id":{rid}' in r)


def test_a_rated_table_refuses_take_back(server: ServerProcess) -> None:
    asyncio.run(_refused(server.url))


async def _refused(url: str) -> None:
    room, players = await seat_four(url, "classic", multiplier=2)
    try:
        await players[0].start(room)
        c = players[0]
        await until(lambda: c.views.get(room) is not None and c.versions.get(room, 0) > 0)
        before = c.versions[room]
        for kind in UNDO_LIKE:
            # as a request of its own
            rid = c.next_id()
            await c.send_raw(json.dumps({"type": kind, "id": rid, "room": room, "seat": 0}))
            await until(lambda rid=rid: any(f'"id":{rid}' in r for r in c.raw))
            error = _answer(c, rid)
            assert error["type"] == "error" and error["code"] == "malformed", error
            assert error["en"] and error["zh"]
            # as a game action
            rid = c.next_id()
            act = {"type": "act", "id": rid, "room": room, "action": {"type": kind, "seat": 0}}
            await c.send_raw(json.dumps(act))
            await until(lambda rid=rid: any(f'"id":{rid}' in r for r in c.raw))
            error = _answer(c, rid)
            assert error["type"] == "error" and error["code"] == "malformed", error
            # it names what was refused and where: the action's type
            assert f"'{kind}'" in error["en"] and "action.type" in error["en"], error
        # nothing was undone: the table's version only went forward (the deal goes on)
        assert c.versions[room] >= before
        assert c.connected
    finally:
        for p in players:
            await p.close()
