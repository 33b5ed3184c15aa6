"""Plain HTTP on the websockets port: ``GET /healthz`` and ``GET /metrics``, and the limit on
new connections per client address (its real address, see ``net.proxy``).

Everything here runs in websockets' ``process_request`` hook, before the handshake: an HTTP
request for another path goes on to the websocket upgrade (and gets 426 if it is not one).
"""

from __future__ import annotations

import json
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from email.utils import formatdate
from http import HTTPStatus
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry
from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from net.metrics import Stats, exposition
from net.proxy import Network, real_address

BUCKETS_KEPT = 10_000  # client addresses whose handshake budget is remembered


class Front:
    def __init__(
        self,
        stats: Stats,
        version: str,
        proxies: Sequence[Network] = (),
        registry: CollectorRegistry | None = None,
        health_lag: float = 1.0,
        rate: float = 2.0,
        burst: float = 20.0,
    ) -> None:
        self.stats = stats
        self.version = version
        self.proxies = tuple(proxies)
        self.registry = registry
        self.health_lag = health_lag
        self.rate = rate
        self.burst = burst
        self.stopping = False
        self.node = ""  # in a cluster: this node's id, and ``cluster`` its view of all nodes
        self.cluster: Callable[[], Mapping[str, Mapping[str, Any]]] | None = None
        self._budgets: dict[str, tuple[float, float]] = {}  # address -> (tokens, stamp)
        self._addresses: weakref.WeakKeyDictionary[ServerConnection, str] = (
            weakref.WeakKeyDictionary()
        )

    def address(self, ws: ServerConnection) -> str:
        """The real client address of an open connection."""
        found = self._addresses.get(ws)
        return found if found is not None else peer(ws)

    def __call__(self, ws: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path == "/healthz":
            return self.health()
        if path == "/metrics" and self.registry is not None:
            return _response(HTTPStatus.OK, CONTENT_TYPE_LATEST, exposition(self.registry))
        address = real_address(peer(ws), request.headers.get("X-Forwarded-For"), self.proxies)
        if self.rate > 0 and not self._spend(address):
            return ws.respond(HTTPStatus.TOO_MANY_REQUESTS, "Too many connections, slow down.\n")
        self._addresses[ws] = address
        return None

    def health(self) -> Response:
        lag = self.stats.lag_now()
        ok = not self.stopping and lag <= self.health_lag
        body: dict[str, Any] = {
            "status": "ok" if ok else ("stopping" if self.stopping else "lagging"),
            "version": self.version,
            "uptime": round(self.stats.uptime(), 3),
            "loop_lag": round(lag, 4),
        }
        if self.cluster is not None:
            body["node"] = self.node
            body["cluster"] = {
                n: {k: f.get(k) for k in ("tables", "connections")}
                for n, f in sorted(self.cluster().items())
            }
        status = HTTPStatus.OK if ok else HTTPStatus.SERVICE_UNAVAILABLE
        return _response(status, "application/json", (json.dumps(body) + "\n").encode())

    def _spend(self, address: str) -> bool:
        now = time.monotonic()
        tokens, stamp = self._budgets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate) - 1
        self._budgets[address] = (tokens, now)  # re-inserted: the dict stays oldest-first
        if len(self._budgets) > BUCKETS_KEPT:
            del self._budgets[next(iter(self._budgets))]
        return tokens >= 0


def peer(ws: ServerConnection) -> str:
    """The address at the other end of the socket."""
    remote = ws.remote_address
    return str(remote[0]) if remote else ""


def _response(status: HTTPStatus, content_type: str, body: bytes) -> Response:
    headers = Headers(
        [
            ("Date", formatdate(usegmt=True)),
            ("Connection", "close"),
            ("Content-Type", content_type),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"),
        ]
    )
    return Response(status.value, status.phrase, headers, body)
