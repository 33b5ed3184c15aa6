"""Who a connection is: ``hello`` negotiates the protocol and logs a player in, a new guest by
name or a returning one by token (renewed past half its life), and lists the seats they hold.
"""

from __future__ import annotations

import time

from engine.errors import RulesError
from net import account_handlers, auth, civility, notices
from net.conn import Conn
from net.hub import Hub
from net.protocol import PROTOCOL, HeldSeat, Hello, HelloReply, Titles


async def on_hello(hub: Hub, conn: Conn, req: Hello) -> HelloReply:
    if PROTOCOL not in req.protocols:
        raise RulesError("unsupported-protocol", got=req.protocols, ours=[PROTOCOL])
    token = refresh = account = None
    if req.refresh is not None:  # an account's session: its refresh token is exchanged
        login = await account_handlers.by_refresh(hub, conn, req.refresh)
        user, name, rating, account = login.user, login.name, login.rating, login.account
        token, refresh = login.token, login.refresh  # (a ban was refused before the exchange)
    elif req.token is not None:
        ttl, now = hub.token_ttl, time.time()
        given = auth.token_hash(req.token)
        found = await hub.store.call(hub.store.user_by_token, given, now - ttl if ttl else 0)
        if found is None:  # unknown, revoked or expired; or an account session's access token
            session = await account_handlers.by_access(hub, conn, req.token)
            if session is None:
                raise RulesError("bad-token")
            found, account = (session.user, session.name, session.rating), session.account
        else:
            account_handlers.as_guest(conn)
        user, name, rating = found
        # a banned account is refused before its token is renewed (it works after the ban)
        await hub.store.call(civility.refuse_banned, hub.store, user, now)
        fresh = auth.new_token()
        # past half its life: a new token in this answer, which the client keeps
        if (
            ttl
            and account is None
            and await hub.store.call(
                hub.store.renew_token, user, auth.token_hash(fresh), now - ttl / 2
            )
        ):
            token = fresh
    else:
        account_handlers.as_guest(conn)
        problem = auth.name_problem(req.name)
        if problem is not None:
            raise RulesError(problem)
        assert req.name is not None
        token = auth.new_token()
        name, rating = req.name, 0
        user = await hub.store.call(hub.store.create_user, name, auth.token_hash(token))
    if conn.user is not None and conn.user != user:
        conn.forget()  # another identity: nothing of the last one's stays here
        notices.changed(hub, conn.user)
    conn.user, conn.name, conn.batch = user, name, req.batch
    notices.changed(hub, user)  # online (friends are told)
    if hub.cluster is not None:  # the tables of every node, as the database has them
        held = await hub.store.call(hub.store.held_seats, user)
        seats = [HeldSeat(room, seat) for room, seat in held]
    else:
        seats = [
            HeldSeat(room, seat)
            for room in hub.seated.get(user, ())
            if (t := hub.tables.get(room)) is not None and (seat := t.seat_of(user)) is not None
        ]
    titles = Titles(auth.title(rating, auth.LIANZHONG), auth.title(rating, auth.CHAOSHAN))
    return HelloReply(PROTOCOL, user, name, rating, titles, seats, token, refresh, account)
