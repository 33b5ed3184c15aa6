"""Finished games: a player's list of games (their own, or a room's) and one hand's record, as
the store keeps them; only a game's players (or a public room's watchers) may read it.
"""

from __future__ import annotations

from engine import codec
from engine.errors import RulesError
from net.conn import Conn
from net.hub import Hub
from net.protocol import Games, GamesReply, GameSummary, Record, RecordReply


async def on_games(hub: Hub, conn: Conn, req: Games) -> GamesReply:
    if req.room is None:
        found = await hub.store.call(hub.store.games_of, conn.user, req.limit)
    else:
        found = await hub.store.call(hub.store.room_games, conn.user, req.room, req.limit)
    if found is None:
        raise RulesError("no-room", room=req.room)
    # the stored result is the hand's last event with each seat's rating change in it
    games = [{**g, "deltas": g["result"]["deltas"]} for g in found]
    return GamesReply(codec.convert(games, list[GameSummary]))


async def on_record(hub: Hub, conn: Conn, req: Record) -> RecordReply:
    found = None
    if 0 < req.game < 2**63:  # a game id is a SQLite integer
        found = await hub.store.call(hub.store.record_of, conn.user, req.game)
    if found is None:
        raise RulesError("no-game", game=req.game)
    return codec.convert(found, RecordReply)
