"""Chat and its civility requests: a chat line (the flood rule, chat timeouts, and who may not
see it: blocks both ways and mutes), muting a player at a table, reporting one, and the
moderators' actions and log (``net.civility`` decides)."""

from __future__ import annotations

import time
from typing import Any

from engine.errors import RulesError
from engine.messages import PHRASES
from net import civility, notices
from net.conn import Conn
from net.hub import Hub
from net.protocol import (
    MAX_CHAT,
    Chat,
    ChatLine,
    ModEntry,
    Moderate,
    ModLog,
    ModLogReply,
    Mute,
    Person,
    Report,
    ReportEntry,
    ReportReply,
    SocialNotice,
    encode,
)
from net.rooms import watched
from net.storage import Storage


def _me(conn: Conn) -> int:
    assert conn.user is not None  # dispatch answers only logged-in connections
    return conn.user


async def on_chat(hub: Hub, conn: Conn, req: Chat) -> None:
    """A line to everyone at the table but those who blocked me or whom I blocked, and those
    who muted me here; a typed line passes the flood rule first."""
    me = _me(conn)
    table = watched(hub, conn, req.room)
    if req.phrase is not None:
        if req.phrase not in PHRASES:
            raise RulesError("bad-phrase", phrase=req.phrase)
        text = PHRASES[req.phrase][0]
    else:
        if len(req.text) > MAX_CHAT:
            raise RulesError("chat-too-long", max=MAX_CHAT)
        text = "".join(ch for ch in req.text if ch.isprintable()).strip()
        if not text:
            raise RulesError("chat-empty")
    others = sorted({w.user for w in table.watchers if w.user is not None and w.user != me})
    now = time.time()
    hidden = await hub.store.call(_unseen, hub.store, me, table.id, others, now)
    part = notices.of(hub)
    if req.phrase is None:  # in a cluster counted on every node (Redis), else on this one
        if part.link is not None:
            await part.link.flood.check(part.flood, me, text)
        else:
            part.flood.check(me, text, time.monotonic())
    part.chat.add(table.id, conn.name, text)
    frame = encode(ChatLine(table.id, me, conn.name, text, req.phrase))
    for who in list(table.watchers):
        if who.user not in hidden:
            who.push(frame)


def _unseen(store: Storage, me: int, room: str, others: list[int], now: float) -> set[int]:
    """Refuse a player whose chat is timed out; else who must not see their line."""
    civility.refuse_timed_out(store, me, now)
    return store.blocks_among(me, others) | store.muting(me, room, others)


async def on_mute(hub: Hub, conn: Conn, req: Mute) -> None:
    me = _me(conn)
    table = watched(hub, conn, req.room)
    if req.user == me:
        raise RulesError("not-yourself")
    if not on_table(table.watchers, table.seated_users(), req.user):
        names = await hub.store.call(hub.store.user_names, [req.user])
        raise RulesError("not-at-table", name=names.get(req.user, (f"#{req.user}",))[0])
    await hub.store.call(hub.store.set_mute, me, req.user, table.id, req.on)


def on_table(watchers: Any, seated: set[int], user: int) -> bool:
    """Whether ``user`` sits at the table or watches it."""
    return user in seated or any(w.user == user for w in watchers)


async def on_report(hub: Hub, conn: Conn, req: Report) -> ReportReply:
    """With a room (run on its node): the room's last chat lines go with the report."""
    chat: list[str] = []
    if req.room is not None:
        table = watched(hub, conn, req.room)
        chat = notices.of(hub).chat.lines(table.id)
    report = await hub.store.call(
        civility.report,
        hub.store,
        _me(conn),
        req.user,
        req.reason,
        req.text,
        req.room,
        chat,
        time.time(),
    )
    return ReportReply(report)


async def on_moderate(hub: Hub, conn: Conn, req: Moderate) -> None:
    until = await hub.store.call(
        civility.moderate,
        hub.store,
        _me(conn),
        req.action,
        req.user,
        req.minutes,
        req.reason,
        time.time(),
    )
    notice = SocialNotice("moderated", Person(_me(conn), conn.name), None, req.reason, until)
    await notices.notify(hub, req.user, notice, close=req.action == "ban")


async def on_mod_log(hub: Hub, conn: Conn, req: ModLog) -> ModLogReply:
    log, reports = await hub.store.call(_log, hub.store, _me(conn), req.limit)
    return ModLogReply(
        [
            ModEntry(i, at, actor, action, Person(t, tn), why, until)
            for i, at, actor, action, t, tn, why, until in log
        ],
        [
            ReportEntry(i, at, Person(a, an), Person(b, bn), why, text, room, game, chat)
            for i, at, a, an, b, bn, why, text, room, game, chat in reports
        ],
    )


def _log(store: Storage, me: int, limit: int) -> tuple[list[Any], list[Any]]:
    civility.may_moderate(store, me)
    return store.moderation_log(limit), store.reports(limit)
