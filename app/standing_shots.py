"""The screenshots of issue 37's rematch, leaderboard and profile (``tuolaji --screenshots``):
a local server whose database holds real hands (the engine's random players at three public
tables), a short match played by the player's seat (a second connection of the same account)
and Bo, and the offer Bo then makes, as the result panel shows it."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from engine.hand import Hand, Setup
from engine.records import hand_record
from engine.rules import preset
from engine.selfplay import play_random

TABLES = (("Ann", "Bo", "Cai", "Dee"), ("Ann", "Eli", "Cai", "Fay"), ("Bo", "Eli", "Dee", "Fay"))
SHORT = {"preset": "classic", "start_level": "A"}  # a match of a hand or two


def populate(db: Path) -> None:
    """Six players and nine rated classic hands at three public tables, in a new database."""
    from net import auth
    from net.store import Store

    store = Store(str(db))
    names = sorted({n for t in TABLES for n in t})
    ids = {n: store.create_user(n, auth.token_hash(f"shots-{n}")) for n in names}
    rules = preset("classic")
    for t, seated in enumerate(TABLES):
        room = f"R{t}"
        row = {
            "id": room,
            "owner": ids[seated[0]],
            "rules": rules.to_dict(),
            "multiplier": 1,
            "private": False,
            "invite": None,
            "seed": t,
            "seats": [None] * 4,
            "side": "any",
        }
        store.create_room(row)
        for no in (1, 2, 3):
            setup = Setup(seed=100 * t + no, levels=("2",) * 4, dealer=None, hand_no=no)
            hand = play_random(Hand(rules, setup), random.Random(no))
            o = hand.outcome
            assert o is not None
            deltas = auth.hand_deltas(o.defenders, o.winner, o.levels, 1)
            players = [(ids[n], s, deltas[s]) for s, n in enumerate(seated)]
            result = {**hand.events[-1].to_dict(), "deltas": deltas}
            store.finish_hand(room, no, 0, hand_record(hand).to_dict(), result, players)
    store.close()


def standing_shots(app_vm: Any, window: Any, shot: Callable[[str], None]) -> None:
    """rematch-offer, leaderboard and profile, named with ``shot``'s suffix."""
    from app import online
    from app.screenshots import local_server, wait_until

    if not online.available():
        return
    db = Path(tempfile.mkdtemp(prefix="tuolaji-shots-boards-")) / "server.db"
    populate(db)
    gate = ["--board-games", "2", "--board-opponents", "2", "--board-every", "1"]
    pace = ["--bot-delay", "0", "--trick-pause", "0", "--deal-delay", "0"]
    with local_server(db, *gate, *pace, "--rematch-seconds", "60") as address:
        if address is not None:
            task = asyncio.ensure_future(asyncio.wait_for(_run(app_vm, window, shot, address), 150))
            if not wait_until(task.done, 160):
                task.cancel()
            elif task.exception() is not None:
                print("rematch and leaderboard screenshots skipped:", task.exception())
    window.setProperty("screen", "home")


async def _until(pred: Callable[[], bool], timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end and not pred():
        await asyncio.sleep(0.02)
    return pred()


async def _run(app_vm: Any, window: Any, shot: Callable[[str], None], address: str) -> None:
    from app.online import lobby_of
    from net.bot import play_seat
    from net.client import Client
    from net.players import make_ai

    vm, profile = app_vm.online, app_vm.profile
    clients: list[Client] = []
    # play_seat's AI runs in the loop's default executor: on the app's loop (qasync's) that
    # would be QThreads living on to the process's exit, which Qt aborts; these end here
    loop = asyncio.get_running_loop()
    workers = ThreadPoolExecutor(2, thread_name_prefix="shots-ai")
    loop.set_default_executor(workers)
    try:
        vm.connectTo(address, "Mei")
        assert await _until(lambda: vm.status == "connected", 10), vm.error
        mine = lobby_of(vm).client
        assert mine is not None
        me = Client(f"ws://{address}", token=mine.token)  # plays Mei's seat
        bo = Client(f"ws://{address}", name="Bo")
        clients += [me, bo]
        for c in clients:
            await c.connect()
        room = (await me.create(SHORT)).room
        for c, seat in ((me, 0), (bo, 1)):
            await c.join(room)
            await c.sit(room, seat)
        for seat in (2, 3):
            await me.add_bot(room, seat, "random")
        vm.joinRoom(room)
        assert await _until(lambda: vm.room.get("seated") is True, 10), vm.error
        while me.rooms[room].status != "over":
            first = me.rooms[room].status == "waiting"
            for c in clients:
                await c.ready(room)
            if first:  # between hands the last ready deals the next one (a start then fails)
                await me.start(room)
            await _until(lambda: me.rooms[room].status in ("playing", "over"), 10)
            if me.rooms[room].status == "playing":
                hands = [play_seat(c, room, make_ai("easy", i)) for i, c in enumerate(clients)]
                await asyncio.wait_for(asyncio.gather(*hands), 60)
                # the room's update (between hands, or over) lands after the hand's end
                await _until(lambda: me.rooms[room].status != "playing", 10)
        await bo.rematch(room, rotate=True)
        assert await _until(lambda: vm.rematchOffer.canAnswer, 10)
        assert await _until(lambda: window.property("screen") == "table", 10)
        await asyncio.sleep(0.6)  # the panel has opened, the kitty turned over
        shot("rematch-offer")
        app_vm.set_session(None)
        window.setProperty("screen", "leaderboard")
        assert await _until(lambda: len(profile.board.rows()) > 0, 10), profile.error
        await asyncio.sleep(0.3)
        shot("leaderboard")
        profile.showProfile(profile.board.rows()[0]["user"])
        window.setProperty("screen", "profile")
        assert await _until(lambda: profile.recent.rows() != [], 10), profile.error
        await asyncio.sleep(0.3)
        shot("profile")
    finally:
        app_vm.set_session(None)
        await lobby_of(vm).close()
        for c in clients:
            await c.close()
        loop.set_default_executor(None)  # type: ignore[arg-type]  # qasync's: made again if asked
        workers.shutdown()
