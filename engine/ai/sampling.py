"""Deals of the unseen cards consistent with one seat's view (determinization).

A sampled ``World`` keeps everything the seat knows and fills in only what it does not:

- its own hand, every card played, the trick in progress and the score are copied;
- each other seat gets exactly as many cards as it holds (``View.counts``);
- a seat never gets a card of an effective suit it has proven void in;
- cards a seat is known to hold (bids shown, the rest of a failed throw, less what it has played
  since) stay with it;
- the kitty is the seat's own burial when it is the dealer, else the shown cards (潮汕) plus a
  sample;
- with a hidden friend, a world where the friend would already have been revealed is rejected.

Cards are dealt most-constrained first, each to an eligible place chosen with odds by the room
left there; a dead end retries. The real deal always satisfies every constraint, so a retry
finds one quickly; after many failures the hidden friend's check, then the voids, then the known
holdings are let go, so a search never fails for want of a deal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from engine.cards import Card, empty_hand, joined
from engine.leads import lead_shape
from engine.views import View

from .inference import weight
from .memory import known_holdings, outside_cards, played_cards, view_tricks, voids_from
from .playout import World

KITTY = 4  # the kitty's index among the places cards can go
INFER_TRIES = 12  # deals drawn for one inferred sample before the best-explained one is kept


def sample_inferred(v: View, rng: random.Random, tries: int = INFER_TRIES) -> World:
    """A deal consistent with ``v`` and, by rejection, with how the other seats played: a deal
    is kept with probability ``inference.weight`` (after ``tries`` draws, the likeliest)."""
    f = facts(v)
    best: tuple[float, World] | None = None
    for _ in range(tries):
        world = sample_world(v, rng, f=f)
        u = rng.random()
        w = weight(v, world, f.tricks, floor=u)
        if w >= u:
            return world
        if best is None or w > best[0]:
            best = (w, world)
    assert best is not None
    return best[1]


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


def sample_world(v: View, rng: random.Random, tries: int = 200, f: Facts | None = None) -> World:
    """One deal consistent with ``v`` (which must be a view in the play phase); ``f``: the
    view's ``facts``, when the caller draws many deals."""
    trumps = v.trumps
    seat = v.seat
    assert trumps is not None and seat is not None
    if f is None:
        f = facts(v)
    played, voids, known, kitty_known = f.played, f.voids, f.known, f.kitty_known
    for attempt in range(tries):
        strict = attempt < tries * 3 // 4  # then let the hidden friend's check go
        places = _deal(f.pool, f.room, voids if attempt < tries - 10 else None, trumps.suit, rng)
        if places is None:
            continue
        hands = [Counter(v.hand) if s == seat else joined(places[s], known[s]) for s in range(4)]
        kitty = tuple(kitty_known) + tuple(places[KITTY].elements())
        partner = _partner(v, hands, f.played_by)
        if partner == -1:
            if strict:
                continue  # the friend would already be known
            partner = _partner(v, hands, [Counter() for _ in range(4)])
        return world_from(v, hands, kitty, partner, played, voids)
    # Unreachable with a view of a real hand; should a fact be misread, deal with none of them.
    pool = outside_cards(v, played)
    room = [v.counts[s] if s != seat else 0 for s in range(4)]
    room.append(v.kitty_size - len(kitty_known) if not v.buried else 0)
    places = _deal(pool, room, None, trumps.suit, rng)
    assert places is not None
    hands = [Counter(v.hand) if s == seat else places[s] for s in range(4)]
    kitty = tuple(kitty_known) + tuple(places[KITTY].elements())
    partner = _partner(v, hands, [Counter() for _ in range(4)])
    return world_from(v, hands, kitty, partner, played, voids)


def _deal(
    pool: Counter[Card],
    room: list[int],
    voids: list[set[str]] | None,
    suit_of: Callable[[Card], str],
    rng: random.Random,
) -> list[Counter[Card]] | None:
    left = list(room)
    cards = list(pool.elements())
    shuffle(cards, rng)
    eligible: dict[Card, list[int]] = {}
    for c in set(cards):
        s = suit_of(c)
        eligible[c] = [p for p in range(5) if p == KITTY or voids is None or s not in voids[p]]
    cards.sort(key=lambda c: len(eligible[c]))
    out = [empty_hand() for _ in range(5)]
    for c in cards:
        opts = [p for p in eligible[c] if left[p] > 0]
        if not opts:
            return None
        total = sum(left[p] for p in opts)
        r = below(total, rng)
        for p in opts:
            r -= left[p]
            if r < 0:
                break
        out[p][c] += 1
        left[p] -= 1
    return out


def below(n: int, rng: random.Random) -> int:
    """``rng.randrange(n)``, the same draw (CPython's ``_randbelow_with_getrandbits``, 3.11 to
    3.13), without its Python-level checks: ``_deal`` draws once per card, many thousand times a
    decision. ``tests/engine/ai/test_ai_sampling.py`` holds it to the library's draws."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, the same permutation (see ``below``)."""
    for i in range(len(cards) - 1, 0, -1):
        j = below(i + 1, rng)
        cards[i], cards[j] = cards[j], cards[i]


def _played_by(tricks: list[list[tuple[int, tuple[Card, ...]]]]) -> list[Counter[Card]]:
    out: list[Counter[Card]] = [Counter() for _ in range(4)]
    for plays in tricks:
        for s, cards in plays:
            out[s].update(cards)
    return out


def _partner(v: View, hands: list[Counter[Card]], played_by: list[Counter[Card]]) -> int | None:
    """The dealer's partner in this world; -1 when the world contradicts the view."""
    dealer = v.dealer
    assert dealer is not None
    if v.rules.partners == "fixed":
        return (dealer + 2) % 4
    if v.friend is not None:
        return v.friend
    card = v.friend_card
    if card is None:
        return None
    held = [hands[s][card] + played_by[s][card] for s in range(4)]
    if held[dealer] >= v.rules.decks:
        return None
    partner = None
    for step in range(1, 4):
        s = (dealer + step) % 4
        if held[s]:
            partner = s
            break
    if partner is not None and played_by[partner][card]:
        return -1
    return partner


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
    pool = outside_cards(v, Counter())
    room = [v.counts[s] if s != seat else 0 for s in range(4)] + [0]
    places = _deal(pool, room, None, lambda c: "", rng)
    assert places is not None
    hands = [Counter(v.hand) if s == seat else places[s] for s in range(4)]
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
