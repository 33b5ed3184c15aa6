"""Deals drawn from the posterior given the other seats' plays: a Metropolis chain over swaps.

``sampling.sample_world`` deals the unseen cards uniformly under the hard facts (counts, voids,
known holdings). The plays say more: a seat that played low to its partner's winning trick
probably had no point card in the suit. ``Chain`` models every other seat as the rule-based
policy with that seat's knowledge: a deal's likelihood is ``MISMATCH`` to the power of the
number of the hand's plays that the policy, holding that deal's cards, would not have made. A
deal is never ruled out (a human, or a searching partner, does not always play like the
rule-based policy), but a deal that explains every play is ``1 / MISMATCH`` times as likely as
one that misses a single play.

The chain starts from a uniform deal and moves by swapping two unseen cards between two places
(two hands, or a hand and the kitty) when the voids allow it; a swap is kept with the Metropolis
odds, so after a burn-in the chain's deals follow the posterior. A seat's decisions depend only
on its own hand (the dealer's also on the kitty), so a swap re-judges at most two seats' plays,
stops at the first mismatches that already decide the swap, and remembers every judgement
(the same hand at the same play is judged once per decision).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from engine.cards import Card
from engine.order import TRUMP
from engine.views import View

from . import basic
from .inference import replay, rewind
from .playout import World
from .sampling import KITTY, Facts, deal, facts, partner_of, sample_world, world_from

MISMATCH = 0.05  # likelihood factor of a play the policy would not have made in a deal
BURN_IN = 60  # swaps before the first deal is used
THIN = 12  # swaps between two deals handed to the search
CARRIED_BURN_IN = 20  # swaps after a carried start, which already explains the earlier plays
SAME_SUIT = 0.5  # share of proposed swaps between two cards of one suit


@dataclass(frozen=True, slots=True)
class _Play:
    """A play of another seat to explain."""

    seat: int
    table: World  # the world as it stood (its hands are filled in per deal)
    cards: tuple[Card, ...]  # what the seat played, sorted
    later: Counter[Card]  # the seat's plays from this one on
    suit: str | None  # the led suit, on a follow
    need: int  # cards led


class Chain:
    """A Metropolis chain over the deals of the unseen cards for one view."""

    def __init__(
        self, v: View, rng: random.Random, f: Facts | None = None, prior: Chain | None = None
    ) -> None:
        """A chain for ``v``; ``prior``: this seat's chain at its previous decision in the hand,
        whose deal (less the cards played since) is the start and whose judgements still hold."""
        assert v.seat is not None and v.trumps is not None
        self.v = v
        self.rng = rng
        self.f = f = f if f is not None else facts(v)
        self.suit = v.trumps.suit
        self._judged: dict[tuple, bool] = {}
        self.partner: int | None = None
        self.places: list[Counter[Card]] = []
        self.carried = prior is not None and self._carry(prior)
        if self.carried:
            assert prior is not None
            self._judged = prior._judged
            start = self.world()
        else:
            start = sample_world(v, rng, f=f)
            self.partner = start.partner
            self.places = [
                start.hands[s] - f.known[s] if s != v.seat else Counter() for s in range(4)
            ]
            self.places.append(Counter(start.kitty) - Counter(f.kitty_known))
        self.cards: list[Card] = []
        self.where: list[int] = []
        for p, held in enumerate(self.places):
            for c in held.elements():
                self.cards.append(c)
                self.where.append(p)
        self.by_suit: dict[str, list[int]] = {}
        for i, c in enumerate(self.cards):
            self.by_suit.setdefault(self.suit(c), []).append(i)
        self._decisions(start)
        self.misses = [self._misses(s, math.inf) for s in range(4)]
        self.moves = self.accepted = 0

    def _continues(self, prior: Chain) -> bool:
        """Whether ``prior`` was this seat's chain earlier in this very hand: the same seat,
        trumps and dealer, its plays a prefix of ours, and our hand its hand less our plays."""
        v, old = self.v, prior.v
        if (old.hand_no, old.seat, old.trumps, old.dealer) != (
            v.hand_no,
            v.seat,
            v.trumps,
            v.dealer,
        ):
            return False
        then = [p for trick in prior.f.tricks for p in trick]
        now = [p for trick in self.f.tricks for p in trick]
        if now[: len(then)] != then:
            return False
        mine = Counter(c for s, cards in now[len(then) :] for c in cards if s == v.seat)
        return Counter(old.hand) == Counter(v.hand) + mine

    def _carry(self, prior: Chain) -> bool:
        """Start from ``prior``'s deal: each place keeps its cards that are still unseen (and
        allowed by the voids), and the rest are dealt afresh to the places short of cards.
        False when that deal does not fit the view (then the chain starts from a new deal)."""
        v, f = self.v, self.f
        if not self._continues(prior):
            return False
        pool = f.pool.copy()
        places: list[Counter[Card]] = []
        for p, held in enumerate(prior.places):
            kept: Counter[Card] = Counter()
            for c in held.elements():
                fits = p == KITTY or self.suit(c) not in f.voids[p]
                if fits and pool[c] > 0 and sum(kept.values()) < f.room[p]:
                    kept[c] += 1
                    pool[c] -= 1
            places.append(kept)
        short = [f.room[p] - sum(places[p].values()) for p in range(5)]
        extra = deal(+pool, short, f.voids, self.suit, self.rng)
        if extra is None:
            return False
        self.places = [places[p] + extra[p] for p in range(5)]
        partner = partner_of(v, self._hands(), f.played_by)
        if partner == -1:
            return False
        self.partner = partner
        return True

    # -- the plays to explain ---------------------------------------------------------------
    def _decisions(self, start: World) -> None:
        """Every play of another seat, with the table as it stood (a copy of the world at that
        moment) and the cards that seat played from then on."""
        v, tricks = self.v, self.f.tricks
        forced = {(f["seat"], tuple(f["forced"])) for f in v.failed_throws}
        self.by_seat: list[list[int]] = [[] for _ in range(4)]
        self.snaps: list[_Play] = []
        plays = [(s, cards) for trick in tricks for s, cards in trick]
        if not plays:
            return
        past = rewind(v, start, tricks, 0)
        later = [Counter() for _ in range(4)]
        for s, cards in reversed(plays):
            later[s].update(cards)
        for trick in tricks:
            for i, (s, cards) in enumerate(trick):
                if s != v.seat and not (i == 0 and (s, cards) in forced):
                    self.by_seat[s].append(len(self.snaps))
                    lead = past.trick[0][1] if past.trick else ()
                    self.snaps.append(
                        _Play(
                            s,
                            past.copy(),
                            tuple(sorted(cards)),
                            later[s].copy(),
                            self.suit(lead[0]) if lead else None,
                            len(lead),
                        )
                    )
                later[s].subtract(cards)
                replay(past, cards)

    def _matches(self, d: int, partner: int | None) -> bool:
        """Would the rule-based policy, holding this deal's cards, have made play ``d``?"""
        play = self.snaps[d]
        s = play.seat
        hand = self.places[s] + self.f.known[s] + play.later
        dealer = s == self.v.dealer
        key = (
            d,
            self._signature(play, hand),
            partner,
            tuple(sorted(self.places[KITTY].items())) if dealer else None,
        )
        got = self._judged.get(key)
        if got is None:
            snap = play.table
            snap.hands[s] = hand
            snap.partner = partner
            if dealer:
                snap.kitty = tuple(self.f.kitty_known) + tuple(self.places[KITTY].elements())
            ranked = basic.ranked_plays(snap.knowledge(s))
            top = ranked[0][0]
            got = any(sorted(p) == list(play.cards) for sc, p in ranked if sc >= top)
            self._judged[key] = got
        return got

    def _signature(self, play: _Play, hand: Counter[Card]) -> tuple:
        """What of ``hand`` the policy's choice at ``play`` depends on. A seat that could follow
        the led suit chooses among those cards alone, and weighs them against the outside
        cards of that suit and of trumps (who may ruff, or over-ruff): its other suits do not
        matter. Otherwise (a lead, or a short follow) the whole hand does."""
        suit = play.suit
        if suit is not None:
            mine = sorted((c, n) for c, n in hand.items() if self.suit(c) in (suit, TRUMP))
            if sum(n for c, n in mine if self.suit(c) == suit) >= play.need:
                return tuple(mine)
        return tuple(sorted(hand.items()))

    def _misses(self, s: int, limit: float, partner: int | None = None) -> int:
        """Seat ``s``'s plays this deal does not explain (counting stops above ``limit``)."""
        if partner is None:
            partner = self.partner
        n = 0
        for d in self.by_seat[s]:
            if not self._matches(d, partner):
                n += 1
                if n > limit:
                    break
        return n

    # -- moving -----------------------------------------------------------------------------
    def step(self) -> None:
        """One proposed swap of two unseen cards, kept with the Metropolis odds."""
        rng, cards, where = self.rng, self.cards, self.where
        n = len(cards)
        if n < 2:
            return
        i = rng.randrange(n)
        if rng.random() < SAME_SUIT:
            # A card of the same suit: the suits' split between places stays as it is, and
            # the pair is as likely to be drawn from either side, so the move is symmetric.
            same = self.by_suit[self.suit(cards[i])]
            j = same[rng.randrange(len(same))]
        else:
            j = rng.randrange(n)
        p, q = where[i], where[j]
        a, b = cards[i], cards[j]
        voids = self.f.voids
        if p == q or a == b or (p < 4 and self.suit(b) in voids[p]):
            return
        if q < 4 and self.suit(a) in voids[q]:
            return
        self.moves += 1
        self._swap(p, q, a, b)
        partner = self.partner
        if self.v.friend is None and self.v.friend_card is not None:
            partner = partner_of(self.v, self._hands(), self.f.played_by)
            if partner == -1:
                self._swap(p, q, b, a)
                return
        seats = {x for x in (p, q) if x < 4}
        if KITTY in (p, q) and self.v.dealer != self.v.seat:
            seats.add(self.v.dealer)  # the dealer knows the kitty it buried
        if partner != self.partner:
            seats = {s for s in range(4) if s != self.v.seat}
        # Keep with probability MISMATCH ** (new misses - old misses): draw the odds first, so
        # the judging stops as soon as the swap is decided.
        allowed = math.log(max(rng.random(), 1e-300)) / math.log(MISMATCH)
        old = sum(self.misses[s] for s in seats)
        new: dict[int, int] = {}
        total = 0
        for s in sorted(seats):
            new[s] = self._misses(s, old + allowed - total, partner)
            total += new[s]
            if total - old > allowed:
                break
        if total - old > allowed:
            self._swap(p, q, b, a)
            return
        where[i], where[j] = q, p
        for s, m in new.items():
            self.misses[s] = m
        self.partner = partner
        self.accepted += 1

    def _swap(self, p: int, q: int, a: Card, b: Card) -> None:
        """Card ``a`` from place ``p`` to ``q``, card ``b`` from ``q`` to ``p``."""
        hp, hq = self.places[p], self.places[q]
        hp[a] -= 1
        if not hp[a]:
            del hp[a]
        hq[b] -= 1
        if not hq[b]:
            del hq[b]
        hq[a] += 1
        hp[b] += 1

    def misses_of(
        self, hands: list[Counter[Card]], kitty: tuple[Card, ...], partner: int | None
    ) -> list[int]:
        """Per seat, the plays a given deal (the real one, say) does not explain."""
        f, saved = self.f, (self.places, self.partner)
        self.places = [hands[s] - f.known[s] if s != self.v.seat else Counter() for s in range(4)]
        self.places.append(Counter(kitty) - Counter(f.kitty_known))
        self.partner = partner
        try:
            return [self._misses(s, math.inf) for s in range(4)]
        finally:
            self.places, self.partner = saved

    def _hands(self) -> list[Counter[Card]]:
        v = self.v
        return [
            Counter(v.hand) if s == v.seat else self.places[s] + self.f.known[s] for s in range(4)
        ]

    def world(self) -> World:
        """The chain's current deal as a world to play out."""
        f = self.f
        kitty = tuple(f.kitty_known) + tuple(self.places[KITTY].elements())
        return world_from(self.v, self._hands(), kitty, self.partner, f.played, f.voids)

    def draw(self, steps: int = THIN) -> World:
        for _ in range(steps):
            self.step()
        return self.world()


def chain(v: View, rng: random.Random, prior: Chain | None = None) -> Chain:
    """A chain for ``v`` past its burn-in (a shorter one from ``prior``'s deal)."""
    c = Chain(v, rng, prior=prior)
    for _ in range(CARRIED_BURN_IN if c.carried else BURN_IN):
        c.step()
    return c
