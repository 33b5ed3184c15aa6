"""The requests about what comes after a match: a rematch (``net.rematch``), a preset's
leaderboard and a player's profile (``net.leaderboard``)."""

from __future__ import annotations

from net import rooms
from net.conn import Conn
from net.hub import Hub
from net.protocol import (
    BoardReply,
    Leaderboard,
    Profile,
    ProfileReply,
    Rematch,
    RematchReply,
)


async def on_rematch(hub: Hub, conn: Conn, req: Rematch) -> RematchReply:
    table, mine = rooms.seated(hub, conn, req.room)
    return await hub.rematches.answer(table, mine, req.accept, req.rotate)


async def on_leaderboard(hub: Hub, conn: Conn, req: Leaderboard) -> BoardReply:
    return await hub.boards.leaderboard(req)


async def on_profile(hub: Hub, conn: Conn, req: Profile) -> ProfileReply:
    assert conn.user is not None
    return await hub.boards.profile(conn.user, req)
