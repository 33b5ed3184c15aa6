"""A TCP proxy on 127.0.0.1 that a test can cut, as a network partition between one node and
one server (Redis or PostgreSQL) would: ``cut`` breaks every connection through it, and new
ones are accepted but never get an answer (their packets are lost) until ``heal``.

It runs its own event loop on a thread, so it serves server processes and the test alike.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from urllib.parse import urlsplit, urlunsplit


class CutProxy:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self.loop = asyncio.new_event_loop()
        self._cut = False
        self._writers: set[asyncio.StreamWriter] = set()
        self._server: asyncio.Server | None = None
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cut-proxy", daemon=True)

    def start(self) -> CutProxy:
        self._thread.start()
        self._started.wait(10)
        return self

    def url(self, url: str) -> str:
        """``url`` with its port replaced by the proxy's."""
        parts = urlsplit(url)
        netloc = parts.netloc.replace(f":{self.target_port}", f":{self.port}")
        return urlunsplit(parts._replace(netloc=netloc))

    def cut(self) -> None:
        self._call(self._set, True)

    def heal(self) -> None:
        self._call(self._set, False)

    def close(self) -> None:
        async def end() -> None:
            # stop accepting first: an accept the stopped loop never ran was left unawaited
            if self._server is not None:
                self._server.close()
            self._set(True)
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self.loop.stop()

        self.loop.call_soon_threadsafe(lambda: self.loop.create_task(end()))
        self._thread.join(10)
        if not self._thread.is_alive():
            self.loop.close()

    def _call(self, fn: object, *args: object) -> None:
        done = threading.Event()

        def go() -> None:
            fn(*args)  # type: ignore[operator]
            done.set()

        self.loop.call_soon_threadsafe(go)
        done.wait(10)

    def _set(self, cut: bool) -> None:
        """Either way, every connection open now ends: cut, its data is lost; healed, the
        black-holed ones are closed so that their clients connect again."""
        self._cut = cut
        for w in list(self._writers):
            w.transport.abort()
        self._writers.clear()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)

        async def serve() -> None:
            self._server = await asyncio.start_server(self._client, "127.0.0.1", 0)
            self.port = self._server.sockets[0].getsockname()[1]
            self._started.set()

        self.loop.run_until_complete(serve())
        self.loop.run_forever()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        if self._cut:  # a black hole: read and drop until healed (then closed)
            with contextlib.suppress(Exception):
                while await reader.read(65536):
                    pass
            return
        try:
            up_r, up_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.transport.abort()
            return
        self._writers.add(up_w)
        await asyncio.gather(self._pipe(reader, up_w), self._pipe(up_r, writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(Exception):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.transport.abort()
        self._writers.discard(writer)
