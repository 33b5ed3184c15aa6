"""Hostile input: malformed JSON, wrong types, unknown messages, illegal plays, other seats'
actions and oversized frames. Each gets a typed error or a 1008 close; the server stays up
and the table does not change."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from netkit import ServerProcess, seat_four, until
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from engine.errors import MESSAGES
from net.auth import valid_name
from net.protocol import MAX_FRAME

CARDS = [r + s for r in "23456789TJQKA" for s in "SHCD"] + ["SJ", "BJ", "10h", "ZZ", ""]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("fuzz") / "s.sqlite3"
    proc = ServerProcess(
        db, "--deal-delay", "0", "--away-grace", "600", "--rate", "100000", "--burst", "100000"
    ).start()
    yield proc
    proc.stop()


class Rig:
    """Four seated clients at a hand in its play phase, waiting on one seat's lead."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.loop = asyncio.new_event_loop()

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    async def setup(self) -> None:
        from net.bot import play_seat
        from net.players import make_ai

        class UntilPlay:
            """The easy AI through bidding and the kitty; it never plays a card."""

            def __init__(self, seed: int) -> None:
                self.ai = make_ai("easy", seed)

            def act(self, view: Any) -> Any:
                return None if view.phase == "play" else self.ai.act(view)

        self.room, self.players = await seat_four(self.url, {"preset": "classic", "decks": 2})
        await self.players[0].start(self.room)
        # play through bidding and the kitty; stop when someone must lead the first trick
        tasks = [
            asyncio.create_task(play_seat(c, self.room, UntilPlay(i)))
            for i, c in enumerate(self.players)
        ]

        def leading() -> bool:
            views = [c.views.get(self.room) for c in self.players]
            return any(v and v.phase == "play" and "play" in v.actions for v in views)

        await until(leading, timeout=30)
        for t in tasks:
            t.cancel()
        await asyncio.sleep(0.1)
        self.v = await self.version()

    async def version(self) -> int:
        out = await self.players[0].sync(self.room)
        return int(out.v)

    def seat(self, on_turn: bool) -> int:
        for i, c in enumerate(self.players):
            v = c.views[self.room]
            if v is not None and ("play" in v.actions) == on_turn:
                return i
        raise AssertionError


@pytest.fixture(scope="module")
def rig(server: ServerProcess):
    r = Rig(server.url)
    r.run(r.setup())
    yield r
    for c in r.players:
        r.run(c.close())
    r.loop.close()


async def _send(url: str, token: str, frames: list[str | bytes]) -> list[dict[str, Any]]:
    """Log in with ``token`` on a fresh socket, send ``frames``, collect the answers."""
    out = []
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "id": 1, "token": token}))
        assert json.loads(await ws.recv())["type"] == "ok"
        try:
            for f in frames:
                await ws.send(f)
                out.append(json.loads(await asyncio.wait_for(ws.recv(), 5)))
        except ConnectionClosed as e:
            out.append({"closed": e.rcvd.code if e.rcvd else None})
    return out


def _typed(answer: dict[str, Any]) -> None:
    if "closed" in answer:
        assert answer["closed"] == 1008
        return
    assert answer["type"] in ("error", "ok", "snapshot", "event", "room", "lobby", "chat")
    if answer["type"] == "error":
        assert answer["code"] in MESSAGES and answer["en"] and answer["zh"]


garbage = st.one_of(
    st.text(max_size=40),
    json_values.map(json.dumps),
    st.builds(
        lambda kind, extra: json.dumps({"type": kind, "id": 7, **extra}),
        st.sampled_from(
            ["act", "sit", "join", "create", "chat", "bot", "start", "stand", "record", "nope"]
        ),
        st.dictionaries(
            st.sampled_from(["room", "seat", "action", "rules", "text", "game", "level"]),
            json_values,
            max_size=4,
        ),
    ),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(frames=st.lists(garbage, min_size=1, max_size=4))
def test_garbage_gets_typed_errors_and_changes_nothing(rig: Rig, frames: list[str]) -> None:
    token = rig.players[rig.seat(on_turn=False)].token
    answers = rig.run(_send(rig.url, token, frames))
    for a in answers:
        _typed(a)
    assert rig.run(rig.version()) == rig.v


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    cards=st.lists(st.sampled_from(CARDS), min_size=0, max_size=6),
    seat=st.integers(min_value=-1, max_value=4),
    kind=st.sampled_from(["play", "bury", "bid", "pass-bid", "call-friend", "deal", "auto-play"]),
    on_turn=st.booleans(),
)
def test_illegal_and_foreign_actions_are_refused(
    rig: Rig, cards: list[str], seat: int, kind: str, on_turn: bool
) -> None:
    mine = rig.seat(on_turn)
    held = set(rig.players[mine].views[rig.room].hand)
    if on_turn and seat == mine and kind in ("play", "auto-play"):
        cards = [c for c in cards if c not in held] or ["ZZ"]  # never a legal lead
        kind = "play"
    action = {"type": kind, "seat": seat, "cards": cards, "card": cards[0] if cards else "AS"}
    frame = json.dumps({"type": "act", "id": 9, "room": rig.room, "action": action})
    (answer,) = rig.run(_send(rig.url, rig.players[mine].token, [frame]))
    assert answer["type"] == "error", answer
    _typed(answer)
    assert rig.run(rig.version()) == rig.v


def test_oversized_frame_is_closed_with_1008(rig: Rig) -> None:
    big = json.dumps({"type": "chat", "id": 3, "room": rig.room, "text": "x" * (MAX_FRAME + 1)})
    answers = rig.run(_send(rig.url, rig.players[0].token, [big]))
    assert answers == [{"closed": 1008}]
    assert rig.run(rig.version()) == rig.v


def test_binary_and_unknown_and_not_logged_in(server: ServerProcess) -> None:
    async def go() -> list[Any]:
        async with connect(server.url) as ws:
            await ws.send(json.dumps({"type": "lobby", "id": 1}))
            first = json.loads(await ws.recv())
            await ws.send(b"\x00\x01")
            second = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "hello", "id": 2, "protocols": [99], "name": "a"}))
            third = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "hello", "id": 3, "name": "<script>"}))
            fourth = json.loads(await ws.recv())
            return [first, second, third, fourth]

    codes = [a["code"] for a in asyncio.run(go())]
    assert codes == ["not-logged-in", "malformed", "unsupported-protocol", "bad-name"]


def test_message_budget_is_closed_with_1008(tmp_path) -> None:
    proc = ServerProcess(tmp_path / "s.sqlite3", "--rate", "1", "--burst", "5").start()
    try:

        async def flood() -> int | None:
            async with connect(proc.url) as ws:
                try:
                    for i in range(50):
                        await ws.send(json.dumps({"type": "ping", "id": i}))
                    while True:
                        await ws.recv()
                except ConnectionClosed as e:
                    return e.rcvd.code if e.rcvd else None

        assert asyncio.run(flood()) == 1008
        assert proc.alive()
    finally:
        proc.stop()


@given(st.text(max_size=20))
def test_names(name: str) -> None:
    ok = valid_name(name)
    if ok:
        assert 1 <= len(name) <= 16 and name == name.strip()
        assert all(ch.isalnum() or ch in "_- " for ch in name)
