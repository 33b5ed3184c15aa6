"""What the other seats' plays say about their hands: weighting sampled deals by the plays.

A uniform deal of the unseen cards ignores why the others played as they did: a seat that played
low to its partner's winning trick probably had no point card in the suit, a seat that led a low
card probably lacked the sure winner. ``weight(v, world)`` replays the last few tricks of the
view in a sampled world and asks, for every play of another seat, whether the rule-based policy
with that seat's knowledge in that world would have made the same play: each disagreement
multiplies the deal's weight by ``MISMATCH``. The sampler keeps a deal with probability equal
to its weight (rejection sampling), so the search's deals lean towards hands that explain the
plays while no deal is ruled out (a human, or a searching partner, does not always play like the
rule-based policy).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import Card
from engine.leads import lead_shape
from engine.shapes import Kind
from engine.views import View

from .codes import NCODES, Codes, plus, suit_bits
from .fastpolicy import choose
from .fastworld import Fast, trick_start
from .memory import voids_from

MISMATCH = 0.3  # weight factor of a play the policy would not have made in this deal
TRICKS_BACK = 3  # finished tricks replayed before the current one

# A policy on card codes: the play of the seat to move, and a lead's shape when it surely stands
Chooser = Callable[[Fast], tuple[list[int], tuple[Kind, ...] | None]]


class Window:
    """The plays ``weight`` replays — the last ``back`` finished tricks of a view and the
    current one — on card codes, with the table as it stood before them (read once per
    decision, replayed in every deal)."""

    def __init__(
        self,
        v: View,
        tab: Codes,
        tricks: list[list[tuple[int, tuple[Card, ...]]]],
        back: int = TRICKS_BACK,
    ):
        self.tab = tab
        # (cards, a lead's shape, whether the policy is asked about the play)
        self.plays: list[tuple[list[int], tuple[Kind, ...] | None, bool]] = []
        self.later = [[0] * NCODES for _ in range(4)]  # what each seat played from there on
        self.rest = [v.rules.decks] * NCODES  # the deck less what was played before
        self.voids = [0, 0, 0, 0]
        self.leader = 0
        self.friend_shown = [False, False, False, False]  # who played the called card before
        seat = v.seat
        if not tricks or seat is None:
            return
        t0 = max(0, len(tricks) - back - (1 if tricks[-1] else 0))
        window = [p for p in tricks[t0:] if p]
        if not window:
            return
        code = tab.code
        forced = {(f.seat, tuple(f.forced)) for f in v.failed_throws}
        for plays in window:
            for i, (s, cards) in enumerate(plays):
                codes = [code[c] for c in cards]
                shape = lead_shape(cards, tab.trumps, v.rules) if i == 0 else None
                asked = s != seat and not (i == 0 and (s, cards) in forced)
                self.plays.append((codes, shape, asked))
                for c in codes:
                    self.later[s][c] += 1
        before = tricks[:t0]
        for plays in before:
            for s, cards in plays:
                for card in cards:
                    self.rest[code[card]] -= 1
                if v.friend_card is not None and v.friend_card in cards:
                    self.friend_shown[s] = True
        self.voids = [suit_bits(x) for x in voids_from(before, tab.trumps)]
        self.leader = window[0][0][0]

    def weight(self, world: Fast, seat: int, floor: float = 0.0) -> float:
        """How well ``world`` explains the other seats' plays in the window (1: the policy would
        have made every one); the replay stops once the weight falls below ``floor``."""
        if not self.plays:
            return 1.0
        past = self._start(world)
        w = 1.0
        for codes, shape, asked in self.plays:
            if asked:
                choice, _ = choose(past)
                if sorted(choice) != sorted(codes):
                    w *= MISMATCH
                    if w < floor:
                        return w
            past.play(codes, shape)
        return w

    def explained(self, world: Fast, choosers: list[Chooser]) -> list[tuple[int, list[bool]]]:
        """For every other seat's play in the window, replayed in ``world``: that seat, and
        whether each of ``choosers`` would have made the play."""
        if not self.plays:
            return []
        past = self._start(world)
        out: list[tuple[int, list[bool]]] = []
        for codes, shape, asked in self.plays:
            if asked:
                made = sorted(codes)
                out.append((past.turn(), [sorted(ch(past)[0]) == made for ch in choosers]))
            past.play(codes, shape)
        return out

    def _start(self, world: Fast) -> Fast:
        """``world``'s table as it stood before the window's first play."""
        deal = world.deal
        revealed = deal.fixed or (deal.partner >= 0 and self.friend_shown[deal.partner])
        hands = [plus(world.hands[s], self.later[s]) for s in range(4)]
        return trick_start(deal, hands, list(self.rest), revealed, self.leader, list(self.voids))
