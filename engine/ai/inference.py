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

from collections import Counter

from engine.cards import Card, joined
from engine.leads import lead_shape
from engine.views import View

from . import basic
from .memory import voids_from
from .playout import World

MISMATCH = 0.3  # weight factor of a play the policy would not have made in this deal
TRICKS_BACK = 3  # finished tricks replayed before the current one


def weight(
    v: View,
    world: World,
    tricks: list[list[tuple[int, tuple[Card, ...]]]],
    floor: float = 0.0,
) -> float:
    """How well ``world`` explains the other seats' recent plays (1: the policy would have made
    every one); the replay stops once the weight falls below ``floor``."""
    seat = v.seat
    if not tricks or seat is None:
        return 1.0
    t0 = max(0, len(tricks) - 1 - TRICKS_BACK) if tricks[-1] else max(0, len(tricks) - TRICKS_BACK)
    window = [p for p in tricks[t0:] if p]
    if not window:
        return 1.0
    past = _rewind(v, world, tricks, t0)
    forced = {(f.seat, tuple(f.forced)) for f in v.failed_throws}
    w = 1.0
    for plays in window:
        for i, (s, cards) in enumerate(plays):
            if s != seat and not (i == 0 and (s, cards) in forced):
                choice = basic.ranked_plays(past.knowledge(s))[0][1]
                if sorted(choice) != sorted(cards):
                    w *= MISMATCH
                    if w < floor:
                        return w
            _replay(past, cards)
    return w


def _rewind(
    v: View, world: World, tricks: list[list[tuple[int, tuple[Card, ...]]]], t0: int
) -> World:
    """``world`` as it stood at the start of trick ``t0``: the later plays back in the hands."""
    later: list[Counter[Card]] = [Counter() for _ in range(4)]
    for plays in tricks[t0:]:
        for s, cards in plays:
            later[s].update(cards)
    before = tricks[:t0]
    played: Counter[Card] = Counter()
    revealed = world.rules.partners == "fixed"
    for plays in before:
        for s, cards in plays:
            played.update(cards)
            if s == world.partner and world.friend_card in cards:
                revealed = True
    return World(
        rules=world.rules,
        trumps=world.trumps,
        hands=[joined(world.hands[s], later[s]) for s in range(4)],
        kitty=world.kitty,
        dealer=world.dealer,
        friend_card=world.friend_card,
        partner=world.partner,
        revealed=revealed,
        leader=tricks[t0][0][0],
        trick=[],
        shape=None,
        won=[0, 0, 0, 0],
        penalty=0,
        played=played,
        voids=voids_from(before, world.trumps),
    )


def _replay(w: World, cards: tuple[Card, ...]) -> None:
    """Play ``cards`` as recorded (a lead is taken as it stood, not judged again)."""
    if not w.trick:
        w.shape = lead_shape(cards, w.trumps, w.rules)
    w.play(cards, judge=False)
