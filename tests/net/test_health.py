"""``/healthz`` and ``/metrics`` answer on the game port while tables play, and their
numbers move with the play; a stalled event loop makes ``/healthz`` answer 503."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from netkit import ServerProcess, seat_four, until
from prometheus_client.parser import text_string_to_metric_families

from net import config
from net.bot import play_seat
from net.client import Client
from net.players import make_ai
from net.server import serve_forever


def get(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.headers["Content-Type"], r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers["Content-Type"], e.read().decode()


def samples(text: str) -> dict[str, float]:
    """``name{label="v"}`` -> value, for every sample of the exposition."""
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            labels = ",".join(f'{k}="{v}"' for k, v in sorted(s.labels.items()))
            out[f"{s.name}{{{labels}}}" if labels else s.name] = s.value
    return out


@pytest.fixture
def server(tmp_path: Path):
    proc = ServerProcess(tmp_path / "server.sqlite3", "--deal-delay", "0").start()
    yield proc
    proc.stop()


async def _play_and_scrape(proc: ServerProcess) -> list[dict[str, float]]:
    base = f"http://127.0.0.1:{proc.port}"
    scrapes = [samples((await asyncio.to_thread(get, base + "/metrics"))[2])]
    room, players = await seat_four(proc.url)
    watcher = Client(proc.url, name="Watcher")
    await watcher.connect()
    await watcher.join(room)
    await players[0].start(room)
    seats = (play_seat(c, room, make_ai("random", i)) for i, c in enumerate(players))
    hand = asyncio.gather(*seats)
    await until(lambda: players[0].versions.get(room, 0) > 120, 30)  # well into the play
    status, kind, body = await asyncio.to_thread(get, base + "/healthz")
    assert (status, kind) == (200, "application/json")
    health = json.loads(body)
    assert health["status"] == "ok" and health["version"] and health["uptime"] > 0
    scrapes.append(samples((await asyncio.to_thread(get, base + "/metrics"))[2]))
    await asyncio.wait_for(hand, 60)
    bad = Client(proc.url, name="Eve")
    await bad.connect()
    with pytest.raises(Exception, match="no-room"):
        await bad.join("nosuchroom")
    scrapes.append(samples((await asyncio.to_thread(get, base + "/metrics"))[2]))
    for c in [*players, watcher, bad]:
        await c.close()
    return scrapes


def test_health_and_metrics_answer_while_a_table_plays_and_move(server: ServerProcess) -> None:
    before, during, after = asyncio.run(_play_and_scrape(server))
    assert before["tuolaji_connections"] == 0
    assert before['tuolaji_tables{state="playing"}'] == 0
    assert during["tuolaji_connections"] == 5
    assert during['tuolaji_tables{state="playing"}'] == 1
    assert during["tuolaji_spectators"] == 1
    assert 0 < during["tuolaji_actions_total"] < after["tuolaji_actions_total"]
    assert 0 < during["tuolaji_frames_sent_total"] < after["tuolaji_frames_sent_total"]
    p50 = during['tuolaji_action_latency_seconds{quantile="0.5"}']
    p99 = during['tuolaji_action_latency_seconds{quantile="0.99"}']
    assert 0 < p50 <= p99 < 5
    writes = 'tuolaji_sqlite_write_seconds_bucket{le="+Inf"}'
    assert 0 < during[writes] < after[writes]
    assert after['tuolaji_errors_total{code="no-room"}'] == 1
    assert "tuolaji_ai_searches" in after and "tuolaji_loop_lag_seconds" in after
    assert after["tuolaji_uptime_seconds"] > before["tuolaji_uptime_seconds"]


async def _stall(tmp: Path) -> list[tuple[int, str, str]]:
    ports: list[int] = []
    stop = asyncio.get_running_loop().create_future()
    cfg = config.load(env={}, overrides={"port": 0, "db": str(tmp / "s.sqlite3")})
    task = asyncio.create_task(serve_forever(cfg, lambda _server, port: ports.append(port), stop))
    await until(lambda: bool(ports))
    url = f"http://127.0.0.1:{ports[0]}/healthz"
    await asyncio.sleep(0.2)
    seen = [await asyncio.to_thread(get, url)]
    time.sleep(1.5)  # the event loop is stuck (as a long synchronous job would hold it)
    seen.append(await asyncio.to_thread(get, url))
    stop.set_result(None)
    await task
    return seen


def test_a_stalled_event_loop_fails_the_health_check(tmp_path: Path) -> None:
    (ok, kind, body), (stalled, _kind, body2) = asyncio.run(_stall(tmp_path))
    assert (ok, kind, json.loads(body)["status"]) == (200, "application/json", "ok")
    assert (stalled, json.loads(body2)["status"]) == (503, "lagging")
    assert json.loads(body2)["loop_lag"] >= 1.0
