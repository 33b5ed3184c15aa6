"""What the social requests share on one server (its state: ``Hub.social``): where its
players are, notices to a player wherever they are connected, the chat flood rule and the chat
kept for reports.

On one node a notice goes straight to the player's connections and presence is read from the
connections here; in a cluster both go through Redis (``net.cluster.social``), so a friend on
another node is seen and reached the same way.

Presence is pushed: whatever may change a player's (a connection, a table watched or left, a
seat, "appear offline") calls ``changed``; a moment later (``PRESENCE_DELAY``, so a burst is
told once, as it stands then) each of their online friends gets a ``presence`` notice. A
player appearing offline is told as offline once, when they choose it, and nothing after.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from engine import codec
from net import social
from net.protocol import Person, RoomInfo, SocialNotice, encode
from net.storage import Storage

if TYPE_CHECKING:
    from net.conn import Conn
    from net.hub import Hub, Social

log = logging.getLogger("tuolaji.social")

PRESENCE_DELAY = 0.1  # seconds a player's presence changes gather before friends are told


def of(hub: Hub) -> Social:
    """The server's share (the handlers' way to ``hub.social``)."""
    return hub.social


def here(hub: Hub) -> dict[int, set[str]]:
    """The players connected to this server and the rooms each watches (in a cluster, those
    run elsewhere too)."""
    out: dict[int, set[str]] = {}
    cluster = hub.cluster
    for conn in list(hub.conns):
        if conn.user is None or conn.dropping:
            continue
        rooms = out.setdefault(conn.user, set())
        rooms.update(conn.tables)
        if cluster is not None:
            rooms.update(cluster.routes.get(cluster.cid(conn), {}))
    return out


async def where(hub: Hub, users: list[int]) -> dict[int, set[str]]:
    """The online ones of ``users`` and the rooms they watch, wherever they are connected."""
    link = hub.social.link
    if link is not None:
        return await link.where(users)
    local = here(hub)
    return {u: local[u] for u in users if u in local}


async def notify(hub: Hub, user: int, frame: Struct, close: bool = False) -> None:
    """Send ``frame`` to ``user``'s connections (``close``: then close them: a ban)."""
    await _send(hub, user, encode(frame), close)


async def _send(hub: Hub, user: int, data: bytes, close: bool = False) -> None:
    """A notice that cannot reach Redis is dropped: what it announces is in the database
    already, and the friends panel shows it when next asked."""
    link = hub.social.link
    if link is None:
        deliver(hub, user, data, close)
        return
    try:
        await link.publish(user, data, close)
    except Exception as e:  # redis' errors: the notice only
        log.warning("notice to user %d not sent: %r", user, e)


def deliver(hub: Hub, user: int, data: bytes, close: bool) -> None:
    for conn in [c for c in hub.conns if c.user == user]:
        conn.push(data)
        if close:  # after the flush ``push`` scheduled: the notice goes first
            conn.loop.call_soon(_close, conn)


def _close(conn: Conn) -> None:
    conn.loop.create_task(conn.ws.close(1008, "banned"))


# -- presence, pushed ------------------------------------------------------------------------
def changed(hub: Hub, user: int, toggled: bool = False) -> None:
    """``user``'s presence may have changed (``toggled``: they chose to appear offline or
    not): their online friends are told after ``PRESENCE_DELAY``."""
    part = hub.social
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # outside the server's loop (a test's table): no one online to tell
        return
    part.due[user] = part.due.get(user, False) or toggled
    if part.timer is None and part.telling is None:
        part.timer = loop.call_later(PRESENCE_DELAY, _start_telling, hub)


def _start_telling(hub: Hub) -> None:
    part = hub.social
    part.timer = None
    part.telling = asyncio.get_running_loop().create_task(_tell(hub), name="presence")


async def _tell(hub: Hub) -> None:
    """Tell the due players' friends, one batch after another, so that two pushes about
    one player go out in the order of the changes."""
    part = hub.social
    try:
        while part.due:
            due, part.due = part.due, {}
            try:
                await _tell_friends(hub, due)
            except Exception as e:  # the store's or Redis': the panel shows it when next asked
                log.warning("presence of %d players not told: %r", len(due), e)
    finally:
        part.telling = None


async def _tell_friends(hub: Hub, due: dict[int, bool]) -> None:
    users = sorted(due)
    link = hub.social.link
    if link is not None:  # this node's part first, so that what is read below is current
        local = here(hub)
        await link.put({u: local.get(u) for u in users})
    online = await where(hub, users)
    rooms = sorted({r for watched in online.values() for r in watched})
    store = hub.store
    names, hidden, seats, private_of, friends = await store.call(
        _facts, store, users, list(online), rooms
    )
    told: dict[int, Person] = {}
    for u in users:
        if u not in names or (u in hidden and not due[u]):
            continue  # appearing offline: only the choice itself is told (as offline)
        shown = u in online and u not in hidden
        told[u] = social.presence(
            u, names[u], shown, online.get(u, ()), seats.get(u, []), private_of
        )
    listening = await where(hub, sorted({f for u in told for f in friends[u]}))
    for u, person in told.items():
        data = encode(SocialNotice("presence", person))
        for friend in sorted(friends[u] & listening.keys()):
            await _send(hub, friend, data)


def _facts(
    store: Storage, users: list[int], online: list[int], rooms: list[str]
) -> tuple[
    dict[int, str],
    set[int],
    dict[int, list[tuple[str, int, bool]]],
    dict[str, bool],
    dict[int, set[int]],
]:
    """In one transaction: the players' names, who appears offline, the online ones' seats,
    which watched rooms are private, and each player's friends (a block ended any friendship
    between the two, so a blocked player is never told)."""
    return (
        {u: name for u, (name, _rating) in store.user_names(users).items()},
        store.appearing_offline(users),
        store.held_seats_of(online),
        store.room_private(rooms),
        {u: store.friend_ids(u) for u in users},
    )


def private(hub: Hub) -> dict[str, Any]:
    """This server's open private rooms, as the lobby lists them (plain RoomInfo)."""
    return {t.id: codec.plain(t.info()) for t in hub.tables.values() if t.private and not t.closed}


async def private_rooms(hub: Hub, rooms: list[str]) -> list[RoomInfo]:
    """The RoomInfo of those of ``rooms`` that are open, wherever they run, in that order."""
    link = hub.social.link
    if link is None:
        return [t.info() for r in rooms if (t := hub.tables.get(r)) is not None and not t.closed]
    found = await link.private_rooms(rooms)
    return [codec.convert(found[r], RoomInfo) for r in rooms if r in found]


async def run(hub: Hub, close_ended: Callable[[Hub, int, str | None], None]) -> None:
    """In a cluster: keep this node's whereabouts in Redis, hand on the notices meant for its
    players and close their connections of ended sessions (sign-outs: ``close_ended``, given
    by the server, since net.account_handlers imports this module), until cancelled. On one
    server there is nothing to run."""
    cluster = hub.cluster
    if cluster is None:
        return
    from net.cluster.social import SocialLink

    link = hub.social.link = SocialLink(cluster.node.redis, cluster.name)

    def moved(users: Iterable[int]) -> None:
        for user in users:
            changed(hub, user)

    tasks = [
        asyncio.create_task(
            link.listen(lambda u, d, c: deliver(hub, u, d, c), lambda u, s: close_ended(hub, u, s)),
            name="notices",
        ),
        asyncio.create_task(
            link.keep(lambda: here(hub), lambda: private(hub), moved), name="whereabouts"
        ),
    ]
    try:
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await link.leave()
