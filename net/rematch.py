"""Rematch with the same four (issue 37 part 4).

Once a match is over, a seated player offers a rematch (``rematch`` request); every other
seated person then has ``window`` seconds to accept (an AI seat accepts at once). A ``rematch``
request while an offer stands accepts it, so two offers that cross accept each other, on the
first one's terms. ``accept=false`` declines it for everyone. When all four have accepted, the
table starts a new match in the same room (``NewMatch`` in its log): the same rules, the same
people in the same seats or, with ``rotate``, seats 1-3 moved round one place, and every
spectator still watching. A seat that empties or changes hands voids the offer at once.

Each match allows ``most`` offers after it, so that a declined offer cannot be repeated to
flash someone's taskbar for ever. Offers live in the memory of the node running the table: a
restart forgets them (the players offer again).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from engine.errors import RulesError
from net.protocol import RematchEnd, RematchOffer, RematchReply, encode
from net.tables import NewMatch, Seat, Table

WINDOW = 30.0  # seconds the others have to accept an offer
MOST = 3  # offers after one match
# new seat i takes the player of old seat ROTATION[i]: seat 0 stays and the others move round,
# so the partners change with each rotated rematch (three of them pair everyone once)
ROTATION = (0, 3, 1, 2)

Outcome = Literal["started", "declined", "expired", "void"]


@dataclass
class Offer:
    """A rematch offer standing at a table."""

    by: int  # the seat that offered
    rotate: bool
    users: tuple[int | None, ...]  # who sat where when it was made (None: an AI seat)
    until: float  # on the table's clock
    length: float
    accepted: set[int] = field(default_factory=set)
    starting: bool = False  # every seat accepted: the new match is being written
    timer: asyncio.TimerHandle | None = None

    def info(self, now: float) -> RematchOffer:
        left = round(max(0.0, self.until - now), 3)
        return RematchOffer(self.by, self.rotate, sorted(self.accepted), left, self.length)


def seated(seats: list[Seat | None]) -> tuple[int | None, ...]:
    """Who sits in each seat (None: an AI), refused unless all four are filled by players who
    have not left."""
    if any(s is None or s.left for s in seats):
        raise RulesError("rematch-seats")
    return tuple(s.user if s is not None else None for s in seats)


def rotated(seats: list[Seat | None]) -> list[Seat | None]:
    return [seats[i] for i in ROTATION]


class Rematches:
    """Every table's rematch offers on this server."""

    def __init__(self, seeds: Callable[[], int], window: float = WINDOW, most: int = MOST) -> None:
        self.seeds = seeds  # a new match's seed
        self.window = window
        self.most = most
        self._made: dict[str, tuple[int, int]] = {}  # room -> (its match's seed, offers made)
        self._offers: dict[str, Offer] = {}  # room -> the offer standing there (Table.offer)

    def _set(self, table: Table, offer: Offer | None) -> None:
        """The offer standing at ``table`` now (None: none), as its RoomInfo shows it."""
        if offer is None:
            self._offers.pop(table.id, None)
        else:
            self._offers[table.id] = offer
        table.offer = offer

    async def answer(self, table: Table, seat: int, accept: bool, rotate: bool) -> RematchReply:
        """Seat ``seat``'s ``rematch`` request at ``table`` (the caller checked it sits)."""
        offer = self._offers.get(table.id)
        if offer is not None and offer.starting:
            if not accept:
                raise RulesError("no-rematch")  # too late: everyone accepted
            return RematchReply(started=True)
        if not accept:
            if offer is None:
                raise RulesError("no-rematch")
            self._end(table, "declined", seat)
            return RematchReply()
        if table.status != "over":
            raise RulesError("match-not-over")
        try:
            users = seated(table.seats)
        except RulesError:
            if offer is not None:
                self._end(table, "void")
            raise
        if offer is not None and offer.users != users:
            self._end(table, "void")
            offer = None
        if offer is None:
            offer = self._offer(table, seat, rotate, users)
        offer.accepted.add(seat)
        if len(offer.accepted) < len(table.seats):
            table.announce()
            return RematchReply(offer=offer.info(table.clock()))
        await self._start(table, offer)
        return RematchReply(started=True)

    def _offer(self, table: Table, seat: int, rotate: bool, users: tuple[int | None, ...]) -> Offer:
        seed, made = self._made.get(table.id, (table.seed, 0))
        if seed != table.seed:  # offers counted after an earlier match
            made = 0
        if made >= self.most:
            raise RulesError("rematch-limit", max=self.most)
        self._made[table.id] = (table.seed, made + 1)
        now = table.clock()
        offer = Offer(seat, rotate, users, now + self.window, self.window)
        offer.accepted = {i for i, u in enumerate(users) if u is None}  # the AI agrees
        loop = asyncio.get_running_loop()
        offer.timer = loop.call_later(self.window, self._expire, table, offer)
        self._set(table, offer)
        return offer

    async def _start(self, table: Table, offer: Offer) -> None:
        """Everyone accepted: the same four start a new match here (seats rotated if asked)."""
        offer.starting = True
        if offer.timer is not None:
            offer.timer.cancel()
        before = list(table.seats)
        try:
            if offer.rotate:
                table.seats = rotated(table.seats)
                table.reseat()
                await table.save_room()
            await table.commit(NewMatch(self.seeds()))
        except BaseException:
            if table.seats != before:  # as they were, and written so
                table.seats = before
                table.reseat()
                await table.save_room()
            self._end(table, "void")
            raise
        self._set(table, None)
        self._made.pop(table.id, None)
        self._tell(table, RematchEnd(table.id, "started"))
        table.announce()

    def _expire(self, table: Table, offer: Offer) -> None:
        if self._offers.get(table.id) is offer and not offer.starting:
            self._end(table, "expired")

    def _end(self, table: Table, outcome: Outcome, seat: int | None = None) -> None:
        """The offer ends without a new match; everyone at the table is told why."""
        offer = self._offers.get(table.id)
        if offer is not None and offer.timer is not None:
            offer.timer.cancel()
        self._set(table, None)
        s = table.seats[seat] if seat is not None else None
        self._tell(table, RematchEnd(table.id, outcome, seat, s.name if s is not None else None))
        table.announce()

    def _tell(self, table: Table, end: RematchEnd) -> None:
        frame = encode(end)
        for who in list(table.watchers):
            who.push(frame)

    def seats_changed(self, table: Table) -> None:
        """Someone sat down, stood up or left: an offer whose four no longer sit is void."""
        offer = self._offers.get(table.id)
        if offer is None or offer.starting:
            return
        try:
            same = seated(table.seats) == offer.users
        except RulesError:
            same = False
        if not same:
            self._end(table, "void")

    def forget(self, table: Table) -> None:
        """A closed table: its offer and its count of offers go."""
        offer = self._offers.get(table.id)
        if offer is not None and offer.timer is not None:
            offer.timer.cancel()
        self._set(table, None)
        self._made.pop(table.id, None)
