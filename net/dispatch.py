"""From a client's frame to its answer: decode, check who may ask, send a table's request to the
node that runs the table (in a cluster), run the request's handler, answer ``ok`` or ``error``
with its id. A repeated id gets the first answer again and is never applied twice.

To add a request: its struct in ``net.protocol`` (and in ``ClientMessage``), a handler
``async def on_x(hub: Hub, conn: Conn, req: X) -> XReply | None`` in the module that holds its
concern, and one ``case X():`` in ``handle`` below. mypy checks that every request in
``ClientMessage`` has its case (``assert_never``). A request about one table (``room``) also goes
in ``TABLE_REQUESTS``, so that a cluster runs it on the table's node.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from typing import assert_never

from engine.errors import RulesError
from net import (
    account_handlers,
    friends,
    hello,
    lobby,
    logs,
    match_handlers,
    moderation,
    records,
    rooms,
)
from net.conn import Conn
from net.hub import Hub
from net.protocol import (
    AccountStatus,
    Act,
    AddBot,
    AppearOffline,
    Block,
    Chat,
    ClientMessage,
    Create,
    FriendAnswer,
    FriendRequest,
    Friends,
    Games,
    Hello,
    Invite,
    InviteAnswer,
    Join,
    Leaderboard,
    Leave,
    LinkEnter,
    LinkStart,
    Lobby,
    Moderate,
    ModLog,
    Mute,
    Ok,
    Ping,
    PingReply,
    Profile,
    Ready,
    Record,
    Recover,
    Register,
    Rematch,
    Reply,
    Report,
    SignIn,
    SignOut,
    Sit,
    Stand,
    Start,
    Sync,
    Trustee,
    Unfriend,
    decode_request,
    encode,
    error,
    request_id,
)
from net.storage import Fenced, StoreUnavailable

log = logging.getLogger("tuolaji.server")

REPLIES_KEPT = 512  # request ids remembered per user
# requests for one table: in a cluster they run on the node that owns it
TABLE_REQUESTS = (
    Join,
    Sync,
    Sit,
    Stand,
    Ready,
    Start,
    AddBot,
    Act,
    Trustee,
    Chat,
    Leave,
    Rematch,
    Invite,
    Mute,
    Report,  # with a room: its chat lines are kept by the node that runs it
)


async def handle(hub: Hub, conn: Conn, req: ClientMessage) -> Reply | None:
    """Run ``req``'s handler: its reply, or None for a bare ``ok``; a refusal raises."""
    match req:
        case Hello():
            return await hello.on_hello(hub, conn, req)
        case Lobby():
            return await lobby.on_lobby(hub, conn, req)
        case Create():
            return await rooms.on_create(hub, conn, req)
        case Join():
            return await rooms.on_join(hub, conn, req)
        case Sync():
            return await rooms.on_sync(hub, conn, req)
        case Sit():
            return await rooms.on_sit(hub, conn, req)
        case Stand():
            await rooms.on_stand(hub, conn, req)
        case Ready():
            await rooms.on_ready(hub, conn, req)
        case Start():
            return await rooms.on_start(hub, conn, req)
        case AddBot():
            return await rooms.on_bot(hub, conn, req)
        case Act():
            return await rooms.on_act(hub, conn, req)
        case Trustee():
            await rooms.on_trustee(hub, conn, req)
        case Chat():
            await moderation.on_chat(hub, conn, req)
        case Leave():
            return await rooms.on_leave(hub, conn, req)
        case Games():
            return await records.on_games(hub, conn, req)
        case Record():
            return await records.on_record(hub, conn, req)
        case Rematch():
            return await match_handlers.on_rematch(hub, conn, req)
        case Leaderboard():
            return await match_handlers.on_leaderboard(hub, conn, req)
        case Profile():
            return await match_handlers.on_profile(hub, conn, req)
        case Friends():
            return await friends.on_friends(hub, conn, req)
        case FriendRequest():
            return await friends.on_friend_request(hub, conn, req)
        case FriendAnswer():
            await friends.on_friend_answer(hub, conn, req)
        case Unfriend():
            await friends.on_unfriend(hub, conn, req)
        case Block():
            await friends.on_block(hub, conn, req)
        case AppearOffline():
            await friends.on_appear_offline(hub, conn, req)
        case Invite():
            return await friends.on_invite(hub, conn, req)
        case InviteAnswer():
            return await friends.on_invite_answer(hub, conn, req)
        case Mute():
            await moderation.on_mute(hub, conn, req)
        case Report():
            return await moderation.on_report(hub, conn, req)
        case Moderate():
            await moderation.on_moderate(hub, conn, req)
        case ModLog():
            return await moderation.on_mod_log(hub, conn, req)
        case Ping():
            return PingReply(time.time())
        case Register():
            return await account_handlers.on_register(hub, conn, req)
        case SignIn():
            return await account_handlers.on_sign_in(hub, conn, req)
        case Recover():
            return await account_handlers.on_recover(hub, conn, req)
        case LinkStart():
            return await account_handlers.on_link_start(hub, conn, req)
        case LinkEnter():
            return await account_handlers.on_link_enter(hub, conn, req)
        case SignOut():
            await account_handlers.on_sign_out(hub, conn, req)
        case AccountStatus():
            return await account_handlers.on_account(hub, conn, req)
        case _:
            assert_never(req)
    return None


async def dispatch(hub: Hub, conn: Conn, msg: str, local: bool = False) -> None:
    """Answer one request. In a cluster, a table's request goes to the node that owns the
    table (unless ``local``: it was forwarded here)."""
    t0 = time.perf_counter()
    try:
        req = decode_request(msg)
    except RulesError as e:
        conn.push(encode(error(request_id(msg), e)))
        return
    assert isinstance(req, ClientMessage)  # what decode_request decodes
    if isinstance(req, Hello | SignIn | Recover | LinkEnter):  # these need no identity
        conn.push((await answer(hub, conn, req))[0])
        return
    if conn.user is None:
        conn.push(encode(error(req.id, RulesError("not-logged-in"))))
        return
    logs.request_id.set(f"{logs.connection_id.get()}-{req.id}")
    cluster = hub.cluster
    room = req.room if isinstance(req, TABLE_REQUESTS) else None
    if cluster is not None and not local and room is not None:
        if cluster.is_remote(room):
            await cluster.forward(conn, msg, req)
            return
        await cluster.arrived(conn, room)
    replies = hub.replies.setdefault(conn.user, OrderedDict())
    fut = replies.get(req.id)
    if fut is not None:  # a repeated id: the first answer again, never a second apply
        conn.push(await asyncio.shield(fut))
        return
    fut = asyncio.get_running_loop().create_future()
    replies[req.id] = fut
    while len(replies) > REPLIES_KEPT:
        replies.popitem(last=False)
    frame, code = await answer(hub, conn, req)
    fut.set_result(frame)
    if code is not None:  # refused, so nothing was done: a resend is judged again (a refusal
        replies.pop(req.id, None)  # may hold for this connection only: ``not-watching``)
    conn.push(frame)
    if isinstance(req, Act):
        hub.stats.act(time.perf_counter() - t0)
        if hub.act_times is not None:
            hub.act_times.append((time.time(), time.perf_counter() - t0))


async def quiet(hub: Hub, conn: Conn, msg: str) -> None:
    """Run a request the server makes for a client (following its table to another node):
    the frames it pushes reach the client, its answer does not."""
    req = decode_request(msg)
    assert isinstance(req, ClientMessage)
    await answer(hub, conn, req)


async def answer(hub: Hub, conn: Conn, req: ClientMessage) -> tuple[bytes, str | None]:
    """The answer's frame, and its error code (None: ok)."""
    try:
        return encode(Ok(req.id, await handle(hub, conn, req))), None
    except RulesError as e:
        err = e
        log.info("refused %s: %s", type(req).__name__.lower(), e.code, extra={"code": e.code})
    except (StoreUnavailable, Fenced) as e:  # nothing was written (Fenced: the table
        log.warning("request %s: %s", named(req), e)  # moved to another node; a resend follows it)
        err = RulesError("unavailable")
    except Exception:
        log.exception("request %s failed", named(req))
        err = RulesError("internal")
    hub.stats.errors[err.code] += 1
    return encode(error(req.id, err)), err.code


def named(req: ClientMessage) -> str:
    """What the log may say of a request: its kind, id and room. Never its fields whole: a
    password, recovery or link code or token would reach the log in plain text."""
    room = f" in {req.room}" if isinstance(req, TABLE_REQUESTS) else ""
    return f"{type(req).__name__.lower()} #{req.id}{room}"


def remember(hub: Hub, user: int, req: int, frame: bytes) -> None:
    """Keep ``frame`` as the answer to ``user``'s request ``req`` (a table's log, restored:
    a resend of an action already applied gets its answer again)."""
    fut = asyncio.get_running_loop().create_future()
    fut.set_result(frame)
    replies = hub.replies.setdefault(user, OrderedDict())
    replies[req] = fut
    while len(replies) > REPLIES_KEPT:
        replies.popitem(last=False)
