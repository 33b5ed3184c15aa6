"""What the server counts about itself as it works: plain counters bumped on the hot path (no
locks, no library), read by ``net.metrics`` when ``/metrics`` is scraped and by ``--stats``.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import Counter, deque

LATENCIES_KEPT = 2048  # the last actions whose latency the p50/p99 are taken over
PROBE_EVERY = 0.05  # seconds between two looks at the event loop
LAG_WINDOW = 5.0  # seconds over which the loop's worst lag is reported
SLOW_WRITE = 0.01  # a transaction this long is kept in Stats.slow_writes
SLOW_WRITES_KEPT = 1000
STORE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)


class Stats:
    def __init__(self) -> None:
        self.started = time.time()
        self.actions = 0
        self.act_seconds: deque[float] = deque(maxlen=LATENCIES_KEPT)
        self.frames = 0
        self.errors: Counter[str] = Counter()
        self.lags: deque[tuple[float, float]] = deque()  # (when, lag) over LAG_WINDOW
        self.beat = time.monotonic()  # when the lag probe last ran
        self.store_writes = [0] * (len(STORE_BUCKETS) + 1)  # histogram counts, +Inf last
        self.store_seconds = 0.0
        # (wall time, seconds) of the slowest transactions: an act is answered only once it is
        # committed, so one slow commit delays every table's answer at once
        self.slow_writes: deque[tuple[float, float]] = deque(maxlen=SLOW_WRITES_KEPT)
        self.ai_running = 0  # counted by net.players.Thinker, on the loop

    def act(self, seconds: float) -> None:
        self.actions += 1
        self.act_seconds.append(seconds)

    def store_write(self, seconds: float) -> None:
        """One SQLite transaction (from the store's thread: one list slot, no lock needed)."""
        i = next((i for i, b in enumerate(STORE_BUCKETS) if seconds <= b), len(STORE_BUCKETS))
        self.store_writes[i] += 1
        self.store_seconds += seconds
        if seconds >= SLOW_WRITE:
            self.slow_writes.append((time.time(), seconds))

    def lag_now(self) -> float:
        """The loop's worst lag over the last LAG_WINDOW seconds, counting a probe that is
        overdue (the loop is stalled right now) as lag."""
        now = time.monotonic()
        while self.lags and self.lags[0][0] < now - LAG_WINDOW:
            self.lags.popleft()
        worst = max((lag for _t, lag in self.lags), default=0.0)
        return max(worst, now - self.beat - PROBE_EVERY)

    async def probe(self) -> None:
        """How late the event loop wakes up: every request waits that long for its turn."""
        while True:
            t = time.monotonic()
            await asyncio.sleep(PROBE_EVERY)
            self.beat = time.monotonic()
            self.lags.append((self.beat, self.beat - t - PROBE_EVERY))
            self.lag_now()  # drops what has left the window

    def uptime(self) -> float:
        return time.time() - self.started

    def quantiles(self) -> tuple[float, float]:
        """p50 and p99 of the recent action latencies (0 when none yet)."""
        data = list(self.act_seconds)
        if len(data) < 2:
            return (data[0], data[0]) if data else (0.0, 0.0)
        cuts = statistics.quantiles(data, n=100, method="inclusive")
        return cuts[49], cuts[98]
