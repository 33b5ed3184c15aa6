"""The friends requests: the panel's list with presence, friend requests and their answers,
unfriending, blocking, appearing offline, and seat invitations (``net.social`` decides; this
module reads the request, asks the store and tells the other player).
"""

from __future__ import annotations

import time
from typing import Any

from engine.errors import RulesError
from net import notices, social
from net.conn import Conn
from net.hub import Hub
from net.protocol import (
    AppearOffline,
    Block,
    FriendAnswer,
    FriendReply,
    FriendRequest,
    Friends,
    FriendsReply,
    Invitation,
    Invite,
    InviteAnswer,
    InviteReply,
    Person,
    SocialKind,
    SocialNotice,
    Unfriend,
)
from net.rooms import watched
from net.storage import Storage


def _me(conn: Conn) -> int:
    assert conn.user is not None  # dispatch answers only logged-in connections
    return conn.user


async def on_friends(hub: Hub, conn: Conn, req: Friends) -> FriendsReply:
    store, me = hub.store, _me(conn)
    lists = await store.call(store.social_lists, me)
    ids = [u for u, _ in lists["friends"]]
    online = await notices.where(hub, ids)
    watched_rooms = sorted({r for rooms in online.values() for r in rooms})
    hidden, seats, private, rows = await store.call(
        _panel, store, me, ids, list(online), watched_rooms, time.time() - social.INVITE_TTL
    )
    friends = [
        social.presence(
            u,
            name,
            u in online and u not in hidden,
            online.get(u, ()),
            seats.get(u, []),
            private,
        )
        for u, name in lists["friends"]
    ]
    return FriendsReply(
        friends,
        [Person(u, n) for u, n in lists["sent"]],
        [Person(u, n) for u, n in lists["received"]],
        [Person(u, n) for u, n in lists["blocked"]],
        [social.invitation_of(r) for r in rows],
        me in hidden,
    )


def _panel(
    store: Storage, me: int, friends: list[int], online: list[int], rooms: list[str], since: float
) -> tuple[set[int], dict[int, list[tuple[str, int, bool]]], dict[str, bool], list[Any]]:
    """In one transaction: who appears offline (me too), the online friends' seats, which of
    the watched rooms are private, and my pending invitations."""
    return (
        store.appearing_offline([*friends, me]),
        store.held_seats_of(online),
        store.room_private(rooms),
        store.invitations_of(me, since),
    )


def _ask(store: Storage, me: int, user: int | None, name: str | None) -> tuple[str, int, str]:
    other, other_name = social.find_user(store, user, name)
    return social.request_friend(store, me, other), other, other_name


async def on_friend_request(hub: Hub, conn: Conn, req: FriendRequest) -> FriendReply:
    me = _me(conn)
    state, other, name = await hub.store.call(_ask, hub.store, me, req.user, req.name)
    kind: SocialKind = "friend-request" if state == "requested" else "friend-accepted"
    await notices.notify(hub, other, SocialNotice(kind, Person(me, conn.name)))
    return FriendReply("requested" if state == "requested" else "friends", Person(other, name))


async def on_friend_answer(hub: Hub, conn: Conn, req: FriendAnswer) -> None:
    me = _me(conn)
    await hub.store.call(social.answer_friend, hub.store, me, req.user, req.accept)
    if req.accept:
        await notices.notify(hub, req.user, SocialNotice("friend-accepted", Person(me, conn.name)))


async def on_unfriend(hub: Hub, conn: Conn, req: Unfriend) -> None:
    await hub.store.call(social.unfriend, hub.store, _me(conn), req.user)


async def on_block(hub: Hub, conn: Conn, req: Block) -> None:
    await hub.store.call(social.block, hub.store, _me(conn), req.user, req.on)


async def on_appear_offline(hub: Hub, conn: Conn, req: AppearOffline) -> None:
    await hub.store.call(hub.store.set_appear_offline, _me(conn), req.on)
    notices.changed(hub, _me(conn), toggled=True)  # friends see me go offline, or come back


async def on_invite(hub: Hub, conn: Conn, req: Invite) -> InviteReply:
    """Runs on the table's node (a table request): the seat must be free now."""
    me = _me(conn)
    table = watched(hub, conn, req.room)
    if table.seats[req.seat] is not None:
        raise RulesError("seat-taken", seat=req.seat)
    now = time.time()
    invite, name = await hub.store.call(
        social.invite, hub.store, me, req.user, table.id, req.seat, now
    )
    sent = Invitation(
        invite, Person(me, conn.name), Person(req.user, name), table.id, req.seat, now
    )
    await notices.notify(hub, req.user, SocialNotice("invitation", sent.sender, sent))
    return InviteReply(invite, table.id, req.seat)


async def on_invite_answer(hub: Hub, conn: Conn, req: InviteAnswer) -> InviteReply:
    me = _me(conn)
    other, room, seat, code, sender = await hub.store.call(
        social.answer_invitation, hub.store, me, req.invite, req.accept, time.time()
    )
    kind: SocialKind
    if me == sender:
        kind = "invitation-withdrawn"
    else:
        kind = "invitation-accepted" if req.accept else "invitation-declined"
    await notices.notify(hub, other, SocialNotice(kind, Person(me, conn.name)))
    return InviteReply(req.invite, room, seat, code)
