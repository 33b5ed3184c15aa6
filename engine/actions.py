"""Actions: what a seat (or the dealer of cards, seat ``None``) asks the game to do.

Actions are frozen msgspec structs, a tagged union on ``type`` whose JSON form is
``{"type": "play", "seat": 1, "cards": [...]}``: the app, the server (``net.protocol.Act``), the
AI and records all speak these values. ``action_from_dict`` validates untrusted input and raises
``RulesError`` (``bad-seat``, or ``malformed`` naming the bad field); ``checked`` does the same
for an action that was decoded as a struct (it also writes its cards canonically).
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.bids import Bid
from engine.cards import Card, parse_card
from engine.codec import convert, plain
from engine.errors import RulesError


class _Action(msgspec.Struct, frozen=True, tag_field="type", omit_defaults=True):
    pass


class DealCard(_Action, frozen=True, tag="deal"):
    """Deal the next card of the deal (the table's own step; no seat acts)."""

    seat: None = None


class PassBid(_Action, frozen=True, tag="pass-bid"):
    """After the deal: this seat makes no (further) bid."""

    seat: int


class Bury(_Action, frozen=True, tag="bury"):
    seat: int
    cards: tuple[Card, ...]


class CallFriend(_Action, frozen=True, tag="call-friend"):
    seat: int
    card: Card


class Play(_Action, frozen=True, tag="play"):
    seat: int
    cards: tuple[Card, ...]


class AutoPlay(_Action, frozen=True, tag="auto-play"):
    """Act for a seat that timed out or left (托管): the game picks a legal action."""

    seat: int


Action = DealCard | Bid | PassBid | Bury | CallFriend | Play | AutoPlay


def action_to_dict(action: Action) -> dict[str, Any]:
    """The action's JSON form (what records store)."""
    out: dict[str, Any] = plain(action)
    return out


def action_from_dict(data: Any) -> Action:
    """Parse an untrusted action; every problem is a ``RulesError`` naming the field."""
    if not isinstance(data, dict):
        raise RulesError("malformed", why="an action must be an object")
    try:
        action: Action = convert(data, Action)  # type: ignore[arg-type]
    except msgspec.ValidationError as e:
        why = str(e)
        if "`$.seat`" in why or "field `seat`" in why:
            raise RulesError("bad-seat") from None
        if "`$.type`" in why or "tag" in why:
            why = f"type: unknown action {data.get('type')!r}"
        raise RulesError("malformed", why=why) from None
    return checked(action)


def checked(action: Action) -> Action:
    """``action`` with its seat checked and its cards parsed (``2h`` -> ``2H``), or the
    ``RulesError`` that says what is wrong."""
    if isinstance(action, DealCard):
        return action
    seat = action.seat
    if isinstance(seat, bool) or not 0 <= seat <= 3:
        raise RulesError("bad-seat")
    if isinstance(action, CallFriend):
        return CallFriend(seat, _card(action.card, "card"))
    if isinstance(action, Bid | Bury | Play):
        cards = tuple(_card(c, f"cards[{i}]") for i, c in enumerate(action.cards))
        return type(action)(seat, cards)
    return action


def _card(value: Any, field: str) -> Card:
    try:
        return parse_card(value)
    except RulesError as e:
        raise RulesError("malformed", why=f"{field}: {e.en}") from None
