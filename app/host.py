"""Host a table from the app: the project's own server (``net.server.serve_forever``, the same
code as ``tuolaji-server``) in a child process, with its own SQLite file in the player's data
folder, announced on the local network (``net.discovery``).

A separate process, not a thread: the server's event loop and its AI searches never take the
interpreter (GIL) from the UI thread, so hosting costs the table no frames. Stopping sends the
child SIGTERM: the server's graceful shutdown tells the players and finishes its writes (the
records stay in the file for the next time).
"""

from __future__ import annotations

import errno
import multiprocessing
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

STOP_WAIT = 12.0  # seconds: the server's shutdown_grace (10) and a margin


@dataclass(frozen=True)
class HostOptions:
    db: str
    name: str  # the host's name in Nearby tables
    port: int = 8765
    host: str = "0.0.0.0"  # every interface: the LAN can reach it
    interfaces: list[str] | None = None  # where to announce (None: every interface)
    server: dict[str, Any] = field(default_factory=dict)  # other net.config options


def _stop_with_parent() -> None:
    """The app that started this server died without stopping it (killed, crashed): the
    server's own SIGTERM then shuts it down gracefully — players told, records written —
    instead of it holding the port for nobody."""
    import os
    import signal
    import threading

    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _child(pipe: Connection, opts: HostOptions) -> None:
    """The child process: serve and announce until SIGTERM or the app's end; tell the parent
    the bound port or why it could not start."""
    import asyncio

    from net import config, discovery
    from net.server import run_loop, serve_forever
    from net.storage import ENGINE

    cfg = config.load(
        env={}, overrides={"host": opts.host, "port": opts.port, "db": opts.db, **opts.server}
    )

    async def run() -> None:
        tasks: list[asyncio.Task[None]] = []

        def ready(server: Any, port: int) -> None:
            pipe.send(("ready", port))
            announce = discovery.announce(server, opts.name, port, ENGINE, opts.interfaces)
            tasks.append(asyncio.create_task(announce))

        try:
            await serve_forever(cfg, ready)
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    _stop_with_parent()
    try:
        run_loop(run(), cfg.event_loop)
    except OSError as e:
        pipe.send(("error", e.errno or 0, str(e)))
    except config.StartError as e:  # the server's one-line refusal wraps the socket's error
        cause = e.__context__
        pipe.send(("error", cause.errno or 0 if isinstance(cause, OSError) else 0, str(e)))


class HostProcess:
    """One hosted server: ``start``, then ``poll`` (never blocks) until it is ready or
    failed, ``stop`` to end it."""

    def __init__(self, opts: HostOptions) -> None:
        self.opts = opts
        self.port: int | None = None
        self._parent, child = multiprocessing.get_context("spawn").Pipe(duplex=False)
        ctx = multiprocessing.get_context("spawn")  # never fork a process running Qt
        self._proc = ctx.Process(target=_child, args=(child, opts), name="tuolaji-host")
        self._child_end = child

    def start(self) -> None:
        self._proc.start()
        self._child_end.close()

    def poll(self) -> tuple[str, Any] | None:
        """("ready", port), ("error", (errno, text)), ("exited", exit code) or None (not yet)."""
        try:
            if self._parent.poll():
                kind, *rest = self._parent.recv()
                if kind == "ready":
                    self.port = int(rest[0])
                    return ("ready", self.port)
                return ("error", tuple(rest))
        except (EOFError, OSError):
            pass
        if not self._proc.is_alive():
            return ("exited", self._proc.exitcode)
        return None

    def alive(self) -> bool:
        return self._proc.is_alive()

    def stop(self, wait: float = STOP_WAIT) -> int | None:
        """SIGTERM (the server's graceful shutdown), then SIGKILL if it outlasts ``wait``."""
        if self._proc.is_alive():
            self._proc.terminate()
            self._proc.join(wait)
            if self._proc.is_alive():
                self._proc.kill()
                self._proc.join()
        self._parent.close()
        return self._proc.exitcode


def port_in_use(error: tuple[int, str]) -> bool:
    return error[0] in (errno.EADDRINUSE, errno.EACCES)
