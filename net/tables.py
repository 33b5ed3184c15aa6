"""A table: a room's four seats, its watchers and its match, with the engine as the authority.

Every change to the game goes through ``Table.commit``: the engine applies the action (a
refusal changes nothing), the action is written to the store, and only then are the events
sent. ``Table.frames_for`` is the one function that turns game state into frames for one
recipient (``engine.views.view`` and ``Event.for_seat``); nothing else sends game state.

Versions: the table's events across all hands of its match are numbered 1, 2, ...; ``v`` is
the number of events so far. A recipient that may not see event ``v`` gets ``event: null``.
A table's own pump deals cards on a timer, plays bots and 托管 seats with the AI (off the event
loop), paced so people can follow, and runs the turn clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from engine.actions import Action, DealCard, action_from_dict, action_to_dict
from engine.errors import RulesError
from engine.events import Event, TrickWon
from engine.hand import DEAL_STEP, Decision, Hand, Phase
from engine.match import Match
from engine.records import hand_record
from engine.rules import RuleSet, rules_from
from engine.selfplay import answer, seat_seed
from engine.views import view
from net import auth
from net.players import Thinker, make_ai
from net.protocol import RoomInfo, RoomUpdate, SeatInfo, Snapshot, TableEvent, encode
from net.storage import StoreUnavailable

if TYPE_CHECKING:
    from net.storage import Storage as Store

log = logging.getLogger("tuolaji.table")

MAX_GAP = 400  # a resume missing more events than this gets a snapshot instead
REQUIRED = ("play", "bury", "call-friend", "pass-bid")  # actions the turn clock waits for
DEAL_ROUND = 4  # cards dealt per step (one round): one commit and one write per recipient
# Each deal pause is stretched or shrunk by up to this share, at random, and a deal starts at a
# random point of one step's pause. Tables that start together (a restart restores them all at
# once; a room of tables starts within a second) would otherwise deal in lockstep: all their
# steps due in the same turn of the event loop, one long burst that every other frame waits
# behind. Spread, the same work comes in many short turns.
DEAL_JITTER = 0.25


class Recipient(Protocol):
    user: int | None
    name: str

    def push(self, frame: bytes) -> None: ...


@dataclass
class Seat:
    name: str
    user: int | None = None
    bot: str | None = None
    ready: bool = False
    trustee: bool = False
    away_since: float | None = None
    left: bool = False  # left mid-hand (强退): the AI finishes the hand, then the seat frees

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "user": self.user, "bot": self.bot, "left": self.left}


@dataclass
class Settings:
    deal_delay: float = 0.05  # seconds between dealt cards
    away_grace: float = 15.0  # seconds a disconnected seat waits before 托管
    turn_timer: float | None = None  # overrides the rule set's turn_timer when set
    # an AI action (bot or 托管) waits a random MIN-MAX seconds after the table's last action,
    # and a lead waits at least ``trick_pause`` after the finished trick, so people can follow
    bot_delay: tuple[float, float] = (0.3, 0.7)
    trick_pause: float = 1.0
    check_invariants: bool = False  # check the liveness invariant after every step (tests)
    # tests: rooms' match seeds drawn from this seed (a room's seed fixes its cards and its AI
    # players), so a test can play the same match elsewhere; None: unpredictable seeds
    seed: int | None = None


@dataclass
class Plan:
    """An AI's chosen action, held until its pause is over; valid while the seat's ``key``
    (what it may do, see ``Table._turn_key``) is unchanged."""

    key: tuple[Any, ...] | None
    action: Action
    start: float  # the table's last change when the AI was asked
    pause: float


@dataclass
class Table:
    id: str
    owner: int
    owner_name: str
    rules: RuleSet
    multiplier: int
    private: bool
    invite: str | None
    seed: int
    store: Store
    settings: Settings
    on_change: Callable[[Table], None] = lambda _t: None  # the lobby's hook
    on_seats: Callable[[Table], None] = lambda _t: None  # who sits changed (the server's index)
    seats: list[Seat | None] = field(default_factory=lambda: [None] * 4)
    match: Match | None = None
    events: list[Event] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)  # every applied action, in order
    hand_v0: int = 0  # the version before the current hand's first event
    watchers: dict[Recipient, int | None] = field(default_factory=dict)
    closed: bool = False
    side: str = "any"  # any | positive | negative: who may sit, by the sign of their rating
    thinker: Thinker | None = None  # where the AI thinks (None: a thread for every level)

    def __post_init__(self) -> None:
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.changed_at = time.monotonic()
        # presence, for ownership and closing: since when nobody / a user has been here
        self.empty_since: float | None = self.changed_at
        self.absent_since: dict[int, float] = {self.owner: self.changed_at}
        self.closing = False  # nobody is left: close once the running hand is finished
        self._prompted: dict[int, tuple[Any, ...] | None] = {}  # seat -> its last prompt's key
        self._rules_dict = self.rules.to_dict()  # made once: the same in every room frame
        self._ai: dict[int, Any] = {}
        self._plans: dict[int, Plan] = {}  # seat -> the AI's action waiting for its pause
        self._ai_seats: set[int] = set()  # seats the AI played at the last step
        # seat -> (its turn key, when those legal actions appeared): the turn clock's start
        self._since: dict[int, tuple[tuple[Any, ...] | None, float]] = {}
        self._acted_at = self.changed_at  # the last action that was not a dealt card
        self._trick_at: float | None = None  # when the last action finished a trick
        self._rng = random.Random()
        self._next_deal = 0.0
        self._phased: Hand | None = None  # the hand whose deal has its starting point drawn
        self._task: asyncio.Task[None] | None = None
        self.stalls: list[str] = []  # liveness faults found (see ``liveness_fault``)
        # The clock of the last step: the invariant is checked as the step saw the table (a
        # grace or a clock running out a moment later is the next step's, already due).
        self._stepped_at = time.monotonic()

    # -- state ---------------------------------------------------------------------------
    @property
    def v(self) -> int:
        return len(self.events)

    @property
    def hand(self) -> Hand | None:
        return self.match.hand if self.match is not None else None

    @property
    def status(self) -> str:
        if self.match is None:
            return "waiting"
        if self.match.over:
            return "over"
        return "between" if self.match.hand.phase == Phase.DONE else "playing"

    def seat_of(self, user: int | None) -> int | None:
        if user is None:
            return None
        for i, s in enumerate(self.seats):
            if s is not None and s.user == user and not s.left:
                return i
        return None

    def info(self) -> RoomInfo:
        seats = [
            None
            if s is None
            else SeatInfo(
                s.name,
                s.user,
                s.bot,
                s.ready or s.bot is not None,
                s.away_since is not None,
                s.trustee or s.left,
                s.left,
            )
            for s in self.seats
        ]
        m = self.match
        return RoomInfo(
            room=self.id,
            owner=self.owner,
            owner_name=self.owner_name,
            rules=self._rules_dict,
            multiplier=self.multiplier,
            private=self.private,
            status=self.status,
            seats=seats,
            spectators=sum(1 for s in self.watchers.values() if s is None),
            v=self.v,
            hand_no=m.hand.setup.hand_no if m else 0,
            levels=list(m.levels) if m else [self.rules.start_level] * 4,
            winners=list(m.winners) if m and m.winners is not None else None,
            side=self.side,
        )

    # -- frames: the one place game state becomes bytes on the wire -------------------------
    def frames_for(
        self,
        seat: int | None,
        since: int | None,
        prompt: bool = True,
        acts: tuple[str, ...] | None = None,
    ) -> list[bytes]:
        """What recipient ``seat`` (None: a spectator) needs to move from version ``since`` to
        now: the missed events, each redacted by ``Event.for_seat`` and each carrying what the
        seat may do now (``acts``, when the caller has them), or a snapshot from
        ``engine.views.view`` when ``since`` is None or the gap is too large. With
        ``prompt``, a seat that must act now also gets its view (the prompt it acts from)."""
        hand = self.hand
        v = self.v
        if hand is None:
            return [encode(Snapshot(self.id, v, None, seat))]
        if since is None or not 0 <= since <= v or v - since > MAX_GAP:
            return [encode(Snapshot(self.id, v, view(hand, seat), seat))]
        if acts is None:
            acts = hand.actions_for(seat) if seat is not None else ()
        actions = list(acts)
        frames = [
            encode(TableEvent(self.id, i + 1, self.events[i].for_seat(seat), actions))
            for i in range(since, v)
        ]
        if prompt and seat is not None and any(a in REQUIRED for a in actions):
            frames.append(encode(Snapshot(self.id, v, view(hand, seat), seat)))
        return frames

    def _turn_key(self, seat: int, acts: tuple[str, ...]) -> tuple[Any, ...] | None:
        """What a seat's turn depends on: its legal action kinds and, while bidding, the bid
        to beat; after the deal only the seat to move can act, so any action changes it.
        None when the seat may do nothing."""
        hand = self.hand
        assert hand is not None
        if not acts:
            return None
        if hand.phase == Phase.DEAL:
            bid = (hand.bid.seat, hand.bid.cards) if hand.bid is not None else None
            return (self.hand_v0, acts, bid)
        return (self.hand_v0, acts, len(hand.actions))

    def _prompt_key(self, seat: int, acts: tuple[str, ...]) -> tuple[Any, ...] | None:
        """The turn key of a seat that must act (it gets a prompt); None when it need not."""
        return self._turn_key(seat, acts) if any(a in REQUIRED for a in acts) else None

    def _prompted_at(self, seat: int, acts: tuple[str, ...], now: float) -> float:
        """When ``seat``'s current legal actions appeared (the turn clock counts from here)."""
        key = self._turn_key(seat, acts)
        got = self._since.get(seat)
        if got is None or got[0] != key:
            self._since[seat] = (key, now)
            return now
        return got[1]

    def broadcast(self, since: int) -> None:
        """Send everyone the events since ``since``. A seat that must act gets its prompt
        (a snapshot) only when its legal actions changed since its last prompt, not on every
        change at the table while it waits (e.g. other seats passing a bid)."""
        cache: dict[int | None, list[bytes]] = {}
        now = time.monotonic()
        for who, seat in list(self.watchers.items()):
            frames = cache.get(seat)
            if frames is None:
                prompt = False
                acts = None
                if seat is not None and self.hand is not None:
                    acts = self.hand.actions_for(seat)
                    self._prompted_at(seat, acts, now)
                    key = self._prompt_key(seat, acts)
                    prompt = key is not None and key != self._prompted.get(seat)
                    self._prompted[seat] = key
                frames = cache[seat] = self.frames_for(seat, since, prompt, acts)
            for f in frames:
                who.push(f)

    def announce(self) -> None:
        """Push the room's state (seats, spectators, status) to everyone at the table."""
        frame = encode(RoomUpdate(self.info()))
        for who in list(self.watchers):
            who.push(frame)
        self.on_change(self)

    def refresh(self, who: Recipient) -> None:
        """Send a watcher the room and a snapshot of its view, when frames to it may have
        been lost (a seat that must act gets its prompt again)."""
        who.push(encode(RoomUpdate(self.info())))
        for f in self.frames_for(self.watchers.get(who), None):
            who.push(f)

    # -- watchers ------------------------------------------------------------------------
    def attach(self, who: Recipient, since: int | None) -> int | None:
        """Add a watcher (a seated user resumes their seat) and send it what it missed."""
        seat = self.seat_of(who.user)
        self.watchers[who] = seat
        self.empty_since = None
        self.closing = False
        if who.user is not None:
            self.absent_since.pop(who.user, None)
        if seat is not None:
            s = self.seats[seat]
            assert s is not None
            s.away_since = None  # 托管 stays as the player left it: coming back is no choice
            if self.hand is not None:
                self._prompted[seat] = self._prompt_key(seat, self.hand.actions_for(seat))
        for f in self.frames_for(seat, since):
            who.push(f)
        self.announce()
        self.poke()
        return seat

    def detach(self, who: Recipient) -> None:
        seat = self.watchers.pop(who, None)
        now = time.monotonic()
        if seat is not None and not any(s == seat for s in self.watchers.values()):
            s = self.seats[seat]
            if s is not None:
                s.away_since = now
        if who.user is not None and who.user not in self.present():
            self.absent_since[who.user] = now
        if not self.watchers:
            self.empty_since = now
        self.announce()
        self.poke()

    # -- presence and ownership --------------------------------------------------------------
    def present(self) -> set[int]:
        """The users with a connection at this table now."""
        return {w.user for w in self.watchers if w.user is not None}

    def heir(self, leaving: int, present_only: bool) -> tuple[int, str] | None:
        """Who takes the room over from ``leaving``: a seated player who is here, else a
        spectator who is here, else (unless ``present_only``) a seated player who is away."""
        here = {w.user: w.name for w in self.watchers if w.user not in (None, leaving)}
        seated = [s for s in self.seats if s and s.user not in (None, leaving) and not s.left]
        for s in seated:
            if s.user in here:
                return s.user, s.name
        for user, name in here.items():
            assert user is not None
            return user, name
        if not present_only:
            for s in seated:
                assert s.user is not None
                return s.user, s.name
        return None

    def set_owner(self, user: int, name: str) -> None:
        self.owner, self.owner_name = user, name
        if user not in self.present():
            self.absent_since[user] = time.monotonic()

    def nobody_left(self, now: float, grace: float) -> bool:
        """No one is here and no seated player may still come back within ``grace``."""
        if self.watchers:
            return False
        return not any(
            s is not None
            and s.user is not None
            and not s.left
            and s.away_since is not None
            and now - s.away_since < grace
            for s in self.seats
        )

    def name_in_use(self, name: str, user: int | None) -> bool:
        """Whether someone else here (a seat, a bot, a watcher) shows the same name."""
        key = auth.name_key(name)
        shown = [(s.user, s.name) for s in self.seats if s is not None and not s.left]
        shown += [(w.user, w.name) for w in self.watchers]
        return any(u != user and auth.name_key(n) == key for u, n in shown)

    def reseat(self) -> None:
        """After a change of who sits: each watcher's seat, and the server's index."""
        for who in self.watchers:
            self.watchers[who] = self.seat_of(who.user)
        self.on_seats(self)

    def seated_users(self) -> set[int]:
        """The users who sit here (a seat its player left no longer counts)."""
        if self.closed:
            return set()
        return {s.user for s in self.seats if s is not None and s.user is not None and not s.left}

    # -- applying actions ------------------------------------------------------------------
    async def commit(
        self, action: Action | str, user: int | None = None, req: int | None = None
    ) -> int:
        """Apply ``action`` (or "start" the match, or start its "next-hand"), persist it,
        then send its events."""
        async with self.lock:
            return await self._commit(action, user, req)

    async def _commit(self, action: Action | str, user: int | None, req: int | None) -> int:
        before = self.v
        finished = None
        if action == "start":
            if self.match is not None:
                raise RulesError("hand-running")
            self.start_match()
            data: dict[str, Any] = {"type": "start"}
        elif self.match is None:
            raise RulesError("no-hand")
        elif action == "next-hand":
            if self.match.over:
                raise RulesError("match-over")
            self.match.next_hand()
            data = {"type": "next-hand"}
            if not self.match.over:
                self.hand_v0 = before
                self.events.extend(self.match.hand.events)
        else:
            assert not isinstance(action, str)
            self.events.extend(self.match.apply(action))
            data = action_to_dict(self.match.hand.actions[-1])
            finished = self._finished()
        self.log.append(data)
        try:
            await self.store.call(self._persist, data, user, req, self.v, finished)
        except Exception as e:
            self.log.pop()
            await self._rolled_back(e, data)
        self.changed_at = self._acted_at = time.monotonic()
        finished_trick = any(isinstance(e.body, TrickWon) for e in self.events[before:])
        self._trick_at = self.changed_at if finished_trick else None
        self.broadcast(before)
        if isinstance(action, str) or finished is not None:
            if self.free_left_seats():
                await self.save_room()
            for s in self.seats:
                if s is not None:
                    s.ready = False
            self.announce()
        self.poke()
        return self.v

    def free_left_seats(self) -> bool:
        """Once no hand is running, the seats their players left are free again."""
        if self.status == "playing":
            return False
        left = [i for i, s in enumerate(self.seats) if s is not None and s.left]
        for i in left:
            self.seats[i] = None
        return bool(left)

    async def deal(self, cards: int) -> int:
        """Deal up to ``cards`` cards as one step, fewer when a bidding window of a seat the AI
        plays opens (``Hand.pending``): each is logged and all are persisted (one store call)
        before their events are sent, together. Returns how many were dealt."""
        async with self.lock:
            hand = self.hand
            if hand is None or self.match is None:
                return 0
            before, logged = self.v, len(self.log)
            rows: list[tuple[int, dict[str, Any], int]] = []
            now = time.monotonic()
            while len(rows) < cards and self._next(hand, now) == DEAL_STEP:
                self.events.extend(self.match.apply(DealCard()))
                self.log.append(action_to_dict(hand.actions[-1]))
                rows.append((len(self.log), self.log[-1], self.v))
            if not rows:
                return 0
            try:
                await self.store.call(self._persist_deals, rows)
            except Exception as e:
                del self.log[logged:]
                await self._rolled_back(e, "the deal")
            self.changed_at = time.monotonic()
            self.broadcast(before)
            self.poke()
            return len(rows)

    async def _rolled_back(self, e: Exception, what: object) -> None:
        """A write failed: memory goes back to the log (nothing was acknowledged) and the
        caller gets a clear error. A database that was unreachable answers ``unavailable``; one
        lost during COMMIT may have written the rows, so the log is read back when it can be."""
        if not isinstance(e, StoreUnavailable):
            log.error("table %s: could not persist %s; rolling back", self.id, what, exc_info=e)
            self._rebuild()
            raise RulesError("internal") from None
        log.warning("table %s: could not persist %s: %s", self.id, what, e)
        if e.uncertain:
            with contextlib.suppress(StoreUnavailable):
                row = await self.store.call(self.store.room, self.id)
                self.log = [a for a, _u, _r, _v in row["actions"]]
        self._rebuild()
        raise RulesError("unavailable") from None

    def _persist_deals(self, rows: list[tuple[int, dict[str, Any], int]]) -> None:
        """Runs in the store thread, inside one transaction."""
        for seq, data, v in rows:
            self.store.append_action(self.id, seq, data, None, None, v)

    def _finished(self) -> tuple[dict[str, Any], dict[str, Any], list[Any]] | None:
        hand = self.hand
        if hand is None or hand.phase != Phase.DONE:
            return None
        assert hand.outcome is not None
        o = hand.outcome
        deltas = auth.hand_deltas(o.defenders, o.result.winner, o.result.levels, self.multiplier)
        players = [
            (s.user, i, auth.leaver_delta(deltas[i]) if s.left else deltas[i])
            for i, s in enumerate(self.seats)
            if s and s.user is not None
        ]
        result = hand.events[-1].to_dict()
        result["deltas"] = deltas
        return hand_record(hand), result, players

    def _persist(
        self,
        data: dict[str, Any],
        user: int | None,
        req: int | None,
        v: int,
        finished: tuple[dict[str, Any], dict[str, Any], list[Any]] | None,
    ) -> None:
        """Runs in the store thread, inside one transaction."""
        store = self.store
        store.append_action(self.id, len(self.log), data, user, req, v)
        if finished is not None:
            record, result, players = finished
            store.finish_hand(
                self.id, record["setup"]["hand_no"], self.hand_v0, record, result, players
            )

    def replay(self, actions: list[dict[str, Any]]) -> None:
        """Rebuild the match from its seed and logged actions (a restart)."""
        self.log = list(actions)
        self._rebuild()

    def _rebuild(self) -> None:
        self._plans.clear()
        self.match = None
        self.events = []
        self.hand_v0 = 0
        for data in self.log:
            kind = data.get("type")
            if kind == "start":
                self.start_match()
            elif kind == "next-hand":
                assert self.match is not None
                v0 = self.v
                self.match.next_hand()
                if not self.match.over:
                    self.hand_v0 = v0
                    self.events.extend(self.match.hand.events)
            else:
                assert self.match is not None
                self.events.extend(self.match.apply(action_from_dict(data)))

    def start_match(self) -> None:
        self.match = Match(self.rules, self.seed)
        self.events = list(self.match.hand.events)
        self.hand_v0 = 0

    # -- the pump: deal, bots, 托管 and the turn clock ------------------------------------------
    def poke(self) -> None:
        self.wake.set()
        if self._task is None and not self.closed:
            self._task = asyncio.get_running_loop().create_task(self._pump())

    def stop(self) -> None:
        self.closed = True
        if self._task is not None:
            self._task.cancel()

    async def _pump(self) -> None:
        while not self.closed:
            self.wake.clear()
            try:
                delay = await self._step()
            except RulesError as e:
                log.warning("table %s: pump step refused: %s", self.id, e.en)
                delay = 0.5
            except Exception:
                log.exception("table %s: pump step failed", self.id)
                delay = 1.0
            if delay is None or self.settings.check_invariants:
                fault = self.liveness_fault(delay)
                if fault is not None:
                    self.stalls.append(fault)
                    log.error("table %s stalled: %s", self.id, fault)
                    delay = 1.0 if delay is None else min(delay, 1.0)  # never wait on nobody
            if delay == 0:
                await asyncio.sleep(0)
                continue
            await self._rest(delay)

    async def _rest(self, delay: float | None) -> None:
        """Wait until poked or ``delay`` seconds have passed (None: until poked): a timer that
        sets ``wake``. ``asyncio.wait_for`` costs a task per wait and, when the time is up, a
        TimeoutError and its traceback; with 500 tables' pumps that was 2% of the server."""
        timer = (
            None if delay is None else asyncio.get_running_loop().call_later(delay, self.wake.set)
        )
        try:
            await self.wake.wait()
        finally:
            if timer is not None:
                timer.cancel()

    def liveness_fault(self, next_step: float | None) -> str | None:
        """The table's liveness invariant, checked whenever the pump would go idle, and after
        every step with ``Settings.check_invariants`` (every transition pokes the pump):
        whenever a seat owes an action, either its player is asked (a connected human has its
        prompt for this very turn; the turn clock, when it runs, has a step scheduled) or the
        seat is the AI's: the AI's next decision in ``Hand.pending`` order (the others wait
        their turn) is planned and a step is due. Returns what is wrong, None when the
        invariant holds. ``next_step``: what the step returned (0: step again at once)."""
        hand = self.hand
        if hand is None or hand.phase == Phase.DONE or self.closed or self.lock.locked():
            return None  # (locked: a change is being written; it pokes the pump when sent)
        scheduled = next_step is not None or self.wake.is_set()
        if hand.phase == Phase.DEAL and not hand.deal_complete and not scheduled:
            return "cards are left to deal and no step is scheduled"
        now = self._stepped_at
        timer = self._turn_timer() > 0
        for seat in range(4):
            acts = hand.actions_for(seat)
            if self._auto(seat, now) or not any(a in REQUIRED for a in acts):
                continue  # the AI's decisions are taken one at a time: see below
            here = any(w == seat for w in self.watchers.values())
            if here and self._prompted.get(seat) != self._prompt_key(seat, acts):
                return f"seat {seat} owes {list(acts)} and was not asked"
            if (timer or not here) and not scheduled:  # away: its grace brings the AI
                return f"seat {seat} owes {list(acts)} and its clock is not running"
        d = self._next(hand, now)  # the AI's next decision, in the engine's order
        if d is not None and d.seat is not None:
            planned = d.seat in self._plans and scheduled
            if not (planned or next_step == 0 or self.wake.is_set()):
                return f"seat {d.seat} owes {list(d.kinds)} to the AI and it has no plan"
        return None

    def _auto(self, seat: int, now: float) -> bool:
        s = self.seats[seat]
        if s is None:
            return False
        if s.bot is not None or s.trustee or s.left:
            return True
        return s.away_since is not None and now - s.away_since >= self.settings.away_grace

    def _turn_timer(self) -> float:
        t = self.settings.turn_timer
        return float(self.rules.turn_timer if t is None else t)

    async def _step(self) -> float | None:
        """Take at most one step; return the seconds until the next is due (None: idle)."""
        hand = self.hand
        if hand is None or hand.phase == Phase.DONE:
            return None
        now = self._stepped_at = time.monotonic()
        deadlines: list[float] = []
        dealing = hand.phase == Phase.DEAL and not hand.deal_complete
        for seat in range(4):  # who the AI plays, and the people's clocks
            auto = self._auto(seat, now)
            if not auto:  # whatever the AI planned for this seat no longer holds
                self._plans.pop(seat, None)
            if dealing and not auto:
                continue  # a player's only choice while cards come is an optional bid
            acts = hand.actions_for(seat)
            since = self._prompted_at(seat, acts, now)
            if auto != (seat in self._ai_seats):
                if auto:
                    self._ai_seats.add(seat)
                else:  # the player took the seat back from the AI: prompted now
                    self._ai_seats.discard(seat)
                    self._since[seat] = (self._since[seat][0], now)
                    since = now
            if auto or not acts:
                continue
            s = self.seats[seat]
            if s is not None and s.away_since is not None:
                deadlines.append(s.away_since + self.settings.away_grace)
            timer = self._turn_timer()
            if timer > 0 and any(a in REQUIRED for a in acts):
                due = since + timer
                if now >= due and s is not None:
                    s.trustee = True
                    self.announce()
                    return 0
                deadlines.append(due)
        d = self._next(hand, now)
        if d is not None and d.seat is not None:
            ai_due = await self._ai_step(d.seat, d)
            if ai_due == 0:
                return 0
            deadlines.append(ai_due)
        elif d is not None:
            if self._phased is not hand:  # a deal starts at a random point of a step's pause
                self._phased = hand
                self._next_deal = now + self.settings.deal_delay * DEAL_ROUND * self._rng.random()
            if now >= self._next_deal:
                dealt = await self.deal(DEAL_ROUND)
                jitter = self._rng.uniform(1 - DEAL_JITTER, 1 + DEAL_JITTER)
                pause = self.settings.deal_delay * max(1, dealt) * jitter
                self._next_deal = time.monotonic() + pause
                return pause
            deadlines.append(self._next_deal)
        if not deadlines:
            return None
        return max(0.0, min(deadlines) - now)

    def _next(self, hand: Hand, now: float) -> Decision | None:
        """The table's own next step in the engine's order (``Hand.pending``): the first
        decision owed by a seat the AI plays, or the next card. The people's decisions are
        theirs to take meanwhile (None: only people owe anything)."""
        for d in hand.pending():
            if d.seat is None or self._auto(d.seat, now):
                return d
        return None

    async def _ai_step(self, seat: int, d: Decision) -> float:
        """Play ``seat``'s decision ``d`` with the AI: ask it (off the event loop) for an
        action, hold the action until its pause is over, then apply it (``selfplay.answer``
        when it has none or it is refused). Returns 0 when the table changed (step again), or
        the time the held action is due."""
        hand = self.hand
        assert hand is not None
        acts = d.kinds
        key = self._turn_key(seat, acts)
        plan = self._plans.get(seat)
        if plan is not None and plan.key != key:
            del self._plans[seat]  # the seat's turn changed: ask again
            plan = None
        if plan is None:
            v, start = self.v, self.changed_at
            action = await self._think(seat, hand)
            if self.v != v or self.hand is not hand:
                return 0  # the table moved on while the AI thought: look again
            if action is None:
                action = answer(hand, d, None)
                if action is None:
                    return 0  # no bid on this card
            low, high = self.settings.bot_delay
            plan = self._plans[seat] = Plan(key, action, start, self._rng.uniform(low, high))
        due = max(plan.start, self._acted_at) + plan.pause
        if self._trick_at is not None:  # the finished trick stays a while before the lead
            due = max(due, self._trick_at + self.settings.trick_pause)
        if time.monotonic() < due:
            return due
        del self._plans[seat]
        async with self.lock:
            if self.hand is not hand or self._turn_key(seat, hand.actions_for(seat)) != key:
                return 0  # someone acted first: plan again
            try:
                await self._commit(plan.action, None, None)
            except RulesError:
                fallback = answer(hand, d, None)
                if fallback is not None:
                    await self._commit(fallback, None, None)
        return 0

    async def _think(self, seat: int, hand: Hand) -> Action | None:
        """The AI's action for ``seat`` (None: it waits), computed off the event loop (see
        ``net.players.Thinker``). The pump waits for it, so a table runs at most one search
        at a time: one table cannot take more than one of the pool's workers."""
        player = self._ai.get(seat)
        if player is None:
            s = self.seats[seat]
            level = s.bot if s is not None and s.bot else "normal"
            player = self._ai[seat] = make_ai(level, seat_seed(self.seed, seat))
        seen = view(hand, seat)
        try:
            if self.thinker is None:
                loop = asyncio.get_running_loop()
                return await loop.run_in_executor(None, player.act, seen)
            action, self._ai[seat] = await self.thinker.act(player, seen)
            return action
        except Exception:
            log.exception("table %s: the AI failed for seat %d", self.id, seat)
            return None

    # -- persistence of the room itself ----------------------------------------------------
    def room_row(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "owner": self.owner,
            "rules": self.rules.to_dict(),
            "multiplier": self.multiplier,
            "private": self.private,
            "invite": self.invite,
            "seed": self.seed,
            "seats": [s.to_json() if s else None for s in self.seats],
            "side": self.side,
        }

    async def save_room(self) -> None:
        seats = [s.to_json() if s else None for s in self.seats]
        await self.store.call(self.store.update_room, self.id, self.owner, seats, self.closed)


def table_from_row(
    row: dict[str, Any],
    store: Store,
    settings: Settings,
    names: dict[int, tuple[str, int]],
    thinker: Thinker | None = None,
) -> Table:
    owner_name = names.get(row["owner"], ("?", 0))[0]
    t = Table(
        id=row["id"],
        owner=row["owner"],
        owner_name=owner_name,
        rules=rules_from(row["rules"]),
        multiplier=row["multiplier"],
        private=row["private"],
        invite=row["invite"],
        seed=row["seed"],
        store=store,
        settings=settings,
        side=row.get("side") or "any",
        thinker=thinker,
    )
    now = time.monotonic()
    for i, s in enumerate(row["seats"]):
        if s is not None:
            left = bool(s.get("left"))
            away = now if s["user"] is not None and not left else None
            t.seats[i] = Seat(s["name"], s["user"], s["bot"], away_since=away, left=left)
    t.replay([a for a, _u, _r, _v in row["actions"]])
    t.free_left_seats()
    return t
