"""The pacing of a table: what happens next, and when. The one module that decides it.

A host (the app's offline session, the server's table) owns a ``Hand`` and applies actions to
it; the ``Driver`` tells it, at any moment, the one step to take now or how long to wait:

- ``Deal``: deal the next cards (the deal goes at ``Pacing.deal`` seconds a card);
- ``Think``: ask the AI for the decision of a seat it plays (``Hand.pending`` order: the AI's
  decisions are taken one at a time; the people's are theirs to take meanwhile). The host
  answers with ``Driver.thought`` when the AI is back;
- ``Play``: apply the AI's action now (its pause is over, and after a finished trick the trick's
  hold is over too); ``None`` or a refused action: the engine's own answer (``fallback``);
- ``Expire``: a person's turn clock ran out: the AI plays the seat from now on (托管);
- ``Wait``: nothing is due before ``until`` (``None``: until someone acts).

The clock is injected (``time.monotonic`` by default), so the same rules run on a fake clock in
tests. An AI's answer is valid while the seat's turn is unchanged (its ``TurnKey``): a person who
acts meanwhile, a new bid to beat or a seat taken back from the AI makes the plan stale, and the
AI is asked again. ``GIVE_UP`` is the one limit on an AI decision: ``engine.ai.thinker`` abandons a
search that takes longer, and the engine answers for the seat.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action
from engine.events import Event, TrickWon
from engine.hand import DEAL_STEP, Decision, Hand, Phase
from engine.selfplay import answer

GIVE_UP = 15.0  # seconds: an AI decision not back by then is abandoned (the engine answers)
REQUIRED = ("play", "bury", "call-friend", "pass-bid")  # the decisions a turn clock waits for

TurnKey = tuple[Any, ...]
Clock = Callable[[], float]


@dataclass(frozen=True)
class Pacing:
    """How fast a table goes, in seconds."""

    deal: float = 0.25  # a dealt card
    deal_cards: int = 1  # cards dealt in one step (the server sends a round of four at once)
    deal_jitter: float = 0.0  # each deal pause stretched or shrunk by up to this share, at random
    ai_pause: tuple[float, float] = (0.5, 0.5)  # an AI's required decision waits this long
    trick_hold: float = 1.7  # a finished trick stays this long before the next lead
    turn_timer: float = 0.0  # a person's time for a required decision (0: no clock)


@dataclass(frozen=True)
class Deal:
    cards: int  # deal at most this many, while the deal is the next step (``Driver.deal_open``)


@dataclass(frozen=True)
class Think:
    decision: Decision
    key: TurnKey


@dataclass(frozen=True)
class Play:
    decision: Decision
    key: TurnKey  # the turn it answers: stale once ``Driver.turn_key`` differs (play again)
    action: Action | None  # None: the engine answers (``fallback``)


@dataclass(frozen=True)
class Expire:
    seat: int


@dataclass(frozen=True)
class Wait:
    until: float | None  # the clock's time of the next step; None: until someone acts


Step = Deal | Think | Play | Expire | Wait


@dataclass
class _Plan:
    key: TurnKey
    action: Action | None
    due: float  # the pause's end, measured from when the AI was asked
    required: bool


@dataclass
class Driver:
    pacing: Pacing = field(default_factory=Pacing)
    clock: Clock = time.monotonic
    rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        now = self.clock()
        self._hand: Hand | None = None
        self._plans: dict[int, _Plan] = {}
        self._asked: dict[int, tuple[TurnKey, float]] = {}  # seat -> (turn, when), in flight
        self._since: dict[int, tuple[TurnKey | None, float]] = {}  # the turn clocks' starts
        self._ai_seats: set[int] = set()  # the seats the AI played at the last step
        self._acted_at = now  # the last action that was not a dealt card
        self._trick_at: float | None = None  # when the last action finished a trick
        self._next_deal = 0.0
        self._paused = False

    # -- what the host tells the driver ------------------------------------------------------
    def applied(self, events: list[Event]) -> None:
        """The host applied an action (or started a hand) and got ``events``."""
        now = self.clock()
        if any(e.type != "deal" for e in events):
            self._acted_at = now
            self._trick_at = now if any(isinstance(e.body, TrickWon) for e in events) else None

    def dealt(self, cards: int) -> None:
        """The host dealt ``cards`` cards for a ``Deal`` step: the next is due after a pause."""
        p = self.pacing
        jitter = self.rng.uniform(1 - p.deal_jitter, 1 + p.deal_jitter) if p.deal_jitter else 1
        pause = p.deal * max(1, cards) * jitter
        now = self.clock()
        # from when the step was due, not when it was taken: a host's few milliseconds late per
        # step would otherwise add up over a hundred cards (unless it is a whole step late)
        base = self._next_deal if now - self._next_deal < pause else now
        self._next_deal = base + pause

    def thought(self, seat: int, key: TurnKey, action: Action | None) -> bool:
        """The AI's answer for the ``Think`` step of ``seat`` and turn ``key`` (None: it has
        none). False when it came too late (the turn changed, or the driver gave up on it)."""
        asked = self._asked.get(seat)
        if asked is None or asked[0] != key:
            return False
        del self._asked[seat]
        hand = self._hand
        d = next((d for d in hand.pending() if d.seat == seat), None) if hand else None
        required = d is not None and d.required
        # every action waits its pause; a seat that makes no bid on this card holds up nothing
        low, high = self.pacing.ai_pause
        pause = self.rng.uniform(low, high) if required or action is not None else 0.0
        self._plans[seat] = _Plan(key, action, asked[1] + pause, required)
        return True

    def pause(self, on: bool) -> None:
        """Hold everything (a dialog over the offline table); ``step`` waits until resumed."""
        self._paused = on

    @property
    def paused(self) -> bool:
        return self._paused

    # -- what the driver tells the host --------------------------------------------------------
    def step(self, hand: Hand | None, auto: Callable[[int], bool]) -> Step:
        """The step to take now, or how long to wait. ``auto(seat)``: the AI plays the seat."""
        if hand is not self._hand:
            self._new_hand(hand)
        if hand is None or hand.phase == Phase.DONE or self._paused:
            return Wait(None)
        now = self.clock()
        deadlines: list[float] = []
        for seat in range(4):  # who the AI plays, and the people's clocks
            ai = auto(seat)
            if not ai:  # whatever the AI planned or was asked for this seat no longer holds
                self._plans.pop(seat, None)
                self._asked.pop(seat, None)
            acts = hand.actions_for(seat)
            since = self._started(hand, seat, acts, now)
            if ai != (seat in self._ai_seats):
                if ai:
                    self._ai_seats.add(seat)
                else:  # the person took the seat back from the AI: their clock starts now
                    self._ai_seats.discard(seat)
                    self._since[seat] = (self._since[seat][0], now)
                    since = now
            if ai or not any(a in REQUIRED for a in acts) or not self.pacing.turn_timer:
                continue
            due = since + self.pacing.turn_timer
            if now >= due:
                return Expire(seat)
            deadlines.append(due)
        d = self.next_decision(hand, auto)
        if d is not None and d.seat is not None:
            step = self._ai_step(hand, d, now)
            if not isinstance(step, Wait):
                return step
            if step.until is not None:
                deadlines.append(step.until)
        elif d is not None:
            if now >= self._next_deal:
                return Deal(self.pacing.deal_cards)
            deadlines.append(self._next_deal)
        return Wait(min(deadlines) if deadlines else None)

    def next_decision(self, hand: Hand, auto: Callable[[int], bool]) -> Decision | None:
        """The table's own next decision in the engine's order (``Hand.pending``): the first
        owed by a seat the AI plays, or the next card. None: only people owe anything."""
        for d in hand.pending():
            if d.seat is None or auto(d.seat):
                return d
        return None

    def deal_open(self, hand: Hand, auto: Callable[[int], bool]) -> bool:
        """Whether the next card is the table's next step (no AI bid is owed before it)."""
        return hand.phase != Phase.DONE and self.next_decision(hand, auto) == DEAL_STEP

    def deadlines(self, hand: Hand | None, auto: Callable[[int], bool]) -> dict[int, float]:
        """The turn clocks running now: seat -> when it runs out (people only)."""
        if hand is None or hand.phase == Phase.DONE or not self.pacing.turn_timer:
            return {}
        now = self.clock()
        out = {}
        for seat in range(4):
            acts = hand.actions_for(seat)
            if auto(seat) or not any(a in REQUIRED for a in acts):
                continue
            out[seat] = self._started(hand, seat, acts, now) + self.pacing.turn_timer
        return out

    def thinking(self) -> frozenset[int]:
        """The seats whose required decision the AI is taking (asked, or holding its answer)."""
        asked = {s for s in self._asked if self._required(s)}
        return frozenset(asked | {s for s, p in self._plans.items() if p.required})

    def asked_at(self, seat: int) -> float | None:
        """When the AI was asked for ``seat``'s decision, while its answer is still out."""
        asked = self._asked.get(seat)
        return asked[1] if asked is not None else None

    def planned(self, seat: int) -> bool:
        """Whether the AI has been asked for ``seat``'s turn, or holds its answer."""
        return seat in self._plans or seat in self._asked

    @staticmethod
    def fallback(hand: Hand, d: Decision) -> Action | None:
        """The engine's answer for the seat (a refused or missing AI action): ``selfplay.answer``
        (an optional bid is declined, and nothing is applied)."""
        return answer(hand, d, None)

    @staticmethod
    def turn_key(hand: Hand, seat: int) -> TurnKey | None:
        """What a seat's turn depends on: its legal action kinds and, while bidding, the bid to
        beat; after the deal only the seat to move can act, so any action changes it. None when
        the seat may do nothing."""
        acts = hand.actions_for(seat)
        if not acts:
            return None
        if hand.phase == Phase.DEAL:
            bid = (hand.bid.seat, hand.bid.cards) if hand.bid is not None else None
            return (hand.setup.hand_no, acts, bid, hand.dealt)
        return (hand.setup.hand_no, acts, len(hand.actions))

    # -- inside -----------------------------------------------------------------------------
    def _new_hand(self, hand: Hand | None) -> None:
        self._hand = hand
        self._plans.clear()
        self._asked.clear()
        self._since.clear()
        self._trick_at = None
        # a deal starts at a random point of one step's pause: tables that start together (a
        # restart restores them all at once) would otherwise deal in lockstep, in one burst
        p = self.pacing
        spread = p.deal * p.deal_cards * self.rng.random() if p.deal_jitter else 0.0
        self._next_deal = self.clock() + spread

    def _required(self, seat: int) -> bool:
        hand = self._hand
        return hand is not None and any(d.seat == seat and d.required for d in hand.pending())

    def _started(self, hand: Hand, seat: int, acts: tuple[str, ...], now: float) -> float:
        """When ``seat``'s current turn began (its turn clock counts from here)."""
        key = self.turn_key(hand, seat) if acts else None
        got = self._since.get(seat)
        if got is None or got[0] != key:
            self._since[seat] = (key, now)
            return now
        return got[1]

    def _ai_step(self, hand: Hand, d: Decision, now: float) -> Step:
        assert d.seat is not None
        seat = d.seat
        key = self.turn_key(hand, seat)
        assert key is not None
        plan = self._plans.get(seat)
        if plan is not None and plan.key != key:
            del self._plans[seat]  # the seat's turn changed: ask again
            plan = None
        if plan is None:
            asked = self._asked.get(seat)
            if asked is None or asked[0] != key:
                self._asked[seat] = (key, now)
                return Think(d, key)
            if now >= asked[1] + GIVE_UP:  # the host's AI never answered: the engine does
                del self._asked[seat]
                return Play(d, key, None)
            return Wait(asked[1] + GIVE_UP)
        due = plan.due
        if plan.action is not None or d.required:
            due = max(due, self._acted_at)
        if d.required and self._trick_at is not None:  # the trick stays a while before the lead
            due = max(due, self._trick_at + self.pacing.trick_hold)
        if now < due:
            return Wait(due)
        del self._plans[seat]
        return Play(d, key, plan.action)
