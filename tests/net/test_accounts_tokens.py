"""Refresh-token rotation as the store keeps it (net/storage.py, on a real SQLite file), and a
database from before accounts taken forward.

The stateful test drives any sequence of sign-ins, refreshes (of a current token or of one
already exchanged), time passing, ended sessions and 'end every session' against a model: a
family has at most one live refresh token; a token presented twice ends its whole family, except
the last one exchanged, within the grace of its exchange while the pair it got is unused
(neither exchanged nor its access token connected: a retry whose answer was lost), which is
exchanged again while that pair gives way (its access token ends too); at most one token of a
family has that way back; an ended family's tokens (access ones too) never work again.
"""

from __future__ import annotations

import secrets
import sqlite3
import time
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    invariant,
    multiple,
    precondition,
    rule,
)

from net import accounts
from net.storage import NewSession
from net.store import MIGRATIONS, SCHEMA, Store, _add_accounts

GRACE = accounts.ROTATION_GRACE


def new_session() -> tuple[NewSession, str, str]:
    """A session to start, with its refresh and access tokens as the client holds them."""
    refresh, access = accounts.new_secret(), accounts.new_secret()
    now = time.time()
    session = (
        secrets.token_hex(8),
        accounts.secret_hash(refresh),
        now + accounts.REFRESH_SECONDS,
        accounts.secret_hash(access),
        now + accounts.ACCESS_SECONDS,
    )
    return session, refresh, access


class Rotation(RuleBasedStateMachine):
    tokens = Bundle("tokens")

    def __init__(self) -> None:
        super().__init__()
        self.store = Store(":memory:")
        self.users = [self.store.create_user(f"p{i}", accounts.new_secret()) for i in range(2)]
        self.family: dict[str, str] = {}  # refresh token -> its family
        self.owner: dict[str, int] = {}  # family -> its user
        self.used: set[str] = set()  # refresh tokens exchanged (or given way)
        self.ended: set[str] = set()  # families ended
        self.access: dict[str, str] = {}  # family -> its newest access token
        self.live: dict[str, str] = {}  # family -> its live refresh token
        # a refresh token exchanged: when, and the token it was last exchanged for (None: it
        # gave way to a retry of its predecessor, so it has no way back)
        self.replaced: dict[str, tuple[float, str | None]] = {}
        self.now = float(int(time.time()))  # whole seconds: the grace's edge is exact

    def teardown(self) -> None:
        self.store.db.close()

    def _issue(self, family: str, refresh: str, access: str) -> str:
        self.family[refresh] = family
        self.access[family] = access
        self.live[family] = refresh
        return refresh

    @rule(target=tokens, who=st.integers(0, 1))
    def sign_in(self, who: int) -> str:
        session, refresh, access = new_session()
        self.store.sign_in(self.users[who], session)
        self.owner[session[0]] = self.users[who]
        return self._issue(session[0], refresh, access)

    @rule(target=tokens, token=tokens)
    def refresh(self, token: str) -> object:
        session, fresh, access = new_session()
        got = self.store.rotate(
            accounts.secret_hash(token), session, self.now, accounts.ROTATION_GRACE
        )
        family = self.family[token]
        if family in self.ended:
            assert got == ("unknown", None, None)
            return multiple()
        if token in self.used:
            at, successor = self.replaced.get(token, (0.0, None))
            if successor != self.live[family] or self.now - at > accounts.ROTATION_GRACE:
                # a second holder: the family ends, the reuser learns it
                assert got == ("reused", self.owner[family], family)
                self.ended.add(family)
                return multiple()
            # a retry whose answer was lost: the unseen pair gives way
            self.used.add(successor)
            self.replaced[successor] = (at, None)
            self.replaced[token] = (at, fresh)
            unseen = self.store.session_user(accounts.secret_hash(self.access[family]))
            assert unseen is None
        else:
            self.used.add(token)
            self.replaced[token] = (self.now, fresh)
        assert got == ("ok", self.owner[family], family)
        return self._issue(family, fresh, access)

    def _retryable(self) -> list[str]:
        """The tokens last exchanged in live families (random picks seldom find one), in the
        order they were exchanged (the tokens themselves are random: no order to replay)."""
        return [
            t
            for t, (_, successor) in self.replaced.items()
            if self.family[t] not in self.ended and successor == self.live[self.family[t]]
        ]

    @precondition(lambda self: bool(self._retryable()))
    @rule(target=tokens, data=st.data())
    def retry(self, data: st.DataObject) -> object:
        """The answer to the last exchange was lost: the client presents that token again."""
        return self.refresh(data.draw(st.sampled_from(self._retryable())))

    @rule(token=tokens)
    def connect_with_access(self, token: str) -> None:
        """The family's newest access token connects: its pair's answer arrived, so the token
        exchanged for that pair has no way back any more."""
        family = self.family[token]
        found = self.store.log_in_access(accounts.secret_hash(self.access[family]))
        if family in self.ended:
            assert found is None
            return
        assert found is not None and found[3] == family
        for old, (at, successor) in self.replaced.items():
            if successor == self.live[family]:
                self.replaced[old] = (at, None)

    @rule(seconds=st.sampled_from([1.0, 10.0, accounts.ROTATION_GRACE + 1]))
    def wait(self, seconds: float) -> None:
        self.now += seconds

    @rule(token=tokens)
    def sign_out(self, token: str) -> None:
        family = self.family[token]
        self.store.end_family(family)
        self.ended.add(family)

    @precondition(lambda self: bool(self.owner))
    @rule(who=st.integers(0, 1))
    def recovered(self, who: int) -> None:
        self.store.end_sessions(self.users[who])
        self.ended.update(f for f, u in self.owner.items() if u == self.users[who])

    @invariant()
    def one_live_token_per_family(self) -> None:
        rows = self.store.db.execute(
            "SELECT family, count(*) FROM sessions WHERE kind = 'refresh' AND state = 'live'"
            " GROUP BY family"
        ).fetchall()
        live = dict(rows)
        for family in self.owner:
            assert live.get(family, 0) == (0 if family in self.ended else 1), family

    @invariant()
    def one_way_back_per_family(self) -> None:
        """Only the token exchanged last may be exchanged again: one per family at most."""
        rows = self.store.db.execute(
            "SELECT s.family, count(*) FROM sessions s JOIN sessions n"
            " ON n.token_hash = s.successor WHERE n.state = 'live' GROUP BY s.family"
        ).fetchall()
        assert all(n == 1 for _, n in rows), rows

    @invariant()
    def access_works_while_the_family_lives(self) -> None:
        for family, access in self.access.items():
            found = self.store.session_user(accounts.secret_hash(access))
            if family in self.ended:
                assert found is None
            else:
                assert found is not None and found[0] == self.owner[family]
                assert found[3] == family


Rotation.TestCase.settings = settings(
    max_examples=300,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestRotation = Rotation.TestCase


def test_an_expired_refresh_token_is_refused(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "s.sqlite3"))
    user = store.create_user("Ann", accounts.new_secret())
    session, refresh, _ = new_session()
    store.sign_in(user, (session[0], session[1], time.time() - 1, session[3], session[4]))
    got = store.rotate(accounts.secret_hash(refresh), new_session()[0], time.time(), GRACE)
    assert got == ("unknown", None, None)
    store.db.close()


def test_a_database_from_before_accounts_is_taken_forward(tmp_path: Path) -> None:
    """A database written by the build before accounts (its schema and migrations up to the
    accounts one, with a guest) opens with the accounts tables; the guest logs in as before
    and may become an account."""
    path = str(tmp_path / "old.sqlite3")
    before = MIGRATIONS.index(_add_accounts)
    token = accounts.new_secret()
    old = sqlite3.connect(path, isolation_level=None)
    old.executescript(SCHEMA)
    for step in MIGRATIONS[:before]:
        step(old)
    old.execute(f"PRAGMA user_version = {before}")
    old.execute(
        "INSERT INTO users (name, token_hash, created) VALUES ('Ann', ?, 0)",
        (accounts.secret_hash(token),),
    )
    assert "sessions" not in {r[0] for r in old.execute("SELECT name FROM sqlite_master")}
    old.close()

    store = Store(path)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    found = store.user_by_token(accounts.secret_hash(token))
    assert found is not None and found[1:] == ("Ann", 0)
    user = found[0]
    assert store.account(user) is None
    session, refresh, _ = new_session()
    assert store.register(user, "Ann", "ann", None, ["c1", "c2"], session) is None
    assert store.account(user) == ("Ann", False, 2)
    assert store.user_by_token(accounts.secret_hash(token)) is None  # sessions log in now
    got = store.rotate(accounts.secret_hash(refresh), new_session()[0], time.time(), GRACE)
    assert got[:2] == ("ok", user)
    store.db.close()
