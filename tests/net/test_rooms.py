"""Rooms on a real server with real clients: leaving a running hand (强退扣分), ownership and
closing, positive/negative rating rooms, the turn clock, private rooms, lobby pushes, chat,
prompts once per change of a seat's legal actions, who may replay a record, and the
``tuolaji-bot`` command at a table."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from typing import Any

import pytest
from netkit import ROOT, ServerProcess, frames, leaks, refused, seat_four, start_against_bots, until

from engine.actions import PassBid
from net.auth import leave_penalty, leaver_delta
from net.bot import play_seat
from net.client import Client
from net.players import make_ai
from net.protocol import MAX_CHAT, LeaveReply, SeatReply, Sit

GRACE = 0.5  # the server's away grace: 托管, ownership hand-over and closing wait this long


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("rooms") / "server.sqlite3"
    proc = ServerProcess(db, "--deal-delay", "0", "--away-grace", str(GRACE)).start()
    yield proc
    proc.stop()


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


async def connected(url: str, name: str) -> Client:
    c = Client(url, name=name, keep_raw=True)
    await c.connect()
    return c


def played_by(c: Client, room: str, seat: int, after: int = 0) -> int:
    """How many plays of ``seat`` after version ``after`` client ``c`` has seen."""
    return sum(
        1
        for f in frames(c, "event", room)
        if f["v"] > after and f["event"] and f["event"]["type"] == "play"
        if f["event"]["seat"] == seat
    )


def in_play(c: Client, room: str, tricks: int) -> bool:
    done = [f for f in frames(c, "event", room) if f["event"] and f["event"]["type"] == "trick"]
    return len(done) >= tricks


async def rating(url: str, token: str | None) -> int:
    again = Client(url, token=token, reconnect=False)
    me = await again.connect()
    await again.close()
    return int(me.rating)


async def gone(url: str, room: str) -> bool:
    """The public room is no longer listed (looking must not join it: that is presence)."""
    probe = Client(url, name="Probe", reconnect=False)
    await probe.connect()
    try:
        listed = await probe.lobby(subscribe=False)
    finally:
        await probe.close()
    return room not in [r.room for r in listed.rooms]


async def until_gone(url: str, room: str, timeout: float = 30) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not await gone(url, room):
        assert loop.time() < end, f"room {room} did not close"
        await asyncio.sleep(0.2)


# -- 1. leaving a running hand ------------------------------------------------------------
async def _leave_mid_hand(url: str) -> None:
    room, players = await seat_four(url, names=("Lan", "Mo", "Nie", "Ou"), multiplier=2)
    await players[0].start(room)
    tasks = [
        asyncio.create_task(play_seat(c, room, make_ai("easy", i))) for i, c in enumerate(players)
    ]
    await until(lambda: in_play(players[0], room, 2), timeout=30, every=0.005)
    leaver = players[1]
    tasks[1].cancel()
    answer = await leaver.leave(room)
    left_at = players[0].versions[room]
    assert answer == LeaveReply(leave_penalty(2), -leave_penalty(2))
    assert leave_penalty(2) == 2 * leave_penalty(1)  # scaled by the room multiplier
    await until(lambda: players[0].rooms[room].seats[1].left)
    seat = players[0].rooms[room].seats[1]
    assert seat.trustee and seat.user == leaver.user.user
    # the leaver cannot act for the seat any more, even coming back as a spectator
    await leaver.join(room)
    await refused("not-seated", leaver.act(room, PassBid(1)))
    # the table finishes the hand: seat 1 is played by the AI
    others = [t for i, t in enumerate(tasks) if i != 1]
    await asyncio.wait_for(asyncio.gather(*others), 45)
    assert played_by(players[0], room, 1, after=left_at) > 0
    await until(lambda: players[0].rooms[room].seats[1] is None)  # free once the hand is over
    game = (await players[0].games()).games[0]
    mine = (await leaver.games()).games[0]
    assert mine.game == game.game
    full = game.deltas[1]
    assert mine.delta == leaver_delta(full) == min(full, 0)  # its loss, never its win
    assert await rating(url, leaver.token) == -leave_penalty(2) + min(full, 0)
    # leaving between hands costs nothing
    before = await rating(url, players[2].token)
    assert await players[2].leave(room) == LeaveReply()  # no penalty: no hand was running
    assert await rating(url, players[2].token) == before
    for c in players:
        await c.close()


def test_leaving_a_running_hand_costs_the_penalty_and_the_ai_finishes(
    server: ServerProcess,
) -> None:
    run(_leave_mid_hand(server.url))


# -- 2. ownership and closing ----------------------------------------------------------------
async def _owner_leaves(url: str) -> None:
    owner, heir, fan = [await connected(url, n) for n in ("Pei", "Qin", "Ran")]
    watcher = await connected(url, "Shu")
    await watcher.lobby()
    room = (await owner.create("classic")).room
    for c in (owner, heir):
        await c.join(room)
    await owner.sit(room, 0)
    await heir.sit(room, 2)
    await fan.join(room)  # a spectator
    await owner.leave(room)
    await until(lambda: heir.rooms[room].owner == heir.user.user)
    assert heir.rooms[room].owner_name == "Qin"
    await owner.join(room)  # back as a spectator: the room is no longer theirs
    await refused("not-owner", owner.start(room))
    await owner.leave(room)
    await heir.leave(room)  # no one seated is left: the spectator is here
    await until(lambda: fan.rooms[room].owner == fan.user.user)
    await fan.add_bot(room, 1, "easy")  # the new owner may do an owner's things
    await fan.leave(room)  # the last one out closes the room
    assert await gone(url, room)
    await refused("no-room", fan.join(room))
    await until(lambda: any(room in f["gone"] for f in frames(watcher, "lobby")))
    for c in (owner, heir, fan, watcher):
        await c.close()


async def _owner_disconnects(url: str) -> None:
    owner, heir = [await connected(url, n) for n in ("Tao", "Wu")]
    room = (await owner.create("classic")).room
    for i, c in enumerate((owner, heir)):
        await c.join(room)
        await c.sit(room, 2 * i)
    owner.reconnect_enabled = False
    await owner.drop()
    await asyncio.sleep(GRACE / 2)
    assert heir.rooms[room].owner == owner.user.user  # not before the grace
    await until(lambda: heir.rooms[room].owner == heir.user.user, timeout=5)
    heir.reconnect_enabled = False
    await heir.drop()  # the last person disconnects: the room closes after the grace
    await until_gone(url, room, timeout=10)


async def _refused_then_resent(url: str) -> None:
    owner = await connected(url, "Host")
    room = (await owner.create("classic")).room
    guest = await connected(url, "Guest")
    sit = Sit(guest.next_id(), room, 1)
    await refused("not-watching", guest.ask(sit, SeatReply))
    await guest.join(room)
    # the same id again (a client resending after a reconnect): judged afresh, not the
    # remembered refusal of a connection that did not watch the room
    assert (await guest.ask(sit, SeatReply)).seat == 1
    # carried out, it is remembered: the first answer again, not ``already-seated``
    assert (await guest.ask(sit, SeatReply)).seat == 1
    for c in (owner, guest):
        await c.close()


def test_a_refused_request_resent_with_its_id_is_judged_again(server: ServerProcess) -> None:
    run(_refused_then_resent(server.url))


def test_ownership_passes_on_and_the_last_one_out_closes_the_room(server: ServerProcess) -> None:
    run(_owner_leaves(server.url))
    run(_owner_disconnects(server.url))


# -- 3. positive and negative rating rooms ---------------------------------------------------
async def _negative_player(url: str, name: str) -> Client:
    """A player whose rating went below zero: they left a running hand at a bot table (the
    bots then finish the hand, and the table closes as no one is left)."""
    c = await connected(url, name)
    room = (await c.create("classic")).room
    await c.join(room)
    await start_against_bots(c, room)
    answer = await c.leave(room)
    assert answer.rating == -leave_penalty(1) < 0
    await until_gone(url, room)
    return c


async def _sides(url: str) -> None:
    neg = await _negative_player(url, "Xia")
    pos = await connected(url, "Yan")
    await refused("bad-side", pos.create("classic", multiplier=1, side="positive"))
    await refused("bad-side", pos.create("classic", multiplier=3, side="any"))
    made = await pos.create("classic", multiplier=2)
    assert made.side == "positive"  # the creator's side
    plus = made.room
    for c in (pos, neg):
        await c.join(plus)
    e = await refused("rating-not-positive", neg.sit(plus, 1))
    now = await rating(url, neg.token)  # the penalty, and the loss if the bots lost the hand
    assert now <= -leave_penalty(1) and str(now) in e.en and str(now) in e.zh
    await pos.sit(plus, 0)
    assert pos.rooms[plus].side == "positive"
    minus = (await pos.create("classic", multiplier=2, side="negative")).room
    for c in (pos, neg):
        await c.join(minus)
    await refused("rating-not-negative", pos.sit(minus, 0))
    await neg.sit(minus, 0)
    assert (await neg.create("classic", multiplier=5)).side == "negative"
    flat = (await neg.create("classic")).room  # 1x rooms seat anyone
    await neg.join(flat)
    await neg.sit(flat, 0)
    for c in (pos, neg):
        await c.close()


def test_positive_and_negative_rooms_seat_only_their_side(server: ServerProcess) -> None:
    run(_sides(server.url))


# -- 4. the turn clock -----------------------------------------------------------------------
async def _turn_timer(url: str) -> None:
    rules = {"preset": "classic", "turn_timer": 1}
    room, players = await seat_four(url, rules, names=("Zhu", "Ai", "Bai", "Chu"))
    idle = players[3]
    await players[0].start(room)
    tasks = [play_seat(c, room, make_ai("easy", i)) for i, c in enumerate(players[:3])]
    await until(lambda: players[0].rooms[room].seats[3].trustee, timeout=15)
    await asyncio.wait_for(asyncio.gather(*tasks), 45)
    assert played_by(players[0], room, 3) > 0  # the AI played the idle seat
    await until(lambda: frames(idle, "event", room)[-1]["event"]["type"] == "hand-end")
    await idle.trustee(room, False)  # and the player takes the seat back
    await until(lambda: not players[0].rooms[room].seats[3].trustee)
    for c in players:
        await c.close()


def test_turn_timer_expiry_puts_the_seat_in_trustee_play(server: ServerProcess) -> None:
    run(_turn_timer(server.url))


# -- 4. private rooms, and 7. who may replay ----------------------------------------------------
async def _private(url: str) -> None:
    owner, guest, stranger = [await connected(url, n) for n in ("Dai", "Fan", "Gao")]
    made = await owner.create("classic", private=True)
    room, invite = made.room, made.invite
    await stranger.lobby()
    listed = await guest.lobby()
    assert room not in [r.room for r in listed.rooms]
    await refused("no-room", guest.join(room))  # as for a room that does not exist
    await refused("bad-invite", guest.join(room, "0" * len(invite)))
    await guest.join(room, invite)  # watches with the code
    await owner.join(room)
    await start_against_bots(owner, room)
    await asyncio.wait_for(play_seat(owner, room, make_ai("easy", 1)), 45)
    game = (await owner.games(room=room)).games[0].game
    assert (await owner.record(game)).record["events"]
    # a private room's records stay with its players: not a spectator's, not a stranger's
    for other in (guest, stranger):
        await refused("no-game", other.record(game))
        assert (await other.games(room=room)).games == []
    pushed = [r["room"] for f in frames(stranger, "lobby") for r in f["rooms"]]
    assert room not in pushed
    for c in (owner, guest, stranger):
        await c.close()


def test_private_rooms_need_their_code_and_keep_their_records(server: ServerProcess) -> None:
    run(_private(server.url))


# -- 4. lobby pushes -------------------------------------------------------------------------
def pushed_states(c: Client, room: str) -> list[tuple[str, int, int]]:
    """(status, spectators, seated) of ``room`` in every lobby push, and ("gone", 0, 0)."""
    out = []
    for f in frames(c, "lobby"):
        for r in f["rooms"]:
            if r["room"] == room:
                seated = sum(s is not None for s in r["seats"])
                out.append((r["status"], r["spectators"], seated))
        if room in f["gone"]:
            out.append(("gone", 0, 0))
    return out


async def _lobby(url: str) -> None:
    sub, owner = [await connected(url, n) for n in ("Hu", "Jin")]
    await sub.lobby()
    room = (await owner.create("classic")).room
    await until(lambda: ("waiting", 0, 0) in pushed_states(sub, room))  # create
    await owner.join(room)
    await until(lambda: ("waiting", 1, 0) in pushed_states(sub, room))  # join
    await start_against_bots(owner, room)
    await until(lambda: ("playing", 0, 4) in pushed_states(sub, room))  # start
    await asyncio.wait_for(play_seat(owner, room, make_ai("easy", 2)), 45)
    await owner.leave(room)
    await until(lambda: ("gone", 0, 0) in pushed_states(sub, room))  # close
    assert pushed_states(sub, room)[-1] == ("gone", 0, 0)
    await sub.lobby(subscribe=False)
    await sub.close()
    await owner.close()


def test_lobby_subscribers_get_create_join_start_and_close(server: ServerProcess) -> None:
    run(_lobby(server.url))


# -- 4. chat ---------------------------------------------------------------------------------
async def _chat(url: str) -> None:
    a, b, elsewhere = [await connected(url, n) for n in ("Kong", "Lu", "Ma")]
    room = (await a.create("classic")).room
    other = (await elsewhere.create("classic")).room
    await a.join(room)
    await a.sit(room, 0)
    await b.join(room)  # a spectator
    await elsewhere.join(other)
    await b.chat(room, "你好 hi\x07")
    line = "x" * MAX_CHAT
    await a.chat(room, line)
    for c in (a, b):
        await until(lambda c=c: len(frames(c, "chat", room)) == 2)
        got = [(f["name"], f["text"]) for f in frames(c, "chat", room)]
        assert got == [("Lu", "你好 hi"), ("Kong", line)]  # control characters dropped
    await refused("chat-too-long", a.chat(room, line + "x"))
    await refused("not-watching", elsewhere.chat(room, "hi"))
    await asyncio.sleep(0.2)
    assert frames(elsewhere, "chat") == []
    assert len(frames(a, "chat", room)) == 2
    for c in (a, b, elsewhere):
        await c.close()


def test_chat_reaches_the_table_only_and_is_limited(server: ServerProcess) -> None:
    run(_chat(server.url))


# -- 5. one prompt per change of a seat's legal actions ---------------------------------------
async def _prompts(url: str) -> None:
    room, players = await seat_four(url, names=("Ning", "Pan", "Qiu", "Ren"))
    await players[0].start(room)

    def prompted(c: Client) -> bool:
        view = c.views.get(room)
        return view is not None and "pass-bid" in view.actions

    await until(lambda: all(prompted(c) for c in players), timeout=20)
    waiter = next(
        (i for i, c in enumerate(players) if c.views[room].legal_bids), None
    )  # a seat that may still bid keeps the bidding open while the others pass
    if waiter is None:
        pytest.skip("no seat could bid in this deal")
    w = players[waiter]
    snaps = len(frames(w, "snapshot", room))
    events = len(frames(w, "event", room))
    acts = list(w.views[room].actions)
    for i, c in enumerate(players):
        if i != waiter:
            await c.act(room, PassBid(i))
    await until(lambda: len(frames(w, "event", room)) == events + 3)
    await asyncio.sleep(0.1)
    new = frames(w, "event", room)[events:]
    assert [f["event"]["type"] for f in new] == ["pass-bid"] * 3
    assert all(f["actions"] == acts for f in new)  # event-only updates say what it may do
    assert len(frames(w, "snapshot", room)) == snaps  # and no fresh snapshot while it waits
    for i, c in enumerate(players):
        if i != waiter:  # the passers were not prompted again either
            assert "pass-bid" not in frames(c, "event", room)[-1]["actions"]
    for c in players:
        await c.close()


def test_a_waiting_seat_is_prompted_once_not_on_every_change(server: ServerProcess) -> None:
    run(_prompts(server.url))


# -- 4. the tuolaji-bot command ----------------------------------------------------------------
def bot_command(url: str, room: str) -> list[str]:
    args = ["--server", url, "--room", room, "--level", "normal", "--name", "Botty"]
    exe = shutil.which("tuolaji-bot")
    return [exe, *args] if exe else [sys.executable, "-m", "net.bot", *args]


async def _bot_command(url: str) -> None:
    owner, second = [await connected(url, n) for n in ("Su", "Tang")]
    room = (await owner.create("classic")).room
    await owner.join(room)
    await owner.sit(room, 0)
    await second.join(room)
    await second.sit(room, 1)
    await owner.add_bot(room, 2, "easy")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(bot_command(url, room), cwd=ROOT, env=env)
    try:

        def bot_ready() -> bool:
            s = owner.rooms[room].seats[3]
            return s is not None and s.name == "Botty" and s.user is not None and s.ready

        await until(bot_ready, timeout=20)
        for c in (owner, second):
            await c.ready(room)
        await owner.start(room)
        humans = [play_seat(c, room, make_ai("easy", i)) for i, c in enumerate((owner, second))]
        await asyncio.wait_for(asyncio.gather(*humans), 45)
        assert played_by(owner, room, 3) > 0
        during = [len(c.raw) for c in (owner, second)]
        record = await owner.record((await owner.games()).games[0].game)
        assert proc.poll() is None  # still at the table, ready for the next hand
        for seat, c in enumerate((owner, second)):
            assert not leaks(record.record, record.v0, seat, c.raw[: during[seat]])
    finally:
        proc.terminate()
        proc.wait(5)
    for c in (owner, second):
        await c.close()


def test_the_bot_command_sits_and_plays_a_hand(server: ServerProcess) -> None:
    run(_bot_command(server.url))
