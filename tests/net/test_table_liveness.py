"""The table's liveness invariant under random interleavings (hypothesis): 托管 on and off,
drops, resumes, turn clocks, AI pauses and plays, in any order and at any moment. After
every step of the table's pump ``Table.liveness_fault`` must find nothing, and every hand
ends.

The table runs in-process with its real store (a SQLite file) and the real AI, on a fake clock:
the test takes the pump's steps itself (``Table.step``) and moves the clock to each step's time,
so no example sleeps and seconds-long clocks, graces and pauses cost nothing. Only the
connections are stand-ins (a recipient that keeps its frames)."""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from netkit import FakeClock, classic_table

from engine.driver import REQUIRED
from engine.errors import RulesError
from engine.hand import Phase
from engine.views import view
from net.config import Settings
from net.players import make_ai
from net.store import Store
from net.tables import Seat, Table

HUMANS = (0, 2)  # the seats people hold; 1 and 3 are bots
EXAMPLES = 100


class Link:
    """A connection's stand-in: the table pushes frames to it."""

    def __init__(self, user: int, name: str) -> None:
        self.user: int | None = user
        self.name = name
        self.frames: list[bytes] = []

    def push(self, frame: bytes) -> None:
        self.frames.append(frame)


# "turn": wait for the seat's turn; "flip": at its turn, 托管 on, off and on again; "wait": let
# the table run for that many seconds
OPS = st.sampled_from(
    ["trustee-on", "trustee-off", "flip", "drop", "resume", "play", "turn", "wait"]
)
STEP = st.tuples(OPS, st.sampled_from(HUMANS), st.floats(0, 3))


async def _run(table: Table, clock: FakeClock, seconds: float) -> None:
    """Let the table's pump run for ``seconds`` of its clock (every step due in them)."""
    end = clock.t + seconds
    for _ in range(5000):
        delay = await table.step()
        if delay == 0:
            continue
        if delay is None or clock.t + delay > end:
            clock.t = end
            return
        clock.advance(delay)
    raise AssertionError("the pump never rests")


async def _scenario(
    db: Path, deal_seed: int, steps: list[tuple[str, int, float]], pace: dict[str, Any]
) -> Table:
    store = Store(str(db))
    store.start()
    clock = FakeClock()
    table = classic_table(store, deal_seed, Settings(check_invariants=True, **pace), clock)
    table.autopump = False
    try:
        await store.call(store.create_room, table.room_row())
        links: dict[int, Link | None] = {}
        for seat in range(4):
            if seat in HUMANS:
                table.seats[seat] = Seat(f"P{seat}", seat + 1, ready=True)
                link = links[seat] = Link(seat + 1, f"P{seat}")
                table.attach(link, None)
            else:
                table.seats[seat] = Seat(f"bot-random-{seat}", None, "random")
        table.reseat()
        players = {seat: make_ai("random", deal_seed + seat) for seat in HUMANS}
        await table.commit("start")

        async def play(seat: int) -> None:
            hand = table.hand
            if hand is None or not any(a in REQUIRED for a in hand.actions_for(seat)):
                return
            action = players[seat].act(view(hand, seat))
            if action is not None:
                with contextlib.suppress(RulesError):  # the AI (托管) may have moved first
                    await table.commit(action, seat + 1, None)

        async def turn(seat: int) -> None:
            """Until it is this seat's turn (what people react to), for a minute at most."""
            for _ in range(600):
                hand = table.hand
                if hand is None or any(a in REQUIRED for a in hand.actions_for(seat)):
                    return
                await _run(table, clock, 0.1)

        for op, seat, pause in steps:
            s = table.seats[seat]
            assert s is not None
            if op == "trustee-on":
                s.trustee = True
            elif op == "trustee-off":
                s.trustee = False
            elif op == "flip":  # at its turn: 托管 on, and off and on again while the AI waits
                await turn(seat)
                for on in (True, False, True):
                    s.trustee = on
                    await _run(table, clock, 0.01)
            elif op == "drop" and (gone := links.get(seat)) is not None:
                table.detach(gone)
                links[seat] = None
            elif op == "resume" and links.get(seat) is None:
                link = links[seat] = Link(seat + 1, f"P{seat}")
                table.attach(link, table.v)
            elif op == "play":
                await play(seat)
            elif op == "turn":
                await turn(seat)
            await _run(table, clock, pause)
        # the people come back and play whenever they are asked: the hand must end
        for seat in HUMANS:
            if links.get(seat) is None:
                link = links[seat] = Link(seat + 1, f"P{seat}")
                table.attach(link, table.v)
        for _ in range(20000):
            if table.hand is None or table.hand.phase == Phase.DONE:
                break
            for seat in HUMANS:
                if not table._auto(seat, clock.t):
                    await play(seat)
            await _run(table, clock, 0.05)
        assert table.hand is not None and table.hand.phase == Phase.DONE, table.stalls
        return table
    finally:
        table.stop()
        store.close()


PACES = st.fixed_dictionaries(
    {
        "bot_delay": st.sampled_from([(0.0, 0.0), (0.02, 0.05), (0.3, 0.7)]),
        "turn_timer": st.sampled_from([None, 0.05, 0.3, 20.0]),
        "away_grace": st.sampled_from([0.02, 0.2, 15.0]),
        "trick_pause": st.sampled_from([0.0, 1.7]),
        "deal_delay": st.sampled_from([0.0, 0.05]),
    }
)


@seed(20261201)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    deal_seed=st.integers(0, 2**40),
    steps=st.lists(STEP, max_size=60),
    pace=PACES,
)
def test_every_hand_ends_and_no_step_waits_on_nobody(deal_seed, steps, pace) -> None:
    with tempfile.TemporaryDirectory() as d:
        table = asyncio.run(_scenario(Path(d) / "s.sqlite3", deal_seed, steps, pace))
    assert table.hand is not None and table.hand.phase == Phase.DONE
    assert table.stalls == []
