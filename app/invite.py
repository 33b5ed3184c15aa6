"""Invite links and codes.

A room is shared as ``tuolaji://HOST:PORT/ROOM?invite=CODE`` (``&tls=1`` for a ``wss://``
server, ``&watch=1`` to open it as a spectator), or read out as a code — the room, and its
invite for a private room, in groups of four: ``3F9A-21C0-7B2E-11D4`` (a room: 16 hexadecimal
digits, 64 bits) or 32 digits with the invite. A code of 8 digits names a room of an older
server (32-bit ids; links still carry those and their 8-digit invites). A code names a room on
the server the player is connected to (or the one nearby server).

``parse`` raises nothing but ``BadLink``, whatever is pasted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, quote, urlsplit

from PySide6.QtCore import QT_TRANSLATE_NOOP

from app.i18n import words

SCHEME = "tuolaji"
_ID = re.compile(r"^(?:[0-9a-f]{8}|[0-9a-f]{16})$")  # 64 bits; 32 on older servers


class BadLink(ValueError):
    """Not a link, code or server address this app can open; ``said(lang)`` tells a player why
    (``text`` marked ``QT_TRANSLATE_NOOP("Links", …)``, kept as such so that a sentence on
    show can be worded again in another language)."""

    def __init__(self, text: object) -> None:  # QT_TRANSLATE_NOOP's str, typed object
        super().__init__(text)
        self.text = str(text)

    def said(self, lang: str) -> str:
        return words(lang, "Links", self.text)


@dataclass(frozen=True)
class Invite:
    room: str
    invite: str | None = None
    host: str | None = None  # None: a code, for the server at hand
    port: int | None = None
    tls: bool = False
    watch: bool = False

    @property
    def url(self) -> str | None:
        """The server's websocket URL (None for a code)."""
        if self.host is None:
            return None
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}"

    def link(self) -> str:
        assert self.host is not None and self.port is not None
        host = f"[{self.host}]" if ":" in self.host else self.host
        query = [f"invite={quote(self.invite)}"] if self.invite else []
        query += ["tls=1"] if self.tls else []
        query += ["watch=1"] if self.watch else []
        tail = "?" + "&".join(query) if query else ""
        return f"{SCHEME}://{host}:{self.port}/{self.room}{tail}"

    def code(self) -> str:
        digits = self.room + (self.invite or "")
        return "-".join(digits[i : i + 4] for i in range(0, len(digits), 4)).upper()


def parse(text: str) -> Invite:
    """A ``tuolaji://`` link or a short code, as pasted (spaces and case do not matter)."""
    text = text.strip()
    if not text:
        raise BadLink(QT_TRANSLATE_NOOP("Links", "Paste an invite link or type a code."))
    if "://" not in text:
        return _code(text)
    try:
        parts = urlsplit(text)
    except ValueError:  # e.g. an IPv6 address without its closing bracket
        raise BadLink(
            QT_TRANSLATE_NOOP("Links", "This invite link is damaged: ask for it again.")
        ) from None
    if parts.scheme.lower() != SCHEME:
        raise BadLink(
            QT_TRANSLATE_NOOP(
                "Links", "That is not a Tuolaji invite: it should start with tuolaji://"
            )
        )
    try:
        host, port = parts.hostname, parts.port
    except ValueError:  # not a number, or above 65535
        port = 0
        host = parts.hostname
    if port == 0:
        raise BadLink(
            QT_TRANSLATE_NOOP(
                "Links",
                "The port in this invite link is not a port (1 to 65535): ask for it again.",
            )
        )
    room = parts.path.strip("/").lower()
    if not host or port is None or not _ID.match(room):
        raise BadLink(
            QT_TRANSLATE_NOOP("Links", "This invite link is incomplete: ask for it again.")
        )
    query = parse_qs(parts.query)
    invite = query["invite"][0] if "invite" in query else None
    if invite is not None and not _ID.match(invite.lower()):
        raise BadLink(QT_TRANSLATE_NOOP("Links", "This invite code is not valid."))
    return Invite(
        room=room,
        invite=invite.lower() if invite else None,
        host=host,
        port=port,
        tls=(query.get("tls") or ["0"])[0] == "1",
        watch=(query.get("watch") or ["0"])[0] == "1",
    )


def _code(text: str) -> Invite:
    digits = re.sub(r"[\s-]", "", text).lower()
    if len(digits) not in (8, 16, 32) or not re.fullmatch(r"[0-9a-f]+", digits):
        raise BadLink(
            QT_TRANSLATE_NOOP(
                "Links", "A code has 16 or 32 letters and digits, like 3F9A-21C0-7B2E-11D4."
            )
        )
    return Invite(room=digits[:16], invite=digits[16:] or None)
