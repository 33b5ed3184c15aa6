"""The deal's pacing: tables that start together do not deal in lockstep.

A restart restores every table at once, and a room full of tables can start within one
second; with one fixed pause per step their deal steps would all fall due in the same turn of
the event loop, one long burst that every other frame waits behind (the loop-lag figures in
docs/PROTOCOL.md). Each pause is drawn around the nominal one instead."""

from __future__ import annotations

import asyncio
from pathlib import Path

from netkit import FakeClock, classic_table

from engine.actions import DealCard
from net.config import Settings
from net.store import Store
from net.tables import DEAL_JITTER, DEAL_ROUND, Seat

DEAL_DELAY = 0.02


async def _deal_pauses(db: Path) -> list[float]:
    """The pauses a table's pump would wait after each step of one whole deal, per card the
    step dealt."""
    store = Store(str(db))
    store.start()
    clock = FakeClock()
    table = classic_table(store, 7, Settings(deal_delay=DEAL_DELAY, trick_pause=0), clock)
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
        # the first step only draws where in a step's pause this deal starts
        start = await table._step()
        assert start is not None and 0 <= start <= DEAL_DELAY * DEAL_ROUND
        assert not any(isinstance(a, DealCard) for a in table.log), table.log
        clock.advance(start)
        while True:
            logged = len(table.log)
            assert await table._step() == 0  # a deal step: step again at once
            dealt = len(table.log) - logged
            assert 0 < dealt <= DEAL_ROUND
            if hand.deal_complete:
                break
            pause = await table._step()  # the pause before the next
            assert pause is not None
            pauses.append(pause / dealt)
            clock.advance(pause)
        return pauses
    finally:
        table.stop()
        store.close()


def test_deal_steps_are_spread_around_the_nominal_pause(tmp_path: Path) -> None:
    pauses = asyncio.run(_deal_pauses(tmp_path / "t.db"))
    nominal = DEAL_DELAY  # a card's share of a step's pause
    # classic: 100 cards dealt, DEAL_ROUND a step, a pause between two steps
    assert len(pauses) == -(-100 // DEAL_ROUND) - 1
    low, high = nominal * (1 - DEAL_JITTER), nominal * (1 + DEAL_JITTER)
    assert all(low <= p <= high for p in pauses), pauses
    # a fixed pause (lockstep) would give one value; drawn, they spread over the range
    assert max(pauses) - min(pauses) > nominal * DEAL_JITTER * 0.6, pauses
    # and the deal takes the nominal time on average (bounds far outside the draws' spread)
    assert abs(sum(pauses) / len(pauses) - nominal) < nominal * 0.2
