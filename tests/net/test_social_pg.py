"""Friends, presence, invitations, blocks and moderation on a cluster: two real server nodes on
127.0.0.1 sharing a real PostgreSQL and Redis, with the players on different nodes — presence
and notices cross nodes; and the PostgreSQL schema's own checks (migration, append-only log)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from netkit import ServerProcess, cluster_nodes, until
from test_social import (
    eventually_presence,
    notices,
    panel,
    privately,
    pushed,
    refused,
    told,
    uid,
)

from net import civility, social
from net.client import Client
from net.protocol import (
    Block,
    Chat,
    FriendAnswer,
    FriendReply,
    FriendRequest,
    Invite,
    InviteAnswer,
    InviteReply,
    Moderate,
    ModLog,
    ModLogReply,
)
from net.store_pg import PgStore

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def nodes(tmp_path: Path, pg_url: str, redis_url: str) -> Iterator[list[ServerProcess]]:
    procs = cluster_nodes(
        tmp_path,
        pg_url,
        redis_url,
        "--deal-delay",
        "0",
        "--away-grace",
        "30",
        "--rate",
        "500",
        "--burst",
        "500",
    )
    yield procs
    for p in procs:
        p.stop()


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


async def player(url: str, name: str) -> Client:
    c = Client(url, name=name, keep_raw=True)
    await c.connect()
    return c


def said(c: Client) -> list[str]:
    return [f["text"] for r in c.raw if (f := json.loads(r))["type"] == "chat"]


def test_friends_across_nodes(nodes: list[ServerProcess], pg_url: str) -> None:
    a, b = nodes

    async def go() -> None:
        ann = await player(a.url, "Ann")  # on node a
        bo = await player(b.url, "Bo")  # on node b
        cai = await player(b.url, "Cai")
        # a friend request from node a reaches Bo on node b, and the answer comes back
        await ann.ask(FriendRequest(ann.next_id(), name="Bo"), FriendReply)
        await until(lambda: notices(bo, "friend-request"))
        await bo.request(FriendAnswer(bo.next_id(), uid(ann), True))
        await until(lambda: notices(ann, "friend-accepted"))
        # presence seen from the other node: online, then at a table run on node a
        await eventually_presence(ann, bo, "online")
        # the lobby, from Redis: the friend's table first, whatever node runs it
        other = (await cai.create("classic")).room
        bos = (await bo.create("classic")).room
        for _ in range(100):  # each node lists its rooms in Redis within a beat
            page = await ann.lobby(subscribe=False)
            if len(page.rooms) == 2:
                break
            await asyncio.sleep(0.05)
        assert [r.room for r in page.rooms] == [bos, other] and page.friends == [uid(bo)]
        room = (await ann.create("classic")).room  # run by node a
        await ann.join(room)
        await ann.sit(room, 0)
        await eventually_presence(bo, ann, "playing", room=room, seat=0)
        await bo.join(room)  # Bo on node b watches node a's table
        await eventually_presence(ann, bo, "watching", room=room)
        # an invitation from node b's player into node a's table, pending on both sides
        got = await bo.ask(Invite(bo.next_id(), room, 3, uid(ann)), InviteReply)
        await until(lambda: notices(ann, "invitation"))
        assert [i.invite for i in (await panel(ann)).invitations] == [got.invite]
        await ann.request(InviteAnswer(ann.next_id(), got.invite, False))
        await until(lambda: notices(bo, "invitation-declined"))
        # the private list, from Redis: Bo's private room on node b, to which Ann is invited
        made = await bo.create("classic", private=True)
        await bo.join(made.room, made.invite)
        await bo.ask(Invite(bo.next_id(), made.room, 1, uid(ann)), InviteReply)
        for _ in range(100):  # each node lists its private rooms in Redis every second
            page = await privately(ann)
            if page.rooms:
                break
            await asyncio.sleep(0.05)
        assert [(r.room, r.private, r.owner) for r in page.rooms] == [(made.room, True, uid(bo))]
        # the same limit whatever the node: Ann's requests, counted in PostgreSQL
        others = [await player((a, b)[i % 2].url, f"X{i}") for i in range(social.REQUESTS_MAX)]
        for o in others:
            await ann.ask(FriendRequest(ann.next_id(), uid(o)), FriendReply)
        await refused("too-many-requests", ann.request(FriendRequest(ann.next_id(), uid(cai))))
        # a block across nodes: no chat either way at node a's table, no seat, no request
        await cai.join(room)
        await ann.request(Block(ann.next_id(), uid(bo)))
        await refused("seat-unavailable", bo.sit(room, 1))
        await refused("not-reachable", bo.request(FriendRequest(bo.next_id(), uid(ann))))
        await bo.request(Chat(bo.next_id(), room, "from bo"))
        await ann.request(Chat(ann.next_id(), room, "from ann"))
        await until(lambda: said(cai) == ["from bo", "from ann"])
        await bo.request(Chat(bo.next_id(), room, "bo again"))
        await until(lambda: "bo again" in said(cai))
        assert "from bo" not in said(ann) and "bo again" not in said(ann)
        assert "from ann" not in said(bo)
        # the flood rule runs on the table's node for a player on the other
        for text in ("one thing", "another thing", "third remark", "fourth"):
            await cai.request(Chat(cai.next_id(), room, text))
        await refused("chat-flood", cai.request(Chat(cai.next_id(), room, "too many now")))
        # a moderator on node a bans Cai on node b: told, disconnected, refused at login
        with psycopg.connect(pg_url, autocommit=True) as db:
            db.execute("INSERT INTO roles (user_id, role) VALUES (%s, 'moderator')", (uid(ann),))
        cai.reconnect_enabled = False
        await ann.request(Moderate(ann.next_id(), "ban", uid(cai), "abuse", 30))
        await until(lambda: cai.closed_with is not None)
        assert cai.closed_with == (1008, "banned") and notices(cai, "moderated")
        log = await ann.ask(ModLog(ann.next_id()), ModLogReply)
        assert [(m.action, m.target.name) for m in log.log] == [("ban", "Cai")]
        again = Client(b.url, token=cai.token, reconnect=False)
        await refused("banned", again.connect())
        await again.close()
        for c in (ann, bo, cai, *others):
            await c.close()

    run(go())


def test_presence_is_pushed_across_nodes(nodes: list[ServerProcess]) -> None:
    """Ann on node a, her friend Bo on node b: each is pushed the other's presence, a table
    watched on the other node included; a blocked player on node b is pushed nothing."""
    a, b = nodes

    async def go() -> None:
        ann, bo, dan = (
            await player(a.url, "Ann"),
            await player(b.url, "Bo"),
            await player(b.url, "Dan"),
        )
        await ann.ask(FriendRequest(ann.next_id(), name="Bo"), FriendReply)
        await bo.request(FriendAnswer(bo.next_id(), uid(ann), True))
        await dan.ask(FriendRequest(dan.next_id(), name="Ann"), FriendReply)
        await ann.request(FriendAnswer(ann.next_id(), uid(dan), True))
        await dan.request(Block(dan.next_id(), uid(ann)))
        # (a player told nothing yet, just connected, reads the panel: all seen online)
        await eventually_presence(ann, bo, "online")
        await eventually_presence(bo, ann, "online")
        room = (await ann.create("classic")).room  # run by node a
        await ann.join(room)
        await told(bo, ann, ("watching", room, None))
        await ann.sit(room, 0)
        await told(bo, ann, ("playing", room, 0))
        await bo.join(room)  # node b's player at node a's table
        await told(ann, bo, ("watching", room, None))
        await bo.sit(room, 2)
        await told(ann, bo, ("playing", room, 2))
        await bo.leave(room)
        await told(ann, bo, ("online", None, None))
        await ann.close()
        await told(bo, ann, ("offline", None, None))
        again = Client(a.url, token=ann.token, keep_raw=True)
        await again.connect()
        await told(bo, ann, ("playing", room, 0))  # her seat waits for her
        await asyncio.sleep(0.3)
        assert not pushed(dan, ann)
        for c in (again, bo, dan):
            await c.close()

    run(go())


def test_postgres_schema(pg_url: str) -> None:
    """PostgreSQL's migration makes the same tables; its log refuses changes as SQLite's."""
    store = PgStore(pg_url)
    a, b = store.create_user("A", "ha"), store.create_user("B", "hb")
    assert social.request_friend(store, a, b) == "requested"
    assert social.answer_friend(store, b, a, True) == "A"
    assert store.social_lists(a)["friends"] == [(b, "B")]
    social.block(store, b, a, True)
    assert store.blocks_among(a, [b]) == {b} and not store.social_lists(a)["friends"]
    until_ = civility.moderate(store, None, "timeout", a, 10, "spam", 1000.0)
    assert until_ == 1600.0 and store.sanction(a, "timeout", 1000.0) == ("spam", 1600.0)
    for sql in ("UPDATE moderation_log SET reason = 'x'", "DELETE FROM moderation_log"):
        with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
            store.db.execute(sql)
    store.close()


def test_an_old_postgres_database_is_taken_forward(pg_url: str) -> None:
    """A database from before friends (schema version 4, with a player) gains the social
    tables when a node opens it, and keeps its player."""
    from net.store_pg import MIGRATIONS

    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied FLOAT)")
        for number, sql in enumerate(MIGRATIONS[:4], start=1):
            db.execute(sql)
            db.execute("INSERT INTO schema_version VALUES (%s, 0)", (number,))
        db.execute("INSERT INTO users (name, token_hash, created) VALUES ('Old', 'h', 0)")
    store = PgStore(pg_url)
    (old,) = store.users_named("Old")
    other = store.create_user("New", "h2")
    assert social.request_friend(store, old, other) == "requested"
    assert store.ties(other, old) == {"received"}
    (version,) = store.db.execute("SELECT max(version) FROM schema_version").fetchone()
    assert version == len(MIGRATIONS)
    store.close()
