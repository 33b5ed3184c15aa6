"""Two ClusterNodes (all the parts, started and stopped as a server would) on a real
PostgreSQL and redis-server: one view of the nodes and the lobby, a table's broadcasts reaching
the other node, and a graceful shutdown handing the table over with its whole log."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any

from cluster_fixtures import RedisInstance
from test_store_backends import room_row

from net.cluster.node import ClusterNode, Hooks
from net.store_pg import PgStore


def run(coro: Awaitable[Any]) -> Any:
    async def main() -> Any:
        return await asyncio.wait_for(coro, 60)

    return asyncio.run(main())


@dataclass
class Server:
    """What a server keeps that the hooks touch: its tables and public rooms."""

    name: str
    tables: dict[str, list[Any]] = field(default_factory=dict)
    frames: list[bytes] = field(default_factory=list)
    public: dict[str, dict[str, Any]] = field(default_factory=dict)
    resends: int = 0  # times it was asked to resend (after a Redis restart)

    def hooks(self) -> Hooks:
        async def restore(row: dict[str, Any], epoch: int) -> None:
            self.tables[row["id"]] = row["actions"]
            self.public[row["id"]] = {"status": "playing"}

        async def drop(room: str) -> None:
            self.tables.pop(room, None)
            self.public.pop(room, None)

        async def answer(origin: str, body: bytes) -> bytes:
            return body

        return Hooks(
            restore=restore,
            drop=drop,
            on_request=answer,
            on_frames=self.frames.append,
            figures=lambda: {"tables": len(self.tables)},
            rooms=lambda: self.public,
            resend=self.resend,
        )

    def resend(self) -> None:
        self.resends += 1


async def until(check: Any, within: float = 20.0) -> None:
    end = asyncio.get_running_loop().time() + within
    while not check():
        assert asyncio.get_running_loop().time() < end, "timed out"
        await asyncio.sleep(0.02)


def test_two_nodes_share_a_table_and_hand_it_over(pg_url: str, redis_url: str) -> None:
    async def go() -> None:
        sa, sb = Server("A"), Server("B")
        stores = [PgStore(pg_url), PgStore(pg_url)]
        for s in stores:
            s.start()
        a = ClusterNode("A", redis_url, stores[0], sa.hooks(), ttl=1.5, scan_every=0.2)
        b = ClusterNode("B", redis_url, stores[1], sb.hooks(), ttl=1.5, scan_every=0.2)
        try:
            await a.start()
            store = stores[0]
            await store.call(store.create_room, room_row("R1", 1))
            await a.takeover.adopt("R1")
            for seq in range(3):
                await store.call(store.append_action, "R1", seq, {"n": seq}, 1, seq, seq + 1)
            sa.tables["R1"] = []
            sa.public["R1"] = {"status": "playing"}
            await a.presence.show("R1", sa.public["R1"])
            await b.start()

            view = await b.presence.nodes()
            while view["A"]["tables"] != 1:  # until A's next beat
                await asyncio.sleep(0.05)
                view = await b.presence.nodes()
            assert view["B"]["tables"] == 0
            assert (await b.presence.lobby())["R1"]["node"] == "A"

            await a.bus.send_frames("B", b'1 {"v":4}')  # for a client of B at A's table
            await until(lambda: bool(sb.frames))
            assert sb.frames == [b'1 {"v":4}']
            assert await b.bus.request("A", b"sync") == b"sync"

            await a.stop(hand_over=True)  # a graceful shutdown
            await until(lambda: "R1" in sb.tables)
            assert sb.tables["R1"] == [({"n": s}, 1, s, s + 1) for s in range(3)]
            assert "R1" in b.takeover.epochs  # B owns it now
            assert list(await b.presence.nodes()) == ["B"]
        finally:
            await b.stop()
            for s in stores:
                s.close()

    run(go())


def test_after_redis_restarts_a_node_writes_its_part_again(
    pg_url: str, own_redis: RedisInstance
) -> None:
    """Redis comes back empty: the node lists its rooms again and resends its tables' state
    to the other nodes' clients (frames in the inboxes were lost), once per restart."""

    async def go() -> None:
        sa = Server("A", public={"R9": {"status": "playing"}})
        store = PgStore(pg_url)
        store.start()
        a = ClusterNode("A", own_redis.url, store, sa.hooks(), ttl=0.6, scan_every=0.2)
        try:
            await a.start()
            await asyncio.sleep(0.5)  # beats on a Redis that has not restarted
            assert sa.resends == 0
            own_redis.stop()
            await asyncio.sleep(0.3)
            own_redis.start()
            await until(lambda: sa.resends == 1)
            assert (await a.presence.room("R9")) == {"node": "A", "info": {"status": "playing"}}
            await asyncio.sleep(0.5)  # more beats, no new restart
            assert sa.resends == 1
        finally:
            await a.stop()
            store.close()

    run(go())
