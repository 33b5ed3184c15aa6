"""The chat flood rule across a cluster: its memory in Redis, one per player for every node.

Two real server nodes on 127.0.0.1 sharing a real PostgreSQL and Redis: a player connected to
both, chatting at a table run by each, is refused on the 5th line in 10 s and a near repeat on
the other node is refused too; the rule's Redis part alone (real Redis): two nodes' checks
share one count, and with Redis gone mid-way the node's own memory takes over, starting from
the lines it let through."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cluster_fixtures import RedisInstance
from netkit import ServerProcess, cluster_nodes, refused
from redis.asyncio import Redis

from engine.errors import RulesError
from net.civility import FloodRule
from net.client import Client
from net.cluster.flood import SharedFlood, flood_key
from net.protocol import Chat

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def nodes(tmp_path: Path, pg_url: str, redis_url: str) -> Iterator[list[ServerProcess]]:
    procs = cluster_nodes(
        tmp_path, pg_url, redis_url, "--deal-delay", "0", "--rate", "500", "--burst", "500"
    )
    yield procs
    for p in procs:
        p.stop()


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


async def on_both(a: ServerProcess, b: ServerProcess, name: str) -> tuple[Client, Client, str, str]:
    """``name`` connected to node a and (the same player, another connection) to node b, each
    connection at a table run by its node: the two connections and the two rooms."""
    on_a = Client(a.url, name=name)
    await on_a.connect()
    on_b = Client(b.url, token=on_a.token)
    await on_b.connect()
    assert on_a.user is not None and on_b.user is not None
    assert on_a.user.user == on_b.user.user
    room_a = (await on_a.create("classic")).room  # run by node a
    room_b = (await on_b.create("classic")).room  # run by node b
    await on_a.join(room_a)
    await on_b.join(room_b)
    return on_a, on_b, room_a, room_b


def test_flooding_through_two_nodes_is_refused_on_the_fifth_line(
    nodes: list[ServerProcess],
) -> None:
    a, b = nodes

    async def go() -> None:
        on_a, on_b, room_a, room_b = await on_both(a, b, "Ann")
        lines = ("hello there", "nice bid, partner", "third remark", "and a fourth")
        for i, text in enumerate(lines):  # two lines through each node, within a second
            c, room = (on_a, room_a) if i % 2 == 0 else (on_b, room_b)
            await c.request(Chat(c.next_id(), room, text))
        e = await refused("chat-flood", on_a.request(Chat(on_a.next_id(), room_a, "too many")))
        assert "at most 4 lines in 10 s" in e.en and "10 秒内最多 4 条" in e.zh
        wait = int(e.en.rsplit("wait ", 1)[1].split()[0])
        assert 8 <= wait <= 10, e.en
        await refused("chat-flood", on_b.request(Chat(on_b.next_id(), room_b, "and here")))
        # a near repeat of a line said through node a, said through node b
        bo_a, bo_b, bo_room_a, bo_room_b = await on_both(a, b, "Bo")
        await bo_a.request(Chat(bo_a.next_id(), bo_room_a, "Good game, everyone"))
        await refused(
            "chat-repeat", bo_b.request(Chat(bo_b.next_id(), bo_room_b, "good game everyone!!"))
        )
        await bo_b.request(Chat(bo_b.next_id(), bo_room_b, "see you next time"))  # uncounted
        for c in (on_a, on_b, bo_a, bo_b):
            await c.close()

    run(go())


def test_two_nodes_share_one_count(redis_url: str) -> None:
    """Two nodes' checks (two Redis clients) against one Redis: one count, one memory of
    repeats; players apart; the key expires with the rule's longest window."""

    async def go() -> None:
        clients = [Redis.from_url(redis_url), Redis.from_url(redis_url)]
        try:
            shared = [SharedFlood(r) for r in clients]
            rules = [FloodRule(), FloodRule()]
            for i, text in enumerate(("one", "two lines", "three", "four words")):
                await shared[i % 2].check(rules[i % 2], 7, text)
            with pytest.raises(RulesError) as info:
                await shared[0].check(rules[0], 7, "five")
            assert info.value.code == "chat-flood" and info.value.params["wait"] == 10
            await shared[1].check(rules[1], 8, "another player")
            with pytest.raises(RulesError) as info:
                await shared[0].check(rules[0], 8, "Another player!")
            assert info.value.code == "chat-repeat"
            assert await clients[0].zcard(flood_key(8)) == 1  # the repeat was not counted
            assert 30_000 < await clients[0].pttl(flood_key(7)) <= 31_000
            # each node remembers the players whose lines it let through, for a fallback
            assert (len(rules[0]), len(rules[1])) == (1, 2)
        finally:
            for r in clients:
                await r.aclose()

    run(go())


def test_redis_gone_mid_way_the_node_counts_alone(own_redis: RedisInstance) -> None:
    async def go() -> None:
        redis = Redis.from_url(own_redis.url, socket_timeout=1, socket_connect_timeout=1)
        try:
            shared, rule = SharedFlood(redis), FloodRule()
            for text in ("first words", "second thing"):
                await shared.check(rule, 5, text)
            own_redis.stop()
            for text in ("third thing", "fourth line"):  # this node's memory instead
                await shared.check(rule, 5, text)
            with pytest.raises(RulesError) as info:
                await shared.check(rule, 5, "fifth")  # it knew of the first two
            assert info.value.code == "chat-flood"
            await shared.check(rule, 6, "one more player")
            with pytest.raises(RulesError) as info:
                await shared.check(rule, 6, "One more player.")
            assert info.value.code == "chat-repeat"
        finally:
            await redis.aclose()

    run(go())
