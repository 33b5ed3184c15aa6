"""Friends, presence (asked, and pushed as it changes), blocks and seat invitations on a real
server (SQLite) with real clients: every request, refusal and limit, in English and Chinese,
and a blocked player who can reach the blocker by no path."""

from __future__ import annotations

import asyncio
import itertools
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from netkit import ServerProcess, refused, until

from net import social
from net.client import Client
from net.protocol import (
    AppearOffline,
    Block,
    Chat,
    FriendAnswer,
    FriendReply,
    FriendRequest,
    Friends,
    FriendsReply,
    Invite,
    InviteAnswer,
    InviteReply,
    Lobby,
    LobbyPage,
    Person,
    Unfriend,
)
from net.store import MIGRATIONS, SCHEMA, SCHEMA_VERSION, Store

pytestmark = pytest.mark.timeout(60)
_names = itertools.count(1)


@pytest.fixture(scope="module", params=["sqlite", "postgres+redis"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """The server on SQLite, then as a cluster's node on PostgreSQL and Redis (every request
    through the cluster's store, presence and notices)."""
    tmp = tmp_path_factory.mktemp("social")
    args: tuple[str, ...] = ("--deal-delay", "0", "--rate", "500", "--burst", "500")
    if request.param == "postgres+redis":
        import redis

        pg, rd = request.getfixturevalue("postgres"), request.getfixturevalue("redis_server")
        with redis.Redis.from_url(rd.url) as r:
            r.flushall()  # no other test's rooms in the lobby
        args += ("--store", pg.fresh_db(), "--redis", rd.url, "--node-id", "social")
    proc = ServerProcess(tmp / "server.sqlite3", *args, log=tmp / "server.log").start()
    yield proc
    proc.stop()


async def settled(ask: Any, done: Any, seconds: float = 5.0) -> Any:
    """``await ask()`` until ``done(answer)``: a cluster lists rooms in Redis within a beat."""
    for _ in range(int(seconds / 0.05)):
        got = await ask()
        if done(got):
            return got
        await asyncio.sleep(0.05)
    return got


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 40))


async def player(url: str, stem: str = "P") -> Client:
    c = Client(url, name=f"{stem}{next(_names)}", keep_raw=True)
    await c.connect()
    return c


def uid(c: Client) -> int:
    assert c.user is not None
    return c.user.user


def notices(c: Client, kind: str) -> list[dict[str, Any]]:
    return [f for r in c.raw if (f := json.loads(r))["type"] == "social" and f["kind"] == kind]


async def panel(c: Client) -> FriendsReply:
    return await c.ask(Friends(c.next_id()), FriendsReply)


async def befriend(a: Client, b: Client) -> None:
    await a.ask(FriendRequest(a.next_id(), uid(b)), FriendReply)
    await b.request(FriendAnswer(b.next_id(), uid(a), True))


async def presence_of(c: Client, friend: Client) -> Person:
    (found,) = [p for p in (await panel(c)).friends if p.user == uid(friend)]
    return found


async def eventually_presence(c: Client, friend: Client, want: str, **fields: Any) -> Person:
    """Presence is read when asked: ask until it says ``want`` (a cluster's lags a beat)."""
    for _ in range(100):
        p = await presence_of(c, friend)
        if p.presence == want and all(getattr(p, k) == v for k, v in fields.items()):
            return p
        await asyncio.sleep(0.05)
    raise AssertionError(f"presence stayed {p}")


def test_request_accept_and_presence(server: ServerProcess) -> None:
    async def go() -> None:
        ann, bo = await player(server.url), await player(server.url)
        got = await ann.ask(FriendRequest(ann.next_id(), name=bo.name), FriendReply)
        assert (got.state, got.who) == ("requested", Person(uid(bo), bo.name or ""))
        await until(lambda: notices(bo, "friend-request"))
        assert notices(bo, "friend-request")[0]["who"] == {"user": uid(ann), "name": ann.name}
        mine, theirs = await panel(ann), await panel(bo)
        assert [p.user for p in mine.sent] == [uid(bo)] and not mine.friends
        assert [p.user for p in theirs.received] == [uid(ann)]
        await bo.request(FriendAnswer(bo.next_id(), uid(ann), True))
        await until(lambda: notices(ann, "friend-accepted"))
        mine = await panel(ann)
        assert [p.user for p in mine.friends] == [uid(bo)] and not mine.sent
        await eventually_presence(ann, bo, "online")
        # at a table: watching it, then playing in a seat (a public room's id is told)
        room = (await bo.create("classic")).room
        await bo.join(room)
        await eventually_presence(ann, bo, "watching", room=room)
        await bo.sit(room, 2)
        await eventually_presence(ann, bo, "playing", room=room, seat=2)
        # a private room's id is not told to friends
        hidden_room = (await bo.create("classic", private=True)).room
        await bo.leave(room)
        await bo.join(hidden_room)
        await bo.sit(hidden_room, 0)
        await eventually_presence(ann, bo, "playing", room=None, seat=0)
        # appear offline, then back
        await bo.request(AppearOffline(bo.next_id(), True))
        assert (await panel(bo)).appear_offline
        await eventually_presence(ann, bo, "offline")
        await bo.request(AppearOffline(bo.next_id(), False))
        await eventually_presence(ann, bo, "playing")
        await bo.close()
        await eventually_presence(ann, bo, "offline")
        await ann.close()

    run(go())


def pushed(c: Client, friend: Client) -> list[tuple[str, str | None, int | None]]:
    """The presence notices ``c`` received about ``friend``: (presence, room, seat)."""
    return [
        (who["presence"], who.get("room"), who.get("seat"))
        for f in notices(c, "presence")
        if (who := f["who"])["user"] == uid(friend)
    ]


async def told(c: Client, friend: Client, *want: tuple[str, str | None, int | None]) -> None:
    """``c`` was pushed ``want`` about ``friend`` as its latest notices (none asked for)."""
    n = len(want)
    try:
        await until(lambda: pushed(c, friend)[-n:] == list(want), timeout=5)
    except TimeoutError:
        raise AssertionError(f"pushed {pushed(c, friend)}, not {want}") from None


def test_presence_is_pushed_to_friends(server: ServerProcess) -> None:
    """Bo's friend Ann is told, with no asking, when Bo's last connection goes, a new one
    comes, and Bo watches, sits, changes tables and leaves; a second connection of Bo's
    changes nothing she is told of its presence."""

    async def go() -> None:
        ann, bo = await player(server.url), await player(server.url)
        await befriend(ann, bo)
        await bo.close()
        await told(ann, bo, ("offline", None, None))
        bo = Client(server.url, token=bo.token, keep_raw=True)
        await bo.connect()
        await told(ann, bo, ("online", None, None))
        room, other = (await bo.create("classic")).room, (await bo.create("classic")).room
        await bo.join(room)
        await told(ann, bo, ("watching", room, None))
        await bo.sit(room, 1)
        await told(ann, bo, ("playing", room, 1))
        # leaving one table and sitting at another at once: told once, as it ends
        before = len(pushed(ann, bo))
        await bo.join(other)  # (playing at the first still)
        await until(lambda: len(pushed(ann, bo)) == before + 1)
        assert pushed(ann, bo)[-1] == ("playing", room, 1)
        before += 1
        await asyncio.gather(bo.leave(room), bo.sit(other, 3))
        await told(ann, bo, ("playing", other, 3))
        assert len(pushed(ann, bo)) == before + 1, pushed(ann, bo)[before:]
        await bo.leave(other)
        await told(ann, bo, ("online", None, None))
        await bo.close()
        await told(ann, bo, ("offline", None, None))
        assert not pushed(bo, ann)  # Ann did nothing: Bo was told nothing of her
        await ann.close()

    run(go())


def test_appearing_offline_pushes_offline_and_nothing_after(server: ServerProcess) -> None:
    async def go() -> None:
        ann, bo, cai = await player(server.url), await player(server.url), await player(server.url)
        await befriend(ann, bo)
        await befriend(ann, cai)
        await bo.request(AppearOffline(bo.next_id(), True))
        await told(ann, bo, ("offline", None, None))
        seen = len(pushed(ann, bo))
        # whatever Bo does while appearing offline is not told
        room = (await bo.create("classic")).room
        await bo.join(room)
        await bo.sit(room, 0)
        again = Client(server.url, token=bo.token, keep_raw=True)
        await again.connect()
        await again.close()
        await bo.stand(room)
        # Cai's change, told after Bo's would have been: nothing of Bo's came before it
        await cai.join(room)
        await told(ann, cai, ("watching", room, None))
        await asyncio.sleep(0.3)
        assert len(pushed(ann, bo)) == seen, pushed(ann, bo)[seen:]
        await bo.request(AppearOffline(bo.next_id(), False))
        await told(ann, bo, ("watching", room, None))
        for c in (ann, bo, cai):
            await c.close()

    run(go())


def test_a_blocked_player_is_told_no_presence(server: ServerProcess) -> None:
    """Ann blocked Bo (they were friends): neither is told of the other's presence; Ann's
    friend Cai is."""

    async def go() -> None:
        ann, bo, cai = await player(server.url), await player(server.url), await player(server.url)
        await befriend(ann, bo)
        await befriend(ann, cai)
        await ann.request(Block(ann.next_id(), uid(bo)))
        # Ann's coming online may still be on its way to her friends of then (Bo among them:
        # told from the friendships read when it goes); what counts is what follows the block
        await asyncio.sleep(0.5)
        before = pushed(bo, ann), pushed(ann, bo)
        room, bos = (await ann.create("classic")).room, (await bo.create("classic")).room
        await bo.join(bos)
        await bo.sit(bos, 0)  # Ann is not told
        await ann.join(room)
        await ann.sit(room, 0)  # Bo is not told; Cai is
        await told(cai, ann, ("playing", room, 0))
        await cai.join(room)  # told to Ann after anything of Bo's
        await told(ann, cai, ("watching", room, None))
        await asyncio.sleep(0.3)
        assert (pushed(bo, ann), pushed(ann, bo)) == before
        for c in (ann, bo, cai):
            await c.close()

    run(go())


def test_crossing_requests_make_friends_and_unfriend(server: ServerProcess) -> None:
    async def go() -> None:
        ann, bo = await player(server.url), await player(server.url)
        await bo.ask(FriendRequest(bo.next_id(), uid(ann)), FriendReply)
        got = await ann.ask(FriendRequest(ann.next_id(), uid(bo)), FriendReply)
        assert got.state == "friends"
        await until(lambda: notices(bo, "friend-accepted"))
        assert [p.user for p in (await panel(bo)).friends] == [uid(ann)]
        await ann.request(Unfriend(ann.next_id(), uid(bo)))
        assert not (await panel(bo)).friends and not (await panel(ann)).friends
        # withdrawing a request is unfriending before the answer
        await ann.ask(FriendRequest(ann.next_id(), uid(bo)), FriendReply)
        await ann.request(Unfriend(ann.next_id(), uid(bo)))
        assert not (await panel(bo)).received
        # declining leaves nothing
        await ann.ask(FriendRequest(ann.next_id(), uid(bo)), FriendReply)
        await bo.request(FriendAnswer(bo.next_id(), uid(ann), False))
        assert not (await panel(ann)).sent and not (await panel(bo)).friends
        for c in (ann, bo):
            await c.close()

    run(go())


def test_friend_refusals(server: ServerProcess) -> None:
    async def go() -> None:
        ann, bo = await player(server.url), await player(server.url)
        same = [Client(server.url, name="Twin") for _ in range(2)]  # two players, one name
        for c in same:
            await c.connect()
        e = await refused("not-yourself", ann.request(FriendRequest(ann.next_id(), uid(ann))))
        assert e.zh == "不能对自己这样做"
        await refused("no-user", ann.request(FriendRequest(ann.next_id(), 10**12)))
        await refused("no-user", ann.request(FriendRequest(ann.next_id(), name="Nobody-here")))
        e = await refused("name-ambiguous", ann.request(FriendRequest(ann.next_id(), name="Twin")))
        assert "#id" in e.en and "编号" in e.zh
        await ann.ask(FriendRequest(ann.next_id(), uid(bo)), FriendReply)
        e = await refused("already-requested", ann.request(FriendRequest(ann.next_id(), uid(bo))))
        assert bo.name in e.en and bo.name in e.zh
        await refused("no-request", ann.request(FriendAnswer(ann.next_id(), uid(bo), True)))
        await bo.request(FriendAnswer(bo.next_id(), uid(ann), True))
        await refused("already-friends", ann.request(FriendRequest(ann.next_id(), uid(bo))))
        await ann.request(Unfriend(ann.next_id(), uid(bo)))
        await refused("not-friends", ann.request(Unfriend(ann.next_id(), uid(bo))))
        for c in [ann, bo, *same]:
            await c.close()

    run(go())


def test_pending_requests_are_capped(server: ServerProcess) -> None:
    async def go() -> None:
        ann = await player(server.url)
        others = [await player(server.url) for _ in range(social.REQUESTS_MAX + 1)]
        for o in others[:-1]:
            await ann.ask(FriendRequest(ann.next_id(), uid(o)), FriendReply)
        e = await refused(
            "too-many-requests", ann.request(FriendRequest(ann.next_id(), uid(others[-1])))
        )
        assert f"{social.REQUESTS_MAX}" in e.en and f"{social.REQUESTS_MAX}" in e.zh
        # an answered request frees its place
        await others[0].request(FriendAnswer(others[0].next_id(), uid(ann), False))
        await ann.ask(FriendRequest(ann.next_id(), uid(others[-1])), FriendReply)
        # and someone who asked me is answered by my asking back, cap or not
        await others[1].request(FriendAnswer(others[1].next_id(), uid(ann), False))
        await others[1].ask(FriendRequest(others[1].next_id(), uid(ann)), FriendReply)
        assert len((await panel(ann)).sent) == social.REQUESTS_MAX - 1
        for c in [ann, *others]:
            await c.close()

    run(go())


def test_invitation_into_a_seat(server: ServerProcess) -> None:
    async def go() -> None:
        ann, bo, cai = await asyncio.gather(*(player(server.url) for _ in range(3)))
        await befriend(ann, bo)
        made = await ann.create("classic", private=True)
        room = made.room
        await ann.join(room, made.invite)
        await ann.sit(room, 0)
        sent = await ann.ask(Invite(ann.next_id(), room, 2, uid(bo)), InviteReply)
        assert (sent.room, sent.seat, sent.code) == (room, 2, None)
        await until(lambda: notices(bo, "invitation"))
        inv = notices(bo, "invitation")[0]["invitation"]
        assert (inv["invite"], inv["room"], inv["seat"]) == (sent.invite, room, 2)
        # pending on both sides
        for c in (ann, bo):
            (pending,) = (await panel(c)).invitations
            assert (pending.invite, pending.sender.user, pending.to.user) == (
                sent.invite,
                uid(ann),
                uid(bo),
            )
        await refused("already-invited", ann.request(Invite(ann.next_id(), room, 2, uid(bo))))
        await refused("seat-taken", ann.request(Invite(ann.next_id(), room, 0, uid(bo))))
        await refused("not-friends", ann.request(Invite(ann.next_id(), room, 1, uid(cai))))
        # not at the table: a private room is not even said to exist
        await refused("no-room", bo.request(Invite(bo.next_id(), room, 1, uid(ann))))
        # the sender cannot accept its own; a stranger cannot touch it
        await refused("no-invitation", ann.request(InviteAnswer(ann.next_id(), sent.invite, True)))
        await refused("no-invitation", cai.request(InviteAnswer(cai.next_id(), sent.invite, True)))
        took = await bo.ask(InviteAnswer(bo.next_id(), sent.invite, True), InviteReply)
        assert (took.room, took.seat, took.code) == (room, 2, made.invite)
        await until(lambda: notices(ann, "invitation-accepted"))
        await bo.join(took.room, took.code)
        await bo.sit(took.room, took.seat)
        assert not (await panel(bo)).invitations and not (await panel(ann)).invitations
        await refused("no-invitation", bo.request(InviteAnswer(bo.next_id(), sent.invite, True)))
        # declined, and withdrawn
        again = await ann.ask(Invite(ann.next_id(), room, 3, uid(bo)), InviteReply)
        await bo.request(InviteAnswer(bo.next_id(), again.invite, False))
        await until(lambda: notices(ann, "invitation-declined"))
        third = await ann.ask(Invite(ann.next_id(), room, 3, uid(bo)), InviteReply)
        await ann.request(InviteAnswer(ann.next_id(), third.invite, False))
        await until(lambda: notices(bo, "invitation-withdrawn"))
        assert not (await panel(bo)).invitations
        for c in (ann, bo, cai):
            await c.close()

    run(go())


def test_a_blocked_player_reaches_the_blocker_by_no_path(server: ServerProcess) -> None:
    """After A blocks B (they were friends, with a pending invitation): no friend request, no
    invitation, no chat line either way, no seat at A's table, nor A at B's."""

    async def go() -> None:
        ann, bo, cai = await asyncio.gather(*(player(server.url) for _ in range(3)))
        await befriend(ann, bo)
        room = (await ann.create("classic")).room
        for c in (ann, bo, cai):
            await c.join(room)
        await ann.sit(room, 0)
        await ann.ask(Invite(ann.next_id(), room, 1, uid(bo)), InviteReply)
        await ann.request(Block(ann.next_id(), uid(bo)))
        mine = await panel(ann)
        assert [p.user for p in mine.blocked] == [uid(bo)]
        assert not mine.friends and not mine.invitations and not (await panel(bo)).friends
        # friend request
        e = await refused("not-reachable", bo.request(FriendRequest(bo.next_id(), uid(ann))))
        assert ann.name in e.en and ann.name in e.zh
        # invitation: B into a seat of a table, and A's invitation to B
        other = (await bo.create("classic")).room
        await bo.join(other)
        await refused("not-reachable", bo.request(Invite(bo.next_id(), other, 1, uid(ann))))
        await refused("not-reachable", ann.request(Invite(ann.next_id(), room, 1, uid(bo))))
        # seat: not at A's table, nor A at B's
        await refused("seat-unavailable", bo.sit(room, 1))
        await bo.sit(other, 0)
        await ann.join(other)
        await refused("seat-unavailable", ann.sit(other, 1))
        # chat: neither sees the other's line; the third player sees both
        await bo.request(Chat(bo.next_id(), room, "from bo"))
        await ann.request(Chat(ann.next_id(), room, "from ann"))
        await cai.request(Chat(cai.next_id(), room, "from cai"))

        def said(c: Client) -> list[str]:
            return [f["text"] for r in c.raw if (f := json.loads(r))["type"] == "chat"]

        await until(lambda: len(said(cai)) == 3 and "from cai" in said(ann) + said(bo))
        await until(lambda: "from cai" in said(ann) and "from cai" in said(bo))
        assert said(cai) == ["from bo", "from ann", "from cai"]
        assert "from bo" not in said(ann) and "from ann" not in said(bo)
        # nothing of A's reached B as a notice after the block either
        assert not notices(bo, "invitation")[1:]
        # lifted: B may sit again
        await ann.request(Block(ann.next_id(), uid(bo), on=False))
        await bo.stand(other)
        await bo.sit(room, 1)
        for c in (ann, bo, cai):
            await c.close()

    run(go())


def test_an_old_database_is_taken_forward(tmp_path: Path) -> None:
    """A database from before friends (schema version 3, with a player) gains the social
    tables and keeps its player."""
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(SCHEMA)
    for step in MIGRATIONS[:3]:
        step(db)
    db.execute("PRAGMA user_version = 3")
    db.execute("INSERT INTO users (name, token_hash, created) VALUES ('Old', 'h', 0)")
    db.close()
    store = Store(str(path))
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert store.users_named("Old") == [1]
    other = store.create_user("New", "h2")
    assert social.request_friend(store, 1, other) == "requested"
    assert store.ties(other, 1) == {"received"}
    store.close()


def test_friends_tables_first_in_the_lobby(server: ServerProcess) -> None:
    async def go() -> None:
        ann, bo, cai, dee = await asyncio.gather(*(player(server.url) for _ in range(4)))
        await befriend(ann, dee)
        strangers = [(await c.create("classic")).room for c in (bo, cai)]
        seated = (await bo.create("classic")).room  # Bo's room, where Ann's friend Dee sits
        await dee.join(seated)
        await dee.sit(seated, 1)
        owned = (await dee.create("classic")).room  # Dee's own, empty
        mine = {*strangers, seated, owned}
        page = await settled(ann.lobby, lambda p: mine <= {r.room for r in p.rooms})
        order = [r.room for r in page.rooms]
        assert set(order[:2]) == {seated, owned}, order
        assert set(strangers) <= set(order[2:])
        assert page.friends == [uid(dee)]
        # someone without friends: the same rooms, no friends named
        plain = await settled(cai.lobby, lambda p: mine <= {r.room for r in p.rooms})
        assert plain.friends == []
        for c in (ann, bo, cai, dee):
            await c.close()

    run(go())


async def privately(c: Client) -> LobbyPage:
    """The lobby's list of the private rooms ``c`` may enter."""
    return await c.ask(Lobby(c.next_id(), False, private=True), LobbyPage)


def test_private_room_list(server: ServerProcess) -> None:
    """The lobby's private list: the private rooms I own, sit at, or am invited to — never
    another's private room, nor a public one."""

    async def go() -> None:
        ann, bo, cai = await asyncio.gather(*(player(server.url) for _ in range(3)))
        await befriend(ann, bo)
        mine = (await ann.create("classic", private=True)).room
        made = await bo.create("classic", private=True)  # Bo's: Ann sits there
        await bo.join(made.room, made.invite)
        await ann.join(made.room, made.invite)
        await ann.sit(made.room, 1)
        hidden = await cai.create("classic", private=True)  # a stranger's: never listed
        asked = await bo.create("classic", private=True)  # Bo's: Ann is invited
        await bo.join(asked.room, asked.invite)
        await bo.ask(Invite(bo.next_id(), asked.room, 2, uid(ann)), InviteReply)
        await bo.create("classic")  # a public room: never in this list
        page = await settled(lambda: privately(ann), lambda p: len(p.rooms) == 3)
        assert [r.room for r in page.rooms] == [mine, made.room, asked.room]
        assert page.total == 3 and all(r.private for r in page.rooms)
        # what Bo and a stranger see
        assert [r.room for r in (await privately(bo)).rooms] == [made.room, asked.room]
        assert [r.room for r in (await privately(cai)).rooms] == [hidden.room]
        for c in (ann, bo, cai):
            await c.close()

    run(go())
