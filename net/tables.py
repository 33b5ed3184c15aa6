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

import msgspec

from engine.actions import Action, DealCard, action_from_dict, action_to_dict
from engine.codec import plain
from engine.driver import REQUIRED, Clock, Deal, Driver, Expire, Pacing, Play, Think, Wait
from engine.errors import RulesError
from engine.events import Event
from engine.hand import Hand, Phase
from engine.match import Match
from engine.records import hand_record
from engine.rules import RuleSet, rules_from
from engine.selfplay import seat_seed
from engine.views import view
from net import auth
from net.config import Settings
from net.players import Thinker, make_ai
from net.protocol import (
    RematchOffer,
    RoomInfo,
    RoomStatus,
    RoomUpdate,
    SeatClock,
    SeatInfo,
    Side,
    Snapshot,
    TableEvent,
    TurnClock,
    encode,
)
from net.spectators import Delay
from net.storage import Fenced, StoreUnavailable

if TYPE_CHECKING:
    from net.storage import Storage as Store

log = logging.getLogger("tuolaji.table")

MAX_GAP = 400  # a resume missing more events than this gets a snapshot instead
DEAL_ROUND = 4  # cards dealt per step (one round): one commit and one write per recipient
# Each deal pause is stretched or shrunk by up to this share, at random, and a deal starts at a
# random point of one step's pause. Tables that start together (a restart restores them all at
# once; a room of tables starts within a second) would otherwise deal in lockstep: all their
# steps due in the same turn of the event loop, one long burst that every other frame waits
# behind. Spread, the same work comes in many short turns.
DEAL_JITTER = 0.25
_THINKER = Thinker(1)  # a table made without the server's thinker (tests): one search worker


class Recipient(Protocol):
    user: int | None
    name: str

    def push(self, frame: bytes) -> None: ...


class OfferShown(Protocol):
    """A rematch offer standing at the table, as its RoomInfo shows it (net.rematch.Offer)."""

    def info(self, now: float) -> RematchOffer: ...


class StartMatch(msgspec.Struct, frozen=True, tag_field="type", tag="start"):
    """The table's log: the match started."""


class NextHand(msgspec.Struct, frozen=True, tag_field="type", tag="next-hand"):
    """The table's log: the next hand of the match started."""


class NewMatch(msgspec.Struct, frozen=True, tag_field="type", tag="new-match"):
    """The table's log: a rematch (net.rematch) started a new match from ``seed``."""

    seed: int


# one step of a table's log, stored as its JSON form
LogEntry = Action | StartMatch | NextHand | NewMatch


def log_entry(data: dict[str, Any]) -> LogEntry:
    """A stored log step (its JSON form) as a typed value."""
    if data.get("type") == "start":
        return StartMatch()
    if data.get("type") == "next-hand":
        return NextHand()
    if data.get("type") == "new-match":
        return NewMatch(int(data["seed"]))
    return action_from_dict(data)


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
    log: list[LogEntry] = field(default_factory=list)  # every applied step, in order
    hand_v0: int = 0  # the version before the current hand's first event
    watchers: dict[Recipient, int | None] = field(default_factory=dict)
    closed: bool = False  # the room is over (written with it: a closed room is never taken over)
    # this process no longer runs the table (shutting down, or another node took it over); the
    # room itself goes on, so this is never written as ``closed``
    stopped: bool = False
    side: Side = "any"  # who may sit, by the sign of their rating
    thinker: Thinker | None = None  # where the AI thinks (None: a thread for every level)
    clock: Clock = time.monotonic  # every time the table reads (tests: a fake clock)
    autopump: bool = True  # False: the caller takes the steps (``step``; tests on a fake clock)
    offer: OfferShown | None = None  # the rematch offer standing (net.rematch)
    spectator_delay: int = 0  # moves the spectators trail the table by (net.spectators)

    def __post_init__(self) -> None:
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.changed_at = self.clock()
        self.first_seed = self.seed  # the first match's (a rematch's seed is in the log)
        # presence, for ownership and closing: since when nobody / a user has been here
        self.empty_since: float | None = self.changed_at
        self.absent_since: dict[int, float] = {self.owner: self.changed_at}
        self.closing = False  # nobody is left: close once the running hand is finished
        self._prompted: dict[int, tuple[Any, ...] | None] = {}  # seat -> its last prompt's key
        self._ai: dict[int, Any] = {}
        self.driver = Driver(self.pacing(), self.clock, random.Random())
        self._deadlines: dict[int, float] = {}  # the turn clocks last sent
        self._task: asyncio.Task[None] | None = None
        self.stalls: list[str] = []  # liveness faults found (see ``liveness_fault``)
        # The clock of the last step: the invariant is checked as the step saw the table (a
        # grace or a clock running out a moment later is the next step's, already due).
        self._stepped_at = self.clock()
        self.delay = Delay(self.spectator_delay) if self.spectator_delay else None
        self._mark()

    def pacing(self) -> Pacing:
        """The table's pace: the server's settings, the rule set's turn timer unless the server
        sets its own."""
        st = self.settings
        timer = self.rules.turn_timer if st.turn_timer is None else st.turn_timer
        return Pacing(
            deal=st.deal_delay,
            deal_cards=DEAL_ROUND,
            deal_jitter=DEAL_JITTER,
            ai_pause=st.bot_delay,
            trick_hold=st.trick_pause,
            turn_timer=float(timer),
        )

    # -- state ---------------------------------------------------------------------------
    @property
    def v(self) -> int:
        return len(self.events)

    @property
    def hand(self) -> Hand | None:
        return self.match.hand if self.match is not None else None

    @property
    def status(self) -> RoomStatus:
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
            rules=self.rules,
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
            rematch=self.offer.info(self.clock()) if self.offer is not None else None,
            spectator_delay=self.spectator_delay,
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
        if seat is None and self.delay is not None:
            return self.delay.frames(self.id, self.events, since, MAX_GAP)
        hand = self.hand
        v = self.v
        if hand is None:
            return [encode(Snapshot(self.id, v, None, seat))]
        if since is None or not 0 <= since <= v or v - since > MAX_GAP:
            return [encode(Snapshot(self.id, v, view(hand, seat), seat))]
        if acts is None:
            acts = hand.actions_for(seat) if seat is not None else ()
        actions = list(acts)
        bids = hand.legal_bids(seat) if seat is not None and "bid" in acts else []
        frames = [
            encode(TableEvent(self.id, i + 1, self.events[i].for_seat(seat), actions, bids))
            for i in range(since, v)
        ]
        if prompt and seat is not None and any(a in REQUIRED for a in actions):
            frames.append(encode(Snapshot(self.id, v, view(hand, seat), seat)))
        return frames

    def _prompt_key(self, seat: int, acts: tuple[str, ...]) -> tuple[Any, ...] | None:
        """The turn key of a seat that must act (it gets a prompt); None when it need not."""
        hand = self.hand
        if hand is None or not any(a in REQUIRED for a in acts):
            return None
        return Driver.turn_key(hand, seat)

    def broadcast(self, since: int) -> None:
        """Send everyone the events since ``since``. A seat that must act gets its prompt
        (a snapshot) only when its legal actions changed since its last prompt, not on every
        change at the table while it waits (e.g. other seats passing a bid)."""
        cache: dict[int | None, list[bytes]] = {}
        for who, seat in list(self.watchers.items()):
            frames = cache.get(seat)
            if frames is None:
                prompt = False
                acts = None
                if seat is not None and self.hand is not None:
                    acts = self.hand.actions_for(seat)
                    key = self._prompt_key(seat, acts)
                    prompt = key is not None and key != self._prompted.get(seat)
                    self._prompted[seat] = key
                behind = seat is None and self.delay is not None
                start = self.delay.sent if behind and self.delay is not None else since
                frames = cache[seat] = self.frames_for(seat, start, prompt, acts)
            for f in frames:
                who.push(f)
        if self.delay is not None:
            self.delay.sent = self.delay.shown.v
            if self.delay.news():  # e.g. the hand began for them: their screens follow it
                update = encode(RoomUpdate(self._info_for(None)))
                for who, seat in list(self.watchers.items()):
                    if seat is None:
                        who.push(update)

    def _mark(self) -> None:
        """A move was made: the spectators of a delayed room will see the table as it is now
        once the delay's moves have gone by (net.spectators)."""
        if self.delay is not None:
            self.delay.mark(self.id, self.hand, self.info())

    def _info_for(self, seat: int | None) -> RoomInfo:
        """The room's state as recipient ``seat`` may see it (a delayed spectator: behind)."""
        info = self.info()
        return self.delay.info(info) if seat is None and self.delay is not None else info

    def announce(self) -> None:
        """Push the room's state (seats, spectators, status) to everyone at the table."""
        frames = {seat: encode(RoomUpdate(self._info_for(seat))) for seat in (0, None)}
        for who, seat in list(self.watchers.items()):
            who.push(frames[None if seat is None else 0])
        self.on_change(self)

    def refresh(self, who: Recipient) -> None:
        """Send a watcher the room and a snapshot of its view, when frames to it may have
        been lost (a seat that must act gets its prompt again)."""
        who.push(encode(RoomUpdate(self._info_for(self.watchers.get(who)))))
        for f in self.frames_for(self.watchers.get(who), None):
            who.push(f)
        self._push_clocks(who)

    def _push_clocks(self, who: Recipient) -> None:
        """A new or refreshed watcher learns of the turn clocks running now."""
        if self._behind(who):
            return  # a delayed spectator: the clocks say whose turn it is now
        if self.hand is not None and (clocks := self.clocks()):
            who.push(encode(TurnClock(self.id, self.v, clocks)))

    def _behind(self, who: Recipient) -> bool:
        return self.delay is not None and self.watchers.get(who) is None

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
        self._push_clocks(who)
        self.announce()
        self.poke()
        return seat

    def detach(self, who: Recipient) -> None:
        seat = self.watchers.pop(who, None)
        now = self.clock()
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
            self.absent_since[user] = self.clock()

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
        self, action: Action | NewMatch | str, user: int | None = None, req: int | None = None
    ) -> int:
        """Apply ``action`` (or "start" the match, or start its "next-hand"), persist it,
        then send its events."""
        async with self.lock:
            return await self._commit(action, user, req)

    async def _commit(
        self, action: Action | NewMatch | str, user: int | None, req: int | None
    ) -> int:
        before = self.v
        finished = None
        if action == "start":
            if self.match is not None:
                raise RulesError("hand-running")
            self.start_match()
            entry: LogEntry = StartMatch()
        elif isinstance(action, NewMatch):
            if self.match is None or not self.match.over:
                raise RulesError("match-not-over")
            self.new_match(action.seed)
            entry = action
        elif self.match is None:
            raise RulesError("no-hand")
        elif action == "next-hand":
            if self.match.over:
                raise RulesError("match-over")
            self.match.next_hand()
            entry = NextHand()
            if not self.match.over:
                self.hand_v0 = before
                self.events.extend(self.match.hand.events)
        else:
            assert not isinstance(action, str)
            self.events.extend(self.match.apply(action))
            entry = self.match.hand.actions[-1]  # as applied (an auto-play is the play it made)
            finished = self._finished()
        self.log.append(entry)
        data = plain(entry)
        try:
            await self.store.call(self._persist, data, user, req, self.v, finished)
        except Exception as e:
            self.log.pop()
            await self._rolled_back(e, data)
        self.changed_at = self.clock()
        self.driver.applied(self.events[before:])
        self._mark()
        self.broadcast(before)
        if finished is not None and self.match is not None and self.match.ends_match():
            # the hand won the match: scored at once (the room is announced over, never
            # between hands), so that its result says so and a rematch is open meanwhile
            return await self._commit("next-hand", None, None)
        if isinstance(action, str | NewMatch) or finished is not None:
            if self.free_left_seats():
                await self.save_room()
            for s in self.seats:
                if s is not None:
                    s.ready = False
            self.announce()
        self.poke()
        return self.v

    def all_ready(self) -> bool:
        """Four seats filled, every player ready (a bot always is)."""
        return all(s is not None and (s.ready or s.bot is not None) for s in self.seats)

    async def next_hand_when_ready(self) -> None:
        """Start the next hand of a running match once every seat is ready, whoever owns
        the room and whether the owner sits, watches or is gone (checked under the lock:
        two last readies at once start one hand)."""
        async with self.lock:
            if self.status == "between" and self.all_ready():
                await self._commit("next-hand", None, None)

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
            while len(rows) < cards and self.driver.deal_open(hand, self._is_auto):
                self.events.extend(self.match.apply(DealCard()))
                self.log.append(hand.actions[-1])
                rows.append((len(self.log), action_to_dict(hand.actions[-1]), self.v))
            if not rows:
                return 0
            try:
                await self.store.call(self._persist_deals, rows)
            except Exception as e:
                del self.log[logged:]
                await self._rolled_back(e, "the deal")
            self.changed_at = self.clock()
            self.driver.dealt(len(rows))
            self._mark()
            self.broadcast(before)
            self.poke()
            return len(rows)

    async def _rolled_back(self, e: Exception, what: object) -> None:
        """A write failed: memory goes back to the log (nothing was acknowledged) and the
        caller gets a clear error. A database that was unreachable answers ``unavailable``; one
        lost during COMMIT may have written the rows, so the log is read back when it can be."""
        if isinstance(e, Fenced):  # another node runs the table now; the node drops it here
            log.warning("table %s: could not persist %s: %s", self.id, what, e)
            self._rebuild()
            raise RulesError("unavailable") from None
        if not isinstance(e, StoreUnavailable):
            log.error("table %s: could not persist %s; rolling back", self.id, what, exc_info=e)
            self._rebuild()
            raise RulesError("internal") from None
        log.warning("table %s: could not persist %s: %s", self.id, what, e)
        if e.uncertain:
            with contextlib.suppress(StoreUnavailable):
                row = await self.store.call(self.store.room, self.id)
                self.log = [log_entry(a) for a, _u, _r, _v in row["actions"]]
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
        deltas = auth.hand_deltas(o.defenders, o.winner, o.levels, self.multiplier)
        players = [
            (s.user, i, auth.leaver_delta(deltas[i]) if s.left else deltas[i])
            for i, s in enumerate(self.seats)
            if s and s.user is not None
        ]
        result = hand.events[-1].to_dict()
        result["deltas"] = deltas
        return hand_record(hand).to_dict(), result, players

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
        self.log = [log_entry(a) for a in actions]
        self._rebuild()
        if self.delay is not None:  # spectators start from here: no earlier move is known
            self.delay = Delay(self.spectator_delay)
            self._mark()
            self.delay.sent = self.delay.shown.v

    def _rebuild(self) -> None:
        self.seed = self.first_seed
        self.match = None
        self.events = []
        self.hand_v0 = 0
        for entry in self.log:
            if isinstance(entry, StartMatch):
                self.start_match()
            elif isinstance(entry, NewMatch):
                self.new_match(entry.seed)
            elif isinstance(entry, NextHand):
                assert self.match is not None
                v0 = self.v
                self.match.next_hand()
                if not self.match.over:
                    self.hand_v0 = v0
                    self.events.extend(self.match.hand.events)
            else:
                assert self.match is not None
                self.events.extend(self.match.apply(entry))

    def start_match(self) -> None:
        self.match = Match(self.rules, self.seed)
        self.events = list(self.match.hand.events)
        self.hand_v0 = 0

    def new_match(self, seed: int) -> None:
        """A rematch's match, dealt from ``seed``: the table's versions go on from the last
        match's, so every client folds it in as it would a next hand."""
        v0 = self.v
        self.seed = seed
        self._ai.clear()  # the AI players are seeded from the match's seed
        self.match = Match(self.rules, seed)
        self.events.extend(self.match.hand.events)
        self.hand_v0 = v0

    # -- the pump: deal, bots, 托管 and the turn clock ------------------------------------------
    def poke(self) -> None:
        self.wake.set()
        if self._task is None and not self.closed and not self.stopped and self.autopump:
            self._task = asyncio.get_running_loop().create_task(self._pump())

    def stop(self) -> None:
        self.stopped = True
        if self._task is not None:
            self._task.cancel()

    async def _pump(self) -> None:
        while not self.closed and not self.stopped:
            delay = await self.step()
            if delay == 0:
                await asyncio.sleep(0)
                continue
            await self._rest(delay)

    async def step(self) -> float | None:
        """One turn of the pump: the driver's step, then the liveness check; the seconds until
        the next step is due (None: until poked)."""
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
        return delay

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
        stopped = self.closed or self.stopped
        if hand is None or hand.phase == Phase.DONE or stopped or self.lock.locked():
            return None  # (locked: a change is being written; it pokes the pump when sent)
        scheduled = next_step is not None or self.wake.is_set()
        if hand.phase == Phase.DEAL and not hand.deal_complete and not scheduled:
            return "cards are left to deal and no step is scheduled"
        now = self._stepped_at
        timer = self.driver.pacing.turn_timer > 0
        for seat in range(4):
            acts = hand.actions_for(seat)
            if self._auto(seat, now) or not any(a in REQUIRED for a in acts):
                continue  # the AI's decisions are taken one at a time: see below
            here = any(w == seat for w in self.watchers.values())
            if here and self._prompted.get(seat) != self._prompt_key(seat, acts):
                return f"seat {seat} owes {list(acts)} and was not asked"
            if (timer or not here) and not scheduled:  # away: its grace brings the AI
                return f"seat {seat} owes {list(acts)} and its clock is not running"
        d = self.driver.next_decision(hand, lambda s: self._auto(s, now))
        if d is not None and d.seat is not None:
            planned = self.driver.planned(d.seat) and scheduled
            if not (planned or next_step == 0 or self.wake.is_set()):
                return f"seat {d.seat} owes {list(d.kinds)} to the AI and it has no plan"
        return None

    def diagnosis(self) -> str:
        """One line on why the table is where it is (an operator's SIGUSR1, a stuck test):
        its version and phase, each seat's player, what it owes, who watches it and whether
        its prompt is current, and the pump's state."""
        hand, now = self.hand, self.clock()
        parts = [f"table {self.id} v{self.v} {self.status}"]
        if hand is not None:
            parts.append(f"phase {hand.phase.name.lower()}")
            parts.append(f"pending {[(d.seat, d.kinds) for d in hand.pending()][:4]}")
        for i, s in enumerate(self.seats):
            if s is None:
                continue
            who = "bot" if s.bot else "trustee" if s.trustee else "left" if s.left else "person"
            acts = hand.actions_for(i) if hand is not None else ()
            watchers = [type(w).__name__ for w, seat in self.watchers.items() if seat == i]
            prompt = self._prompt_key(i, acts)
            current = "-" if prompt is None else self._prompted.get(i) == prompt
            away = "" if s.away_since is None else f" away {now - s.away_since:.0f}s"
            planned = self.driver.planned(i)
            parts.append(
                f"seat {i} {who}{away} owes {list(acts)} watched by {watchers} "
                f"prompted {current} planned {planned}"
            )
        task = self._task
        pump = "none" if task is None else "done" if task.done() else "running"
        if task is not None and task.done() and not task.cancelled() and task.exception():
            pump += f" ({task.exception()!r})"
        parts.append(
            f"pump {pump}, lock {'held' if self.lock.locked() else 'free'}, "
            f"wake {self.wake.is_set()}, idle {now - self.changed_at:.1f}s, "
            f"stopped {self.stopped}, closed {self.closed}"
        )
        return "; ".join(parts)

    def _auto(self, seat: int, now: float) -> bool:
        s = self.seats[seat]
        if s is None:
            return False
        if s.bot is not None or s.trustee or s.left:
            return True
        # the same sum as the grace's deadline in ``_step``: a clock moved to it exactly is there
        return s.away_since is not None and now >= s.away_since + self.settings.away_grace

    def _is_auto(self, seat: int) -> bool:
        return self._auto(seat, self._stepped_at)

    async def _step(self) -> float | None:
        """Take the driver's step; return the seconds until the next is due (None: idle)."""
        hand = self.hand
        now = self._stepped_at = self.clock()
        step = self.driver.step(hand, self._is_auto)
        if isinstance(step, Expire):
            s = self.seats[step.seat]
            assert s is not None
            s.trustee = True  # the AI plays the seat from now on, and every screen is told
            self._send_clocks(expired=step.seat)
            self.announce()
            return 0
        self._send_clocks()
        if isinstance(step, Deal):
            await self.deal(step.cards)
            return 0
        if isinstance(step, Think):
            seat = step.decision.seat
            assert seat is not None and hand is not None
            action = await self._think(seat, hand)
            self.driver.thought(seat, step.key, action)
            return 0
        if isinstance(step, Play):
            await self._play(step)
            return 0
        assert isinstance(step, Wait)
        due = [step.until] if step.until is not None else []
        if hand is not None and hand.phase != Phase.DONE:
            for seat, s in enumerate(self.seats):  # a grace running out brings the AI
                if s is not None and s.away_since is not None and not self._auto(seat, now):
                    due.append(s.away_since + self.settings.away_grace)
        return max(0.0, min(due) - now) if due else None

    async def _play(self, step: Play) -> None:
        """Apply the AI's action for ``step.decision`` (the engine's answer when it has none or
        it is refused), unless someone acted first."""
        d = step.decision
        hand = self.hand
        assert d.seat is not None and hand is not None
        async with self.lock:
            if self.hand is not hand or Driver.turn_key(hand, d.seat) != step.key:
                return  # someone acted first: the driver looks again
            action = step.action or self.driver.fallback(hand, d)
            if action is None:
                return  # no bid on this card
            try:
                await self._commit(action, None, None)
            except RulesError:
                fallback = self.driver.fallback(hand, d)
                if fallback is not None:
                    await self._commit(fallback, None, None)

    def _send_clocks(self, expired: int | None = None) -> None:
        """Tell everyone here when the turn clocks changed (or one ran out)."""
        deadlines = self.driver.deadlines(self.hand, self._is_auto)
        if deadlines == self._deadlines and expired is None:
            return
        self._deadlines = deadlines
        frame = encode(TurnClock(self.id, self.v, self.clocks(), expired))
        for who in list(self.watchers):
            if not self._behind(who):
                who.push(frame)

    def clocks(self) -> list[SeatClock]:
        """The turn clocks running now, as a recipient is told of them."""
        now = self.clock()
        length = self.driver.pacing.turn_timer
        return [
            SeatClock(seat, round(due - now, 3), length)
            for seat, due in sorted(self.driver.deadlines(self.hand, self._is_auto).items())
        ]

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
            action, self._ai[seat] = await (self.thinker or _THINKER).act(player, seen)
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
            "spectator_delay": self.spectator_delay,
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
        spectator_delay=row.get("spectator_delay") or 0,
    )
    now = t.clock()
    for i, s in enumerate(row["seats"]):
        if s is not None:
            left = bool(s.get("left"))
            away = now if s["user"] is not None and not left else None
            t.seats[i] = Seat(s["name"], s["user"], s["bot"], away_since=away, left=left)
    t.replay([a for a, _u, _r, _v in row["actions"]])
    t.free_left_seats()
    return t
