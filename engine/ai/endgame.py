"""The last tricks solved exactly in a sampled deal (issue 36, lever 4).

Once every hand holds at most ``ENDGAME_CARDS`` cards, the search values a candidate in a
sampled deal by playing the rest of the hand out with minimax instead of the rule-based
rollout: every seat sees every hand of that deal (double dummy) and plays for its own side's
utility (``Fast.utility``: levels, the kitty's multiplier on the last trick, points in bands).
So the search sees which trump wins the last trick and what the kitty is worth there, where
the rollout's rules look one trick ahead.

The moves are the rule-based policy's own lists (``fastpolicy``): every distinct card for a
single lead and its follows, every tuple and tractor, and a whole suit as a throw (judged by
the engine) for leads; the policy's follows to pairs and throws. So the value is exact over
those moves. Alpha-beta prunes; ``tests/engine/ai/test_ai_endgame.py`` holds it to plain
minimax over the same moves. Under 潮汕's lead rule (suit throws only) nothing is solved.
"""

from __future__ import annotations

import math

from engine.shapes import Kind

from .fastpolicy import Seen, _tuples, follows
from .fastworld import SINGLE_SHAPE, Fast

ENDGAME_CARDS = 3  # solve once no hand holds more cards than this

Move = tuple[list[int], tuple[Kind, ...] | None]


def applies(f: Fast) -> bool:
    """Whether the deal is small enough to solve."""
    return not f.deal.chaoshan and max(f.size) <= ENDGAME_CARDS


def moves(f: Fast) -> list[Move]:
    """The plays weighed for the seat to move: (codes, a lead's shape; None to be judged)."""
    seat = f.turn()
    s = Seen(f, seat)
    if f.seats:
        return [(p, None) for p in follows(f, s)]
    tab = f.tab
    hand = f.hands[seat]
    out: list[Move] = []
    for suit in range(5):
        if not s.length[suit]:
            continue
        lo, hi = tab.lo[suit], tab.hi[suit]
        out += [([c], SINGLE_SHAPE) for c in range(lo, hi) if hand[c]]
        tuples = _tuples(f, hand, suit)
        out += [(play, ((comp[0], comp[1]),)) for play, comp in tuples]
        whole = [c for c in range(lo, hi) for _ in range(hand[c])]
        if len(whole) > 1 and not any(len(play) == len(whole) for play, _ in tuples):
            out.append((whole, None))
    return out


def solve(f: Fast, seat: int, alpha: float = -math.inf, beta: float = math.inf) -> float:
    """The rest of the hand's utility for ``seat``'s side, both sides playing their best."""
    if f.over():
        return f.utility(seat)
    ours = f.defending(f.turn()) == f.defending(seat)
    best = -math.inf if ours else math.inf
    for codes, shape in moves(f):
        g = f.copy()
        g.play(list(codes), shape)
        value = solve(g, seat, alpha, beta)
        if ours:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


# -- the solver with a table, for the search --------------------------------------------------
# At the start of a trick, the rest of the hand depends only on the hands, the leader, the
# voids shown and whether the friend is known (the moves are read from these; the deal's kitty,
# sides and rules are the table's own). Its value is the attackers' points still to come,
# which adds to any past: a position reached by other tricks, or after another candidate of
# the same deal, is solved once. The utility is monotone in the attackers' total (every table
# but 潮汕's, where taking the kitty changes the table), so the minimax of the points maps to
# the minimax of the utility.

Key = tuple[int, bool, tuple[int, ...], bytes]


class Memo:
    """One transposition table per sampled deal, kept while the search values that deal's
    candidates (a new deal starts a new table)."""

    def __init__(self) -> None:
        self.deal: object = None
        self.table: dict[Key, tuple[float, float]] = {}  # the points to come: (lower, upper) bounds

    def for_deal(self, deal: object) -> dict[Key, tuple[float, float]]:
        if deal is not self.deal:
            self.deal = deal
            self.table = {}
        return self.table


def solve_memo(f: Fast, seat: int, table: dict[Key, tuple[float, float]]) -> float:
    """``solve``'s value for ``seat``'s side, found on the attackers' points to come with a
    transposition table at trick boundaries and equivalent cards merged. Leaves ``f`` as it
    was."""
    if f.deal.rules.level_table == "chaoshan":
        return solve(f.copy(), seat)
    total = _banked(f) + _points(f, -math.inf, math.inf, table)
    end = f.copy()  # a finished hand with that total: the dealer took the last trick
    end.hands = [[0] * len(h) for h in end.hands]
    end.size = [0, 0, 0, 0]
    end.seats, end.plays = [], []
    end.won = [0, 0, 0, 0]
    end.penalty = int(total)
    end.last_winner, end.last_cards = f.dealer, []
    return end.utility(seat)


def _banked(f: Fast) -> int:
    """The attackers' points so far, the throw penalties included."""
    return f.penalty + sum(f.won[s] for s in range(4) if not f.defending(s))


def _points(f: Fast, alpha: float, beta: float, table: dict[Key, tuple[float, float]]) -> float:
    """The attackers' points still to come (the kitty's bonus included), the attackers
    maximizing, the defenders minimizing; fail-soft alpha-beta, exact inside (alpha, beta)."""
    if f.over():
        _, total = f.result()
        return total - _banked(f)
    key: Key | None = None
    if not f.seats:
        key = (f.leader, f.revealed, tuple(f.voids), b"".join(bytes(h) for h in f.hands))
        lo, hi = table.get(key, (-math.inf, math.inf))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
    a0, b0 = alpha, beta
    attacking = not f.defending(f.turn())
    best = -math.inf if attacking else math.inf
    before = _banked(f)
    for codes, shape in merged(f, moves(f)):
        g = f.copy()
        g.play(list(codes), shape)
        now = _banked(g) - before
        value = now + _points(g, alpha - now, beta - now, table)
        if attacking:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    if key is not None:
        lo, hi = table.get(key, (-math.inf, math.inf))
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        table[key] = (lo, hi)
    return best


def merged(f: Fast, options: list[Move]) -> list[Move]:
    """``options`` less the single cards that play alike with every hand seen: two single
    cards of one suit, one copy each, the same points, with no other card of anyone's (the
    trick's included) ranked between or level with them, and neither the unrevealed friend's
    card: the lower one stands for both."""
    if len(options) < 2:
        return options
    hand = f.hands[f.turn()]
    pts, suit = f.tab.pts, f.tab.suit
    hidden_friend = -1 if f.revealed else f.deal.friend
    out: list[Move] = []
    last = -1  # the single just before (kept, or alike to the one kept)
    for codes, shape in options:
        c = codes[0]
        if len(codes) != 1 or hand[c] != 1 or c == hidden_friend:
            out.append((codes, shape))
            last = -1
            continue
        alike = last >= 0 and suit[last] == suit[c] and pts[last] == pts[c]
        if not (alike and _alone(f, last, c)):
            out.append((codes, shape))
        last = c
    return out


def _alone(f: Fast, a: int, b: int) -> bool:
    """No card but the seat's ``a`` and ``b`` ranked from ``a``'s place to ``b``'s in their
    suit, in play anywhere (another copy of either, or the seat's own other cards, included)."""
    tab = f.tab
    hands = f.hands
    lo_pos, hi_pos = sorted((tab.pos[a], tab.pos[b]))
    s = tab.suit[a]
    for c in range(tab.lo[s], tab.hi[s]):
        if not lo_pos <= tab.pos[c] <= hi_pos:
            continue
        held = hands[0][c] + hands[1][c] + hands[2][c] + hands[3][c]
        if held > (1 if c in (a, b) else 0):
            return False
        if any(c in p for p in f.plays):
            return False
    return True
