"""Events: what an action caused, and who may see it.

Every kind of event is a frozen msgspec struct, tagged on ``type`` (``EventBody`` is their
union), so a consumer dispatches with ``match``/``isinstance`` and a type checker sees every
field. An ``Event`` is a body and its visibility: everyone, or only one seat (``to``). Fields
listed in a kind's ``PRIVATE`` are seen only by the event's own ``seat``; everyone else gets the
event with those fields None (left out of its JSON). ``for_seat`` is the single redaction used
for every event that leaves the engine; a spectator is seat ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import msgspec

from engine.bids import Bid
from engine.cards import Card
from engine.codec import convert, plain
from engine.scoring import Side


class _Body(msgspec.Struct, frozen=True, tag_field="type", omit_defaults=True):
    PRIVATE: ClassVar[tuple[str, ...]] = ()  # fields only the event's own seat sees

    @property
    def type(self) -> str:
        """The kind's name, as the JSON's ``type`` writes it."""
        return str(self.__struct_config__.tag)


class HandStart(_Body, frozen=True, tag="hand-start"):
    hand_no: int
    dealer: int | None
    level: str
    levels: tuple[str, ...] = ()  # every seat's level (older records leave it out)


class Dealt(_Body, frozen=True, tag="deal"):
    seat: int
    card: Card | None = None  # private
    PRIVATE = ("card",)


class DealEnd(_Body, frozen=True, tag="deal-end"):
    kitty_size: int


class BidMade(_Body, frozen=True, tag="bid"):
    seat: int
    cards: tuple[Card, ...]


class BidRevealed(_Body, frozen=True, tag="bid-revealed"):
    """Hidden bidding: the standing bid, shown to everyone when the deal ends."""

    seat: int
    cards: tuple[Card, ...]


class BidPassed(_Body, frozen=True, tag="pass-bid"):
    seat: int


class Redeal(_Body, frozen=True, tag="redeal"):
    reason: str


TrumpHow = Literal["bid", "no-trump", "fixed-suit", "flip-kitty"]


class TrumpSet(_Body, frozen=True, tag="trump"):
    trump: str | None  # None: no trump 无主
    level: str
    dealer: int
    how: TrumpHow
    bid: Bid | None


class KittyPickup(_Body, frozen=True, tag="kitty-pickup"):
    seat: int
    cards: tuple[Card, ...] | None = None  # private
    PRIVATE = ("cards",)


class KittyFlip(_Body, frozen=True, tag="kitty-flip"):
    cards: tuple[Card, ...]


class Buried(_Body, frozen=True, tag="bury"):
    seat: int
    shown: tuple[Card, ...]  # 潮汕: the buried off-suit K and A, shown to everyone
    cards: tuple[Card, ...] | None = None  # private
    PRIVATE = ("cards",)


class FriendCalled(_Body, frozen=True, tag="friend-called"):
    seat: int
    card: Card


class PlayStart(_Body, frozen=True, tag="play-start"):
    leader: int


class Played(_Body, frozen=True, tag="play"):
    seat: int
    cards: tuple[Card, ...]


class FriendRevealed(_Body, frozen=True, tag="friend-revealed"):
    seat: int


class ThrowFailed(_Body, frozen=True, tag="throw-failed"):
    seat: int
    attempted: tuple[Card, ...]
    forced: tuple[Card, ...]
    penalty: int
    beaten_by: int | None = None  # the seat whose cards beat a part of the throw
    beater: tuple[Card, ...] | None = None  # those cards


class TrickWon(_Body, frozen=True, tag="trick"):
    winner: int
    points: int


class HandEnd(_Body, frozen=True, tag="hand-end"):
    """A finished hand's score, the one type for it: the hand's last event, ``Hand.outcome``,
    the views' ``outcome`` and a stored game's result on the wire."""

    kitty: tuple[Card, ...]
    kitty_captured: bool  # the attackers won the last trick (and the kitty's points counted)
    multiplier: int  # how many times the kitty's points counted (0 when not captured)
    trick_points: int  # attackers' points from tricks and penalties
    attacker_points: int  # trick_points plus the kitty bonus
    winner: Side
    levels: int  # gained by the winner (0 when only the deal passes)
    dealer_passes: bool  # the attackers take the deal (any attacker win)
    defenders: tuple[int, ...]  # the dealer's side
    next_dealer: int


EventBody = (
    HandStart
    | Dealt
    | DealEnd
    | BidMade
    | BidRevealed
    | BidPassed
    | Redeal
    | TrumpSet
    | KittyPickup
    | KittyFlip
    | Buried
    | FriendCalled
    | PlayStart
    | Played
    | FriendRevealed
    | ThrowFailed
    | TrickWon
    | HandEnd
)
KINDS: tuple[type[_Body], ...] = EventBody.__args__  # every kind, for tests and the schema

_META = ("_to", "_owner", "_private")


@dataclass(frozen=True, slots=True)
class Event:
    body: EventBody
    to: int | None = None  # only this seat sees the event at all

    @property
    def type(self) -> str:
        return self.body.type

    def for_seat(self, seat: int | None) -> EventBody | None:
        """The event as ``seat`` may see it, or None when it may not see it at all."""
        if self.to is not None and seat != self.to:
            return None
        body = self.body
        hidden = body.PRIVATE
        if not hidden or (seat is not None and seat == getattr(body, "seat", None)):
            return body
        return msgspec.structs.replace(body, **dict.fromkeys(hidden))

    def to_dict(self) -> dict[str, Any]:
        """The full event, for the record (which only the engine and replays read)."""
        out: dict[str, Any] = plain(self.body)
        if self.to is not None:
            out["_to"] = self.to
        if self.body.PRIVATE:
            out["_owner"] = getattr(self.body, "seat", None)
            out["_private"] = list(self.body.PRIVATE)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """An event from its record form (this one's, or an older record's)."""
        fields = {k: v for k, v in data.items() if k not in _META}
        body: EventBody = convert(fields, EventBody)  # type: ignore[arg-type]
        return cls(body, to=data.get("_to"))
