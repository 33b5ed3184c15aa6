"""What the social requests share on one server: where its players are, notices to a player
wherever they are connected, the chat flood rule and the chat kept for reports.

On one node a notice goes straight to the player's connections and presence is read from the
connections here; in a cluster both go through Redis (``net.cluster.social``), so a friend on
another node is seen and reached the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from engine import codec
from net.civility import ChatMemory, FloodRule
from net.protocol import RoomInfo, encode

if TYPE_CHECKING:
    from net.cluster.social import SocialLink
    from net.conn import Conn
    from net.hub import Hub

log = logging.getLogger("tuolaji.social")


class Social:
    """One server's share: its flood rule, its rooms' recent chat, its link to the others."""

    def __init__(self) -> None:
        self.flood = FloodRule()
        self.chat = ChatMemory()
        self.link: SocialLink | None = None


_parts: weakref.WeakKeyDictionary[Hub, Social] = weakref.WeakKeyDictionary()


def of(hub: Hub) -> Social:
    found = _parts.get(hub)
    if found is None:
        found = _parts[hub] = Social()
    return found


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
    link = of(hub).link
    if link is not None:
        return await link.where(users)
    local = here(hub)
    return {u: local[u] for u in users if u in local}


async def notify(hub: Hub, user: int, frame: Struct, close: bool = False) -> None:
    """Send ``frame`` to ``user``'s connections (``close``: then close them: a ban). A notice
    that cannot reach Redis is dropped: what it announces is in the database already, and the
    friends panel shows it when next asked."""
    data = encode(frame)
    link = of(hub).link
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


def private(hub: Hub) -> dict[str, Any]:
    """This server's open private rooms, as the lobby lists them (plain RoomInfo)."""
    return {t.id: codec.plain(t.info()) for t in hub.tables.values() if t.private and not t.closed}


async def private_rooms(hub: Hub, rooms: list[str]) -> list[RoomInfo]:
    """The RoomInfo of those of ``rooms`` that are open, wherever they run, in that order."""
    link = of(hub).link
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

    link = of(hub).link = SocialLink(cluster.node.redis, cluster.name)
    tasks = [
        asyncio.create_task(
            link.listen(lambda u, d, c: deliver(hub, u, d, c), lambda u, s: close_ended(hub, u, s)),
            name="notices",
        ),
        asyncio.create_task(link.keep(lambda: here(hub), lambda: private(hub)), name="whereabouts"),
    ]
    try:
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await link.leave()
