"""What one seat knows during the play, read from its ``View`` (or kept by a playout).

``Knowledge`` is the single input of the rule-based play policy (``engine.ai.basic``): the seat's
cards, the trick so far, the cards still *outside* (held by the other seats or lying in an
unknown kitty), proven voids, and who is on which side as far as this seat can tell. The
sampler (``engine.ai.sampling``) reads the same facts plus the cards each seat is known to hold
(bids shown and not yet played, the rest of a failed throw).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from engine import tricks
from engine.cards import Card, deck, points
from engine.follows import suits_of
from engine.leads import lead_shape
from engine.order import TRUMP, Trumps
from engine.rules import RuleSet
from engine.shapes import Kind, options
from engine.tricks import Standing
from engine.views import View

SIDE_MINE, SIDE_UNKNOWN, SIDE_THEIRS = 1, 0, -1


@cache
def full_deck(decks: int) -> Counter[Card]:
    return Counter(deck(decks))


@dataclass(slots=True)
class Knowledge:
    """One seat's picture of the table at its turn to play."""

    seat: int
    rules: RuleSet
    trumps: Trumps
    hand: Counter[Card]
    trick: list[tuple[int, tuple[Card, ...]]]  # plays so far in this trick, lead first
    shape: tuple[Kind, ...] | None  # the lead's shape as it stands (None: we lead)
    outside: Counter[Card]  # not ours, not played, not a kitty card we know
    voids: list[set[str]]  # per seat, effective suits it has shown it lacks
    team: list[int]  # per seat: SIDE_MINE, SIDE_THEIRS or SIDE_UNKNOWN (own seat: mine)
    defending: bool | None  # our side defends (None: unknown, a hidden friend)
    counts: list[int]  # cards in each seat's hand
    played: Counter[Card]
    kitty_points: int  # what the kitty is worth, known to the dealer, else an estimate
    # Facts the policy asks for again and again within one decision, worked out once.
    _by_suit: dict[str, Counter[Card]] | None = None
    _sizes: dict[str, int] = field(default_factory=dict)
    _tops: dict[tuple[str, Kind], int | None] = field(default_factory=dict)
    _lengths: dict[str, int] | None = None
    _standing: Standing | None = None
    _trick_points: int | None = None

    def outside_in(self, suit: str) -> Counter[Card]:
        """Outside cards of one effective suit (all suits sorted out at once, per decision)."""
        by_suit = self._by_suit
        if by_suit is None:
            by_suit = self._by_suit = suits_of(self.outside, self.trumps)
        found = by_suit.get(suit)
        if found is None:
            found = by_suit[suit] = Counter()
        return found

    def outside_count(self, suit: str) -> int:
        """How many outside cards are of one effective suit (cached per decision)."""
        got = self._sizes.get(suit)
        if got is None:
            got = self._sizes[suit] = sum(self.outside_in(suit).values())
        return got

    def outside_top(self, suit: str, kind: Kind) -> int | None:
        """The highest top an outside component of ``kind`` in ``suit`` can have; None when
        the outside cards hold none (cached per decision)."""
        key = (suit, kind)
        if key in self._tops:
            return self._tops[key]
        outside = self.outside_in(suit)
        top: int | None
        if kind == (1, 1):
            pos = self.trumps.position
            top = max((pos(c) for c in outside), default=None)
        else:
            top = next((t for t, _ in options(outside, self.trumps, kind)), None)
        self._tops[key] = top
        return top

    def standing(self) -> Standing:
        """Who holds the trick so far, and with what (cached per decision; we follow)."""
        if self._standing is None:
            assert self.shape is not None
            self._standing = tricks.standing([c for _, c in self.trick], self.shape, self.trumps)
        return self._standing

    def trick_points(self) -> int:
        """Points in the trick so far (cached per decision)."""
        if self._trick_points is None:
            self._trick_points = sum(points(c) for _, c in self.trick)
        return self._trick_points

    def lengths(self) -> dict[str, int]:
        """Our cards per effective suit (cached per decision, like ``outside_in``)."""
        if self._lengths is None:
            suit_of = self.trumps.suit_table
            got: dict[str, int] = {}
            for c, n in self.hand.items():
                s = suit_of[c]
                got[s] = got.get(s, 0) + n
            self._lengths = got
        return self._lengths

    def length(self, suit: str) -> int:
        return self.lengths().get(suit, 0)

    @property
    def last_trick(self) -> bool:
        return sum(self.lengths().values()) <= len(self.trick[0][1]) if self.trick else False


def voids_from(tricks: list[list[tuple[int, tuple[Card, ...]]]], trumps: Trumps) -> list[set[str]]:
    """Suits each seat proved it lacks: it followed a lead with fewer cards of that suit."""
    voids: list[set[str]] = [set(), set(), set(), set()]
    for plays in tricks:
        if not plays:
            continue
        lead = plays[0][1]
        suit = trumps.suit(lead[0])
        for seat, cards in plays[1:]:
            if sum(1 for c in cards if trumps.suit(c) == suit) < len(lead):
                voids[seat].add(suit)
    return voids


def view_tricks(v: View) -> list[list[tuple[int, tuple[Card, ...]]]]:
    """Finished tricks then the current one, as (seat, cards) plays."""
    out = [[(p, tuple(c)) for p, c in t.plays] for t in v.tricks]
    if v.trick:
        out.append([(p, tuple(c)) for p, c in v.trick])
    return out


def played_cards(v: View) -> Counter[Card]:
    played: Counter[Card] = Counter()
    for plays in view_tricks(v):
        for _, cards in plays:
            played.update(cards)
    return played


def teams(v: View) -> tuple[list[int], bool | None]:
    """Who is on our side as far as the view tells, and whether we defend."""
    seat, dealer = v.seat, v.dealer
    assert seat is not None and dealer is not None
    if v.defenders is not None:
        mine = seat in v.defenders
        team = [SIDE_MINE if (s in v.defenders) == mine else SIDE_THEIRS for s in range(4)]
        return team, mine
    if v.rules.partners == "fixed":
        team = [SIDE_MINE if (s - seat) % 2 == 0 else SIDE_THEIRS for s in range(4)]
        return team, (dealer - seat) % 2 == 0
    # A hidden friend: the dealer does not know it; a holder of the called card takes itself for
    # the friend; everyone else knows only that the dealer is against them.
    team = [SIDE_UNKNOWN] * 4
    team[seat] = SIDE_MINE
    if seat == dealer:
        return team, True
    if v.friend_card is not None and v.friend_card in v.hand:
        team = [SIDE_MINE if s == dealer else SIDE_THEIRS for s in range(4)]
        team[seat] = SIDE_MINE
        return team, True
    team[dealer] = SIDE_THEIRS
    return team, False


def outside_cards(v: View, played: Counter[Card]) -> Counter[Card]:
    """Cards that may be in another seat's hand or in a kitty this seat has not seen."""
    out = full_deck(v.rules.decks) - played - Counter(v.hand)
    known_kitty = v.buried if v.buried else v.buried_shown
    if v.seat == v.dealer and v.phase == "bury":
        known_kitty = ()
    return out - Counter(known_kitty)


def knowledge(v: View) -> Knowledge:
    """The seat's knowledge from its view (during the play)."""
    trumps = v.trumps
    assert trumps is not None and v.seat is not None
    played = played_cards(v)
    team, defending = teams(v)
    trick = [(p, tuple(c)) for p, c in v.trick]
    shape = lead_shape(trick[0][1], trumps, v.rules) if trick else None
    kitty = points(v.buried) if v.buried else _kitty_estimate(v)
    return Knowledge(
        seat=v.seat,
        rules=v.rules,
        trumps=trumps,
        hand=Counter(v.hand),
        trick=trick,
        shape=shape,
        outside=outside_cards(v, played),
        voids=voids_from(view_tricks(v), trumps),
        team=team,
        defending=defending,
        counts=list(v.counts),
        played=played,
        kitty_points=kitty,
    )


def _kitty_estimate(v: View) -> int:
    """Unknown kitty: a fair share of the points still outside, at most all of them."""
    shown = points(v.buried_shown)
    return shown + 5 * v.rules.decks * v.kitty_size // 8


def known_holdings(v: View) -> list[Counter[Card]]:
    """Cards each seat is known to hold now: bids shown and failed throws, less what it played.

    A dealer's bid cards may have gone into the kitty, so they prove nothing about its hand.
    """
    known: list[Counter[Card]] = [Counter() for _ in range(4)]
    for b in v.bids:
        if b.seat == v.dealer and v.rules.kitty_size:
            continue
        need = Counter(b.cards)
        for c, n in need.items():
            known[b.seat][c] = max(known[b.seat][c], n)
    failed = list(v.failed_throws)
    for plays in view_tricks(v):
        for i, (seat, cards) in enumerate(plays):
            held = known[seat]
            for c in cards:
                if held.get(c, 0) > 0:
                    held[c] -= 1
            if (
                i == 0
                and failed
                and failed[0].seat == seat
                and tuple(failed[0].forced) == (tuple(cards))
            ):
                rest = Counter(failed[0].attempted) - Counter(cards)
                for c, n in rest.items():
                    held[c] = max(held[c], n)
                failed.pop(0)
    if v.seat is not None:
        known[v.seat] = Counter()
    return [+k for k in known]


def suit_count(cards: Counter[Card], trumps: Trumps, suit: str) -> int:
    return sum(n for c, n in cards.items() if trumps.suit(c) == suit)


__all__ = [
    "SIDE_MINE",
    "SIDE_THEIRS",
    "SIDE_UNKNOWN",
    "TRUMP",
    "Knowledge",
    "full_deck",
    "knowledge",
    "known_holdings",
    "voids_from",
]
