"""Is a server there, and which version: ``GET /healthz`` on its websocket port, over TLS
with the same verification as the game's connection for a ``wss://`` server."""

from __future__ import annotations

import asyncio
import json
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from net import tls


@dataclass(frozen=True)
class Reach:
    ok: bool
    version: str = ""
    status: str = ""  # the server's own word ("ok", "lagging", "stopping") or why not reached
    certificate: bool = False  # refused for its certificate (not the network)


async def probe(url: str, pinned: str | None = None, timeout: float = 4.0) -> Reach:
    parts = urlsplit(url)
    secure = parts.scheme == "wss"
    host, port = parts.hostname or "", parts.port or (443 if secure else 80)
    context = tls.client_context(None, pinned) if secure else None
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection(
                host, port, ssl=context, server_hostname=host if secure else None
            )
            try:
                if secure and pinned:
                    tls.check_pin(writer.get_extra_info("ssl_object"), pinned)
                request = f"GET /healthz HTTP/1.1\r\nHost: {host}:{port}\r\n"
                request += "Connection: close\r\n\r\n"
                writer.write(request.encode())
                raw = await reader.read(65536)
            finally:
                writer.close()
    except (ssl.SSLCertVerificationError, tls.CertificateMismatch) as e:
        return Reach(False, status=str(e), certificate=True)
    except (OSError, TimeoutError) as e:
        return Reach(False, status=str(e) or type(e).__name__)
    head, _, body = raw.partition(b"\r\n\r\n")
    try:
        code = int(head.split(b" ", 2)[1])
        data = json.loads(body)
    except (IndexError, ValueError):
        return Reach(False, status="not a Tuolaji server")
    return Reach(code == 200, str(data.get("version", "")), str(data.get("status", "")))
