"""Actions: what a seat (or the dealer of cards, seat ``None``) asks the game to do.

Actions are plain frozen data with a JSON form (``{"type": "play", "seat": 1, "cards": [...]}``)
so the app, the server, the AI and records all speak the same values. ``action_from_dict``
validates untrusted input and raises ``RulesError("malformed")`` naming the bad field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.bids import Bid
from engine.cards import Card, parse_card
from engine.errors import RulesError


@dataclass(frozen=True, slots=True)
class DealCard:
    """Deal the next card of the deal (the table's own step; no seat acts)."""

    seat: None = None


@dataclass(frozen=True, slots=True)
class PassBid:
    """After the deal: this seat makes no (further) bid."""

    seat: int


@dataclass(frozen=True, slots=True)
class Bury:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CallFriend:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class AutoPlay:
    """Act for a seat that timed out or left (托管): the game picks a legal action."""

    seat: int


Action = DealCard | Bid | PassBid | Bury | CallFriend | Play | AutoPlay

_TYPES: dict[str, type] = {
    "deal": DealCard,
    "bid": Bid,
    "pass-bid": PassBid,
    "bury": Bury,
    "call-friend": CallFriend,
    "play": Play,
    "auto-play": AutoPlay,
}
_NAMES = {cls: name for name, cls in _TYPES.items()}


def action_to_dict(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": _NAMES[type(action)]}
    if action.seat is not None:
        out["seat"] = action.seat
    if isinstance(action, Bid | Bury | Play):
        out["cards"] = list(action.cards)
    if isinstance(action, CallFriend):
        out["card"] = action.card
    return out


def action_from_dict(data: Any) -> Action:
    """Parse an untrusted action; every problem is a ``RulesError`` naming the field."""
    if not isinstance(data, dict):
        raise RulesError("malformed", why="an action must be an object")
    kind = data.get("type")
    cls = _TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RulesError("malformed", why=f"type: unknown action {kind!r}")
    if cls is DealCard:
        return DealCard()
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise RulesError("bad-seat")
    if cls in (PassBid, AutoPlay):
        return cls(seat)
    if cls is CallFriend:
        return CallFriend(seat, _card(data.get("card"), "card"))
    cards = data.get("cards")
    if not isinstance(cards, list):
        raise RulesError("malformed", why="cards: expected a list of cards")
    built: Bid | Bury | Play = cls(
        seat, tuple(_card(c, f"cards[{i}]") for i, c in enumerate(cards))
    )
    return built


def _card(value: Any, field: str) -> Card:
    try:
        return parse_card(value)
    except RulesError as e:
        raise RulesError("malformed", why=f"{field}: {e.en}") from None
