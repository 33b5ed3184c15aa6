"""The server's paced collector (``net.collector``): what lives is frozen out of the
collector's sight each tick, and the full collection still frees a cycle that died after it
was frozen."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from net import collector


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


@pytest.fixture
def restore_gc():
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_the_living_are_frozen_and_a_late_cycle_waits_for_the_full_collection(
    monkeypatch, restore_gc
) -> None:
    monkeypatch.setattr(collector, "FREEZE_EVERY", 0.01)

    async def go() -> None:
        collector.setup()
        gc.disable()  # only the pacer collects here: the test sees when
        try:
            kept = [Node() for _ in range(1000)]
            late = cycle()  # garbage already, frozen with the rest before any pass sees it
            assert any(o is kept[0] for o in gc.get_objects())  # in sight until a tick
            pacer = asyncio.create_task(collector.pace(full_every=0.3))
            await asyncio.sleep(0.05)
            # the living left the collector's sight (the freeze count alone can mislead:
            # frozen objects that died since leave it)
            tracked = {id(o) for o in gc.get_objects()}
            assert not any(id(k) in tracked for k in kept)
            assert late() is not None
            await asyncio.sleep(0.5)  # a full collection has run
            assert late() is None
            pacer.cancel()
        finally:
            gc.enable()

    asyncio.run(go())


def test_no_full_collection_when_it_is_switched_off(monkeypatch, restore_gc) -> None:
    monkeypatch.setattr(collector, "FREEZE_EVERY", 0.01)

    async def go() -> None:
        collector.setup()
        gc.disable()
        try:
            late = cycle()
            pacer = asyncio.create_task(collector.pace(full_every=0))
            await asyncio.sleep(0.2)
            assert late() is not None  # frozen, never collected
            pacer.cancel()
        finally:
            gc.enable()

    asyncio.run(go())
