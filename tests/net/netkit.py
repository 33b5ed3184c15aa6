"""Helpers for the net tests: a real server process, seated clients, and the leak checker."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.codec import plain
from engine.events import Event
from engine.rules import rules_from
from net.client import Client, ServerError
from net.config import Settings
from net.store import Store
from net.tables import Table

ROOT = Path(__file__).resolve().parents[2]
CARD = re.compile(r"^(?:[2-9TJQKA][SHCD]|SJ|BJ)$")


# the tests' server paces nothing: AI actions and trick ends go at once (a test may pass
# its own values after these; the last one given wins); its clients all come from 127.0.0.1
FAST = ("--bot-delay", "0", "--trick-pause", "0", "--handshake-rate", "0")


class ServerProcess:
    """``python -m net.server`` on 127.0.0.1 with a SQLite file in a temp dir."""

    def __init__(self, db: Path, *args: str, port: int = 0, log: Path | None = None) -> None:
        self.db = db
        self.args = args
        self.port = port
        self.log = log  # the server's stderr goes here when given
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> ServerProcess:
        cmd = [sys.executable, "-m", "net.server", "--port", str(self.port), "--db", str(self.db)]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        err = open(self.log, "a") if self.log is not None else None  # noqa: SIM115
        self.proc = subprocess.Popen(
            [*cmd, *FAST, *self.args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
        )
        if err is not None:
            err.close()  # the child has its own descriptor
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        m = re.search(r":(\d+)$", line.strip())
        assert m, f"server did not start: {line!r}"
        self.port = int(m.group(1))
        return self

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def pause(self) -> None:
        """Freeze the process (SIGSTOP): it reads and answers nothing until ``resume``."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.alive():
            self.resume()  # a paused process would not end on SIGTERM
            assert self.proc is not None
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def cluster_nodes(
    tmp_path: Path, pg_url: str, redis_url: str, *extra: str, names: tuple[str, ...] = ("a", "b")
) -> list[ServerProcess]:
    """Nodes of one cluster on PostgreSQL + Redis, started (the caller stops them)."""
    return [
        ServerProcess(
            tmp_path / f"{name}.sqlite3",  # unused: the store is PostgreSQL
            *("--store", pg_url, "--redis", redis_url, "--node-id", name, *extra),
            log=tmp_path / f"{name}.log",
        ).start()
        for name in names
    ]


async def seat_four(
    url: str | list[str],
    rules: Any = "classic",
    names: tuple[str, ...] = ("Ann", "Bo", "Cai", "Dee"),
    **create: Any,
) -> tuple[str, list[Client]]:
    """Four logged-in clients seated 0-3 and ready at a new room (not started); ``url``, or
    one per seat (the first creates the room)."""
    urls = [url] * len(names) if isinstance(url, str) else url
    clients = [Client(u, name=n, keep_raw=True) for u, n in zip(urls, names, strict=True)]
    for c in clients:
        await c.connect()
    made = await clients[0].create(rules, **create)
    room = made.room
    for i, c in enumerate(clients):
        await c.join(room, made.invite)
        await c.sit(room, i)
        await c.ready(room)
    return room, clients


async def start_against_bots(c: Client, room: str) -> None:
    """``c`` (already in ``room``) sits at seat 0, fills 1-3 with random bots and starts."""
    await c.sit(room, 0)
    for seat in (1, 2, 3):
        await c.add_bot(room, seat, "random")
    await c.ready(room)
    await c.start(room)


async def until(predicate: Any, timeout: float = 10.0, every: float = 0.01) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        if loop.time() > end:
            raise TimeoutError("condition not met")
        await asyncio.sleep(every)


def frames(c: Client, kind: str, room: str | None = None) -> list[dict[str, Any]]:
    """The frames of type ``kind`` a client (``keep_raw``) received, for ``room`` if given."""
    out = []
    for raw in c.raw:
        f = json.loads(raw)
        at = f.get("room")
        at = at.get("room") if isinstance(at, dict) else at  # a room frame carries its RoomInfo
        if f["type"] == kind and (room is None or at == room):
            out.append(f)
    return out


# -- the leak checker ------------------------------------------------------------------------
def cards_in(value: Any) -> Counter[str]:
    out: Counter[str] = Counter()
    if isinstance(value, str):
        if CARD.match(value):
            out[value] += 1
    elif isinstance(value, list):
        for v in value:
            out += cards_in(v)
    elif isinstance(value, dict):
        for v in value.values():
            out += cards_in(v)
    return out


def known_cards(events: list[dict[str, Any]], seat: int | None) -> Counter[str]:
    """Card copies ``seat`` may have seen after ``events`` (full record events): its own cards
    (dealt, and the kitty it picked up as dealer) plus every public reveal."""
    mine: Counter[str] = Counter()
    public: Counter[str] = Counter()
    for e in events:
        kind = e["type"]
        to, owner = e.get("_to"), e.get("_owner")
        if to is not None and to != seat:
            continue
        if kind == "deal" and e["seat"] == seat:
            mine[e["card"]] += 1
        elif kind == "kitty-pickup" and owner == seat:
            mine.update(e["cards"])
        elif kind == "bury":
            public.update(e["shown"])
        elif kind in ("bid", "play", "kitty-flip"):
            public.update(e["cards"])
        elif kind == "throw-failed":
            public.update(e["attempted"])
        elif kind == "friend-called":
            public[e["card"]] += 1
        elif kind == "hand-end":
            public.update(e["kitty"])
    return mine + public


def leaks(record: dict[str, Any], v0: int, seat: int | None, raws: list[str]) -> list[str]:
    """Every problem with the frames one recipient got during one hand: an event frame that
    is not exactly ``Event.for_seat(seat)`` of the record's event at that version, or any frame
    naming a card the recipient could not have seen by then."""
    events = record["events"]
    found = []
    for raw in raws:
        frame = json.loads(raw)
        v = frame.get("v")
        if frame["type"] not in ("event", "snapshot") or not isinstance(v, int):
            shown = cards_in(frame)
            if shown and frame["type"] != "room":
                found.append(f"unversioned frame names cards: {raw[:200]}")
            continue
        i = v - v0 - 1  # the event's index in this hand
        if not 0 <= i < len(events):
            continue  # another hand
        if frame["type"] == "event":
            seen = Event.from_dict(events[i]).for_seat(seat)
            expect = plain(seen) if seen is not None else None
            if frame["event"] != expect:
                found.append(f"v{v}: got {frame['event']} expected {expect}")
        known = known_cards(events[: i + 1], seat)
        shown = cards_in(frame["event"] if frame["type"] == "event" else frame["view"])
        if frame["type"] == "snapshot":
            shown = Counter(dict.fromkeys(shown, 1))  # the view repeats the last trick
        excess = shown - known
        if excess:
            found.append(f"v{v} seat {seat}: may not see {sorted(excess.elements())}: {raw[:300]}")
    return found


class FakeClock:
    """A table's clock that moves only when the test moves it."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def classic_table(
    store: Store, seed: int, settings: Settings, clock: Callable[[], float] = time.monotonic
) -> Table:
    """A classic table run in-process on ``store`` (tests that drive its pump themselves)."""
    return Table(
        clock=clock,
        id="t1",
        owner=1,
        owner_name="P0",
        rules=rules_from("classic"),
        multiplier=1,
        private=False,
        invite=None,
        seed=seed,
        store=store,
        settings=settings,
    )


async def refused(code: str, coro: Any) -> ServerError:
    """The request fails with ``code``, and the error says why in both languages."""
    with pytest.raises(ServerError) as info:
        await coro
    e = info.value
    assert e.code == code, e
    assert e.en and e.zh and e.en != e.zh
    return e
