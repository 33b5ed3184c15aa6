"""One client's websocket: who it is, which tables it watches, its outgoing frames and how
they are written (the write path), and its message budget.

Frames are queued by ``push`` and written at the end of the event loop's turn (``flush``), or
by a task waiting on a client that reads slowly (``write``); one that lets ``write_max`` bytes
pile up is dropped with 1008. ``spend`` is the token bucket every incoming message draws on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from net.protocol import join_batch
from net.stats import Stats

if TYPE_CHECKING:
    from net.tables import Table

log = logging.getLogger("tuolaji.server")

WRITE_MAX = 4 * 1024 * 1024  # bytes waiting for one slow client before it is dropped (1008)
BATCH_MAX = 64  # frames in one message to a client that reads batches


class Conn:
    """One websocket: its identity, its outgoing frames, its message budget."""

    sent = 0  # frames queued to all connections (the load bench's frames/s)

    def __init__(
        self,
        ws: ServerConnection,
        rate: float,
        burst: float,
        write_max: int = WRITE_MAX,
        stats: Stats | None = None,
    ) -> None:
        self.ws = ws
        self.stats = stats or Stats()
        self.write_max = write_max
        self.user: int | None = None
        self.name = ""
        self.tables: dict[str, Table] = {}
        self.lobby = False
        self.pending: deque[bytes] = deque()
        self.backlog = 0  # bytes in ``pending``
        self.dropping = False  # closing a client that could not keep up
        self.batch = False  # it reads a JSON array of frames as those frames (Hello.batch)
        self.loop = asyncio.get_running_loop()
        self.flush_due = False  # a flush of ``pending`` is scheduled (``loop.call_soon``)
        self.writer: asyncio.Task[None] | None = None  # while the client's socket is full
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def push(self, frame: bytes) -> None:
        """Queue a frame for the writer. A client that lets more than ``write_max`` bytes pile
        up is dropped."""
        if self.dropping:
            return
        self.pending.append(frame)
        self.backlog += len(frame)
        Conn.sent += 1
        if self.backlog > self.write_max:
            self.drop()
        elif not self.flush_due and self.writer is None:
            self.flush_due = True
            self.loop.call_soon(self.flush)

    def next_message(self) -> bytes:
        """The next message from ``pending``: one frame, or to a client that reads batches
        (``Hello.batch``) everything queued as one message (one write, one system call; a
        table's action queues two or three frames per watcher, a deal step four)."""
        frame = self.pending.popleft()
        self.backlog -= len(frame)
        self.stats.frames += 1
        if not (self.batch and self.pending):
            return frame
        frames = [frame]
        while self.pending and len(frames) < BATCH_MAX:
            frames.append(self.pending.popleft())
            self.backlog -= len(frames[-1])
        self.stats.frames += len(frames) - 1
        return join_batch(frames)

    def flush(self) -> None:
        """Write what is queued, at once, while the client's socket takes it: the frames
        pushed in one turn of the event loop go out together at its end, straight through
        websockets' protocol to the transport. That costs a fraction of a writer task woken
        per connection and websockets' ``send`` per message, which was most of the server's
        CPU while 500 tables dealt at once. Once the socket's buffer is over its high-water
        mark (a client that does not read), ``write`` takes over and waits on it."""
        self.flush_due = False
        ws = self.ws
        if self.writer is not None or self.dropping or ws.state is not State.OPEN:
            return
        transport = ws.transport
        high = transport.get_write_buffer_limits()[1]
        try:
            while self.pending:
                if transport.get_write_buffer_size() > high:
                    self.writer = self.loop.create_task(self.write())
                    return
                ws.protocol.send_text(self.next_message())  # UTF-8 JSON, as a text frame
                for data in ws.protocol.data_to_send():
                    transport.write(data)
        except Exception as e:  # the connection went while we wrote: its handler cleans up
            log.debug("write to a closing connection: %s", e)
            transport.abort()

    async def write(self) -> None:
        """The queued frames through websockets' ``send``, which waits while the socket's
        buffer is over the server's ``write_limit``: the frames of a client that does not
        read pile up here (``push`` drops it past ``write_max``). Ends once all went."""
        ws = self.ws
        with contextlib.suppress(ConnectionClosed):
            while self.pending and not self.dropping and ws.state is State.OPEN:
                await ws.send(self.next_message(), text=True)
        self.writer = None
        if self.pending and not self.dropping:  # pushed while the last send drained
            self.flush_due = True
            self.loop.call_soon(self.flush)

    def drop(self) -> None:
        """Give up on a client that does not read: it leaves its tables and the lobby at
        once (nothing more is queued for it) and is closed with 1008; the close handshake
        times out (websockets' close_timeout) if it never reads again."""
        self.dropping = True
        self.pending.clear()
        self.backlog = 0
        self.forget()
        self.loop.create_task(self.ws.close(1008, "too slow"))

    def forget(self) -> None:
        """Stop watching every table (a seat held there is away, as after a drop) and leave
        the lobby's subscribers."""
        self.lobby = False
        tables, self.tables = list(self.tables.values()), {}
        for table in tables:
            table.detach(self)

    def spend(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= 1
        return self.tokens >= 0
