"""The server's garbage collector, paced so it never stalls the event loop for long.

A server holds a great many long-lived objects: every table's events and log (a hand of classic
is about a thousand engine events, each a tracked object), and it makes them at a steady rate
(thousands a second with 500 tables playing). CPython's generational collector scans
each of them again and again as it moves up the generations: a pass of the youngest one, with
the server's thresholds, found some 30,000 objects alive and took 50-120 ms every few seconds
(``bench/server_load.py``: the loop-lag spikes of a table-full server). Nearly none of it is
garbage: the server makes few reference cycles.

So each ``FREEZE_EVERY`` seconds what is alive is frozen (``gc.freeze``: moved out of the
collector's sight, at no cost) before the automatic passes come to it: it is never scanned
again. The price: a reference cycle that becomes garbage after it was frozen (or within the
second it was made: a traceback's frames, a closed table's objects) waits for the full
collection every ``full_every`` seconds, which unfreezes everything and collects it all once.
Measured with 500 tables: that collection takes about half a second and frees what an hour
leaves (docs/PROTOCOL.md).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("tuolaji.gc")

FREEZE_EVERY = 1.0  # seconds
# The automatic passes stay on as a backstop, for a burst of more than this many new objects
# within one second.
THRESHOLDS = (50_000, 20, 100)


def setup() -> None:
    """At the start: what the server holds now (its code, the restored tables) is frozen."""
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


async def pace(full_every: float) -> None:
    """Freeze what is alive each ``FREEZE_EVERY`` seconds; every ``full_every`` seconds (0:
    never) collect everything once."""
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(FREEZE_EVERY)
        now = time.monotonic()
        if full_every > 0 and now - last_full >= full_every:
            last_full = now
            gc.unfreeze()
            freed = gc.collect()
            log.info(
                "full collection: %d objects freed in %.0f ms",
                freed,
                1000 * (time.monotonic() - now),
            )
        gc.freeze()
