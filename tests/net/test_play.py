"""Four real clients play a whole hand on a real server while a spectator watches; every
frame every connection received is checked against the engine for leaks."""

from __future__ import annotations

import asyncio
import json

import pytest
from netkit import ServerProcess, leaks, seat_four, until

from engine.actions import DealCard
from engine.codec import plain
from engine.events import Dealt
from engine.hand import Hand, Setup
from engine.records import HandRecord, hand_record, replay
from engine.rules import preset
from net.auth import title
from net.bot import play_seat
from net.client import Client
from net.players import make_ai


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("play") / "server.sqlite3"
    proc = ServerProcess(db, "--deal-delay", "0", "--away-grace", "30").start()
    yield proc
    proc.stop()


async def _whole_hand(url: str, rules: str) -> None:
    room, players = await seat_four(url, rules)
    spectator = Client(url, name="Watcher", keep_raw=True)
    await spectator.connect()
    await spectator.join(room)
    await until(lambda: players[0].rooms[room].spectators == 1)
    lobby = await spectator.lobby()
    assert room in [r.room for r in lobby.rooms]
    await players[0].start(room)
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, room, make_ai("easy", i)) for i, c in enumerate(players))),
        60,
    )
    await until(lambda: spectator.versions.get(room) == players[0].versions[room])
    during = {id(c): len(c.raw) for c in [*players, spectator]}  # the frames of the hand
    games = (await players[0].games()).games
    assert games and games[0].room == room
    fetched = await players[0].record(games[0].game)
    record, v0 = fetched.record, fetched.v0
    # the record replays to the same hand the clients played
    hand = replay(HandRecord.from_dict(record))
    assert [e.to_dict() for e in hand.events] == record["events"]
    assert hand.outcome is not None
    # every frame to every connection: exactly the engine's redaction, no unseen card
    for seat, c in [*enumerate(players), (None, spectator)]:
        raws = c.raw[: during[id(c)]]
        problems = leaks(record, v0, seat, raws)
        assert not problems, problems[:5]
        seen = [r for r in raws if '"type":"event"' in r]
        assert len(seen) == len(record["events"])
    # ratings: each seat moved by the levels of the hand (times the multiplier 1)
    deltas = games[0].deltas
    for i, c in enumerate(players):
        again = Client(url, token=c.token)
        me = await again.connect()
        assert me.user == c.user.user
        assert me.rating == deltas[i]
        assert me.titles.lianzhong == title(deltas[i])
        await again.close()
    # a public room's finished hands are anyone's to replay (learning), listed by room
    stranger = Client(url, name="Eve")
    await stranger.connect()
    listed = (await stranger.games(room=room)).games
    assert [g.game for g in listed] == [games[0].game]
    assert (await stranger.record(games[0].game)).record == record
    for c in [*players, spectator, stranger]:
        await c.close()


@pytest.mark.parametrize("rules", ["classic", "find-friend"])
def test_four_clients_play_a_hand_and_nothing_leaks(server: ServerProcess, rules: str) -> None:
    asyncio.run(_whole_hand(server.url, rules))
    assert server.alive()


async def _bots(url: str) -> None:
    owner = Client(url, name="Host")
    await owner.connect()
    room = (await owner.create("classic", multiplier=3)).room
    await owner.join(room)
    await owner.sit(room, 0)
    for seat in (1, 2, 3):
        await owner.add_bot(room, seat, "easy")
    with pytest.raises(Exception, match="seat-taken"):
        await owner.add_bot(room, 1, "easy")
    await owner.ready(room)
    await owner.start(room)
    await asyncio.wait_for(play_seat(owner, room, make_ai("easy", 9)), 60)
    games = (await owner.games()).games
    assert abs(games[0].delta) == 3 * games[0].result.levels
    await owner.close()


def test_owner_fills_seats_with_bots(server: ServerProcess) -> None:
    asyncio.run(_bots(server.url))


def test_the_leak_checker_catches_a_leak() -> None:
    """A negative control: another seat's card shown to seat 0 is found, both in an event
    and in a snapshot."""
    hand = Hand(preset("classic"), Setup(7, ("2",) * 4, dealer=0))
    for _ in range(8):
        hand.apply(DealCard())
    record = hand_record(hand).to_dict()

    def frame(v: int, event: object) -> str:
        return json.dumps({"type": "event", "room": "r", "v": v, "event": plain(event)})

    honest = [frame(i + 1, e.for_seat(0)) for i, e in enumerate(hand.events)]
    assert leaks(record, 0, 0, honest) == []
    other = next(e for e in hand.events if isinstance(e.body, Dealt) and e.body.seat == 1)
    i = hand.events.index(other)
    forged = list(honest)
    forged[i] = frame(i + 1, other.for_seat(1))
    assert leaks(record, 0, 0, forged)
    mine = {e.body.card for e in hand.events if isinstance(e.body, Dealt) and e.body.seat == 0}
    assert isinstance(other.body, Dealt)
    if other.body.card not in mine:
        view = {"hand": [other.body.card]}
        snapshot = json.dumps({"type": "snapshot", "room": "r", "v": 8, "view": view})
        assert leaks(record, 0, 0, [*honest, snapshot])
