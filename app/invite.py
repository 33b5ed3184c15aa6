"""Invite links and codes.

A room is shared as ``tuolaji://HOST:PORT/ROOM?invite=CODE`` (``&tls=1`` for a ``wss://``
server, ``&watch=1`` to open it as a spectator), or read out as a short code — the room, and
its invite for a private room, in groups of four: ``3F9A-21C0`` or ``3F9A-21C0-7B2E-11D4``. A
code names a room on the server the player is connected to (or the one nearby server).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, quote, urlsplit

SCHEME = "tuolaji"
_HEX8 = re.compile(r"^[0-9a-f]{8}$")


class BadLink(ValueError):
    """Not a link or code this app can open; ``en`` / ``zh`` say why to a player."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)
        self.en, self.zh = en, zh


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
        raise BadLink("Paste an invite link or type a code.", "请粘贴邀请链接或输入邀请码。")
    if "://" not in text:
        return _code(text)
    parts = urlsplit(text)
    if parts.scheme.lower() != SCHEME:
        raise BadLink(
            "That is not a Tuolaji invite: it should start with tuolaji://",
            "这不是拖拉机的邀请链接：应以 tuolaji:// 开头",
        )
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        host = port = None
    room = parts.path.strip("/").lower()
    if not host or port is None or not _HEX8.match(room):
        raise BadLink(
            "This invite link is incomplete: ask for it again.",
            "邀请链接不完整，请对方重新发送。",
        )
    query = parse_qs(parts.query)
    invite = query["invite"][0] if "invite" in query else None
    if invite is not None and not _HEX8.match(invite.lower()):
        raise BadLink("This invite code is not valid.", "邀请码无效。")
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
    if len(digits) not in (8, 16) or not re.fullmatch(r"[0-9a-f]+", digits):
        raise BadLink(
            "A code has 8 or 16 letters and digits, like 3F9A-21C0.",
            "邀请码由 8 或 16 个字母和数字组成，例如 3F9A-21C0。",
        )
    return Invite(room=digits[:8], invite=digits[8:] or None)
