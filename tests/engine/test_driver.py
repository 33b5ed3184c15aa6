"""The paced driver on a fake clock: the deal's pace, the AI's pause, the trick's hold, the turn
clock and its expiry, stale answers, the one give-up rule, a pause, and whole hands driven by it
alone (what the offline table and the server's tables both do)."""

from __future__ import annotations

import itertools
import random

from engine.actions import Action, DealCard
from engine.ai import make_player
from engine.driver import (
    GIVE_UP,
    Deal,
    Driver,
    Expire,
    Pacing,
    Play,
    Think,
    Wait,
)
from engine.events import TrickWon
from engine.hand import Hand, Phase, Setup
from engine.rules import preset
from engine.views import view


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


PACE = Pacing(deal=0.25, ai_pause=(0.5, 0.5), trick_hold=1.7, turn_timer=0.0)


def _hand(seed: int = 3) -> Hand:
    return Hand(preset("classic"), Setup(seed, ("2",) * 4, 0))


def _apply(hand: Hand, driver: Driver, action: Action) -> None:
    driver.applied(hand.apply(action))


def _drive(
    hand: Hand, driver: Driver, clock: Clock, auto: set[int], until: int
) -> list[tuple[float, object]]:
    """Take the driver's steps with AI players until ``until`` actions are in the log (or the
    driver waits on a person); the steps taken, with their times."""
    players = {s: make_player("normal", s) for s in range(4)}
    taken: list[tuple[float, object]] = []
    for _ in range(20000):
        if len(hand.actions) >= until or hand.phase == Phase.DONE:
            break
        step = driver.step(hand, auto.__contains__)
        taken.append((clock.t, step))
        if isinstance(step, Deal):
            n = 0
            while n < step.cards and driver.deal_open(hand, auto.__contains__):
                _apply(hand, driver, DealCard())
                n += 1
            driver.dealt(n)
        elif isinstance(step, Think):
            seat = step.decision.seat
            assert seat is not None
            driver.thought(seat, step.key, players[seat].act(view(hand, seat)))
        elif isinstance(step, Play):
            action = step.action or driver.fallback(hand, step.decision)
            if action is not None:
                _apply(hand, driver, action)
        elif isinstance(step, Wait):
            if step.until is None:
                break
            clock.t = step.until
        else:
            break  # a person's clock ran out: the caller's to handle
    return taken


def test_cards_are_dealt_at_the_deals_pace() -> None:
    clock = Clock()
    hand = _hand()
    driver = Driver(PACE, clock, random.Random(1))
    taken = _drive(hand, driver, clock, set(), until=12)  # nobody is the AI's: no bid asked
    deals = [t for t, s in taken if isinstance(s, Deal)]
    assert len(deals) == 12
    assert all(abs((b - a) - 0.25) < 1e-9 for a, b in itertools.pairwise(deals))


def test_whole_hands_end_and_an_ai_action_waits_its_pause() -> None:
    for seed in range(3):
        clock = Clock()
        hand = _hand(seed)
        driver = Driver(PACE, clock, random.Random(seed))
        taken = _drive(hand, driver, clock, {0, 1, 2, 3}, until=10**6)
        assert hand.phase == Phase.DONE
        asked = {}
        for t, s in taken:
            if isinstance(s, Think):
                asked[s.key] = t
            elif isinstance(s, Play) and s.action is not None and s.decision.required:
                assert t - asked[s.key] >= 0.5 - 1e-9  # never before its pause


def test_a_lead_after_a_finished_trick_waits_the_trick_hold() -> None:
    clock = Clock()
    hand = _hand()
    driver = Driver(PACE, clock, random.Random(1))
    taken = _drive(hand, driver, clock, {0, 1, 2, 3}, until=10**6)
    plays = [t for t, s in taken if isinstance(s, Play) and s.decision.kinds == ("play",)]
    won_at = plays[3::4]  # each trick was won by its fourth play
    leads = plays[4::4]  # and the next one led
    assert len(leads) == len(won_at) - 1
    assert all(lead - won >= 1.7 - 1e-9 for won, lead in zip(won_at, leads, strict=False))
    assert any(isinstance(e.body, TrickWon) for e in hand.events)


def test_an_answer_for_a_turn_that_changed_is_dropped_and_the_ai_asked_again() -> None:
    clock = Clock()
    hand = _hand()
    driver = Driver(PACE, clock, random.Random(1))
    _drive(hand, driver, clock, set(), until=10**6)  # the deal, people everywhere
    ai = {0, 1, 2, 3}
    step = driver.step(hand, ai.__contains__)
    assert isinstance(step, Think)
    seat = step.decision.seat
    assert seat is not None
    # the person takes the seat back while the AI thinks: its answer counts for nothing
    ai.discard(seat)
    driver.step(hand, ai.__contains__)
    assert driver.thought(seat, step.key, None) is False
    # handed to the AI again, it is asked anew; an answer it gives after someone else acted
    # (here: the table went on to a new hand) counts for nothing either
    ai.add(seat)
    again = driver.step(hand, ai.__contains__)
    assert isinstance(again, Think) and again.decision.seat == seat
    assert driver.thought(seat, (*again.key, "stale"), None) is False
    other = _hand(4)
    assert isinstance(driver.step(other, ai.__contains__), Deal)
    assert driver.thought(seat, again.key, None) is False


def test_an_ai_that_never_answers_is_given_up_on_and_the_engine_plays() -> None:
    clock = Clock()
    hand = _hand()
    driver = Driver(PACE, clock, random.Random(1))
    _drive(hand, driver, clock, set(), until=10**6)
    step = driver.step(hand, {0, 1, 2, 3}.__contains__)
    assert isinstance(step, Think)
    waiting = driver.step(hand, {0, 1, 2, 3}.__contains__)
    assert isinstance(waiting, Wait) and waiting.until == clock.t + GIVE_UP
    clock.t += GIVE_UP
    late = driver.step(hand, {0, 1, 2, 3}.__contains__)
    assert isinstance(late, Play) and late.action is None and late.decision == step.decision
    assert driver.thought(step.decision.seat or 0, step.key, None) is False  # too late now


def test_a_persons_turn_clock_runs_out_and_restarts_when_they_take_the_seat_back() -> None:
    clock = Clock()
    hand = _hand()
    driver = Driver(Pacing(deal=0), clock, random.Random(1))
    _drive(hand, driver, clock, set(), until=10**6)
    assert hand.deal_complete
    driver.pacing = Pacing(deal=0, turn_timer=20.0)
    auto: set[int] = set()
    step = driver.step(hand, auto.__contains__)
    clocks = driver.deadlines(hand, auto.__contains__)
    assert clocks and all(due == clock.t + 20.0 for due in clocks.values())
    assert isinstance(step, Wait) and step.until == clock.t + 20.0
    clock.t += 20.0
    out = driver.step(hand, auto.__contains__)
    assert isinstance(out, Expire) and out.seat in clocks
    auto.add(out.seat)  # 托管: the AI plays it now, and its clock is gone
    assert out.seat not in driver.deadlines(hand, auto.__contains__)
    driver.step(hand, auto.__contains__)
    auto.discard(out.seat)  # taken back: a whole turn again, from now
    clock.t += 5
    driver.step(hand, auto.__contains__)
    assert driver.deadlines(hand, auto.__contains__)[out.seat] == clock.t + 20.0


def test_a_paused_table_takes_no_step() -> None:
    clock = Clock()
    hand = _hand()
    driver = Driver(PACE, clock, random.Random(1))
    driver.pause(True)
    assert driver.step(hand, {0, 1, 2, 3}.__contains__) == Wait(None)
    driver.pause(False)
    assert isinstance(driver.step(hand, {0, 1, 2, 3}.__contains__), Deal)
