"""What one seat may know: the only source of per-seat state (boardgame.io's playerView).

``view(hand, seat)`` builds a ``View`` from the full hand state: the seat's own cards, public
plays, bids as they are shown, the kitty only while it is the dealer's to bury (and what the
dealer buried, to the dealer), the friend only once revealed. ``view(hand, None)`` is the
spectator's view. A View also answers what the seat may do now — legal bids, a play checker and
play candidates — from its own contents only, so a client can use it with no hidden state.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import msgspec

from engine.bids import Bid
from engine.cards import Card
from engine.codec import plain
from engine.errors import RulesError
from engine.events import HandEnd
from engine.follows import check_follow, legal_follows
from engine.hand import Hand, Phase, Trick
from engine.leads import check_lead, lead_candidates, lead_shape
from engine.order import Trumps, trumps_for
from engine.rules import RuleSet


class TrickInfo(msgspec.Struct, frozen=True):
    """A finished trick: who led, each seat's play in order, who won, the points in it."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int
    points: int


class FailedThrow(msgspec.Struct, frozen=True):
    seat: int
    attempted: tuple[Card, ...]
    forced: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class View:
    seat: int | None
    rules: RuleSet
    hand_no: int
    phase: str
    level: str
    levels: tuple[str, ...]
    dealer: int | None
    trump: str | None
    trump_known: bool
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    dealt: int
    deal_complete: bool
    bid: Bid | None
    bids: tuple[Bid, ...]  # every bid this seat has seen, in order
    passed: tuple[int, ...]
    legal_bids: tuple[tuple[Card, ...], ...]
    kitty_size: int
    kitty: tuple[Card, ...]  # the dealer's, while burying
    buried: tuple[Card, ...]  # the dealer's own knowledge
    buried_shown: tuple[Card, ...]  # 潮汕: buried off-suit K and A
    flipped: tuple[Card, ...]
    friend_card: Card | None
    friend: int | None  # the friend's seat, once revealed
    defenders: tuple[int, ...] | None  # once the sides are known to everyone
    turn: int | None
    leader: int | None
    trick: tuple[tuple[int, tuple[Card, ...]], ...]
    last_trick: tuple[tuple[int, tuple[Card, ...]], ...]
    last_winner: int | None
    tricks: tuple[TrickInfo, ...]  # every finished trick
    failed_throws: tuple[FailedThrow, ...]
    won: tuple[int, ...]  # points in tricks won, per seat
    attacker_points: int | None
    outcome: HandEnd | None  # the score, as everyone sees it
    actions: tuple[str, ...]  # what this seat may do now

    @property
    def trumps(self) -> Trumps | None:
        if not self.trump_known:
            return None
        return trumps_for(self.level, self.trump, self.rules.twos_trump)

    def check_play(self, cards: list[Card]) -> None:
        """Raise the rules' error if ``cards`` is not a legal play for this seat now.

        A throw is judged by the engine against the other hands; here it passes.
        """
        trumps = self.trumps
        if self.seat is None or trumps is None or "play" not in self.actions:
            raise _not_now(self)
        mine = Counter(self.hand)
        if not self.trick:
            check_lead(mine, cards, trumps, self.rules, played=self.accounted())
            return
        first = self.trick[0][1]
        check_follow(mine, cards, first, lead_shape(first, trumps, self.rules), trumps, self.rules)

    def accounted(self) -> Counter[Card]:
        """Cards out of everyone's hands that all seats have seen: played, and shown buried."""
        seen = Counter(self.buried_shown)
        for trick in self.tricks:
            for _seat, cards in trick.plays:
                seen.update(cards)
        for _seat, cards in self.trick:
            seen.update(cards)
        return seen

    def check_bury(self, cards: list[Card]) -> None:
        """Raise the rules' error unless ``cards`` is a legal burial for this seat now."""
        if self.seat is None or "bury" not in self.actions:
            raise _not_now(self)
        if len(cards) != self.kitty_size:
            raise RulesError("bury-count", need=self.kitty_size, got=len(cards))
        mine = Counter(self.hand)
        missing = [c for c, n in Counter(cards).items() if mine.get(c, 0) < n]
        if missing:
            raise RulesError("not-holding", cards=" ".join(missing))

    def play_candidates(self, limit: int = 50) -> list[list[Card]]:
        trumps = self.trumps
        if self.seat is None or trumps is None or "play" not in self.actions:
            return []
        mine = Counter(self.hand)
        if not self.trick:
            return lead_candidates(mine, trumps, self.rules)[:limit]
        first = self.trick[0][1]
        shape = lead_shape(first, trumps, self.rules)
        return list(legal_follows(mine, first, shape, trumps, self.rules, limit))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``engine.codec.decode(data, View)`` reads it back)."""
        out: dict[str, Any] = plain(self)
        return out


def _not_now(v: View) -> RulesError:
    return RulesError("wrong-phase", phase=v.phase)


def view(hand: Hand, seat: int | None) -> View:
    """Everything ``seat`` may know of ``hand`` (``None``: a spectator)."""
    rules = hand.rules
    phase = hand.phase
    dealer = hand.dealer
    is_dealer = seat is not None and seat == dealer
    hidden_bid = rules.bidding == "hidden" and not hand.deal_complete
    bid = None
    if hand.bid is not None and (not hidden_bid or hand.bid.seat == seat):
        bid = hand.bid
    trumps = hand.trumps
    mine: tuple[Card, ...] = ()
    if seat is not None:
        cards = list(hand.hands[seat].elements())
        mine = tuple(trumps.sorted(cards) if trumps else sorted(cards))
    sides_known = dealer is not None and (hand.friend_revealed or phase == Phase.DONE)
    defenders = hand.defenders if sides_known else None
    last = hand.tricks[-1] if hand.tricks else None
    return View(
        seat=seat,
        rules=rules,
        hand_no=hand.setup.hand_no,
        phase=phase.value,
        level=hand.level,
        levels=hand.setup.levels,
        dealer=dealer,
        trump=trumps.trump if trumps else None,
        trump_known=trumps is not None,
        hand=mine,
        counts=tuple(sum(h.values()) for h in hand.hands),
        dealt=hand.dealt,
        deal_complete=hand.deal_complete,
        bid=bid,
        bids=tuple(b for b, public in hand.bids if public or b.seat == seat),
        passed=tuple(sorted(hand.passed)),
        legal_bids=tuple(hand.legal_bids(seat)) if seat is not None else (),
        kitty_size=len(hand.kitty) if hand.deal_complete else rules.kitty_size,
        kitty=tuple(hand.kitty) if is_dealer and phase == Phase.BURY else (),
        buried=hand.buried if is_dealer else (),
        buried_shown=tuple(hand.shown_buried()),
        flipped=tuple(hand.flipped),
        friend_card=hand.friend_card,
        friend=hand.partner if hand.friend_card and hand.friend_revealed else None,
        defenders=defenders,
        turn=hand.turn,
        leader=hand.trick.leader if hand.trick else None,
        trick=tuple(hand.trick.plays) if hand.trick else (),
        last_trick=tuple(last.plays) if last else (),
        last_winner=last.winner if last else None,
        tricks=tuple(_trick(t) for t in hand.tricks),
        failed_throws=tuple(FailedThrow(p, a, f) for p, a, f in hand.failed_throws),
        won=tuple(hand.won),
        attacker_points=_attacker_points(hand) if defenders is not None else None,
        outcome=hand.outcome,
        actions=hand.actions_for(seat) if seat is not None else (),
    )


def _attacker_points(hand: Hand) -> int:
    return sum(hand.won[s] for s in hand.attackers()) + hand.penalty


def _trick(t: Trick) -> TrickInfo:
    assert t.winner is not None
    return TrickInfo(t.leader, tuple(t.plays), t.winner, t.points)
