"""One game, one path: the same seeded hand played offline and online (the real server on
127.0.0.1) presents the same story. The online table folds the server's events into its view
(``engine.fold``) instead of asking for a snapshot after each one, so it sees every event the
offline table sees, in the same order, and passes through every state the offline table shows,
in the same order; and it asks the server for no snapshot on the way."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from helpers import (
    on_loop,
    run,
    seated_in_a_new_room,
    start_server,
    start_with_bots,
    stop_server,
    until,
)

from app.session import OfflineSession
from engine.events import EventBody, Played, TrickWon
from engine.hand import Phase
from engine.rules import preset
from engine.views import View
from net.config import Settings
from net.store import Store
from net.tables import Seat, Table

SERVER_SEED = 11  # the server draws its rooms' match seeds from this (``--seed``)


class Story:
    """What a session presents: the events it animates, each distinct view it shows and the
    table's notices (until ``end``)."""

    def __init__(self, session: Any, table: Any) -> None:
        self.session = session
        self.events: list[Any] = []
        self.views: list[View] = []
        self.notices: list[str] = []
        self._notice = table.notice
        session.eventsArrived.connect(self.events.extend)
        session.changed.connect(self._changed)
        self._notice.changed.connect(self._noticed)

    def _noticed(self) -> None:
        text = self._notice.text
        if text and (not self.notices or self.notices[-1] != text):
            self.notices.append(text)

    def end(self) -> None:
        self._notice.changed.disconnect(self._noticed)

    def _changed(self) -> None:
        v = self.session.view
        if v is not None and (not self.views or self.views[-1] != v):
            self.views.append(v)

    def done(self) -> bool:
        return bool(self.views) and self.views[-1].phase == "done"


class FakeClock:
    """A clock that moves only when the test moves it."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _holds(timed: list[tuple[float, EventBody]]) -> list[tuple[int, int, float]]:
    """Each trick but the last (its winner, its points) and how long it stayed before the next
    lead: the time from its ``trick`` event to the next ``play``."""
    out = []
    for i, (t, body) in enumerate(timed):
        if isinstance(body, TrickWon):
            lead = next((u for u, b in timed[i + 1 :] if isinstance(b, Played)), None)
            if lead is not None:
                out.append((body.winner, body.points, lead - t))
    return out


def _in_order(inner: list[View], outer: list[View]) -> int | None:
    """The index in ``inner`` of the first view ``outer`` does not pass through in order
    (None: every one, in order)."""
    at = 0
    for i, v in enumerate(inner):
        while at < len(outer) and outer[at] != v:
            at += 1
        if at == len(outer):
            return i
    return None


def test_a_seeded_hand_tells_the_same_story_offline_and_online(ui, qtbot, tmp_path) -> None:
    match_seed = random.Random(SERVER_SEED).getrandbits(62)  # the first room's seed
    offline = OfflineSession(
        ui.settings, preset("classic"), seat=0, ai_levels=("normal",) * 4, seed=match_seed
    )
    offline.save_enabled = False
    offline.set_trustee(True)  # the AI plays my seat too: the same players on both sides
    told = Story(offline, ui.table)
    ui.app.set_session(offline)
    qtbot.waitUntil(told.done, timeout=120_000)
    told.end()
    ui.app.set_session(None)

    proc, address = start_server(
        tmp_path, "--seed", str(SERVER_SEED), "--bot-delay", "0,0", "--trick-pause", "0"
    )
    online = ui.app.online
    asked: list[Any] = []

    async def play() -> Story:
        session = await seated_in_a_new_room(ui, address)
        client = session.client
        sync = client.sync

        async def counted(room: str, since: int | None = None) -> Any:
            asked.append((room, since))
            return await sync(room, since)

        client.sync = counted
        story = Story(session, ui.table)
        try:
            session.set_trustee(True)
            await start_with_bots(ui, "normal")
            assert await until(story.done, 120), online.error
            await asyncio.sleep(0.2)  # anything still on its way
        finally:
            story.end()
        return story

    try:
        seen = run(ui, qtbot, play, 200)
    finally:
        stop_server(proc)
    assert [e.type for e in seen.events] == [e.type for e in told.events]
    assert seen.events == told.events
    missing = _in_order(told.views, seen.views)
    assert missing is None, (missing, told.views[missing] if missing is not None else None)
    assert seen.views[-1] == told.views[-1]
    assert asked == []  # no snapshot asked for: every event was folded
    # the same messages on the table, in the same order (this hand: none on either side; the
    # online 托管 switched on by the player is no notice, as offline)
    assert seen.notices == told.notices


def test_the_offline_pacing_is_built_again_only_when_a_setting_it_reads_changes(ui, qtbot) -> None:
    """The driver's pacing is built with the session and again when the speed, the trick hold
    or reduced motion changes on the Settings page, not at each step of the game."""
    session = OfflineSession(
        ui.settings, preset("classic"), seat=0, ai_levels=("normal",) * 4, seed=5, save=False
    )
    session.set_trustee(True)
    built = session.driver.pacing
    ui.app.set_session(session)
    qtbot.waitUntil(lambda: len(session.match.hand.actions) > 30)  # many steps taken
    assert session.driver.pacing is built
    hold, reduce = ui.settings.trickHold, ui.settings.reduceMotion
    try:
        ui.settings.speed = "slow"
        slow = session.driver.pacing
        assert slow is not built and slow.deal == 0.5 and slow.ai_pause == (0.7, 0.7)
        ui.settings.trickHold = hold + 500
        held = session.driver.pacing
        assert held.trick_hold == (hold + 500 + ui.settings.flightMs) / 1000
        ui.settings.reduceMotion = not reduce
        assert session.driver.pacing.trick_hold != held.trick_hold
        ui.app.set_session(None)
        ui.settings.speed = "instant"  # a closed session's pacing is left alone
        assert session.driver.pacing.deal == 0.5
    finally:
        ui.settings.trickHold, ui.settings.reduceMotion = hold, reduce


def test_each_trick_is_held_as_long_offline_as_online_on_a_fake_clock(ui, qtbot, tmp_path) -> None:
    """The same seeded hand at the "fast" speed, offline through the app's session and online
    on the server's table (in-process, its pump stepped by the test), each on a fake clock that
    moves only by the waits asked for: the same tricks, each held the same time before the next
    lead (the offline timer's millisecond rounding aside)."""
    match_seed = random.Random(SERVER_SEED).getrandbits(62)
    ui.settings.speed = "fast"
    clock = FakeClock()
    offline = OfflineSession(
        ui.settings,
        preset("classic"),
        seat=0,
        ai_levels=("normal",) * 4,
        seed=match_seed,
        save=False,
        clock=clock,
    )

    def wait(ms: int) -> None:  # each wait passes on the fake clock, at once
        clock.t += max(0, ms) / 1000
        offline._timer.start(0)

    offline._schedule = wait  # type: ignore[method-assign]
    offline.set_trustee(True)
    told: list[tuple[float, EventBody]] = []
    offline.eventsArrived.connect(lambda events: told.extend((clock.t, e) for e in events))
    pacing = offline.driver.pacing
    assert pacing.trick_hold > max(pacing.ai_pause)  # the hold, not the AI's pause, decides
    ui.app.set_session(offline)
    qtbot.waitUntil(lambda: offline.match.hand.phase == Phase.DONE, timeout=120_000)
    ui.app.set_session(None)

    async def online() -> list[tuple[float, EventBody]]:
        store = Store(str(tmp_path / "table.sqlite3"))
        store.start()
        at = FakeClock()
        settings = Settings(
            deal_delay=pacing.deal, bot_delay=pacing.ai_pause, trick_pause=pacing.trick_hold
        )
        table = Table(
            id="hold",
            owner=1,
            owner_name="P0",
            rules=preset("classic"),
            multiplier=1,
            private=False,
            invite=None,
            seed=match_seed,
            store=store,
            settings=settings,
            clock=at,
            autopump=False,
        )
        timed: list[tuple[float, EventBody]] = []
        try:
            await store.call(store.create_room, table.room_row())
            for seat in range(4):
                table.seats[seat] = Seat(f"bot-normal-{seat}", None, "normal")
            table.reseat()
            await table.commit("start")
            seen = 0
            while table.hand is not None and table.hand.phase != Phase.DONE:
                delay = await table.step()
                shown = [e.for_seat(0) for e in table.events[seen:]]  # as seat 0 sees them
                timed += [(at.t, body) for body in shown if body is not None]
                seen = len(table.events)
                assert delay is not None, "the table's pump rests with the hand unfinished"
                at.t += delay
        finally:
            table.stop()
            store.close()
        return timed

    seen = on_loop(qtbot, online(), 120)
    assert [b for _, b in seen] == [b for _, b in told]  # the same hand, event for event
    offline_holds, online_holds = _holds(told), _holds(seen)
    tricks = sum(isinstance(b, TrickWon) for _, b in seen)
    assert tricks > 10 and len(online_holds) == tricks - 1  # every trick but the last
    assert [h[:2] for h in offline_holds] == [h[:2] for h in online_holds]
    for (_w, _p, off), (_w2, _p2, on) in zip(offline_holds, online_holds, strict=True):
        assert on == pytest.approx(pacing.trick_hold, abs=1e-9)
        assert off == pytest.approx(on, abs=0.002)
