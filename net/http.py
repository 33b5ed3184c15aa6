"""Plain HTTP on the websockets port: ``GET /livez`` (the process answers), ``GET /readyz``
(it can serve: not stopping, its event loop on time, its store, Redis and cluster tasks
well; ``/healthz`` is the same), ``GET /metrics``, and the limit on new connections per client
address (its real address, see ``net.proxy``).

Everything here runs in websockets' ``process_request`` hook, before the handshake: an HTTP
request for another path goes on to the websocket upgrade (and gets 426 if it is not one).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import time
import weakref
from collections.abc import Awaitable, Callable, Mapping, Sequence
from email.utils import formatdate
from http import HTTPStatus
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry
from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from net.metrics import exposition
from net.proxy import Network, real_address
from net.stats import Stats

BUCKETS_KEPT = 10_000  # client addresses whose handshake budget is remembered

log = logging.getLogger("tuolaji.health")

# a part the server needs, checked every second: None when it is well, else what is wrong
Check = Callable[[], Awaitable[str | None]]


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
        self.problems: list[str] = []  # what the last round of checks found wrong (``watch``)
        self.metrics_apart = False  # /metrics has an address of its own (``serve_metrics``)
        self._addresses: weakref.WeakKeyDictionary[ServerConnection, str] = (
            weakref.WeakKeyDictionary()
        )

    def address(self, ws: ServerConnection) -> str:
        """The real client address of an open connection."""
        found = self._addresses.get(ws)
        return found if found is not None else peer(ws)

    def __call__(self, ws: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path in ("/healthz", "/readyz"):
            return self.health()
        if path == "/livez":
            return self.alive()
        address = real_address(peer(ws), request.headers.get("X-Forwarded-For"), self.proxies)
        # a scrape costs as much as a connection: it spends the same budget
        if self.rate > 0 and not self._spend(address):
            return ws.respond(HTTPStatus.TOO_MANY_REQUESTS, "Too many connections, slow down.\n")
        if path == "/metrics" and self.registry is not None and not self.metrics_apart:
            return self.metrics()
        self._addresses[ws] = address
        return None

    def alive(self) -> Response:
        """Liveness: the process answers (a restart would not help a node whose database is
        away: that is readiness)."""
        uptime = round(self.stats.uptime(), 3)
        body = {"status": "alive", "version": self.version, "uptime": uptime}
        return _response(HTTPStatus.OK, "application/json", _json(body))

    def metrics(self) -> Response:
        assert self.registry is not None
        return _response(HTTPStatus.OK, CONTENT_TYPE_LATEST, exposition(self.registry))

    async def serve_metrics(self, host: str, port: int) -> asyncio.Server:
        """``GET /metrics`` (and ``/livez``, ``/readyz``) on an address of its own, e.g. one
        only the monitoring network reaches; the game port then serves no metrics."""
        self.metrics_apart = True

        async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            try:
                async with asyncio.timeout(5):
                    line = await reader.readline()
                    while (await reader.readline()).strip():
                        pass  # the headers
                parts = line.decode("latin-1").split()
                path = parts[1].split("?", 1)[0] if len(parts) > 1 else ""
                if path == "/metrics" and self.registry is not None:
                    response = self.metrics()
                elif path in ("/readyz", "/healthz"):
                    response = self.health()
                elif path == "/livez":
                    response = self.alive()
                else:
                    response = _response(HTTPStatus.NOT_FOUND, "text/plain", b"not found\n")
                head = f"HTTP/1.1 {response.status_code} {response.reason_phrase}\r\n"
                head += "".join(f"{k}: {v}\r\n" for k, v in response.headers.raw_items())
                writer.write(head.encode("latin-1") + b"\r\n" + response.body)
                await writer.drain()
            except (OSError, TimeoutError, UnicodeDecodeError):
                pass  # a client that went or never asked
            finally:
                writer.close()

        return await asyncio.start_server(answer, host, port)

    def health(self) -> Response:
        """Readiness: 200 while this node can serve, else 503 with the reason (a balancer
        sends new clients elsewhere)."""
        lag = self.stats.lag_now()
        status = "ok"
        if self.stopping:
            status = "stopping"
        elif lag > self.health_lag:
            status = "lagging"
        elif self.problems:
            status = "unready"
        ok = status == "ok"
        body: dict[str, Any] = {
            "status": status,
            "version": self.version,
            "uptime": round(self.stats.uptime(), 3),
            "loop_lag": round(lag, 4),
        }
        if self.problems:
            body["problems"] = self.problems
        if self.cluster is not None:
            body["node"] = self.node
            body["cluster"] = {
                n: {k: f.get(k) for k in ("tables", "connections")}
                for n, f in sorted(self.cluster().items())
            }
        code = HTTPStatus.OK if ok else HTTPStatus.SERVICE_UNAVAILABLE
        return _response(code, "application/json", _json(body))

    async def watch(self, checks: Sequence[Check], every: float = 1.0, limit: float = 2.0) -> None:
        """Run every check each ``every`` seconds; one that does not answer within ``limit``
        (a database that does not answer) counts as failed. ``problems`` holds what failed."""
        first = True
        while True:
            found = []
            for check in checks:
                try:
                    async with asyncio.timeout(limit):
                        problem = await check()
                except TimeoutError:
                    problem = f"{getattr(check, '__name__', 'check')}: no answer in {limit:g} s"
                except Exception as e:
                    problem = f"{getattr(check, '__name__', 'check')}: {e}"
                if problem is not None:
                    found.append(problem)
            if found != self.problems or first:
                if found:
                    log.warning("not ready: %s", "; ".join(found))
                    notify(f"STATUS=not ready: {'; '.join(found)}")
                else:
                    log.log(logging.INFO if first else logging.WARNING, "ready")
                    notify("READY=1\nSTATUS=ready")
            self.problems, first = found, False
            await asyncio.sleep(every)

    def _spend(self, address: str) -> bool:
        now = time.monotonic()
        tokens, stamp = self._budgets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        allowed = tokens >= 1
        if allowed:  # a refused attempt costs nothing: an address that stops hammering
            tokens -= 1  # gets its next connection within 1/rate seconds, never into debt
        self._budgets[address] = (tokens, now)  # re-inserted: the dict stays oldest-first
        if len(self._budgets) > BUCKETS_KEPT:
            del self._budgets[next(iter(self._budgets))]
        return allowed


def peer(ws: ServerConnection) -> str:
    """The address at the other end of the socket."""
    remote = ws.remote_address
    return str(remote[0]) if remote else ""


def notify(state: str) -> None:
    """Tell systemd (``Type=notify``: ``NOTIFY_SOCKET``) the server's state; nothing without."""
    path = os.environ.get("NOTIFY_SOCKET", "")
    if not path:
        return
    address = "\0" + path[1:] if path.startswith("@") else path  # an abstract socket
    with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
        s.sendto(state.encode(), address)


def _json(body: Mapping[str, Any]) -> bytes:
    return (json.dumps(body) + "\n").encode()


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
