"""What the server measures about itself, and its Prometheus exposition.

``Stats`` is plain counters the server bumps as it works (no locks, no library on the hot
path); ``Collector`` turns them, and the server's live state, into Prometheus metrics when
``/metrics`` is scraped. Rates (actions/s, frames/s) are the counters' ``rate()`` in PromQL.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import Counter, deque
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
    SummaryMetricFamily,
)
from prometheus_client.registry import Collector as _Collector

from net.store import Store

if TYPE_CHECKING:
    from net.server import Server

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


class TimedStore(Store):
    """The store, timing each of its transactions."""

    def __init__(self, path: str, stats: Stats) -> None:
        super().__init__(path)
        self.stats = stats

    def _commit(self, batches: list[Any]) -> None:
        t = time.perf_counter()
        super()._commit(batches)
        self.stats.store_write(time.perf_counter() - t)


class Collector(_Collector):
    def __init__(self, server: Server, version: str) -> None:
        self.server = server
        self.version = version

    def collect(self) -> Iterator[Metric]:
        server, stats = self.server, self.server.stats
        info = GaugeMetricFamily("tuolaji_build_info", "Server version", labels=["version"])
        info.add_metric([self.version], 1)
        yield info
        yield GaugeMetricFamily("tuolaji_uptime_seconds", "Seconds since start", stats.uptime())
        yield GaugeMetricFamily("tuolaji_connections", "Open websockets", len(server.conns))
        states = GaugeMetricFamily("tuolaji_tables", "Open tables by state", labels=["state"])
        by_state = Counter(t.status for t in server.tables.values() if not t.closed)
        for state in ("waiting", "playing", "between", "over"):
            states.add_metric([state], by_state[state])
        yield states
        watching = sum(
            1 for t in server.tables.values() for seat in t.watchers.values() if seat is None
        )
        yield GaugeMetricFamily("tuolaji_spectators", "Spectators at tables", watching)
        yield CounterMetricFamily("tuolaji_actions", "Game actions answered", stats.actions)
        yield CounterMetricFamily("tuolaji_frames_sent", "Frames sent to clients", stats.frames)
        p50, p99 = stats.quantiles()
        latency = SummaryMetricFamily(
            "tuolaji_action_latency_seconds",
            f"Action latency, arrival to answer (quantiles of the last {LATENCIES_KEPT})",
            count_value=stats.actions,
            sum_value=sum(stats.act_seconds),
        )
        latency.add_sample("tuolaji_action_latency_seconds", {"quantile": "0.5"}, p50)
        latency.add_sample("tuolaji_action_latency_seconds", {"quantile": "0.99"}, p99)
        yield latency
        lag = f"Worst event loop lag over the last {LAG_WINDOW:g} s"
        yield GaugeMetricFamily("tuolaji_loop_lag_seconds", lag, stats.lag_now())
        buckets, total = [], 0
        for bound, n in zip([*STORE_BUCKETS, float("inf")], stats.store_writes, strict=True):
            total += n
            buckets.append(("+Inf" if bound == float("inf") else str(bound), total))
        yield HistogramMetricFamily(
            "tuolaji_sqlite_write_seconds",
            "SQLite transaction time (group commits)",
            buckets=buckets,
            sum_value=stats.store_seconds,
        )
        errors = CounterMetricFamily("tuolaji_errors", "Error answers by code", labels=["code"])
        for code, n in sorted(stats.errors.items()):
            errors.add_metric([code], n)
        yield errors
        yield GaugeMetricFamily("tuolaji_ai_searches", "AI searches running", stats.ai_running)
        cluster = server.cluster
        if cluster is not None:  # every live node's last heartbeat, as Redis has it
            tables = GaugeMetricFamily(
                "tuolaji_cluster_tables", "Tables each live node runs", labels=["node"]
            )
            conns = GaugeMetricFamily(
                "tuolaji_cluster_connections", "Connections to each live node", labels=["node"]
            )
            for node, figures in sorted(cluster.view.items()):
                tables.add_metric([node], figures.get("tables", 0))
                conns.add_metric([node], figures.get("connections", 0))
            yield tables
            yield conns


def registry(server: Server, version: str) -> CollectorRegistry:
    reg = CollectorRegistry(auto_describe=False)
    reg.register(Collector(server, version))
    return reg


def exposition(reg: CollectorRegistry) -> bytes:
    return generate_latest(reg)
