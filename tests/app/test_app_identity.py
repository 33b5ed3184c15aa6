"""One seed and one set of players make the identical record wherever the hand is driven:
the engine's own loop, the arena, the app's offline table and the real server with bot seats.
Every driver offers the decisions of ``Hand.pending`` in its order, the deal's bidding windows
included, so the same deterministic players are asked the same questions in the same order."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import on_loop

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))

from netkit import ServerProcess

from app.screenshots import wait_until
from app.session import OfflineSession
from engine.ai import make_player
from engine.arena import match_hand
from engine.hand import Hand, Setup
from engine.match import hand_seed
from engine.records import hand_record
from engine.rules import preset
from engine.selfplay import play_hand, seat_seed
from net.client import Client

SERVER_SEED = 20261201  # the server draws its rooms' seeds from this
LEVELS = ("easy", "normal", "random", "normal")


def _room_seed() -> int:
    """The first room's seed on a server started with ``--seed SERVER_SEED``."""
    return random.Random(SERVER_SEED).getrandbits(62)


def _engine(rules: Any, seed: int) -> dict[str, Any]:
    """The engine's own loop (``selfplay.play_hand``), players seeded as every table seeds them."""
    hand = Hand(rules, Setup(hand_seed(seed, 1), (rules.start_level,) * 4, None, 1))
    ai = [make_player(LEVELS[s], seat_seed(seed, s)) for s in range(4)]
    play_hand(hand, [lambda v, _rng, p=p: p.act(v) for p in ai], random.Random(0))
    return hand_record(hand).to_dict()


def _arena(rules: Any, seed: int) -> dict[str, Any]:
    return hand_record(match_hand(rules, seed, LEVELS)).to_dict()


def _offline(settings: Any, rules: Any, seed: int) -> dict[str, Any]:
    session = OfflineSession(settings, rules, seat=None, ai_levels=LEVELS, seed=seed, save=False)
    session.start()
    try:
        assert wait_until(lambda: session.match.hands[0].outcome is not None, 60)
        return hand_record(session.match.hands[0]).to_dict()
    finally:
        session.close()


async def _online(url: str) -> dict[str, Any]:
    owner = Client(url, name="Host")
    await owner.connect()
    room = (await owner.create("classic")).room
    await owner.join(room)
    for seat, level in enumerate(LEVELS):
        await owner.add_bot(room, seat, level)
    await owner.start(room)
    for _ in range(600):
        games = (await owner.games(room=room)).games
        if games:
            break
        await asyncio.sleep(0.1)
    assert games, "the bots did not finish the hand in 60 s"
    record = (await owner.record(games[-1].game)).record
    await owner.close()
    return record


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("identity") / "server.sqlite3"
    proc = ServerProcess(db, "--deal-delay", "0", "--seed", str(SERVER_SEED)).start()
    yield proc
    proc.stop()


def test_one_seed_one_record_offline_online_arena_engine(qtbot: Any, server: Any) -> None:
    from app.settings import Settings

    settings = Settings()
    settings.speed = "instant"
    rules = preset("classic")
    seed = _room_seed()
    online = on_loop(qtbot, _online(server.url), 90)
    engine = _engine(rules, seed)
    assert online["setup"] == engine["setup"]  # the server's room seed is the one we expect
    assert len(engine["actions"]) > 100 and any(a["type"] == "bid" for a in engine["actions"]), (
        "a hand with bids, so that the deal's bidding windows are exercised"
    )
    assert online["actions"] == engine["actions"]
    assert _arena(rules, seed)["actions"] == engine["actions"]
    assert _offline(settings, rules, seed)["actions"] == engine["actions"]
    assert online["events"] == engine["events"]
