"""The rule-based play policy on card codes, for rollouts (``engine.ai.fastworld``).

The rules and scores of ``engine.ai.basic``'s play decisions — sure winners, throws of them,
trump draws, low leads towards a void; follows scored by the points a play swings to our side
with the chance our side keeps the trick, the lead's worth and the strength it spends — over
counts per code instead of ``Counter``s of card strings. It decides every lead and every follow
to a single or a pair (most decisions); a follow to any other shape (a tractor, a throw, a
triple) is handed to ``basic`` itself. It is a model of how a rule-based player plays, not
``basic`` card for card: it considers every follow where ``basic``'s rollout list stops at its
lowest twelve, and equal scores break by code order rather than the hand's order
(``tests/engine/ai/test_ai_fastpolicy.py`` measures how often the two agree).
"""

from __future__ import annotations

from engine.cards import SUITS
from engine.shapes import Kind

from . import fastshapes
from .codes import NCODES, TRUMP_SUIT
from .fastshapes import decompose
from .fastworld import PAIR, SIMPLE, SINGLE, SINGLE_SHAPE, Fast
from .memory import SIDE_MINE

Comp = tuple[int, int, int]  # size, length, top position
TBIT = 1 << TRUMP_SUIT


class Seen:
    """What the seat to move knows, worked out once per decision."""

    def __init__(self, f: Fast, seat: int) -> None:
        self.f = f
        self.seat = seat
        self.hand = f.hands[seat]
        self.length = f.suit_len[seat]  # our cards per suit (read only)
        self.kitty = f.knows_kitty(seat)
        rest_n = f.rest_n
        length = self.length
        out_n = [rest_n[i] - length[i] for i in range(5)]
        if self.kitty:
            kitty_n = f.deal.kitty_n
            for i in range(5):
                out_n[i] -= kitty_n[i]
        self.out_n = out_n  # outside cards per suit
        self.team = f.team(seat)
        defending = self.team[f.dealer] == SIDE_MINE
        if 0 in self.team and seat != f.dealer:
            defending = False
        self.defending = defending
        self.tops: dict[int, int] = {}

    def top(self, suit: int, size: int, length: int) -> int:
        """The highest top an outside component of this kind in ``suit`` can have (-1: none)."""
        key = suit * 64 + size * 8 + length
        got = self.tops.get(key)
        if got is not None:
            return got
        f = self.f
        starts = f.tab.starts[suit]
        rest = f.rest
        hand = self.hand
        kc = f.deal.kitty_counts
        kitty = self.kitty
        found = -1
        run = 0
        for p in range(len(starts) - 2, -1, -1):
            here = False
            for c in range(starts[p], starts[p + 1]):
                out = rest[c] - hand[c]
                if kitty:
                    out -= kc[c]
                if out >= size:
                    here = True
                    break
            if not here:
                run = 0
                continue
            run += 1
            if run >= length:
                found = p + length - 1
                break
        self.tops[key] = found
        return found

    def beatable(self, comp: Comp, suit: int) -> bool:
        t = self.top(suit, comp[0], comp[1])
        return t >= 0 and t > comp[2]

    def ruff_risk(self, suit: int, n: int, seats: list[int]) -> bool:
        """Whether one of ``seats`` (not on our side) may ruff an off-suit play of ``n`` cards."""
        if suit == TRUMP_SUIT or not self.out_n[TRUMP_SUIT]:
            return False
        left = self.out_n[suit]
        voids = self.f.voids
        for s in seats:
            if self.team[s] == SIDE_MINE:
                continue
            v = voids[s]
            if v & TBIT:
                continue
            if v >> suit & 1 or left < 2 * n + 1:
                return True
        return False

    def spend(self, play: list[int]) -> float:
        """``basic.spend``: the cards' keeping values, and 4 for each tuple the play breaks."""
        value = self.f.tab.value
        hand = self.hand
        cost = 0.0
        for c in play:
            cost += value[c]
        if len(play) == 1:
            if hand[play[0]] >= 2:
                cost += 4.0
            return cost
        for i, c in enumerate(play):
            if c in play[:i]:
                continue
            m = play.count(c)
            if hand[c] >= 2 and m < hand[c]:
                cost += 4.0
        return cost


def choose(f: Fast) -> tuple[list[int], tuple[Kind, ...] | None]:
    """The play of the seat to move, and a lead's shape (a lead the policy makes stands)."""
    seat = f.turn()
    if not f.seats:
        return _lead(f, Seen(f, seat))
    s = Seen(f, seat)
    return _best_follow(f, s, follows(f, s)), None


def follows(f: Fast, s: Seen) -> list[list[int]]:
    """The follows the policy weighs for the seat to move, by the lead's shape."""
    kind = f.kind
    if kind == SINGLE:
        return _single_follows(f, s)
    if kind == PAIR:
        return _pair_follows(f, s)
    if kind == SIMPLE:
        return _simple_follows(f, s)
    return _shaped_follows(f, s)


def run(f: Fast) -> None:
    """Play ``f`` to the end of the hand."""
    while not f.over():
        codes, shape = choose(f)
        f.play(codes, shape)


# -- leading --------------------------------------------------------------------------------


def _lead(f: Fast, s: Seen) -> tuple[list[int], tuple[Kind, ...]]:
    tab = f.tab
    hand = s.hand
    chaoshan = f.deal.chaoshan
    opponents = [x for x in range(4) if s.team[x] != SIDE_MINE]
    others = [x for x in range(4) if x != s.seat]
    best_score = -1e18
    best: list[int] = []
    best_shape: tuple[Kind, ...] = SINGLE_SHAPE
    for suit in range(5):
        if not s.length[suit]:
            continue
        lo, hi = tab.lo[suit], tab.hi[suit]
        for c in range(lo, hi):
            if hand[c]:
                comp = (1, 1, tab.pos[c])
                sc = _score_lead(f, s, [c], [comp], suit, opponents, chaoshan)
                if sc > best_score:
                    best_score, best, best_shape = sc, [c], SINGLE_SHAPE
        if chaoshan:
            play = _chaoshan_throw(f, s, suit)
            if play:
                comps = decompose(f.tab, play, suit)
                sc = _score_lead(f, s, play, comps, suit, opponents, chaoshan)
                if sc > best_score:
                    best_score, best = sc, play
                    best_shape = tuple((1, 1) for _ in play)
            continue
        for play, comp in _tuples(f, hand, suit):
            sc = _score_lead(f, s, play, [comp], suit, opponents, chaoshan)
            if sc > best_score:
                best_score, best, best_shape = sc, play, ((comp[0], comp[1]),)
        throw = _throw(f, s, suit, others)
        if throw is not None:
            play, comps = throw
            sc = _score_lead(f, s, play, comps, suit, opponents, chaoshan)
            if sc > best_score:
                best_score, best = sc, play
                best_shape = tuple((c[0], c[1]) for c in comps)
    return best, best_shape


def _tuples(f: Fast, hand: list[int], suit: int) -> list[tuple[list[int], Comp]]:
    """Every tuple and tractor of ``suit`` in ``hand`` (``lead_candidates``' order)."""
    tab = f.tab
    lo, hi = tab.lo[suit], tab.hi[suit]
    most = 0
    for c in range(lo, hi):
        if hand[c] > most:
            most = hand[c]
    starts = tab.starts[suit]
    npos = len(starts) - 1
    out: list[tuple[list[int], Comp]] = []
    for size in range(2, most + 1):
        avail: list[list[int]] = []
        for p in range(npos):
            avail.append([c for c in range(starts[p], starts[p + 1]) if hand[c] >= size])
        length = 1
        while True:
            found = False
            for top in range(npos - 1, length - 2, -1):
                if all(avail[top - i] for i in range(length)):
                    found = True
                    for chain in _product([avail[top - i] for i in range(length)]):
                        out.append(([c for c in chain for _ in range(size)], (size, length, top)))
            if not found:
                break
            length += 1
    return out


def _product(choices: list[list[int]]) -> list[list[int]]:
    out: list[list[int]] = [[]]
    for options in choices:
        out = [[*acc, c] for acc in out for c in options]
    return out


def _throw(f: Fast, s: Seen, suit: int, others: list[int]) -> tuple[list[int], list[Comp]] | None:
    """``basic.throws`` for one suit: its components nobody can beat, when there are two or
    more and nobody is likely to ruff them. Such a throw always stands."""
    tab = f.tab
    hand = s.hand
    cards = [c for c in range(tab.lo[suit], tab.hi[suit]) for _ in range(hand[c])]
    if len(cards) < 2:
        return None
    keep = [comp for comp in decompose(f.tab, cards, suit) if not s.beatable(comp, suit)]
    if len(keep) < 2:
        return None
    play: list[int] = []
    left = list(hand)
    for size, length, top in keep:
        starts = tab.starts[suit]
        for q in range(top, top - length, -1):
            pick = -1
            for c in range(starts[q], starts[q + 1]):
                if left[c] >= size and (pick < 0 or left[c] < left[pick]):
                    pick = c
            left[pick] -= size
            play.extend([pick] * size)
    if s.ruff_risk(suit, len(play), others):
        return None
    return play, keep


def _chaoshan_throw(f: Fast, s: Seen, suit: int) -> list[int]:
    """潮汕: the whole side suit, once every K and A of it is ours or played (else [])."""
    if suit == TRUMP_SUIT or s.length[suit] < 2:
        return []
    tab = f.tab
    decks = f.deal.decks
    level = tab.trumps.level
    for rank in ("K", "A"):
        if rank == level:
            continue
        c = tab.code[rank + SUITS[suit]]
        played = decks - f.rest[c]
        if s.hand[c] + played < decks:
            return []
    return [c for c in range(tab.lo[suit], tab.hi[suit]) for _ in range(s.hand[c])]


def _score_lead(
    f: Fast,
    s: Seen,
    play: list[int],
    comps: list[Comp],
    suit: int,
    opponents: list[int],
    chaoshan: bool,
) -> float:
    """``basic.score_lead``: sure winners first (bigger first), then trump draws, then low
    leads."""
    tab = f.tab
    n = len(play)
    big = comps[0]
    if not chaoshan or n == 1:
        sure = True
        for comp in comps:
            if s.beatable(comp, suit):
                sure = False
                break
    else:
        top = max(tab.pos[c] for c in play)
        sure = s.top(suit, 1, 1) <= top
    risky = s.ruff_risk(suit, n, opponents)
    pts = 0
    for c in play:
        pts += tab.pts[c]
    out_trumps = s.out_n[TRUMP_SUIT]
    if sure and not risky:
        score = 100.0 + 10 * n + 5 * big[0] * big[1] + pts
        if suit == TRUMP_SUIT and out_trumps == 0:
            score -= 60
        return score
    cost = s.spend(play)
    if suit == TRUMP_SUIT:
        if out_trumps and s.length[TRUMP_SUIT] >= max(4, out_trumps // 2) and s.defending:
            return 40.0 + 5 * big[0] - cost / 4 - pts
        return -20.0 - cost - 2 * pts
    voids = f.voids
    partner_ruffs = False
    for x in range(4):
        if s.team[x] == SIDE_MINE and x != s.seat and voids[x] >> suit & 1 and not voids[x] & TBIT:
            partner_ruffs = True
    score = -cost - 3 * pts - 1.5 * s.length[suit] + (15 if partner_ruffs else 0)
    if big[0] >= 2:
        score += 6 * big[0] * big[1] - pts
    if risky and pts:
        score -= 2 * pts
    return score


# -- following ------------------------------------------------------------------------------


def _single_follows(f: Fast, s: Seen) -> list[list[int]]:
    """Every distinct card of the led suit, else every distinct card."""
    tab = f.tab
    hand = s.hand
    suit = f.lead_suit
    if s.length[suit]:
        return [[c] for c in range(tab.lo[suit], tab.hi[suit]) if hand[c]]
    return [[c] for c in range(NCODES) if hand[c]]


def _pair_follows(f: Fast, s: Seen) -> list[list[int]]:
    """Legal follows to a pair: a pair of the suit if we hold one; else two cards of it; short
    of the suit, all of it and every filler (none held: our pairs, our cheapest two, and the
    two side cards that feed the most)."""
    tab = f.tab
    hand = s.hand
    suit = f.lead_suit
    lo, hi = tab.lo[suit], tab.hi[suit]
    held = s.length[suit]
    mine = [c for c in range(lo, hi) if hand[c]]
    if held >= 3:
        pairs = [[c, c] for c in range(hi - 1, lo - 1, -1) if hand[c] >= 2]
        if pairs:
            return pairs
        return [[a, b] for i, a in enumerate(mine) for b in mine[i + 1 :]]
    if held == 2:
        return [[c for c in mine for _ in range(hand[c])]]
    if held == 1:
        a = mine[0]
        return [[a, c] for c in range(NCODES) if hand[c] and c != a]
    out = [[c, c] for c in range(NCODES) if hand[c] >= 2]
    cheap, feed = _keys(f, s)
    cards = [c for c in range(NCODES) for _ in range(hand[c])]
    out.append(sorted(cards, key=lambda c: cheap[c])[:2])
    side = [c for c in cards if tab.suit[c] != TRUMP_SUIT]
    if len(side) >= 2:
        out.append(sorted(side, key=lambda c: feed[c])[:2])
    return _distinct(out)


def _simple_follows(f: Fast, s: Seen) -> list[list[int]]:
    """Follows to a lead of pairs and singles (a throw; a 潮汕 suit throw): as many pairs of
    the suit as the lead has and we hold (none under 潮汕), filled with the suit's cheapest
    cards or those that feed the most points; short of the suit, all of it and the same
    fillers, or a ruff in the lead's shape, cheapest and dearest."""
    tab = f.tab
    hand = s.hand
    suit = f.lead_suit
    need = len(f.plays[0])
    held = s.length[suit]
    lo, hi = tab.lo[suit], tab.hi[suit]
    mine = [c for c in range(lo, hi) for _ in range(hand[c])]
    cheap, feed = _keys(f, s)
    out: list[list[int]] = []
    if held <= need:
        k = need - held
        if k == 0:
            return [mine]
        rest = [c for c in range(NCODES) if tab.suit[c] != suit for _ in range(hand[c])]
        out.append(mine + sorted(rest, key=lambda c: cheap[c])[:k])
        side = [c for c in rest if tab.suit[c] != TRUMP_SUIT]
        if len(side) >= k:
            out.append(mine + sorted(side, key=lambda c: feed[c])[:k])
        if held == 0 and suit != TRUMP_SUIT:
            trumps = [c for c in rest if tab.suit[c] == TRUMP_SUIT]
            out += _ruffs(f, trumps, need)
        return _distinct(out)
    lead_pairs = 0 if f.deal.chaoshan else f.lead_pairs
    pairs = [c for c in range(lo, hi) for _ in range(hand[c] // 2)]
    req = min(len(pairs), lead_pairs)
    for key in (cheap, feed):
        chosen = sorted(pairs, key=lambda c: key[c])[:req]
        left = list(mine)
        for c in chosen:
            left.remove(c)
            left.remove(c)
        base = [c for c in chosen for _ in range(2)]
        k = need - len(base)
        out.append(base + left[:k])  # the lowest, as the engine lists them first
        for fill in (cheap, feed):
            out.append(base + sorted(left, key=lambda c: fill[c])[:k])
    return _distinct(out)


def _keys(f: Fast, s: Seen) -> tuple[list[float], list[float]]:
    """Per code, what giving the card up costs (``basic.score_follow``'s terms for a lost
    trick, and for a trick our side holds): its points, 0.6 of its keeping value, and 0.6 of
    the 4 for breaking a tuple."""
    tab = f.tab
    hand = s.hand
    cheap = [0.0] * NCODES
    feed = [0.0] * NCODES
    for c in range(NCODES):
        if hand[c]:
            base = 0.6 * tab.value[c] + (2.4 if hand[c] >= 2 else 0.0)
            cheap[c] = base + tab.pts[c]
            feed[c] = base - tab.pts[c]
    return cheap, feed


def _shaped_follows(f: Fast, s: Seen) -> list[list[int]]:
    """Follows to any other lead (a tractor, a tuple, a throw with them): the patterns the
    obligation asks for (``follows``' orders), each filled with the suit's lowest, cheapest or
    most feeding cards; short of the suit, all of it and fillers, or a ruff in the lead's
    shape."""
    tab = f.tab
    hand = s.hand
    suit = f.lead_suit
    need = len(f.plays[0])
    held = s.length[suit]
    lo, hi = tab.lo[suit], tab.hi[suit]
    cheap, feed = _keys(f, s)
    if held <= need:
        mine = [c for c in range(lo, hi) for _ in range(hand[c])]
        k = need - held
        if k == 0:
            return [mine]
        rest = [c for c in range(NCODES) if tab.suit[c] != suit for _ in range(hand[c])]
        out = [mine + sorted(rest, key=lambda c: cheap[c])[:k]]
        side = [c for c in rest if tab.suit[c] != TRUMP_SUIT]
        if len(side) >= k:
            out.append(mine + sorted(side, key=lambda c: feed[c])[:k])
        if held == 0 and suit != TRUMP_SUIT and s.length[TRUMP_SUIT] >= need:
            shape = list(f.shape)
            for used, left in fastshapes.realize(tab, hand, TRUMP_SUIT, shape, cap=3):
                spare = [
                    c for c in range(tab.lo[TRUMP_SUIT], tab.hi[TRUMP_SUIT]) for _ in range(left[c])
                ]
                out.append(used + spare[: need - len(used)])
        return _distinct(out)
    out = []
    orders = f.deal.rules.follow_orders
    for pattern in fastshapes.best_patterns(tab, hand, suit, f.shape, orders):
        for used, left in fastshapes.realize(tab, hand, suit, pattern, cap=4):
            spare = [c for c in range(lo, hi) for _ in range(left[c])]
            k = need - len(used)
            out.append(used + spare[:k])
            out.append(used + sorted(spare, key=lambda c: cheap[c])[:k])
            out.append(used + sorted(spare, key=lambda c: feed[c])[:k])
    return _distinct(out)


def _ruffs(f: Fast, trumps: list[int], need: int) -> list[list[int]]:
    """Ruffs of a lead of pairs and singles from our trumps (low first): the lowest pairs and
    singles, and the highest."""
    lead_pairs = f.lead_pairs
    if len(trumps) < need:
        return []
    out: list[list[int]] = []
    for cards in (trumps, trumps[::-1]):
        left = list(cards)
        base: list[int] = []
        for c in cards:
            if len(base) == 2 * lead_pairs:
                break
            if left.count(c) >= 2 and c not in base[-1:]:
                left.remove(c)
                left.remove(c)
                base += [c, c]
        if len(base) < 2 * lead_pairs:
            return []
        out.append(base + left[: need - len(base)])
    return out


def _distinct(plays: list[list[int]]) -> list[list[int]]:
    seen: set[tuple[int, ...]] = set()
    out = []
    for p in plays:
        key = tuple(sorted(p))
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _best_follow(f: Fast, s: Seen, opts: list[list[int]]) -> list[int]:
    tab = f.tab
    seat = s.seat
    done = len(f.seats) + 1
    after = [(seat + i) % 4 for i in range(1, 5 - done)]
    partner_after = False
    for x in after:
        if s.team[x] == SIDE_MINE:
            partner_after = True
    trick_pts = 0
    for cards in f.plays:
        for c in cards:
            trick_pts += tab.pts[c]
    last = f.size[seat] <= len(f.plays[0])
    kitty = f.kitty_points(seat) * 2 if last else 0
    best_score = -1e18
    best = opts[0]
    for play in opts:
        takes, ruff, _ = f.standing_after(play)
        if takes:
            holder = seat
            holding = play
        else:
            holder = f.seats[f.best]
            holding = f.plays[f.best]
            ruff = f.ruff
        stake = trick_pts + kitty
        for c in play:
            stake += tab.pts[c]
        if s.team[holder] == SIDE_MINE:
            p = _hold_chance(f, s, holding, ruff, after)
        else:
            p = 0.25 if partner_after else 0.0
        cost = s.spend(play)
        if holder == seat and p > 0.9:
            cost *= 0.5
        score = (2 * p - 1) * stake + (4 * p if holder == seat else 0.0) - cost * 0.6
        if score > best_score:
            best_score, best = score, play
    return best


def _hold_chance(f: Fast, s: Seen, best: list[int], ruff: bool, after: list[int]) -> float:
    """``basic._hold_chance``: how likely the play holding the trick keeps it."""
    threats = [x for x in after if s.team[x] != SIDE_MINE]
    if not threats:
        return 1.0
    lead_suit = f.lead_suit
    win_suit = TRUMP_SUIT if ruff else lead_suit
    if len(best) == 1 or f.kind == PAIR:
        comp = (len(best), 1, f.tab.pos[best[0]])
    else:
        comps = decompose(f.tab, best, win_suit)
        if len(comps) > 1 and not ruff:
            return 0.8  # a throw stands unless someone ruffs it
        comp = comps[0]
    if s.beatable(comp, win_suit):
        return 0.3
    if not ruff and s.ruff_risk(lead_suit, len(best), threats):
        return 0.4
    if ruff:
        for x in threats:
            if f.voids[x] >> lead_suit & 1:
                return 0.6
    return 0.95
