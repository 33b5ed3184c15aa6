"""Rooms and their games: creating a room, joining, syncing, sitting, standing, readying, adding
an AI player, starting a hand, acting, 托管, chat and leaving; and the janitor that hands an
absent owner's room over and closes the rooms nobody is at.

Each handler checks who may ask (``watched``, ``seated``, ``owned``) and hands the game to
``net.tables.Table``, where the engine decides.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time

from engine.actions import checked
from engine.errors import RulesError
from engine.rules import rules_from
from net import auth, notices, social
from net.conn import Conn
from net.hub import Hub
from net.players import LEVELS
from net.protocol import (
    Act,
    AddBot,
    Create,
    CreateReply,
    Join,
    JoinReply,
    Leave,
    LeaveReply,
    Ready,
    SeatReply,
    Sit,
    Stand,
    Start,
    Sync,
    Trustee,
    VersionReply,
)
from net.spectators import MIN_DELAY
from net.storage import Fenced, StoreUnavailable
from net.tables import Seat, Table

log = logging.getLogger("tuolaji.server")

ID_BYTES = 8  # room ids and invites: 64 random bits, not to be guessed


def table_at(hub: Hub, room: str) -> Table:
    table = hub.tables.get(room)
    if room in hub.parked:
        raise RulesError("room-parked", room=room)
    if table is not None and table.stopped and not table.closed:
        raise RulesError("unavailable")  # shutting down: the room goes on at another node
    if table is None or table.closed:
        raise RulesError("no-room", room=room)
    return table


def watched(hub: Hub, conn: Conn, room: str) -> Table:
    table = conn.tables.get(room)
    if table is None:
        if table_at(hub, room).private:  # a stranger learns nothing of a private room
            raise RulesError("no-room", room=room)
        raise RulesError("not-watching", room=room)
    return table


def seated(hub: Hub, conn: Conn, room: str) -> tuple[Table, int]:
    """The watched table and the caller's seat at it (refused if it has none)."""
    table = watched(hub, conn, room)
    mine = table.seat_of(conn.user)
    if mine is None:
        raise RulesError("not-seated")
    return table, mine


def owned(hub: Hub, conn: Conn, room: str) -> Table:
    table = watched(hub, conn, room)
    if table.owner != conn.user:
        raise RulesError("not-owner")
    return table


async def on_create(hub: Hub, conn: Conn, req: Create) -> CreateReply:
    rules = rules_from(req.rules)
    assert conn.user is not None
    side = req.side
    if req.multiplier == 1:  # seed 002: 非多倍分房间没有正分房间和负分房间的区别
        if side not in (None, "any"):
            raise RulesError("bad-side")
        side = "any"
    elif side == "any":  # seed 002: 多倍分房间均设正分房间和负分房间
        raise RulesError("bad-side")
    elif side is None:
        rating = await hub.store.call(hub.store.rating, conn.user)
        side = "positive" if rating >= 0 else "negative"
    # a delay is never forced (0 by default); a rated room may ask for one too
    if 0 < req.spectator_delay < MIN_DELAY:
        raise RulesError("delay-short", min=MIN_DELAY)
    room = secrets.token_hex(ID_BYTES)
    while room in hub.tables:
        room = secrets.token_hex(ID_BYTES)
    table = Table(
        id=room,
        owner=conn.user,
        owner_name=conn.name,
        rules=rules,
        multiplier=req.multiplier,
        private=req.private,
        invite=secrets.token_hex(ID_BYTES) if req.private else None,
        seed=hub.seeds.getrandbits(62) if hub.seeds else secrets.randbits(62),
        store=hub.store,
        settings=hub.settings,
        on_change=hub.table_changed,
        on_seats=hub.index_seats,
        side=side,
        thinker=hub.thinker,
        spectator_delay=req.spectator_delay,
    )
    # counted by the store: on a cluster, the player's rooms on every node
    mine = await hub.store.call(hub.store.create_room, table.room_row(), hub.rooms_per_user)
    if mine is not None:
        raise RulesError("too-many-rooms", count=mine, max=hub.rooms_per_user)
    if hub.cluster is not None:
        try:
            await hub.cluster.adopt(room)
        except StoreUnavailable:  # Redis away: the room never opens (nor counts, nor
            table.closed = True  # is taken over); the client's resend creates it anew
            with contextlib.suppress(StoreUnavailable):
                await table.save_room()
            raise
    hub.tables[room] = table
    hub.table_changed(table)
    return CreateReply(room, side, table.invite)


async def on_join(hub: Hub, conn: Conn, req: Join) -> JoinReply:
    try:
        table = table_at(hub, req.room)
    except RulesError as e:
        raise auth.missing(req.room, req.invite) if e.code == "no-room" else e from None
    sits = table.seat_of(conn.user) is not None
    # compared as bytes: any text may come (str's compare_digest refuses non-ASCII)
    given, wanted = (req.invite or "").encode(), (table.invite or "").encode()
    invited = req.invite is not None and secrets.compare_digest(given, wanted)
    if table.private and not sits and conn.user != table.owner and not invited:
        raise auth.missing(req.room, req.invite)  # as for a room that does not exist
    if table.name_in_use(conn.name, conn.user):
        raise RulesError("name-taken", name=conn.name)
    conn.tables[table.id] = table
    seat = table.attach(conn, req.since)
    assert conn.user is not None
    notices.changed(hub, conn.user)  # watching it (friends are told)
    return JoinReply(table.id, seat, table.v)


async def on_sync(hub: Hub, conn: Conn, req: Sync) -> VersionReply:
    table = watched(hub, conn, req.room)
    for f in table.frames_for(table.watchers.get(conn), req.since):
        conn.push(f)
    return VersionReply(table.v)


async def on_sit(hub: Hub, conn: Conn, req: Sit) -> SeatReply:
    table = watched(hub, conn, req.room)
    if table.side != "any":  # seed 002: 正负分用户不能在同一房间中游戏
        rating = await hub.store.call(hub.store.rating, conn.user)
        if not auth.side_allows(table.side, rating):
            code = "rating-not-positive" if table.side == "positive" else "rating-not-negative"
            raise RulesError(code, rating=rating)
    if table.status == "playing":
        raise RulesError("hand-running")
    mine = table.seat_of(conn.user)
    if mine is not None:
        raise RulesError("already-seated", seat=mine)
    if table.seats[req.seat] is not None:
        raise RulesError("seat-taken", seat=req.seat)
    assert conn.user is not None
    seated = sorted(table.seated_users())  # blocked either way: not at one table (net.social)
    await hub.store.call(social.check_seat, hub.store, conn.user, seated, req.seat)
    if table.seats[req.seat] is not None:  # taken while the store answered
        raise RulesError("seat-taken", seat=req.seat)
    table.seats[req.seat] = Seat(conn.name, conn.user)
    table.reseat()
    await table.save_room()
    table.announce()
    return SeatReply(req.seat)


async def on_stand(hub: Hub, conn: Conn, req: Stand) -> None:
    table, mine = seated(hub, conn, req.room)
    if table.status == "playing":
        raise RulesError("hand-running")
    table.seats[mine] = None
    table.reseat()
    await table.save_room()
    table.announce()


async def on_ready(hub: Hub, conn: Conn, req: Ready) -> None:
    table, mine = seated(hub, conn, req.room)
    seat = table.seats[mine]
    assert seat is not None
    seat.ready = req.ready
    table.announce()
    if req.ready:
        await table.next_hand_when_ready()


async def on_bot(hub: Hub, conn: Conn, req: AddBot) -> SeatReply:
    table = owned(hub, conn, req.room)
    if req.level not in LEVELS:
        raise RulesError("bad-level", level=req.level)
    if table.status == "playing":
        raise RulesError("hand-running")
    if table.seats[req.seat] is not None:
        raise RulesError("seat-taken", seat=req.seat)
    name = f"bot-{req.level}-{req.seat}"
    if table.name_in_use(name, None):  # a person here already goes by it
        raise RulesError("name-taken", name=name)
    table.seats[req.seat] = Seat(name, None, req.level)
    await table.save_room()
    table.announce()
    return SeatReply(req.seat)


async def on_start(hub: Hub, conn: Conn, req: Start) -> VersionReply:
    table = owned(hub, conn, req.room)
    if table.status == "playing":
        raise RulesError("hand-running")
    if table.status == "over":
        raise RulesError("match-over")
    if not table.all_ready():
        raise RulesError("not-ready")
    v = await table.commit("start" if table.match is None else "next-hand")
    return VersionReply(v)


async def on_act(hub: Hub, conn: Conn, req: Act) -> VersionReply:
    table, mine = seated(hub, conn, req.room)
    action = checked(req.action)
    if action.seat != mine:
        raise RulesError("not-your-seat", seat=mine, asked=action.seat)
    if table.hand is None:
        raise RulesError("no-hand")
    v = await table.commit(action, conn.user, req.id)
    return VersionReply(v)


async def on_trustee(hub: Hub, conn: Conn, req: Trustee) -> None:
    table, mine = seated(hub, conn, req.room)
    seat = table.seats[mine]
    assert seat is not None
    seat.trustee = req.on
    table.announce()
    table.poke()


async def on_leave(hub: Hub, conn: Conn, req: Leave) -> LeaveReply:
    """Leave a table. Leaving a running hand from a seat (强退) costs the rating penalty
    of seed 002 at once, and the AI finishes the hand in that seat (the leaver also
    bears the hand's loss, never its win); the seat frees when the hand ends. The
    owner's room passes to someone still there; the last one out closes it."""
    table = watched(hub, conn, req.room)
    user = conn.user
    assert user is not None
    mine = table.seat_of(user)
    out = LeaveReply()
    if mine is not None:
        seat = table.seats[mine]
        assert seat is not None
        if table.status == "playing":
            assert table.hand is not None
            amount = auth.leave_penalty(table.multiplier)
            seat.left = True
            hand_no = table.hand.setup.hand_no
            rating = await hub.store.call(hub.store.penalize, user, table.id, hand_no, amount)
            out = LeaveReply(amount, rating)
        else:
            table.seats[mine] = None
        table.reseat()
    del conn.tables[table.id]
    table.detach(conn)
    notices.changed(hub, user)
    if table.owner == user and user not in table.present():
        heir = table.heir(user, present_only=False)
        if heir is not None:
            table.set_owner(*heir)
    if table.nobody_left(time.monotonic(), hub.settings.away_grace):
        table.closing = True
    await table.save_room()
    table.announce()
    table.poke()
    if table.closing and table.status != "playing":
        await close(hub, table)
    return out


async def janitor(hub: Hub) -> None:
    """Hand a room over when its owner has been gone longer than the away grace, and
    close rooms nobody is at (a running hand is first finished by the AI)."""
    grace = hub.settings.away_grace
    while True:
        await asyncio.sleep(min(1.0, max(0.05, grace / 4)))
        now = time.monotonic()
        for table in list(hub.tables.values()):
            try:
                await tidy(hub, table, now, grace)
            except (StoreUnavailable, Fenced) as e:  # tried again at the next pass
                log.warning("table %s: tidying failed: %s", table.id, e)
            except Exception:
                log.exception("table %s: tidying failed", table.id)


async def tidy(hub: Hub, table: Table, now: float, grace: float) -> None:
    if table.closed or table.stopped:  # stopped: its people left with the node, not the room
        return
    owner_gone = now - table.absent_since.get(table.owner, now) >= grace
    if owner_gone and table.owner not in table.present():
        heir = table.heir(table.owner, present_only=True)
        if heir is not None:
            table.set_owner(*heir)
            await table.save_room()
            table.announce()
    empty = table.empty_since is not None and now - table.empty_since >= grace
    if empty and table.nobody_left(now, grace):
        table.closing = True
    if table.closing and table.status != "playing":
        await close(hub, table)


async def close(hub: Hub, table: Table) -> None:
    table.closed = True
    table.stop()
    hub.rematches.forget(table)
    await table.save_room()
    if hub.cluster is not None:
        await hub.cluster.release(table.id)
    hub.tables.pop(table.id, None)
    hub.index_seats(table)
    hub.table_gone(table)
