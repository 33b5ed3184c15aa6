"""A table this process stops running (the server shutting down, or another node taking it
over) is not a closed room: whatever it writes afterwards must not close the room, or no node
would ever take it over again (the seed-5 chaos run: a room found closed mid-hand, its players
waiting for ever)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import pytest
from netkit import classic_table

from engine.errors import RulesError
from net import rooms
from net.config import Settings
from net.store import Store
from net.tables import Seat, Table


async def _stopped_table(db: Path) -> tuple[Store, Table]:
    store = Store(str(db))
    store.start()
    table = classic_table(store, 7, Settings(trick_pause=0))
    await store.call(store.create_room, table.room_row())
    for seat in range(4):
        table.seats[seat] = Seat(f"P{seat}", seat + 1, ready=True)
    table.reseat()
    await table.commit("start")
    table.stop()
    return store, table


def test_a_stopped_table_writes_its_room_as_still_open(tmp_path: Path) -> None:
    async def go() -> None:
        store, table = await _stopped_table(tmp_path / "s.sqlite3")
        try:
            await table.save_room()  # e.g. a seat's player standing up while the node stops
            assert await store.call(store.live_rooms) == [table.id]
            assert not table.closed
        finally:
            store.close()

    asyncio.run(go())


def test_a_stopped_table_is_neither_served_nor_tidied_away(tmp_path: Path) -> None:
    """Its room goes on elsewhere: a request for it is ``unavailable`` (the client asks again,
    and reaches the node that runs it), and the janitor does not close it when its people
    leave with the stopping node."""

    async def go() -> None:
        store, table = await _stopped_table(tmp_path / "s.sqlite3")

        hub = SimpleNamespace(tables={table.id: table}, parked={})  # what the two read of it
        try:
            with pytest.raises(RulesError) as e:
                rooms.table_at(hub, table.id)  # type: ignore[arg-type]
            assert e.value.code == "unavailable"
            table.empty_since = 0.0
            for s in table.seats:
                assert s is not None
                s.left = True
            await rooms.tidy(hub, table, now=10_000.0, grace=1.0)  # type: ignore[arg-type]
            assert not table.closed
            assert await store.call(store.live_rooms) == [table.id]
        finally:
            store.close()

    asyncio.run(go())
