"""Deals of the unseen cards consistent with one seat's view (determinization).

A sampled deal (a ``Fast`` table on card codes, ``Unseen.draw``) keeps everything the seat
knows and fills in only what it does not:

- its own hand, every card played, the trick in progress and the score are copied;
- each other seat gets exactly as many cards as it holds (``View.counts``);
- a seat never gets a card of an effective suit it has proven void in;
- cards a seat is known to hold (bids shown, the rest of a failed throw, less what it has played
  since) stay with it;
- the kitty is the seat's own burial when it is the dealer, else the shown cards (潮汕) plus a
  sample;
- a seat that followed a pair, tractor or throw with cards of the led suit but a weaker pattern
  than led never holds, with what it played since, a better one (``Shapes``: the follow
  obligation, RULES.md §6, read backwards); a seat that followed a pair with singles only gets
  no two copies of a card of that suit;
- with a hidden friend, a world where the friend would already have been revealed is rejected.

Where the voids (or caps on copies) would make a card-by-card draw uneven, the deal is drawn by
the count of the deals that complete each suit's split (``engine.ai.splits``), uniformly over
the deals that keep every fact. Otherwise cards are dealt most-constrained first, each to an
eligible place chosen with odds by the room left there (exactly uniform while the voids nest);
a dead end retries. The real deal always satisfies every constraint, so a retry finds one
quickly; after many failures the follow patterns and the hidden friend's check, then the voids,
then the known holdings are let go, so a search never fails for want of a deal.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TypeVar

from engine.cards import Card
from engine.hand import Hand
from engine.leads import lead_shape
from engine.shapes import Kind
from engine.views import View

from .codes import NCODES, TRUMP_SUIT, Codes, codes_for, plus, suit_bits
from .fastshapes import pattern_value
from .fastworld import Deal, Fast, from_world
from .inference import Window
from .memory import known_holdings, outside_cards, played_cards, view_tricks, voids_from
from .playout import World
from .splits import Splits

T = TypeVar("T")
KITTY = 4  # the kitty's index among the places cards can go
INFER_TRIES = 4  # deals drawn for one inferred sample before the best-explained one is kept
# Draws that must agree with the follows' patterns the caps do not cover (three- and four-deck
# orders, tractors): past these a deal may break one, so the rare view that almost no deal
# explains costs a bounded time.
SHAPE_TRIES = 30
# Draws by the count of deals (``Splits``) that must also keep the patterns and the hidden
# friend: rejected whole, which keeps them uniform; past these the card-by-card draw takes over.
EXACT_TRIES = 50


def sample_inferred(
    v: View, rng: random.Random, tries: int = INFER_TRIES, u: Unseen | None = None
) -> Fast:
    """A deal consistent with ``v`` and, by rejection, with how the other seats played: a deal
    is kept with probability ``inference.weight`` (after ``tries`` draws, the likeliest); ``u``:
    the view's ``Unseen``, when the caller draws many deals."""
    if u is None:
        u = Unseen(v)
    best: tuple[float, Fast] | None = None
    for _ in range(tries):
        world = u.draw(rng)
        r = rng.random()
        w = u.weight(world, floor=r)
        if w >= r:
            return world
        if best is None or w > best[0]:
            best = (w, world)
    assert best is not None
    return best[1]


def sample_world(v: View, rng: random.Random, u: Unseen | None = None) -> Fast:
    """One deal consistent with ``v`` (a view in the play phase), on card codes."""
    return (Unseen(v) if u is None else u).draw(rng)


@dataclass(frozen=True, slots=True)
class Facts:
    """What every deal for one view must respect (read once per decision)."""

    tricks: list[list[tuple[int, tuple[Card, ...]]]]
    played: Counter[Card]
    voids: list[set[str]]
    known: list[Counter[Card]]
    pool: Counter[Card]  # the unseen cards not known to be anywhere
    kitty_known: tuple[Card, ...]
    room: list[int]  # unknown cards per seat, then the kitty
    played_by: list[Counter[Card]]


def facts(v: View) -> Facts:
    trumps = v.trumps
    seat = v.seat
    assert trumps is not None and seat is not None and v.dealer is not None
    played = played_cards(v)
    tricks = view_tricks(v)
    known = known_holdings(v)
    pool = outside_cards(v, played)
    for s in range(4):
        pool -= known[s]
    kitty_known = v.buried if v.buried else v.buried_shown
    room = [v.counts[s] - sum(known[s].values()) if s != seat else 0 for s in range(4)]
    room.append(v.kitty_size - len(kitty_known) if not v.buried else 0)
    voids = voids_from(tricks, trumps)
    return Facts(tricks, played, voids, known, pool, kitty_known, room, _played_by(tricks))


class Unseen:
    """A view's facts on card codes, read once per decision, and deals drawn from them: each
    other seat gets as many cards as it holds, never of a suit it has shown it lacks, and keeps
    the cards it is known to hold; the kitty is the seat's own burial when it is the dealer, else
    the shown cards plus a draw; with a hidden friend, a deal in which the friend would already
    have shown itself is drawn again. Deals are drawn by the count of deals (``Splits``) where
    a card-by-card draw would be uneven, else cards are dealt most-constrained first, each to an
    eligible place with odds by the room left there; a dead end retries, and after many the
    hidden friend's check, then the voids are let go, so a search never fails for want of a
    deal."""

    def __init__(self, v: View, f: Facts | None = None, kitty_odds: int = 0) -> None:
        trumps, seat, dealer = v.trumps, v.seat, v.dealer
        assert trumps is not None and seat is not None and dealer is not None
        if f is None:
            f = facts(v)
        tab = codes_for(trumps)
        self.v = v
        self.facts = f
        self.tab = tab
        self.seat = seat
        self.dealer = dealer
        self.rules = v.rules
        self.pool = tab.of(f.pool.elements())
        self.room = f.room
        self.known = [tab.counts(k) for k in f.known]
        self.mine = tab.counts(Counter(v.hand))
        self.kitty_known = tuple(f.kitty_known)
        self.played_by = [tab.counts(p) for p in f.played_by]
        self.friend = -1 if v.friend_card is None else tab.code[v.friend_card]
        # The play as it stands, the same in every deal: hands are filled in per draw.
        empty = [Counter(v.hand) if s == seat else Counter() for s in range(4)]
        self.table = from_world(world_from(v, empty, (), None, f.played, f.voids))
        voids = [suit_bits(x) for x in f.voids]
        self.places = [_places(voids, suit) for suit in range(5)]  # eligible places per suit
        self.anywhere = [_places([0, 0, 0, 0], suit) for suit in range(5)]
        self.window = Window(v, tab, f.tricks)
        # Lever 1 on the kitty (``Style.kitty_odds``): a burial is low cards, so per code, the
        # odds (in tenths) of going to the unknown kitty; None: as to a hand
        self.kitty_odds: list[int] | None = None
        if kitty_odds and f.room[KITTY]:
            low = [
                tab.suit[c] != TRUMP_SUIT and not tab.pts[c] and tab.cards[c][0] != "A"
                for c in range(NCODES)
            ]
            self.kitty_odds = [10 if low[c] else kitty_odds for c in range(NCODES)]
        self.shapes = Shapes(v, tab, f.tricks)
        # Per code, (seat, copies a draw may give it) where a follow capped them, less the
        # copies it is known to hold.
        self.caps = {
            c: [(s, cap - self.known[s][c]) for s, cap in caps]
            for c, caps in self.shapes.caps.items()
        }
        # Lever 2: where the voids or the caps make the card-by-card draw uneven, draws by the
        # count of the deals (not with a burial-like kitty, drawn by its own odds first).
        self.splits = (
            None
            if self.kitty_odds is not None
            else Splits.of(self.pool, tab.suit, self.places, self.room, self.caps)
        )

    def draw(self, rng: random.Random, tries: int = 200) -> Fast:
        """One deal: the table as it stands, with every hand and the kitty filled in."""
        if self.splits is not None:
            world = self._exact(self.splits, rng)
            if world is not None:
                return world
        for attempt in range(tries):
            strict = attempt < tries * 3 // 4  # then let the hidden friend's check go
            places = self._deal(rng, attempt < tries - 10)
            world = None if places is None else self._kept(places, attempt < SHAPE_TRIES, strict)
            if world is not None:
                return world
        # Unreachable with a view of a real hand; should a fact be misread, deal with none of
        # them (no known holdings, no voids).
        v = self.v
        pool = self.tab.of(outside_cards(v, self.facts.played).elements())
        room = [v.counts[s] if s != self.seat else 0 for s in range(4)]
        room.append(v.kitty_size - len(self.kitty_known) if not v.buried else 0)
        loose = self._deal(rng, False, pool, room)
        assert loose is not None
        hands = [self.mine if s == self.seat else loose[s] for s in range(4)]
        return self._world(hands, loose[KITTY], self._partner(hands, False))

    def _exact(self, splits: Splits, rng: random.Random) -> Fast | None:
        """A draw by the count of deals that keeps every fact; None after ``EXACT_TRIES``."""
        for _ in range(EXACT_TRIES):
            world = self._kept(splits.deal(rng), True, True)
            if world is not None:
                return world
        return None

    def _kept(self, places: list[list[int]], shapes: bool, friend: bool) -> Fast | None:
        """The world of a drawn deal, or None where it breaks the follows' patterns
        (``shapes``) or says the hidden friend would already be known (``friend``); with
        ``friend`` off such a deal is kept with no partner read from the called card."""
        hands = self._hands(places)
        if shapes and not self.shapes.explains(hands):
            return None
        partner = self._partner(hands, True)
        if partner == CONTRADICTS:
            if friend:
                return None
            partner = self._partner(hands, False)
        return self._world(hands, places[KITTY], partner)

    def _deal(
        self,
        rng: random.Random,
        with_voids: bool,
        pool: list[int] | None = None,
        room: list[int] | None = None,
    ) -> list[list[int]] | None:
        suit_of = self.tab.suit
        places = self.places if with_voids else self.anywhere
        left = list(self.room if room is None else room)
        cards = list(self.pool if pool is None else pool)
        shuffle(cards, rng)
        cards.sort(key=lambda c: len(places[suit_of[c]]))
        out = [[0] * NCODES for _ in range(5)]
        if self.kitty_odds is not None and left[KITTY]:
            rest = self._bury(cards, places, out, left, rng)
            if rest is None:
                return None
            cards = rest
        caps = self.caps if with_voids else {}
        for c in cards:
            opts = places[suit_of[c]]
            capped = caps.get(c)
            if capped is not None:
                opts = [p for p in opts if all(p != s or out[p][c] < n for s, n in capped)]
            total = 0
            for p in opts:
                total += left[p]
            if total == 0:
                return None
            r = below(total, rng)
            pick = opts[0]
            for p in opts:
                if left[p]:
                    pick = p
                    r -= left[p]
                    if r < 0:
                        break
            out[pick][c] += 1
            left[pick] -= 1
        return out

    def _bury(
        self,
        cards: list[int],
        places: list[list[int]],
        out: list[list[int]],
        left: list[int],
        rng: random.Random,
    ) -> list[int] | None:
        """``kitty_odds``: the unknown kitty filled first, as a burial (a card no hand may hold
        goes there; of the others, a trump, point card or ace is taken at the odds against any
        other card); the cards left, in their order. None: no room for what must go there."""
        suit_of = self.tab.suit
        odds = self.kitty_odds
        assert odds is not None
        free: list[int] = []
        for c in cards:
            opts = places[suit_of[c]]
            if len(opts) == 1 and opts[0] == KITTY:
                out[KITTY][c] += 1
                left[KITTY] -= 1
            elif KITTY in opts:
                free.append(c)
        if left[KITTY] < 0:
            return None
        while left[KITTY]:
            if not free:
                return None
            i = below(len(free), rng)
            c = free[i]
            if below(10, rng) < odds[c]:
                free[i] = free[-1]
                free.pop()
                out[KITTY][c] += 1
                left[KITTY] -= 1
        taken = list(out[KITTY])
        rest: list[int] = []
        for c in cards:
            if taken[c]:
                taken[c] -= 1
            else:
                rest.append(c)
        return rest

    def _hands(self, places: list[list[int]]) -> list[list[int]]:
        """Every seat's hand in a deal: ours, or what the deal gave it plus what it is known
        to hold."""
        return [self.mine if s == self.seat else plus(places[s], self.known[s]) for s in range(4)]

    def _partner(self, hands: list[list[int]], check: bool) -> int:
        """The dealer's partner in this deal (-1: none); ``CONTRADICTS`` when the deal says the
        friend would already have played the called card (``check``)."""
        v, dealer = self.v, self.dealer
        if v.rules.partners == "fixed":
            return (dealer + 2) % 4
        if v.friend is not None:
            return v.friend
        c = self.friend
        if c < 0:
            return -1
        played_by = self.played_by
        held = [hands[s][c] + played_by[s][c] for s in range(4)]
        if held[dealer] >= v.rules.decks:
            return -1
        for step in range(1, 4):
            s = (dealer + step) % 4
            if held[s]:
                if check and played_by[s][c]:
                    return CONTRADICTS
                return s
        return -1

    def _world(self, hands: list[list[int]], drawn: list[int], partner: int) -> Fast:
        tab = self.tab
        kitty = self.kitty_known + tuple(
            tab.cards[c] for c in range(NCODES) for _ in range(drawn[c])
        )
        deal = Deal(self.rules, tab, kitty, self.dealer, partner, self.friend)
        return self.table.redeal(deal, hands, _penalty(self.v, partner))

    def weight(self, world: Fast, floor: float = 0.0) -> float:
        """``inference.weight`` of a deal drawn here."""
        return self.window.weight(world, self.seat, floor)


CONTRADICTS = -2


class Shapes:
    """What the other seats' follows prove about their patterns (RULES.md §6): a seat that
    followed a lead of pairs, tractors or a throw with as many cards of the led suit as led, but
    a weaker pattern than the lead's, held nothing better then: its holding of that suit at the
    time (its cards of the suit now, plus those it played from that trick on) matches the lead
    no better than its follow did (``fastshapes.pattern_value``). Under 潮汕's lead rule no
    pattern is owed, so nothing is proven."""

    def __init__(
        self, v: View, tab: Codes, tricks: list[list[tuple[int, tuple[Card, ...]]]]
    ) -> None:
        self.tab = tab
        self.orders = v.rules.follow_orders
        # (seat, suit, the lead's shape, the follow's pattern value, cards led, what the seat
        # played from that trick on)
        self.facts: list[tuple[int, int, tuple[Kind, ...], tuple[int, ...], int, list[int]]] = []
        # Per code, (seat, how many copies a deal may still give it): e.g. a seat that followed
        # a pair with singles only holds no card of that suit twice, counting what it played
        # since.
        self.caps: dict[int, list[tuple[int, int]]] = {}
        if v.rules.lead_rule == "chaoshan" or v.trumps is None:
            return
        code, suit_of = tab.code, tab.suit
        since = [[0] * NCODES for _ in range(4)]
        caps: dict[tuple[int, int], int] = {}
        for plays in reversed(tricks):  # from the last trick back, so ``since`` grows
            for s, cards in plays:
                for card in cards:
                    since[s][code[card]] += 1
            if len(plays) < 2 or len(plays[0][1]) < 2:
                continue
            lead = plays[0][1]
            shape = lead_shape(lead, tab.trumps, v.rules)
            if all(k == (1, 1) for k in shape):
                continue
            suit = suit_of[code[lead[0]]]
            for s, cards in plays[1:]:
                if s == v.seat:
                    continue
                mine = [0] * NCODES
                for card in cards:
                    if suit_of[code[card]] == suit:
                        mine[code[card]] += 1
                if sum(mine) < len(lead):
                    continue  # it ran out of the suit: a void, which the sampler keeps anyway
                value = pattern_value(tab, mine, suit, shape, self.orders)
                if not any(value):
                    continue  # it matched the lead as well as any holding could
                top = max(mine)
                lone = [0] * NCODES
                lone[tab.lo[suit]] = top + 1
                if pattern_value(tab, lone, suit, shape, self.orders) < value:
                    # A tuple one wider than its widest would have matched better (and more
                    # cards never match worse): no card of the suit is held more than ``top``
                    # times, counting what it played since.
                    for c in range(tab.lo[suit], tab.hi[suit]):
                        caps[s, c] = min(caps.get((s, c), top), top - since[s][c])
                if top > 1:
                    # With no pair at all, the caps say it all: every pattern owed before
                    # singles needs one. Beyond that the pattern is checked per deal.
                    self.facts.append((s, suit, shape, value, len(lead), list(since[s])))
        for (s, c), cap in sorted(caps.items()):
            self.caps.setdefault(c, []).append((s, cap))

    def explains(self, hands: list[list[int]]) -> bool:
        """Whether a deal's hands agree with every follow's pattern the caps do not cover."""
        tab = self.tab
        for s, suit, shape, value, need, since in self.facts:
            hand = hands[s]
            have = [0] * NCODES
            held = 0
            for c in range(tab.lo[suit], tab.hi[suit]):
                n = hand[c] + since[c]
                have[c] = n
                held += n
            if held > need and pattern_value(tab, have, suit, shape, self.orders) != value:
                return False
        return True


def _places(voids: list[int], suit: int) -> list[int]:
    return [p for p in range(5) if p == KITTY or not voids[p] >> suit & 1]


def _penalty(v: View, partner: int) -> int:
    """Throw penalties so far, by who turned out to defend."""
    pen = v.rules.throw_penalty
    if not pen:
        return 0
    assert v.dealer is not None
    defenders = {v.dealer} if partner < 0 else {v.dealer, partner}
    return sum(pen if f.seat in defenders else -pen for f in v.failed_throws)


def below(n: int, rng: random.Random) -> int:
    """``rng.randrange(n)``, the same draw (CPython's ``_randbelow_with_getrandbits``, 3.11 to
    3.13), without its Python-level checks: ``_deal`` draws once per card, many thousand times a
    decision. ``tests/engine/ai/test_ai_sampling.py`` holds it to the library's draws."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(items: list[T], rng: random.Random) -> None:
    """``rng.shuffle(items)``, the same permutation (see ``below``)."""
    for i in range(len(items) - 1, 0, -1):
        j = below(i + 1, rng)
        items[i], items[j] = items[j], items[i]


def _played_by(tricks: list[list[tuple[int, tuple[Card, ...]]]]) -> list[Counter[Card]]:
    out: list[Counter[Card]] = [Counter() for _ in range(4)]
    for plays in tricks:
        for s, cards in plays:
            out[s].update(cards)
    return out


def real_world(v: View, hand: Hand) -> World:
    """The play as ``v`` shows it on ``hand``'s real cards (a bench or test that holds the hand;
    the hands are copies)."""
    f = facts(v)
    hands = [h.copy() for h in hand.hands]
    return world_from(v, hands, tuple(hand.buried), hand.partner, f.played, f.voids)


def world_from(
    v: View,
    hands: list[Counter[Card]],
    kitty: tuple[Card, ...],
    partner: int | None,
    played: Counter[Card],
    voids: list[set[str]],
) -> World:
    """The play as ``v`` shows it, with these hands, kitty and dealer's partner filled in (a
    sampled deal, or the real one for a bench that knows it)."""
    trumps = v.trumps
    assert trumps is not None and v.dealer is not None and v.leader is not None
    trick = [(p, tuple(c)) for p, c in v.trick]
    shape = lead_shape(trick[0][1], trumps, v.rules) if trick else None
    defenders = {v.dealer} if partner is None else {v.dealer, partner}
    pen = v.rules.throw_penalty
    penalty = sum(pen if f.seat in defenders else -pen for f in v.failed_throws) if pen else 0
    last = [(p, tuple(c)) for p, c in v.last_trick]
    return World(
        rules=v.rules,
        trumps=trumps,
        hands=hands,
        kitty=kitty,
        dealer=v.dealer,
        friend_card=v.friend_card,
        partner=partner,
        revealed=v.rules.partners == "fixed" or v.friend is not None,
        leader=v.leader,
        trick=trick,
        shape=shape,
        won=list(v.won),
        penalty=penalty,
        played=played.copy(),
        voids=[set(x) for x in voids],
        last=last,
        last_winner=v.last_winner,
    )


def deal_unseen(v: View, rng: random.Random) -> tuple[list[Counter[Card]], tuple[Card, ...]]:
    """The dealer's view before the play (burying, or calling the friend): a deal of the other
    three hands (nothing is played yet, so nothing else is known), and the kitty it buried."""
    seat = v.seat
    assert seat is not None
    cards = list(outside_cards(v, Counter()).elements())
    shuffle(cards, rng)
    hands: list[Counter[Card]] = []
    for s in range(4):
        if s == seat:
            hands.append(Counter(v.hand))
        else:
            hands.append(Counter(cards[: v.counts[s]]))
            del cards[: v.counts[s]]
    return hands, tuple(v.buried)


def starting_world(
    v: View, hands: list[Counter[Card]], kitty: tuple[Card, ...], card: Card | None
) -> World:
    """The play about to start in this deal, the dealer having called ``card`` (its holder is
    the friend: ``Hand._friend_holder``'s rule, RULES.md §4.3), or with fixed partners."""
    trumps, dealer = v.trumps, v.dealer
    assert trumps is not None and dealer is not None
    fixed = v.rules.partners == "fixed"
    partner = (dealer + 2) % 4 if fixed else None
    if card is not None and hands[dealer][card] < v.rules.decks:
        partner = next((s for s in _after(dealer) if hands[s][card]), None)
    return World(
        rules=v.rules,
        trumps=trumps,
        hands=[h.copy() for h in hands],
        kitty=kitty,
        dealer=dealer,
        friend_card=card,
        partner=partner,
        revealed=fixed,
        leader=dealer,
        trick=[],
        shape=None,
        won=[0, 0, 0, 0],
        penalty=0,
        played=Counter(),
        voids=[set(), set(), set(), set()],
    )


def _after(dealer: int) -> list[int]:
    return [(dealer + step) % 4 for step in range(1, 4)]
