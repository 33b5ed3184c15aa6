"""Account scenarios over real websockets, for one server (SQLite) and for a cluster's nodes
(PostgreSQL + Redis): each takes the nodes' URLs and spreads its devices over them, so that in a
cluster what one node wrote another one reads."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable

from netkit import refused, until
from websockets.asyncio.client import connect

from net.client import Client
from net.protocol import (
    AccountReply,
    AccountStatus,
    Hello,
    LinkCode,
    LinkEnter,
    LinkStart,
    Recover,
    Register,
    SignedIn,
    SignIn,
    SignOut,
    encode,
)

OPENED: list[Client] = []  # every client a scenario made: ``scenario`` closes them


async def scenario(body: Awaitable[None]) -> None:
    """Run ``body``, then close every connection it opened (refused ones too)."""
    try:
        await body
    finally:
        while OPENED:
            await OPENED.pop().close()


def opened(c: Client) -> Client:
    OPENED.append(c)
    return c


def fresh(prefix: str) -> str:
    """An account name no other test uses (the wrong tries are counted per account)."""
    return f"{prefix}{secrets.token_hex(3)}"


async def guest(url: str, name: str = "Ann") -> Client:
    c = opened(Client(url, name=name, reconnect=False))
    await c.connect()
    return c


async def bare(url: str) -> Client:
    """A connection that has not said hello (a new device)."""
    c = opened(Client(url, reconnect=False))
    await c.open()
    return c


async def register(c: Client, account: str, password: str = "") -> SignedIn:
    made = await c.ask(Register(c.next_id(), account, password), SignedIn)
    c.signed_in(made)
    return made


async def hello_refresh(url: str, refresh: str) -> Client:
    """A device that connects with its kept refresh token (exchanged for a new one)."""
    c = opened(Client(url, refresh=refresh, reconnect=False))
    await c.connect()
    return c


async def linked(signed_in: Client, url: str) -> SignedIn:
    """A new device at ``url`` signed in with the code ``signed_in`` shows."""
    shown = await signed_in.ask(LinkStart(signed_in.next_id()), LinkCode)
    new = await bare(url)
    got = await new.ask(LinkEnter(new.next_id(), shown.code), SignedIn)
    await new.close()
    return got


async def a_guest_becomes_an_account_and_its_refresh_token_rotates(urls: list[str]) -> None:
    a, b = urls[0], urls[-1]
    name = fresh("Ann")
    c = await guest(a)
    guest_token = c.token
    assert guest_token is not None
    me = c.user
    assert me is not None and me.account is None
    made = await register(c, name, "correct horse")
    assert made.account == name
    assert len(made.recovery) == 8 and len(set(made.recovery)) == 8
    state = await c.ask(AccountStatus(c.next_id()), AccountReply)
    assert (state.account, state.password, state.recovery_left, state.sessions) == (
        name,
        True,
        8,
        1,
    )
    # the guest token no longer logs in: the session does, on any node
    await refused("bad-token", opened(Client(a, token=guest_token, reconnect=False)).connect())
    d1 = await hello_refresh(b, made.refresh)
    assert d1.user is not None and d1.user.user == me.user and d1.user.account == name
    assert d1.refresh is not None and d1.refresh != made.refresh
    # its access token reconnects without using up the refresh token
    d2 = opened(Client(a, token=d1.token, reconnect=False))
    assert (await d2.connect()).user == me.user
    # the first refresh token again: two holders, so the session ends for both
    await refused("refresh-reused", hello_refresh(a, made.refresh))
    await refused("bad-refresh", hello_refresh(b, d1.refresh))
    await refused("bad-token", opened(Client(a, token=d1.token, reconnect=False)).connect())


async def register_refusals(urls: list[str]) -> None:
    a, b = urls[0], urls[-1]
    taken = fresh("Bo")
    c = await guest(a, "Bo")
    await refused("not-logged-in", (await bare(a)).ask(Register(1, taken), SignedIn))
    await refused("bad-name", c.ask(Register(c.next_id(), "x" * 17), SignedIn))
    await refused("invisible-name", c.ask(Register(c.next_id(), "\u3164"), SignedIn))
    e = await refused("bad-password", c.ask(Register(c.next_id(), taken, "short"), SignedIn))
    assert "8" in e.en and "128" in e.en and "8" in e.zh
    await refused("bad-password", c.ask(Register(c.next_id(), taken, "x" * 129), SignedIn))
    await register(c, taken)  # no password is fine
    e = await refused("already-account", c.ask(Register(c.next_id(), fresh("Bo")), SignedIn))
    assert taken in e.en and taken in e.zh
    other = await guest(b, "Cai")
    # names that look alike are one name (case, full-width letters)
    alike = "".join(chr(ord(ch) + 0xFEE0) if ch.isascii() else ch for ch in taken.upper())
    e = await refused("account-taken", other.ask(Register(other.next_id(), alike), SignedIn))
    assert alike in e.zh
    state = await other.ask(AccountStatus(other.next_id()), AccountReply)
    assert state.account is None  # still a guest: nothing changed


async def sign_in_with_a_password_and_wrong_tries_are_limited(urls: list[str]) -> None:
    a, b = urls[0], urls[-1]
    name = fresh("Dee")
    c = await guest(a)
    made = await register(c, name, "correct horse")
    new = await bare(b)
    e = await refused("bad-sign-in", new.ask(SignIn(new.next_id(), name, "wrong horse"), SignedIn))
    assert e.zh
    # an unknown account is refused in the same words
    other = await refused(
        "bad-sign-in", new.ask(SignIn(new.next_id(), fresh("Nobody"), "x" * 8), SignedIn)
    )
    assert other.en == e.en
    got = await new.ask(SignIn(new.next_id(), name.upper(), "correct horse"), SignedIn)
    assert got.account == name and got.recovery == []
    d = await hello_refresh(a, got.refresh)
    assert d.user is not None and c.user is not None and d.user.user == c.user.user
    assert (await c.ask(AccountStatus(c.next_id()), AccountReply)).sessions == 2
    for _ in range(5):
        await refused("bad-sign-in", new.ask(SignIn(new.next_id(), name, "nope nope"), SignedIn))
    e = await refused(
        "too-many-tries", new.ask(SignIn(new.next_id(), name, "correct horse"), SignedIn)
    )
    assert "15" in e.en and "15" in e.zh
    # an account without a password cannot be signed in to with one
    bare_name = fresh("Eve")
    await register(await guest(b), bare_name)
    await refused("bad-sign-in", new.ask(SignIn(new.next_id(), bare_name, ""), SignedIn))
    assert made.refresh  # the first session was not touched by any of this


async def a_recovery_code_ends_every_session_and_sets_the_password(urls: list[str]) -> None:
    a, b = urls[0], urls[-1]
    name = fresh("Fay")
    c = await guest(a)
    made = await register(c, name, "old password")
    second = await (await bare(b)).ask(SignIn(1, name, "old password"), SignedIn)
    d = await hello_refresh(b, second.refresh)
    new = await bare(a)
    await refused(
        "bad-recovery-code", new.ask(Recover(new.next_id(), name, "abcd-efgh-jkmn-pqrs"), SignedIn)
    )
    await refused(
        "bad-password", new.ask(Recover(new.next_id(), name, made.recovery[0], "short"), SignedIn)
    )
    typed = made.recovery[0].upper().replace("-", " ")  # case and spacing do not matter
    got = await new.ask(Recover(new.next_id(), name, typed, "new password"), SignedIn)
    assert got.account == name
    # every session before it has ended: refresh and access tokens alike
    await refused("bad-refresh", hello_refresh(a, made.refresh))
    await refused("bad-refresh", hello_refresh(b, d.refresh or ""))
    await refused("bad-token", opened(Client(b, token=d.token, reconnect=False)).connect())
    # the new password signs in, the old one no longer does; the code is spent
    probe = await bare(b)
    await refused("bad-sign-in", probe.ask(SignIn(probe.next_id(), name, "old password"), SignedIn))
    await probe.ask(SignIn(probe.next_id(), name, "new password"), SignedIn)
    await refused(
        "bad-recovery-code", probe.ask(Recover(probe.next_id(), name, made.recovery[0]), SignedIn)
    )
    now = await hello_refresh(a, got.refresh)
    state = await now.ask(AccountStatus(now.next_id()), AccountReply)
    assert (state.password, state.recovery_left) == (True, 7)


async def a_link_code_signs_another_device_in_once(urls: list[str]) -> None:
    a, b = urls[0], urls[-1]
    name = fresh("Gus")
    g = await guest(a, "Gus")
    await refused("not-account", g.ask(LinkStart(g.next_id()), LinkCode))
    await register(g, name)
    shown = await g.ask(LinkStart(g.next_id()), LinkCode)
    assert len(shown.code) == 9 and shown.code[4] == "-" and shown.seconds == 300
    other = await bare(b)
    got = await other.ask(LinkEnter(other.next_id(), shown.code.lower()), SignedIn)
    assert got.account == name
    d = await hello_refresh(b, got.refresh)
    assert d.user is not None and g.user is not None and d.user.user == g.user.user
    e = await refused("bad-link-code", other.ask(LinkEnter(other.next_id(), shown.code), SignedIn))
    assert "5" in e.en and "5" in e.zh
    # a newer code replaces the one shown before
    first = await g.ask(LinkStart(g.next_id()), LinkCode)
    second = await g.ask(LinkStart(g.next_id()), LinkCode)
    await refused("bad-link-code", other.ask(LinkEnter(other.next_id(), first.code), SignedIn))
    await other.ask(LinkEnter(other.next_id(), second.code), SignedIn)


async def signing_out_ends_this_session_or_all(urls: list[str]) -> None:
    a, b = urls[0], urls[-1]
    name = fresh("Hal")
    g = await guest(a)
    await refused("not-account", g.request(SignOut(g.next_id())))
    await refused("not-account", g.request(SignOut(g.next_id(), everywhere=True)))
    made = await register(g, name)
    other = await linked(g, b)
    third = await linked(g, a)
    d = await hello_refresh(b, other.refresh)
    await d.request(SignOut(d.next_id()))  # this device only
    await refused("bad-refresh", hello_refresh(a, d.refresh or ""))
    e = await hello_refresh(a, made.refresh)  # the others still work
    await e.request(SignOut(e.next_id(), everywhere=True))
    await refused("bad-refresh", hello_refresh(b, third.refresh))
    await refused("bad-refresh", hello_refresh(b, e.refresh or ""))


async def a_lost_answer_is_retried_with_the_old_refresh_token(
    urls: list[str], spent: Callable[[str], bool]
) -> None:
    """The connection drops right after a hello with a refresh token: the server exchanged the
    token (``spent`` says so, from the database), but its answer never arrived. The client's
    retry with the token it kept, on any node, signs in with a new pair instead of ending the
    session; once that pair is used the old token is a reuse again."""
    a, b = urls[0], urls[-1]
    g = await guest(a)
    made = await register(g, fresh("Ned"))
    async with connect(a) as ws:  # closed right after the hello, its answer unread
        await ws.send(encode(Hello(1, refresh=made.refresh, batch=True)), text=True)
    await until(lambda: spent(made.refresh), every=0.05)
    retry = await hello_refresh(b, made.refresh)
    assert retry.user is not None and g.user is not None and retry.user.user == g.user.user
    assert retry.refresh is not None and retry.refresh != made.refresh
    assert retry.user.account == made.account
    later = await hello_refresh(a, retry.refresh)  # the new pair is the session's now
    await refused("refresh-reused", hello_refresh(b, made.refresh))
    await refused("bad-refresh", hello_refresh(a, later.refresh or ""))


async def recovering_or_signing_out_everywhere_closes_the_ended_sessions_connections(
    urls: list[str],
) -> None:
    """A recovery code used on a new device (the old one lost, or someone else holds it): the
    connections the account had open, on every node, are closed at once, and each is told at
    its reconnect that it is signed out; signing out everywhere does the same to every other
    connection, the one that asked excepted."""
    a, b = urls[0], urls[-1]
    g = await guest(a)
    made = await register(g, fresh("Max"))
    held = opened(Client(b, refresh=made.refresh))
    await held.connect()
    new = await bare(a)
    got = await new.ask(Recover(new.next_id(), made.account, made.recovery[0]), SignedIn)
    await until(lambda: held.signed_out is not None and g.closed_with is not None)
    assert held.signed_out is not None and held.signed_out.code == "bad-refresh"
    assert g.closed_with == (4001, "signed out")  # (held reconnected, and was refused)
    here = opened(Client(a, refresh=got.refresh))
    await here.connect()  # the new session's connections stay
    there = await hello_refresh(b, (await linked(here, b)).refresh)
    also = await hello_refresh(a, (await linked(here, a)).refresh)
    await here.request(SignOut(here.next_id(), everywhere=True))
    await until(lambda: there.closed_with is not None and also.closed_with is not None)
    assert there.closed_with == also.closed_with == (4001, "signed out")
    assert here.connected  # the one that asked is not closed
