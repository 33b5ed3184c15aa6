"""A model of how the other side plays, for the opponents' seats in the search's rollouts.

``engine.ai.fastpolicy`` is our own rule-based player, and the search rolls every seat out with
it. The bots and people we meet play differently: the strongest open Shengji bot (the rule bot
under jerryyyu/shengji's production search, which it overrides on ~2% of its decisions) is
greedy and simple where ours weighs scores. This module is our own model of that style, written
from its documented rules (see docs/AI.md, lever 3), on card codes over ``fastworld.Fast``:

- *leads*, in this order: a throw of every unbeatable component of a side suit nobody is likely
  to ruff (the longest such throw); an unbeatable pair or tractor of such a suit (the longest,
  then the one with most points, then the highest); else the longest tractor of such a suit;
  an unbeatable single of a side suit (most points, then highest); late in the hand (12 cards
  or fewer) the highest trump pair; the highest pair of a ruff-safe side suit when it is among
  the suit's top five ranks; the lowest card of a ruff-safe suit of one or two cards (to void
  it); the highest pointless card of the longest side suit no opponent is void in; else the
  lowest card of that suit, of the longest side suit, or of the trumps;
- *follows*: with our side winning, the cheapest legal follow, feeding points when nobody still
  to play can beat the winning play; otherwise the cheapest play that takes the trick is played
  when it wins in the led suit (unless it only spends level cards or jokers on a pointless
  trick), and a ruff (or such a spend) when the trick holds 10 points or more, when it holds
  points and the ruff cannot be beaten, or on any trick in the last six cards; else the
  cheapest legal follow without points.

"Cheapest" is short-suit first for side cards (a void opens a ruff), side cards before trumps,
pointless before points, low before high. "Nobody is likely to ruff" a side suit: no trump is
outside or no opponent is known void in it and more than two of its cards are outside. It is
deterministic: the same position always gives the same play. Follows to single and pair leads
are built here; a follow to any other lead is picked from ``fastpolicy.follows`` (every one of
them legal) by the same rules.
"""

from __future__ import annotations

from engine.cards import JOKERS, rank_of
from engine.shapes import Kind

from .codes import NCODES, TRUMP_SUIT, Codes
from .fastpolicy import Comp, Seen, follows
from .fastshapes import decompose
from .fastworld import PAIR, SINGLE, SINGLE_SHAPE, Fast
from .memory import SIDE_MINE

SIDE_SUITS = (0, 1, 2, 3)
LATE_HAND = 12  # cards in hand from which a trump pair is led
TOP_PAIR_RANKS = 5  # a side pair is led when it is among its suit's top ranks
CONTEST_POINTS = 10  # a ruff for a trick worth this much
ENDGAME_HAND = 6  # cards in hand from which every winnable trick is contested

_PREMIUM: dict[int, list[bool]] = {}


def _premium(tab: Codes) -> list[bool]:
    """Per code: a joker or a level card (a trump too dear for a pointless trick)."""
    got = _PREMIUM.get(id(tab))
    if got is None:
        level = tab.trumps.level
        got = [c in JOKERS or rank_of(c) == level for c in tab.cards]
        _PREMIUM[id(tab)] = got
    return got


class Eye:
    """What the seat to move reads of the table, for this model (from ``fastpolicy.Seen``)."""

    def __init__(self, f: Fast, seat: int) -> None:
        self.f = f
        self.seen = Seen(f, seat)
        self.seat = seat
        self.hand = f.hands[seat]
        team = self.seen.team
        self.opponents = [x for x in range(4) if team[x] != SIDE_MINE]

    def ruff_risk(self, suit: int, seats: list[int]) -> bool:
        """Whether one of ``seats`` may ruff a lead of side suit ``suit``."""
        out_n = self.seen.out_n
        if suit == TRUMP_SUIT or out_n[TRUMP_SUIT] <= 0:
            return False
        if not seats:
            return False
        if out_n[suit] <= 2:
            return True
        voids = self.f.voids
        return any(voids[x] >> suit & 1 for x in seats)

    def higher_outside(self, suit: int, pos: int) -> bool:
        """Whether a card of ``suit`` above position ``pos`` is outside."""
        return self.seen.top(suit, 1, 1) > pos

    def beat_risk(self, suit: int, pos: int, seats: list[int]) -> bool:
        """Whether one of ``seats`` may beat a play whose top is at ``pos`` of ``suit``."""
        voids = self.f.voids
        if self.higher_outside(suit, pos) and any(not voids[x] >> suit & 1 for x in seats):
            return True
        return self.ruff_risk(suit, seats)

    def boss(self, comp: Comp, suit: int) -> bool:
        """A component nothing outside beats: a single with no higher card outside, a pair
        or tractor with no higher tuple of its size outside (tractors judged by their top)."""
        size, _, top = comp
        return self.seen.top(suit, size, 1) <= top

    def suit_cards(self, suit: int) -> list[int]:
        tab = self.f.tab
        hand = self.hand
        return [c for c in range(tab.lo[suit], tab.hi[suit]) for _ in range(hand[c])]


def choose(f: Fast) -> tuple[list[int], tuple[Kind, ...] | None]:
    """The play of the seat to move, and a lead's shape when it surely stands (else None:
    the engine judges a throw)."""
    e = Eye(f, f.turn())
    if not f.seats:
        return _lead(f, e)
    return _follow(f, e), None


def run(f: Fast, modelled: int) -> None:
    """Play ``f`` to the end: the seats in the bit set ``modelled`` by this model, the others by
    ``fastpolicy``."""
    from .fastpolicy import choose as ours

    while not f.over():
        if modelled >> f.turn() & 1:
            codes, shape = choose(f)
        else:
            codes, shape = ours(f)
        f.play(codes, shape)


# -- leading --------------------------------------------------------------------------------


def _take(tab: Codes, hand: list[int], suit: int, comp: Comp) -> list[int]:
    """The codes of ``comp`` (size, length, top) from ``hand``'s cards of ``suit``."""
    size, length, top = comp
    starts = tab.starts[suit]
    out: list[int] = []
    for q in range(top, top - length, -1):
        pick = -1
        for c in range(starts[q], starts[q + 1]):
            if hand[c] >= size and (pick < 0 or hand[c] < hand[pick]):
                pick = c
        out.extend([pick] * size)
    return out


def _points(tab: Codes, codes: list[int]) -> int:
    return sum(tab.pts[c] for c in codes)


def _lowest(tab: Codes, cards: list[int], points_last: bool) -> int:
    """The cheapest of ``cards``: side before trump, (pointless first), short suit first, low."""
    n = [0] * 5
    for c in cards:
        n[tab.suit[c]] += 1
    best = cards[0]
    best_key: tuple[int, int, int, int, int] | None = None
    for c in cards:
        s = tab.suit[c]
        trump = s == TRUMP_SUIT
        key = (
            int(trump),
            int(points_last and tab.pts[c] > 0),
            0 if trump else n[s],
            tab.pos[c],
            c,
        )
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best


def _richest(tab: Codes, cards: list[int]) -> int:
    """The card to feed: most points, side before trump, low."""
    return min(cards, key=lambda c: (-tab.pts[c], int(tab.suit[c] == TRUMP_SUIT), tab.pos[c], c))


def _lead(f: Fast, e: Eye) -> tuple[list[int], tuple[Kind, ...] | None]:
    tab = f.tab
    hand = e.hand
    length = e.seen.length
    opps = e.opponents
    safe_suits = [s for s in SIDE_SUITS if length[s] and not e.ruff_risk(s, opps)]
    boss: dict[int, list[Comp]] = {}
    comps_of: dict[int, list[Comp]] = {}
    for s in safe_suits:
        comps = decompose(tab, e.suit_cards(s), s)
        comps_of[s] = comps
        won = [c for c in comps if e.boss(c, s)]
        if won:
            boss[s] = won
    if f.deal.chaoshan:  # 潮汕: a lead is a single card or a whole suit: singles only here
        boss = {s: [c for c in won if c[0] == 1] for s, won in boss.items()}
        comps_of = {s: [c for c in comps if c[0] == 1] for s, comps in comps_of.items()}
    # 0) a throw of every unbeatable component of one suit (the longest such throw)
    else:
        best_throw: list[int] = []
        for s, won in boss.items():
            if len(won) >= 2:
                left = list(hand)
                cards: list[int] = []
                for comp in won:
                    got = _take(tab, left, s, comp)
                    for c in got:
                        left[c] -= 1
                    cards += got
                if len(cards) > len(best_throw):
                    best_throw = cards
        if best_throw:
            s = tab.suit[best_throw[0]]
            comps = decompose(tab, best_throw, s)
            if all(e.boss(c, s) for c in comps):
                return best_throw, tuple((c[0], c[1]) for c in comps)
            return best_throw, None
    # 1) unbeatable pairs and tractors, then any tractor of a ruff-safe suit
    best_tr: list[int] = []
    best_tr_shape: Kind = (2, 2)
    for s in safe_suits:
        for comp in comps_of[s]:
            if comp[0] >= 2 and comp[1] >= 2 and comp[0] * comp[1] > len(best_tr):
                best_tr = _take(tab, hand, s, comp)
                best_tr_shape = (comp[0], comp[1])
    paired: list[tuple[tuple[int, int, int, int], list[int], Kind]] = []
    single: list[tuple[tuple[int, int, int, int], list[int], Kind]] = []
    for s, won in boss.items():
        for comp in won:
            cards = _take(tab, hand, s, comp)
            key = (comp[1], _points(tab, cards), comp[2], -cards[0])
            entry = (key, cards, (comp[0], comp[1]))
            (paired if comp[0] >= 2 else single).append(entry)
    if paired:
        _, cards, kind = max(paired, key=lambda x: x[0])
        return cards, (kind,)
    if best_tr:
        return best_tr, (best_tr_shape,)
    # 2) unbeatable singles: most points, then highest
    if single:
        _, cards, kind = max(single, key=lambda x: x[0])
        return cards, (kind,)
    # 3) control leads
    multi = not f.deal.chaoshan
    if multi and sum(hand[c] for c in range(NCODES)) <= LATE_HAND:
        for c in range(tab.hi[TRUMP_SUIT] - 1, tab.lo[TRUMP_SUIT] - 1, -1):
            if hand[c] >= 2:
                return [c, c], ((2, 1),)
    best_pair = -1
    for s in safe_suits:
        for c in range(tab.lo[s], tab.hi[s]):
            if hand[c] >= 2 and (best_pair < 0 or tab.pos[c] >= tab.pos[best_pair]):
                best_pair = c
    if best_pair >= 0 and multi:
        s = tab.suit[best_pair]
        if tab.pos[best_pair] >= len(tab.starts[s]) - 1 - TOP_PAIR_RANKS:
            return [best_pair, best_pair], ((2, 1),)
    for s in safe_suits:
        if length[s] <= 2:
            return [_lowest(tab, e.suit_cards(s), True)], SINGLE_SHAPE
    voids = f.voids
    open_suits = [s for s in SIDE_SUITS if length[s] and not any(voids[x] >> s & 1 for x in opps)]
    if open_suits:
        s = max(open_suits, key=lambda x: (length[x], x))
        plain = [c for c in e.suit_cards(s) if not tab.pts[c]]
        if plain:
            return [max(plain, key=lambda c: (tab.pos[c], c))], SINGLE_SHAPE
        return [_lowest(tab, e.suit_cards(s), True)], SINGLE_SHAPE
    sides = [s for s in SIDE_SUITS if length[s]]
    if sides:
        s = max(sides, key=lambda x: (length[x], x))
        return [_lowest(tab, e.suit_cards(s), True)], SINGLE_SHAPE
    return [_lowest(tab, e.suit_cards(TRUMP_SUIT), True)], SINGLE_SHAPE


# -- following ------------------------------------------------------------------------------


def _follow(f: Fast, e: Eye) -> list[int]:
    tab = f.tab
    seat = e.seat
    done = len(f.seats)
    after = [(seat + i) % 4 for i in range(1, 4 - done)]
    opp_after = [x for x in after if x in e.opponents]
    holder = f.seats[f.best]
    winning = f.plays[f.best]
    win_suit = TRUMP_SUIT if f.ruff else f.lead_suit
    win_top = max(tab.pos[c] for c in winning)
    trick_pts = sum(_points(tab, p) for p in f.plays)
    simple = f.kind in (SINGLE, PAIR)
    opts = None if simple else follows(f, e.seen)
    if e.seen.team[holder] == SIDE_MINE:
        feed = not e.beat_risk(win_suit, win_top, opp_after)
        return _forced(f, e, feed, opts)
    take = _cheapest_taker(f, e, opts)
    if take is not None:
        premium = _premium(tab)
        t_suit = tab.suit[take[0]]
        ruff = t_suit == TRUMP_SUIT and f.lead_suit != TRUMP_SUIT
        dear = t_suit == TRUMP_SUIT and all(premium[c] for c in take)
        if not ruff and not (dear and trick_pts == 0):
            return take
        t_top = max(tab.pos[c] for c in take)
        holds = not e.beat_risk(t_suit, t_top, opp_after)
        contest = 0 if f.size[seat] <= ENDGAME_HAND else CONTEST_POINTS
        if trick_pts >= contest or (holds and trick_pts > 0):
            return take
    return _forced(f, e, False, opts)


def _cost(tab: Codes, play: list[int]) -> tuple[int, int, int]:
    """A play's price for this model: trumps spent, points given, positions spent."""
    return (
        sum(1 for c in play if tab.suit[c] == TRUMP_SUIT),
        _points(tab, play),
        sum(tab.pos[c] for c in play),
    )


def _cheapest_taker(f: Fast, e: Eye, opts: list[list[int]] | None) -> list[int] | None:
    """The cheapest play that takes the trick as it stands (None: none does)."""
    tab = f.tab
    hand = e.hand
    suit = f.lead_suit
    held = e.seen.length[suit]
    if opts is not None:
        takers = [p for p in opts if f.standing_after(p)[0]]
        if not takers:
            return None
        return min(takers, key=lambda p: (*_cost(tab, p), sorted(p)))
    need = 1 if f.kind == SINGLE else 2
    if held >= need:
        lo, hi = tab.lo[suit], tab.hi[suit]
    elif held or suit == TRUMP_SUIT:
        return None  # short of the suit: the rest of it must go
    else:
        lo, hi = tab.lo[TRUMP_SUIT], tab.hi[TRUMP_SUIT]
    for c in range(lo, hi):
        if hand[c] >= need:
            play = [c] * need
            if f.standing_after(play)[0]:
                return play
    return None


def _forced(f: Fast, e: Eye, feed: bool, opts: list[list[int]] | None) -> list[int]:
    """The cheapest legal follow (feeding points when ``feed``)."""
    tab = f.tab
    if opts is not None:

        def key(p: list[int]) -> tuple[int, ...]:
            trumps, pts, spent = _cost(tab, p)
            if feed:
                return (-pts, trumps, spent, *sorted(p))
            return (trumps, pts, spent, *sorted(p))

        return min(opts, key=key)
    hand = e.hand
    suit = f.lead_suit
    n = len(f.plays[0])
    mine = e.suit_cards(suit)
    picked: list[int] = []
    if len(mine) >= n:
        pool = mine
        if n == 2:
            for c in range(tab.lo[suit], tab.hi[suit]):
                if hand[c] >= 2:
                    return [c, c]
    else:
        picked = list(mine)
        left = list(hand)
        for c in mine:
            left[c] -= 1
        pool = [c for c in range(NCODES) for _ in range(left[c])]
    while len(picked) < n:
        c = _richest(tab, pool) if feed else _lowest(tab, pool, True)
        picked.append(c)
        pool.remove(c)
    return picked
