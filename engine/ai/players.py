"""The players behind ``make_player``: random, basic (with or without mistakes), expert.

A player's ``act`` takes the seat's ``View`` — never the ``Hand`` — and returns a legal action
for the phase (a bid or a pass during and after the deal, a burial, a friend call, a play), or
None when the seat has nothing to do. Every play is checked against the rules before it leaves
the player; should a policy ever propose an illegal one, the engine's first candidate stands in.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.actions import Action, Bury, CallFriend, PassBid, Play
from engine.cards import Card
from engine.errors import RulesError
from engine.follows import check_follow
from engine.leads import check_lead, lead_shape
from engine.selfplay import random_player
from engine.views import View

from . import basic
from .bidsearch import BidSearcher
from .expert import (
    DEFAULT_BUDGET,
    MASTER_SAMPLES,
    MAX_SAMPLES,
    decide,
    decide_bury,
    decide_call,
)
from .memory import knowledge, played_cards
from .style import LEVEL_STYLES, Style


def _need_view(view: object) -> View:
    if not isinstance(view, View):
        raise TypeError(f"a player acts on a View, not {type(view).__name__}")
    return view


def is_legal_play(v: View, cards: list[Card] | tuple[Card, ...]) -> bool:
    """Whether ``cards`` is a legal play for the view's seat now (a throw counts as legal:
    only the engine can judge it; a 潮汕 suit throw is checked with the cards played)."""
    trumps = v.trumps
    if trumps is None or v.seat is None or "play" not in v.actions or not cards:
        return False
    mine = Counter(v.hand)
    try:
        if not v.trick:
            check_lead(mine, list(cards), trumps, v.rules, None, played_cards(v))
        else:
            first = v.trick[0][1]
            shape = lead_shape(first, trumps, v.rules)
            check_follow(mine, list(cards), first, shape, trumps, v.rules)
    except RulesError:
        return False
    return True


class RandomPlayer:
    """Uniform over legal actions: ``engine.selfplay.random_player``."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action | None:
        return random_player(_need_view(view), self.rng)


class BasicPlayer:
    """The rule-based player; ``mistakes`` is the chance of a random legal play instead;
    ``bid_scale`` multiplies its bidding thresholds (the arena's ``LEVEL:bids=X``);
    ``reinforce_early`` False: it reinforces its bid only after the deal (a bench compares)."""

    level = "normal"
    bid_scale = 1.0
    reinforce_early = True
    bidder: BidSearcher | None = None  # searched bids while the cards come (``Style``)

    def __init__(self, seed: int = 0, mistakes: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.mistakes = mistakes
        if mistakes:
            self.level = "easy"

    def act(self, view: View) -> Action | None:
        v = _need_view(view)
        seat = v.seat
        if seat is None:
            return None
        acts = v.actions
        if "bid" in acts:
            if self.bidder is not None and not v.deal_complete:
                bid = self.bidder.bid(v)
            else:
                bid = basic.bid_action(v, self.bid_scale, self.reinforce_early)
            if bid is not None:
                return bid
        if "pass-bid" in acts:
            return PassBid(seat)
        if "bury" in acts:
            return Bury(seat, self.bury(v))
        if "call-friend" in acts:
            return CallFriend(seat, self.call(v))
        if "play" in acts:
            return Play(seat, tuple(self._checked(v, self.play(v))))
        return None

    def bury(self, v: View) -> tuple[Card, ...]:
        return basic.bury_choice(v)

    def call(self, v: View) -> Card:
        return basic.call_choice(v)

    def play(self, v: View) -> list[Card]:
        if self.mistakes and self.rng.random() < self.mistakes:
            return list(self.rng.choice(v.play_candidates(limit=30)))
        return basic.choose_play(knowledge(v))

    @staticmethod
    def _checked(v: View, cards: list[Card]) -> list[Card]:
        if is_legal_play(v, cards):
            return cards
        return v.play_candidates(limit=1)[0]


def level_samples(level: str, samples: int) -> int:
    """``level``'s deals a candidate given ``hard``'s (``master`` searches ``MASTER_SAMPLES``
    times as many): the one place the levels' budgets part."""
    return samples * (MASTER_SAMPLES if level == "master" else 1)


class ExpertPlayer(BasicPlayer):
    """Searches its plays, burials and friend calls (``engine.ai.expert``); bids are the
    rule-based player's."""

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        budget: float | None = DEFAULT_BUDGET,
        samples: int = MAX_SAMPLES,
        level: str = "hard",
        style: Style | None = None,
    ) -> None:
        super().__init__(seed)
        self.seed = seed
        self.budget = budget
        self.samples = samples
        self.level = level
        # how the search imagines the others: the level's own unless a bench names another
        self.style = LEVEL_STYLES[level] if style is None else style
        if self.style.searched_bids:
            self.bidder = BidSearcher(BasicPlayer(seed).act, samples, seed, self.style)

    @classmethod
    def of(
        cls, level: str, seed: int, budget: float | None, samples: int, style: Style | None = None
    ) -> ExpertPlayer:
        """``level``'s searcher given ``hard``'s deals a candidate."""
        return cls(seed, budget, level_samples(level, samples), level, style)

    def bury(self, v: View) -> tuple[Card, ...]:
        return decide_bury(v, self.budget, self.samples, self.seed, None, self.style).cards

    def call(self, v: View) -> Card:
        return decide_call(v, self.budget, self.samples, self.seed, None, self.style).cards[0]

    def play(self, v: View) -> list[Card]:
        return list(decide(v, self.budget, self.samples, self.seed, None, self.style).cards)
