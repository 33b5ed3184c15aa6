"""The account requests (net/accounts.py): register a guest as an account, sign in with a
password, a recovery code or a link code, show a link code, sign out, and the account's state;
and the two ways ``hello`` logs a session in (a refresh token, exchanged, or an access token).

Sign-in, recovery and link codes need no hello first (a new device has no identity yet). Wrong
passwords and codes are counted in the database per account and address (link codes: per
address), so every node of a cluster sees the same count: past ``MAX_FAILURES`` in
``FAILURE_WINDOW`` the next try is refused before it is checked.
"""

from __future__ import annotations

import logging
import secrets
import time
from dataclasses import dataclass
from typing import NoReturn
from weakref import WeakKeyDictionary

from engine.errors import RulesError
from net import accounts, auth, civility, notices
from net.accounts import FAILURE_WINDOW, LINK_SECONDS, MAX_FAILURES
from net.conn import Conn
from net.hub import Hub
from net.protocol import (
    AccountReply,
    AccountStatus,
    LinkCode,
    LinkEnter,
    LinkStart,
    Recover,
    Register,
    SignedIn,
    SignIn,
    SignOut,
)
from net.storage import NewSession, Storage

log = logging.getLogger("tuolaji.accounts")

# the requests a connection may make before its hello
BEFORE_HELLO = (SignIn, Recover, LinkEnter)

# the close code of a connection whose session another device ended (an application code)
CLOSE_SIGNED_OUT = 4001
# the session (token family) each connection logged in with: what "sign out" ends
_FAMILY: WeakKeyDictionary[Conn, str] = WeakKeyDictionary()


@dataclass(frozen=True)
class Login:
    """Who a session's hello logs in, and the tokens its answer carries."""

    user: int
    name: str
    rating: int
    account: str | None
    token: str | None = None  # a new access token
    refresh: str | None = None  # the refresh token that replaces the one given


def new_session() -> tuple[NewSession, str, str]:
    """A session to start: its row values, and the refresh and access tokens to hand out."""
    refresh, access = accounts.new_secret(), accounts.new_secret()
    now = time.time()
    row = (
        secrets.token_hex(16),
        accounts.secret_hash(refresh),
        now + accounts.REFRESH_SECONDS,
        accounts.secret_hash(access),
        now + accounts.ACCESS_SECONDS,
    )
    return row, refresh, access


# -- hello --------------------------------------------------------------------------------
async def by_refresh(hub: Hub, conn: Conn, refresh: str) -> Login:
    """Exchange a refresh token: the session's user with new tokens. A token exchanged before
    ends its whole session (two holders: one is not its owner), unless it is a retry whose
    answer was lost (``accounts.ROTATION_GRACE``)."""
    row, fresh, access = new_session()
    got, user, family = await hub.store.call(
        _exchange, hub.store, accounts.secret_hash(refresh), row, time.time()
    )
    if got == "reused":
        raise RulesError("refresh-reused")
    if got != "ok" or user is None or family is None:
        raise RulesError("bad-refresh")
    _FAMILY[conn] = family
    name, rating = (await hub.store.call(hub.store.user_names, [user]))[user]
    account = await hub.store.call(hub.store.account, user)
    return Login(user, name, rating, account[0] if account else None, access, fresh)


def _exchange(
    store: Storage, refresh: str, row: NewSession, now: float
) -> tuple[str, int | None, str | None]:
    """``store.rotate``, refused for a banned account in the same transaction, so the ban
    leaves the old token working (for after the ban) instead of spending it unseen."""
    got = store.rotate(refresh, row, now, accounts.ROTATION_GRACE)
    if got[0] == "ok" and got[1] is not None:
        civility.refuse_banned(store, got[1], now)
    return got


async def by_access(hub: Hub, conn: Conn, token: str) -> Login | None:
    """The session a live access token belongs to, or None."""
    found = await hub.store.call(hub.store.log_in_access, accounts.secret_hash(token))
    if found is None:
        return None
    user, name, rating, family = found
    _FAMILY[conn] = family
    account = await hub.store.call(hub.store.account, user)
    return Login(user, name, rating, account[0] if account else None)


def as_guest(conn: Conn) -> None:
    """The connection logged in with a guest's name or token: no session of its own."""
    _FAMILY.pop(conn, None)


# -- requests -----------------------------------------------------------------------------
async def on_register(hub: Hub, conn: Conn, req: Register) -> SignedIn:
    assert conn.user is not None
    problem = auth.name_problem(req.account)
    if problem is not None:
        raise RulesError(problem)
    bad = accounts.password_problem(req.password)
    if bad is not None:
        raise bad
    have = await hub.store.call(hub.store.account, conn.user)
    if have is not None:
        raise RulesError("already-account", name=have[0])
    password = await accounts.hash_password(req.password)
    codes = accounts.recovery_codes()
    row, refresh, access = new_session()
    why = await hub.store.call(
        hub.store.register,
        conn.user,
        req.account,
        auth.name_key(req.account),
        password,
        [accounts.code_hash(c) for c in codes],
        row,
    )
    if why is not None:  # registered meanwhile on another connection, or the name was taken
        raise RulesError(why, name=req.account)
    _FAMILY[conn] = row[0]
    return SignedIn(req.account, access, refresh, codes)


async def on_sign_in(hub: Hub, conn: Conn, req: SignIn) -> SignedIn:
    key = auth.name_key(req.account)
    tries = f"sign-in:{key}:{hub.address_of(conn.ws)}"
    await _not_too_many(hub, tries)
    found = await hub.store.call(hub.store.account_login, key)
    if not await accounts.password_matches(found[2] if found else None, req.password):
        await _wrong(hub, tries, RulesError("bad-sign-in"))
    assert found is not None
    await hub.store.call(hub.store.clear_failures, tries)
    row, refresh, access = new_session()
    await hub.store.call(hub.store.sign_in, found[0], row)
    return SignedIn(found[1], access, refresh)


async def on_recover(hub: Hub, conn: Conn, req: Recover) -> SignedIn:
    bad = accounts.password_problem(req.password)
    if bad is not None:
        raise bad
    key = auth.name_key(req.account)
    tries = f"recover:{key}:{hub.address_of(conn.ws)}"
    await _not_too_many(hub, tries)
    found = await hub.store.call(hub.store.account_login, key)
    if found is None:
        await _wrong(hub, tries, RulesError("bad-recovery-code"))
    password = await accounts.hash_password(req.password)
    row, refresh, access = new_session()
    code = accounts.code_hash(req.code)
    if not await hub.store.call(hub.store.recover, found[0], code, password, row):
        await _wrong(hub, tries, RulesError("bad-recovery-code"))
    await hub.store.call(hub.store.clear_failures, tries)
    await _close_sessions(hub, found[0], spare=row[0])
    return SignedIn(found[1], access, refresh)


async def on_link_start(hub: Hub, conn: Conn, req: LinkStart) -> LinkCode:
    assert conn.user is not None
    if await hub.store.call(hub.store.account, conn.user) is None:
        raise RulesError("not-account")
    code = accounts.link_code()
    expires = time.time() + LINK_SECONDS
    await hub.store.call(hub.store.new_link_code, conn.user, accounts.code_hash(code), expires)
    return LinkCode(code, LINK_SECONDS)


async def on_link_enter(hub: Hub, conn: Conn, req: LinkEnter) -> SignedIn:
    tries = f"link:{hub.address_of(conn.ws)}"
    await _not_too_many(hub, tries)
    row, refresh, access = new_session()
    user = await hub.store.call(hub.store.take_link_code, accounts.code_hash(req.code), row)
    if user is None:
        await _wrong(hub, tries, RulesError("bad-link-code", minutes=int(LINK_SECONDS // 60)))
    await hub.store.call(hub.store.clear_failures, tries)
    account = await hub.store.call(hub.store.account, user)
    assert account is not None  # link codes are shown by accounts only
    return SignedIn(account[0], access, refresh)


async def on_sign_out(hub: Hub, conn: Conn, req: SignOut) -> None:
    assert conn.user is not None
    family = _FAMILY.get(conn)
    if req.everywhere:
        if await hub.store.call(hub.store.account, conn.user) is None:
            raise RulesError("not-account")
        await hub.store.call(hub.store.end_sessions, conn.user)
        _FAMILY.pop(conn, None)  # first: the one that asked stays connected
        await _close_sessions(hub, conn.user, spare=None)
    elif family is None:
        raise RulesError("not-account")
    else:
        await hub.store.call(hub.store.end_family, family)
        _FAMILY.pop(conn, None)


async def on_account(hub: Hub, conn: Conn, req: AccountStatus) -> AccountReply:
    assert conn.user is not None
    found = await hub.store.call(hub.store.account, conn.user)
    if found is None:
        return AccountReply()
    name, password, left = found
    sessions = await hub.store.call(hub.store.live_sessions, conn.user)
    return AccountReply(name, password, left, sessions)


async def _close_sessions(hub: Hub, user: int, spare: str | None) -> None:
    """Close ``user``'s connections whose sessions just ended (all but the session ``spare``,
    one just started), on every node of a cluster: each client reconnects, is refused, and
    knows it is signed out."""
    link = notices.of(hub).link
    if link is None:
        close_ended(hub, user, spare)
        return
    try:
        await link.sign_out(user, spare)
    except Exception as e:  # redis' errors: the sessions have ended all the same, and each
        # connection is refused at its next reconnect
        log.warning("sign-out of user %d not sent to the other nodes: %r", user, e)


def close_ended(hub: Hub, user: int, spare: str | None) -> None:
    """Close this server's connections of ``user`` logged in with a session other than
    ``spare`` (a session's connections only: not one that signed out here)."""
    for c in list(hub.conns):
        if c.user == user and _FAMILY.get(c, spare) != spare:
            c.loop.create_task(c.ws.close(CLOSE_SIGNED_OUT, "signed out"))


async def _not_too_many(hub: Hub, key: str) -> None:
    since = time.time() - FAILURE_WINDOW
    if await hub.store.call(hub.store.failures, key, since) >= MAX_FAILURES:
        raise RulesError("too-many-tries", minutes=int(FAILURE_WINDOW // 60))


async def _wrong(hub: Hub, key: str, error: RulesError) -> NoReturn:
    """Count a wrong password or code for ``key``, and refuse with ``error``."""
    await hub.store.call(hub.store.failed, key, time.time() - FAILURE_WINDOW)
    raise error
