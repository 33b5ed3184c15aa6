"""A seat's view moved on by the events it may see: how a client that holds only its ``View``
follows a table from the event stream, with no snapshot after each event.

``fold(v, body, actions, bids)`` is ``view(hand, seat)`` after the action whose events end with
``body``, given ``v`` before them, the events as ``Event.for_seat`` redacts them, and what the
seat may do now: its legal action kinds and bids (the server sends them with every event; while
bids are hidden, which bids are legal depends on a standing bid the seat may not see).
Tests check it against ``engine.views.view`` on every preset, for every seat and a spectator.
``None`` when the event cannot be followed from what the seat sees (an event it may not see at
all, of which it only learns the version): the client asks for a snapshot then.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from engine.bids import Bid
from engine.cards import Card
from engine.events import (
    BidMade,
    BidPassed,
    BidRevealed,
    Buried,
    DealEnd,
    Dealt,
    EventBody,
    FriendCalled,
    FriendRevealed,
    HandEnd,
    HandStart,
    KittyFlip,
    KittyPickup,
    Played,
    PlayStart,
    Redeal,
    ThrowFailed,
    TrickWon,
    TrumpSet,
)
from engine.rules import RuleSet
from engine.views import FailedThrow, TrickInfo, View


def fresh(rules: RuleSet, seat: int | None, start: HandStart) -> View:
    """The view of a hand that has just started: nothing dealt."""
    dealer = start.dealer
    sides = dealer is not None and rules.partners == "fixed"
    return View(
        seat=seat,
        rules=rules,
        hand_no=start.hand_no,
        phase="deal",
        level=start.level,
        levels=start.levels,
        dealer=dealer,
        trump=None,
        trump_known=False,
        hand=(),
        counts=(0, 0, 0, 0),
        dealt=0,
        deal_complete=False,
        bid=None,
        bids=(),
        passed=(),
        legal_bids=(),
        kitty_size=rules.kitty_size,
        kitty=(),
        buried=(),
        buried_shown=(),
        flipped=(),
        friend_card=None,
        friend=None,
        defenders=_pair(dealer) if sides and dealer is not None else None,
        turn=None,
        leader=None,
        trick=(),
        last_trick=(),
        last_winner=None,
        tricks=(),
        failed_throws=(),
        won=(0, 0, 0, 0),
        attacker_points=0 if sides else None,
        outcome=None,
        actions=(),
    )


def fold(
    v: View,
    body: EventBody | None,
    actions: tuple[str, ...],
    bids: tuple[tuple[Card, ...], ...] = (),
) -> View | None:
    """``v`` after ``body`` (None: an event this seat may not see), with ``actions`` and legal
    ``bids`` now."""
    if body is None:
        return None
    if isinstance(body, HandStart):
        if not body.levels:
            return None  # an older server's event: the levels are not in it
        return fresh(v.rules, v.seat, body)
    changes = _changes(v, body)
    if changes is None:
        return None
    out = dataclasses.replace(v, **changes, actions=actions, legal_bids=bids)
    return dataclasses.replace(out, attacker_points=_attacker_points(out))


def _changes(v: View, body: EventBody) -> dict[str, Any] | None:
    mine = v.seat is not None and getattr(body, "seat", None) == v.seat
    rules = v.rules
    match body:
        case Dealt(seat=seat, card=card):
            counts = _add(v.counts, seat, 1)
            hand = _sorted(v, [*v.hand, card]) if card is not None and mine else v.hand
            return {"counts": counts, "dealt": v.dealt + 1, "hand": hand}
        case DealEnd(kitty_size=size):
            return {"deal_complete": True, "kitty_size": size}
        case BidMade(seat=seat, cards=cards) | BidRevealed(seat=seat, cards=cards):
            bid = Bid(seat, cards)
            # a revealed bid is the last one made: its own seat has seen it already
            seen = isinstance(body, BidRevealed) and v.bids[-1:] == (bid,)
            return {"bid": bid, "bids": v.bids if seen else (*v.bids, bid)}
        case BidPassed(seat=seat):
            return {"passed": tuple(sorted({*v.passed, seat}))}
        case Redeal():
            return {
                "hand": (),
                "counts": (0, 0, 0, 0),
                "dealt": 0,
                "deal_complete": False,
                "bid": None,
                "bids": (),
                "passed": (),
                "kitty_size": rules.kitty_size,
                "flipped": (),
            }
        case TrumpSet(trump=trump, level=level, dealer=dealer):
            known = dataclasses.replace(v, trump=trump, trump_known=True, level=level)
            out: dict[str, Any] = {
                "trump": trump,
                "trump_known": True,
                "level": level,
                "dealer": dealer,
                "hand": _sorted(known, list(v.hand)),
            }
            if rules.partners == "fixed":
                out["defenders"] = _pair(dealer)
            elif v.kitty_size == 0:
                out["phase"] = "call-friend"
            return out
        case KittyFlip(cards=cards):
            return {"flipped": cards}
        case KittyPickup(seat=seat, cards=cards):
            out = {"phase": "bury", "counts": _add(v.counts, seat, v.kitty_size)}
            if cards is not None and mine:
                out["hand"] = _sorted(v, [*v.hand, *cards])
                out["kitty"] = cards
            return out
        case Buried(seat=seat, shown=shown, cards=cards):
            out = {
                "counts": _add(v.counts, seat, -v.kitty_size),
                "buried_shown": shown,
                "kitty": (),
            }
            if rules.partners == "called-card":
                out["phase"] = "call-friend"
            if cards is not None and mine:
                out["hand"] = _without(v.hand, cards)
                out["buried"] = cards
            return out
        case FriendCalled(card=card):
            return {"friend_card": card}
        case PlayStart(leader=leader):
            return {"phase": "play", "turn": leader, "leader": leader, "trick": ()}
        case ThrowFailed(seat=seat, attempted=attempted, forced=forced):
            return {"failed_throws": (*v.failed_throws, FailedThrow(seat, attempted, forced))}
        case Played(seat=seat, cards=cards):
            trick = (*v.trick, (seat, cards))
            out = {"trick": trick, "counts": _add(v.counts, seat, -len(cards))}
            out["turn"] = (seat + 1) % 4 if len(trick) < 4 else v.turn
            if mine:
                out["hand"] = _without(v.hand, cards)
            return out
        case FriendRevealed(seat=seat):
            assert v.dealer is not None
            return {"friend": seat, "defenders": tuple(sorted({v.dealer, seat}))}
        case TrickWon(winner=winner, points=points):
            assert v.leader is not None
            done = TrickInfo(v.leader, v.trick, winner, points)
            over = not any(v.counts)
            return {
                "tricks": (*v.tricks, done),
                "won": _add(v.won, winner, points),
                "last_trick": v.trick,
                "last_winner": winner,
                "trick": (),
                "leader": None if over else winner,
                "turn": None if over else winner,
            }
        case HandEnd():
            return {
                "phase": "done",
                "defenders": body.defenders,
                "outcome": body,
            }
    return None


def _pair(dealer: int) -> tuple[int, ...]:
    """Fixed partners: the dealer's side."""
    return tuple(sorted({dealer, (dealer + 2) % 4}))


def _add(values: tuple[int, ...], seat: int, n: int) -> tuple[int, ...]:
    return tuple(x + n if i == seat else x for i, x in enumerate(values))


def _sorted(v: View, cards: list[Card]) -> tuple[Card, ...]:
    trumps = v.trumps
    return tuple(trumps.sorted(cards) if trumps else sorted(cards))


def _without(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    gone = Counter(cards)
    out = []
    for c in hand:
        if gone[c]:
            gone[c] -= 1
        else:
            out.append(c)
    return tuple(out)


def _attacker_points(v: View) -> int | None:
    """The attackers' points from tricks and failed throws, once the sides are known."""
    if v.defenders is None:
        return None
    won = sum(v.won[s] for s in range(4) if s not in v.defenders)
    p = v.rules.throw_penalty
    return won + sum(p if f.seat in v.defenders else -p for f in v.failed_throws)
