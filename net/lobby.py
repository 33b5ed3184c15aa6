"""The lobby: the page of public rooms a client asks for, and the pusher that sends its
subscribers what changed (the hub's ``lobby_news``, marked by ``Hub.table_changed`` and
``Hub.table_gone``). In a cluster both go through Redis, where every node lists its rooms.
"""

from __future__ import annotations

import asyncio
import logging
import time

from net import notices, social
from net.conn import Conn
from net.hub import Hub
from net.protocol import Lobby, LobbyPage, LobbyUpdate, encode

log = logging.getLogger("tuolaji.server")


async def on_lobby(hub: Hub, conn: Conn, req: Lobby) -> LobbyPage:
    if not req.private:
        conn.lobby = req.subscribe
    assert conn.user is not None  # dispatch answers only logged-in connections
    friends = await hub.store.call(hub.store.friend_ids, conn.user)
    mine = sorted(friends)
    if req.private:  # the private rooms the player may enter (listed by no push)
        since = time.time() - social.INVITE_TTL
        ids = await hub.store.call(hub.store.private_rooms_of, conn.user, since)
        found = await notices.private_rooms(hub, ids)
        return LobbyPage(found[req.offset : req.offset + req.limit], req.offset, len(found), mine)
    if hub.cluster is not None:  # every node's public rooms
        listed = social.friends_first(await hub.cluster.lobby(), social.people_in, friends)
        shown = listed[req.offset : req.offset + req.limit]
        return LobbyPage(shown, req.offset, len(listed), mine)
    rooms = [t for t in hub.tables.values() if not t.private and not t.closed]
    rooms = social.friends_first(rooms, lambda t: t.seated_users() | {t.owner}, friends)
    page = rooms[req.offset : req.offset + req.limit]
    return LobbyPage([t.info() for t in page], req.offset, len(rooms), mine)


async def lobby_pusher(hub: Hub, every: float = 0.5) -> None:
    """Coalesce lobby changes: at most one push per ``every`` seconds, carrying only the
    rooms that changed and the ids of those that closed."""
    news = hub.lobby_news
    while True:
        await news.due.wait()
        changed, gone = news.take()
        if hub.cluster is not None:  # listed in Redis; every node pushes from there
            try:
                await hub.cluster.publish_lobby(changed, gone)
            except Exception as e:
                log.warning("lobby: could not list this node's rooms: %s", e)
            await asyncio.sleep(every)
            continue
        subs = [c for c in hub.conns if c.lobby]
        if subs:
            rooms = [
                t.info()
                for rid in sorted(changed - gone)
                if (t := hub.tables.get(rid)) is not None and not t.closed
            ]
            frame = encode(LobbyUpdate(rooms, sorted(gone)))
            for c in subs:
                c.push(frame)
        await asyncio.sleep(every)
