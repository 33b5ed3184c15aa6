"""Accounts that survive a new computer without e-mail (issue 37): an account name with an
optional password, recovery codes, link codes, and sessions of rotating refresh tokens.

A guest becomes an account by naming it (``register``): its rating and games stay its own. The
account signs in on another computer with its password, with a **recovery code** (eight are
shown once, at creation; using one ends every session and sets a new password), or with a
**link code** that a signed-in device shows for a few minutes. Each sign-in starts a session,
a *family* of tokens: a long-lived refresh token, exchanged at each connect for a new one
(``Hello.refresh``), and a short-lived access token for reconnecting meanwhile. The refresh token
rotates: the old one is marked used, and presenting a used one again means two holders, so the
whole family ends (the thief's copy and the owner's alike). Except shortly after: a connection
lost between the exchange and its answer leaves the client with the old token, so within
``ROTATION_GRACE`` of the exchange, while the new token is unused, the old one (the last one
exchanged, no older) is exchanged again and the unseen new one gives way, as OAuth servers'
reuse intervals do.

Only hashes are stored: passwords with argon2id (slow, salted: a password may be weak), tokens
and codes with SHA-256 (each is random with 79+ bits, so a slow hash would add nothing).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import threading

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from engine.errors import RulesError

PASSWORD_MIN = 8
PASSWORD_MAX = 128
RECOVERY_CODES = 8  # shown once, at creation
# 31 letters and digits that cannot be misread (no 0/O, 1/I/L)
ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
RECOVERY_CHARS = 16  # 79 bits
LINK_CHARS = 8  # 39 bits, for LINK_SECONDS and at most MAX_FAILURES wrong tries per address
LINK_SECONDS = 300.0
ACCESS_SECONDS = 12 * 3600.0  # an access token reconnects for this long
REFRESH_SECONDS = 90 * 86400.0  # an unused session ends after this long
# a refresh token exchanged this recently may be exchanged once more while the token it was
# exchanged for is unused: the answer was lost with the connection (Storage.rotate)
ROTATION_GRACE = 30.0
MAX_FAILURES = 5  # wrong passwords, recovery or link codes per FAILURE_WINDOW, per key
FAILURE_WINDOW = 900.0

# argon2id at RFC 9106's second recommended setting (64 MiB, 3 passes): ~50-100 ms a hash
HASHER = PasswordHasher(time_cost=3, memory_cost=64 * 1024, parallelism=4)
# hashes run off the event loop, two at a time (each takes 64 MiB while it runs)
_HASHING = threading.BoundedSemaphore(2)
# verified when an account does not exist or has no password, so that the answer takes as long
# as a wrong password's and does not tell which
_DUMMY = HASHER.hash(secrets.token_hex(16))


def new_secret() -> str:
    """A refresh or access token (192 random bits)."""
    return secrets.token_urlsafe(24)


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def _code(chars: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(chars))


def recovery_codes() -> list[str]:
    """Fresh recovery codes, written in groups of four: ``abcd-efgh-jkmn-pqrs``."""
    out = []
    for _ in range(RECOVERY_CODES):
        raw = _code(RECOVERY_CHARS)
        out.append("-".join(raw[i : i + 4] for i in range(0, RECOVERY_CHARS, 4)))
    return out


def link_code() -> str:
    """A fresh link code, as shown: ``ABCD-EFGH``."""
    raw = _code(LINK_CHARS).upper()
    return f"{raw[:4]}-{raw[4:]}"


def code_hash(code: str) -> str:
    """The hash of a recovery or link code as typed: case, spaces and dashes do not matter."""
    return secret_hash("".join(ch for ch in code.lower() if ch.isalnum()))


def password_problem(password: str) -> RulesError | None:
    """Why ``password`` cannot be a password; the empty string means none, which is allowed."""
    if password and not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        return RulesError("bad-password", min=PASSWORD_MIN, max=PASSWORD_MAX)
    return None


async def hash_password(password: str) -> str | None:
    """The argon2id hash of ``password`` (None for no password), off the event loop."""
    if not password:
        return None
    return await asyncio.to_thread(_hash, password)


async def password_matches(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` hashes; as slow when there is none."""
    return await asyncio.to_thread(_verify, stored, password)


def _hash(password: str) -> str:
    with _HASHING:
        return HASHER.hash(password)


def _verify(stored: str | None, password: str) -> bool:
    with _HASHING:
        try:
            return HASHER.verify(stored or _DUMMY, password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False
