"""The player's saved servers: name, ``ws://`` or ``wss://`` address and, for a server with a
self-signed certificate, the SHA-256 fingerprint trusted for it. Kept as JSON in the data
folder; the last server connected to is the settings' ``serverAddress``."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urlsplit

from PySide6.QtCore import QT_TRANSLATE_NOOP

from app.invite import BadLink
from net import tls


@dataclass(frozen=True)
class Saved:
    name: str
    url: str
    pinned: str = ""


def normal_url(address: str) -> str:
    """``host:port`` or a ws(s):// URL, as a ws(s):// URL; a player's sentence if it is not."""
    address = address.strip()
    url = address if "://" in address else f"ws://{address}"
    looks_like = BadLink(
        QT_TRANSLATE_NOOP(
            "Links", "A server address looks like 192.168.1.20:8765 or wss://tables.example.org"
        )
    )
    try:
        parts = urlsplit(url)
    except ValueError:  # e.g. an IPv6 address without its closing bracket
        raise looks_like from None
    try:
        port = parts.port
    except ValueError:  # not a number, or above 65535
        port = 0
    if port == 0:
        raise BadLink(
            QT_TRANSLATE_NOOP(
                "Links", "A server's port is a number from 1 to 65535, like 192.168.1.20:8765"
            )
        )
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise looks_like
    default = 443 if parts.scheme == "wss" else 8765
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port or default}"


class Servers:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.items: list[Saved] = []
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            self.items = [Saved(**s) for s in data.get("servers", [])]
        except (OSError, ValueError, TypeError):
            self.items = []  # none saved yet (or an unreadable file: start again)

    def save(self, name: str, address: str, pinned: str = "") -> Saved:
        url = normal_url(address)
        if pinned.strip():
            try:
                pinned = tls.normal(pinned)
            except ValueError:
                raise BadLink(
                    QT_TRANSLATE_NOOP(
                        "Links", "A certificate fingerprint is 64 hexadecimal digits (SHA-256)."
                    )
                ) from None
        entry = Saved(name.strip() or urlsplit(url).hostname or url, url, pinned.strip())
        self.items = [s for s in self.items if s.url != url] + [entry]
        self._write()
        return entry

    def remove(self, url: str) -> None:
        self.items = [s for s in self.items if s.url != url]
        self._write()

    def find(self, url: str) -> Saved | None:
        return next((s for s in self.items if s.url == url), None)

    def _write(self) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"servers": [asdict(s) for s in self.items]}, indent=1))
        tmp.replace(self.path)
