"""Real server processes as nodes of one cluster on 127.0.0.1, sharing a real PostgreSQL and
Redis (tests/net/cluster_fixtures.py), with real websockets clients spread over the nodes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from netkit import ServerProcess, leaks, until

from engine.records import replay
from net.bot import play_seat
from net.client import Client
from net.players import make_ai

pytestmark = pytest.mark.timeout(180)


class Nodes:
    """Cluster nodes started on demand, all stopped at the end of the test."""

    def __init__(self, tmp: Path, pg_url: str, redis_url: str) -> None:
        self.tmp, self.pg_url, self.redis_url = tmp, pg_url, redis_url
        self.procs: list[ServerProcess] = []

    def start(self, name: str, *extra: str) -> ServerProcess:
        args = ("--store", self.pg_url, "--redis", self.redis_url, "--node-id", name)
        proc = ServerProcess(
            self.tmp / f"{name}.sqlite3",  # unused: the store is PostgreSQL
            *args,
            "--deal-delay",
            "0",
            "--away-grace",
            "30",
            *extra,
            log=self.tmp / f"{name}.log",
        ).start()
        self.procs.append(proc)
        return proc

    def stop(self) -> None:
        for p in self.procs:
            p.stop()


@pytest.fixture
def nodes(tmp_path: Path, pg_url: str, redis_url: str) -> Iterator[Nodes]:
    n = Nodes(tmp_path, pg_url, redis_url)
    yield n
    n.stop()


def events(raws: list[str], room: str) -> list[str]:
    return [r for r in raws if '"type":"event"' in r and json.loads(r)["room"] == room]


async def _game_across_nodes(a: str, b: str) -> None:
    names = ("Ann", "Bo", "Cai", "Dee")
    urls = (a, b, a, b)  # seats 0 and 2 on node a (the owner), 1 and 3 on node b
    players = [Client(u, name=n, keep_raw=True) for u, n in zip(urls, names, strict=True)]
    for c in players:
        await c.connect()
    room = (await players[0].create("classic")).room
    for i, c in enumerate(players):
        await c.join(room)
        await c.sit(room, i)
        await c.ready(room)
    watchers = [Client(u, name=n, keep_raw=True) for u, n in ((a, "Wu"), (b, "Xi"))]
    for w in watchers:
        await w.connect()
        await w.join(room)
    await until(lambda: players[1].rooms[room].spectators == 2)
    lobby = await watchers[1].lobby()  # node b lists node a's room
    assert room in [r.room for r in lobby.rooms]
    await players[0].start(room)
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, room, make_ai("easy", i)) for i, c in enumerate(players))),
        90,
    )
    end = players[0].versions[room]
    await until(lambda: all(w.versions.get(room) == end for w in watchers))
    during = {id(c): len(c.raw) for c in [*players, *watchers]}  # the frames of the hand
    games = (await players[3].games()).games
    fetched = await players[3].record(games[0].game)
    record, v0 = fetched.record, fetched.v0
    assert replay(record).outcome is not None
    for seat, c in [*enumerate(players), (None, watchers[0]), (None, watchers[1])]:
        raws = c.raw[: during[id(c)]]
        problems = leaks(record, v0, seat, raws)
        assert not problems, problems[:5]
        got = events(raws, room)
        # every version once, in order, none missed (no resync was needed)
        assert [json.loads(r)["v"] for r in got] == list(range(v0 + 1, end + 1))
    # a spectator on the owner and one on the other node received the same bytes
    assert events(watchers[0].raw, room) == events(watchers[1].raw, room)
    for c in [*players, *watchers]:
        await c.close()


def test_a_game_spread_over_two_nodes_plays_to_the_end(nodes: Nodes) -> None:
    a, b = nodes.start("a"), nodes.start("b")
    asyncio.run(_game_across_nodes(a.url, b.url))
    assert a.alive() and b.alive()
