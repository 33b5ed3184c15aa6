"""What the server measures about itself, and its Prometheus exposition.

``Collector`` turns the server's counters (``net.stats.Stats``) and its live state (what
``net.host.Host`` offers) into Prometheus metrics when ``/metrics`` is scraped. Rates
(actions/s, frames/s) are the counters' ``rate()`` in PromQL.
"""

from __future__ import annotations

import time
from collections import Counter
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

from net.stats import LAG_WINDOW, LATENCIES_KEPT, STORE_BUCKETS, Stats
from net.store import Store

if TYPE_CHECKING:
    from net.host import Host


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
    def __init__(self, server: Host, stats: Stats, version: str) -> None:
        self.server = server
        self.stats = stats
        self.version = version

    def collect(self) -> Iterator[Metric]:
        server, stats = self.server, self.stats
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
        nodes = server.nodes()
        if nodes is not None:  # every live node's last heartbeat, as Redis has it
            tables = GaugeMetricFamily(
                "tuolaji_cluster_tables", "Tables each live node runs", labels=["node"]
            )
            conns = GaugeMetricFamily(
                "tuolaji_cluster_connections", "Connections to each live node", labels=["node"]
            )
            for node, figures in sorted(nodes.items()):
                tables.add_metric([node], figures.get("tables", 0))
                conns.add_metric([node], figures.get("connections", 0))
            yield tables
            yield conns


def registry(server: Host, stats: Stats, version: str) -> CollectorRegistry:
    reg = CollectorRegistry(auto_describe=False)
    reg.register(Collector(server, stats, version))
    return reg


def exposition(reg: CollectorRegistry) -> bytes:
    return generate_latest(reg)
