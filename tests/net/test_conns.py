"""Connections on a real server: ``hello`` lists every seat its account holds (from the
server's account -> rooms index) on reconnect and after a restart; a client that stops
reading while a table produces events is dropped, and the server and the table carry on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from typing import Any

from netkit import ServerProcess, start_against_bots, until
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from net.client import Client
from net.protocol import split_batch


async def player(url: str, name: str) -> Client:
    c = Client(url, name=name)
    await c.connect()
    return c


# these tests fill sockets with chat, far past what the chat's flood rule lets a person send
NO_FLOOD_RULE = ("--chat-lines", "0")


def seats_of(hello: dict[str, Any]) -> set[tuple[str, int]]:
    return {(s.room, s.seat) for s in hello.seats}


async def _seats_after_reconnect(server: ServerProcess) -> None:
    url = server.url
    ann, bo = await player(url, "Ann"), await player(url, "Bo")
    mine: set[tuple[str, int]] = set()
    for seat in (1, 3, 0):  # three rooms, Ann sits in each
        room = (await ann.create("classic")).room
        await ann.join(room)
        await ann.sit(room, seat)
        mine.add((room, seat))
    private = await bo.create("classic", private=True)  # a private room, invited
    await ann.join(private.room, private.invite)
    await ann.sit(private.room, 2)
    mine.add((private.room, 2))
    theirs = (await bo.create("classic")).room  # Bo sits; Ann only watches
    await bo.join(theirs)
    await bo.sit(theirs, 0)
    await ann.join(theirs)
    stood = (await ann.create("classic")).room  # sat, then stood up
    await ann.join(stood)
    await ann.sit(stood, 2)
    await ann.stand(stood)
    left = (await ann.create("classic")).room  # left a running hand: the seat is not hers
    await ann.join(left)
    await start_against_bots(ann, left)
    await ann.leave(left)
    # a dropped connection comes back: hello names every seat, and each is resumed
    resumed = ann.resumes
    await ann.drop()
    await until(lambda: ann.resumes > resumed, timeout=15)
    assert seats_of(ann.user) == mine
    for room, seat in mine:
        info = ann.rooms[room].seats[seat]
        assert info.user == ann.user.user and not info.away
    assert seats_of(bo.user) == set()  # Bo said hello before sitting
    again = Client(url, token=bo.token, reconnect=False)
    assert seats_of(await again.connect()) == {(theirs, 0)}
    await again.close()
    # and after the server is killed and restarted from its database
    resumed = ann.resumes
    server.kill()
    server.start()
    await until(lambda: ann.resumes > resumed, timeout=15)
    assert seats_of(ann.user) == mine
    for c in (ann, bo):
        await c.close()


def test_hello_finds_every_seat_after_reconnect_and_restart(tmp_path) -> None:
    server = ServerProcess(tmp_path / "s.sqlite3", "--deal-delay", "0", "--away-grace", "30")
    server.start()
    try:
        asyncio.run(asyncio.wait_for(_seats_after_reconnect(server), 60))
    finally:
        server.stop()


async def _slow_reader(url: str, port: int) -> None:
    owner = await player(url, "Host")
    room = (await owner.create("classic")).room
    await owner.join(room)
    for seat in range(4):
        await owner.add_bot(room, seat, "random")
    # a raw client that reads nothing: a small receive buffer, one queued frame, no recv()
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    slow = await connect(url, sock=sock, max_queue=1)
    await slow.send(json.dumps({"type": "hello", "id": 1, "protocols": [1], "name": "Slow"}))
    await slow.send(json.dumps({"type": "join", "id": 2, "room": room}))
    await until(lambda: owner.rooms[room].spectators == 2)
    await owner.start(room)
    # the table produces events; big chat lines fill the pipe sooner
    v0 = owner.versions[room]
    while owner.rooms[room].spectators == 2:
        assert owner.versions[room] - v0 < 20_000, "the slow client was never dropped"
        await asyncio.gather(*(owner.chat(room, "汉" * 200) for _ in range(50)))
        if owner.rooms[room].status == "between":
            await owner.start(room)
    # dropped: the server answers, and the table plays on for those who read
    assert (await owner.ping()).time > 0
    v = owner.versions[room]
    # (random bots may finish the whole match meanwhile: its last hand ends it at once)
    while owner.versions[room] <= v + 10 and owner.rooms[room].status != "over":
        if owner.rooms[room].status == "between":
            await owner.start(room)
        await asyncio.sleep(0.01)
    # the slow client, reading at last, finds a 1008 close after what was queued for it
    code = None
    try:
        while True:
            await asyncio.wait_for(slow.recv(), 15)
    except ConnectionClosed as e:
        code = e.rcvd.code if e.rcvd else None
    assert code == 1008
    await owner.close()


def test_a_client_that_stops_reading_is_dropped(tmp_path) -> None:
    args = ("--deal-delay", "0", "--away-grace", "30", "--rate", "100000", "--burst", "100000")
    server = ServerProcess(tmp_path / "s.sqlite3", *args, *NO_FLOOD_RULE).start()
    try:
        asyncio.run(asyncio.wait_for(_slow_reader(server.url, server.port), 60))
        assert server.alive()
    finally:
        server.stop()


async def _watch(url: str, name: str, room: str, batch: bool) -> Any:
    """A spectator on a plain websocket, reading batches or not; its messages as received."""
    ws = await connect(url)
    hello = {"type": "hello", "id": 1, "name": name}
    await ws.send(json.dumps({**hello, "batch": True} if batch else hello))
    await ws.recv()
    await ws.send(json.dumps({"type": "join", "id": 2, "room": room}))
    return ws


def test_a_client_that_reads_batches_gets_the_same_frames_in_fewer_messages(tmp_path) -> None:
    """``Hello.batch``: what is queued for a client goes as one JSON array, the same frames in
    the same order as a client without it receives one by one (the writer's system calls per
    frame were half the server's time under load)."""
    server = ServerProcess(tmp_path / "s.sqlite3", "--deal-delay", "0", "--bot-delay", "0")
    server.start()

    async def go() -> tuple[list[str], list[str]]:
        owner = await player(server.url, "Ann")
        room = (await owner.create("classic")).room
        await owner.join(room)
        plain = await _watch(server.url, "Bo", room, batch=False)
        batched = await _watch(server.url, "Cai", room, batch=True)
        for seat in range(4):
            await owner.add_bot(room, seat, "random")
        await owner.start(room)
        got: dict[bool, list[str]] = {False: [], True: []}

        async def read(ws: Any, key: bool) -> None:
            with contextlib.suppress(TimeoutError):
                while True:
                    got[key].append(await asyncio.wait_for(ws.recv(), 3))

        await asyncio.gather(read(plain, False), read(batched, True))
        await owner.close()
        return got[False], got[True]

    try:
        plain, batched = asyncio.run(go())
    finally:
        server.stop()

    def events(messages: list[str]) -> list[tuple[int, Any]]:
        frames = [f for m in messages for f in split_batch(m)]
        out = [json.loads(f) for f in frames]
        return [(f["v"], f["event"]) for f in out if f["type"] == "event"]

    assert not any(m.startswith("[") for m in plain)
    assert any(m.startswith("[") for m in batched)
    assert len(batched) < len(plain)
    assert len(events(plain)) > 100  # a hand's worth
    assert events(batched) == events(plain)


async def _pausing_reader(url: str, port: int) -> list[str]:
    owner = await player(url, "Host")
    room = (await owner.create("classic")).room
    await owner.join(room)
    # a spectator with a small receive buffer that stops reading for a while
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    ws = await connect(url, sock=sock, max_queue=1)
    await ws.send(json.dumps({"type": "hello", "id": 1, "name": "Slow", "batch": True}))
    await ws.recv()
    await ws.send(json.dumps({"type": "join", "id": 2, "room": room}))
    await until(lambda: owner.rooms[room].spectators == 2)
    # about 5 MB of chat while it does not read: past the kernel's buffers (a loopback
    # socket's grow to 4 MB) and the server's high-water mark, so the server's writer waits
    # on the socket; short of write_max (4 MB queued), so the client is not dropped
    for i in range(0, 8000, 100):
        await asyncio.gather(
            *(owner.chat(room, f"{j:04d}" + "汉" * 196) for j in range(i, i + 100))
        )
    await owner.chat(room, "last")
    lines: list[str] = []
    with contextlib.suppress(TimeoutError):
        while not lines or lines[-1] != "last":
            for frame in split_batch(await asyncio.wait_for(ws.recv(), 15)):
                f = json.loads(frame)
                if f["type"] == "chat":
                    lines.append(f["text"])
    # caught up, it is written to at once again
    await owner.chat(room, "again")
    while True:
        frames = [json.loads(f) for f in split_batch(await asyncio.wait_for(ws.recv(), 5))]
        if any(f["type"] == "chat" and f["text"] == "again" for f in frames):
            break
    await ws.close()
    await owner.close()
    return lines


def test_a_client_that_pauses_reading_gets_every_frame_in_order(tmp_path) -> None:
    """Frames go out at the end of the event loop's turn, straight to the socket, until the
    client's socket is full; then a writer waits on it. Neither loses, repeats or reorders a
    frame, and once the client has read everything the frames go straight out again."""
    args = ("--rate", "100000", "--burst", "100000")
    server = ServerProcess(tmp_path / "s.sqlite3", *args, *NO_FLOOD_RULE).start()
    try:
        lines = asyncio.run(asyncio.wait_for(_pausing_reader(server.url, server.port), 60))
        assert server.alive()
    finally:
        server.stop()
    assert lines == [f"{j:04d}" + "汉" * 196 for j in range(8000)] + ["last"]
