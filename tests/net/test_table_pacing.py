"""The deal's pacing: tables that start together do not deal in lockstep.

A restart restores every table at once, and a room full of tables can start within one
second; with one fixed pause per step their deal steps would all fall due in the same turn of
the event loop, one long burst that every other frame waits behind (the loop-lag figures in
docs/PROTOCOL.md). Each pause is drawn around the nominal one instead."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.hand import Phase
from engine.rules import rules_from
from net.store import Store
from net.tables import DEAL_JITTER, DEAL_ROUND, Seat, Settings, Table

DEAL_DELAY = 0.02


async def _deal_pauses(db: Path) -> list[float]:
    """The pauses a table's pump would wait after each step of one whole deal."""
    store = Store(str(db))
    store.start()
    table = Table(
        id="t1",
        owner=1,
        owner_name="P0",
        rules=rules_from("classic"),
        multiplier=1,
        private=False,
        invite=None,
        seed=7,
        store=store,
        settings=Settings(deal_delay=DEAL_DELAY, trick_pause=0),
    )
    try:
        await store.call(store.create_room, table.room_row())
        for seat in range(4):  # people, so that no AI bid ends a step early
            table.seats[seat] = Seat(f"P{seat}", seat + 1, ready=True)
        table.reseat()
        await table.commit("start")
        table.stop()  # the test takes the pump's steps itself
        pauses = []
        hand = table.hand
        assert hand is not None
        while hand.phase == Phase.DEAL and not hand.deal_complete:
            table._next_deal = 0.0  # due now
            pause = await table._step()
            assert pause is not None
            pauses.append(pause)
        return pauses
    finally:
        table.stop()
        store.close()


def test_deal_steps_are_spread_around_the_nominal_pause(tmp_path: Path) -> None:
    pauses = asyncio.run(_deal_pauses(tmp_path / "t.db"))
    nominal = DEAL_DELAY * DEAL_ROUND
    assert len(pauses) == 100 // DEAL_ROUND  # classic: 100 cards dealt, 4 a step
    low, high = nominal * (1 - DEAL_JITTER), nominal * (1 + DEAL_JITTER)
    assert all(low <= p <= high for p in pauses), pauses
    # a fixed pause (lockstep) would give one value; drawn, they cover most of the range
    assert max(pauses) - min(pauses) > nominal * DEAL_JITTER, pauses
    # and the deal takes the nominal time on average (within a tenth)
    assert abs(sum(pauses) / len(pauses) - nominal) < nominal * 0.1
