"""A lean trick-play simulator for rollouts: the rest of a hand with every seat's cards known.

No events, no views, no action log: four ``Counter`` hands, the trick in progress and the score,
over the engine's core functions (``check_lead`` judges throws against the other hands,
``tricks.winner``/``trick_points`` settle tricks, ``scoring`` gives the result). Each seat
decides with the rule-based policy from only what that seat would know (its own hand, the cards
played, proven voids, the sides as revealed), so a rollout is an honest game between ``basic``
players on one possible deal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.cards import Card, empty_hand, points, take_one
from engine.errors import RulesError
from engine.follows import check_follow
from engine.leads import check_lead, lead_shape
from engine.order import TRUMP, Trumps
from engine.rules import RuleSet
from engine.scoring import Verdict, hand_result, kitty_bonus
from engine.shapes import Kind, decompose
from engine.tricks import trick_points, winner

from . import basic
from .memory import SIDE_MINE, SIDE_THEIRS, SIDE_UNKNOWN, Knowledge, full_deck

Policy = Callable[[Knowledge], list[Card]]


@dataclass(slots=True)
class World:
    """One complete deal as the play stands: every hand, the kitty, the trick, the score."""

    rules: RuleSet
    trumps: Trumps
    hands: list[Counter[Card]]
    kitty: tuple[Card, ...]
    dealer: int
    friend_card: Card | None
    partner: int | None  # the dealer's partner (None: alone, or not yet known)
    revealed: bool
    leader: int
    trick: list[tuple[int, tuple[Card, ...]]]
    shape: tuple[Kind, ...] | None
    won: list[int]
    penalty: int
    played: Counter[Card]
    voids: list[set[str]]
    last: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    last_winner: int | None = None
    rest: Counter[Card] | None = None  # the deck less the played cards (kept as cards fall)

    def copy(self) -> World:
        return World(
            self.rules,
            self.trumps,
            [h.copy() for h in self.hands],
            self.kitty,
            self.dealer,
            self.friend_card,
            self.partner,
            self.revealed,
            self.leader,
            list(self.trick),
            self.shape,
            list(self.won),
            self.penalty,
            self.played.copy(),
            [set(v) for v in self.voids],
            list(self.last),
            self.last_winner,
            None if self.rest is None else self.rest.copy(),
        )

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def over(self) -> bool:
        return not self.trick and not any(self.hands)

    def defenders(self) -> tuple[int, ...]:
        if self.partner is None or self.partner == self.dealer:
            return (self.dealer,)
        return (self.dealer, self.partner)

    # -- what a seat knows --------------------------------------------------------------
    def knowledge(self, seat: int) -> Knowledge:
        team = self._team(seat)
        defending: bool | None = team[self.dealer] == SIDE_MINE
        if SIDE_UNKNOWN in team and seat != self.dealer:
            defending = False
        if self.rest is None:
            self.rest = full_deck(self.rules.decks) - self.played
        hand = self.hands[seat]
        outside = empty_hand()
        held = hand.get
        dict.update(outside, {c: n - held(c, 0) for c, n in self.rest.items() if n > held(c, 0)})
        if seat == self.dealer and self.kitty:
            outside -= Counter(self.kitty)
            kitty_points = points(self.kitty)
        else:
            kitty_points = 5 * self.rules.decks * len(self.kitty) // 8
        return Knowledge(
            seat=seat,
            rules=self.rules,
            trumps=self.trumps,
            hand=self.hands[seat],
            trick=self.trick,
            shape=self.shape,
            outside=outside,
            voids=self.voids,
            team=team,
            defending=defending,
            counts=[sum(h.values()) for h in self.hands],
            played=self.played,
            kitty_points=kitty_points,
        )

    def _team(self, seat: int) -> list[int]:
        d = set(self.defenders())
        mine = seat in d
        full = [SIDE_MINE if (s in d) == mine else SIDE_THEIRS for s in range(4)]
        if self.rules.partners == "fixed" or self.revealed or seat == self.partner:
            return full
        team = [SIDE_UNKNOWN] * 4
        team[seat] = SIDE_MINE
        if seat != self.dealer:
            team[self.dealer] = SIDE_THEIRS
        return team

    # -- playing --------------------------------------------------------------------------
    def play(self, cards: Sequence[Card], judge: bool = True) -> None:
        """Play ``cards`` for the seat to move (a lead is judged as the engine would, unless
        ``judge`` is false: a replay of a recorded lead, whose ``shape`` the caller set)."""
        seat = self.turn
        hand = self.hands[seat]
        cards = tuple(cards)
        if not self.trick and judge and len(cards) == 1:
            self.shape = ((1, 1),)  # a single: nothing to judge (the policy plays what it holds)
        elif not self.trick and judge:
            others = [self.hands[s] for s in range(4) if s != seat]
            lead = check_lead(hand, cards, self.trumps, self.rules, others, self.played)
            if lead.attempted is not None and self.rules.throw_penalty:
                pen = self.rules.throw_penalty
                self.penalty += pen if seat in self.defenders() else -pen
            cards = lead.cards
            self.shape = lead.shape
        elif self.trick:
            suit = self.trumps.suit(self.trick[0][1][0])
            if sum(1 for c in cards if self.trumps.suit(c) == suit) < len(self.trick[0][1]):
                self.voids[seat].add(suit)
        played, rest = self.played, self.rest
        for c in cards:
            take_one(hand, c)
            played[c] = played.get(c, 0) + 1
            if rest is not None:
                take_one(rest, c)
        self.trick.append((seat, cards))
        if (
            self.friend_card is not None
            and not self.revealed
            and seat == self.partner
            and self.friend_card in cards
        ):
            self.revealed = True
        if len(self.trick) == 4:
            self._finish()

    def _finish(self) -> None:
        assert self.shape is not None
        plays = [c for _, c in self.trick]
        win = self.trick[winner(plays, self.shape, self.trumps)][0]
        self.won[win] += trick_points(plays)
        self.last = self.trick
        self.last_winner = win
        self.leader = win
        self.trick = []
        self.shape = None

    def result(self) -> tuple[Verdict, int]:
        """The winning side and its levels, and the attackers' points (with the kitty bonus)."""
        assert self.last_winner is not None
        d = self.defenders()
        attackers = [s for s in range(4) if s not in d]
        base = sum(self.won[s] for s in attackers) + self.penalty
        captured = self.last_winner in attackers and self.rules.kitty_capture != "none"
        bonus = 0
        if captured:
            win_cards = next(c for s, c in self.last if s == self.last_winner)
            kind = decompose(win_cards, self.trumps)[0].kind
            bonus = kitty_bonus(self.rules, points(self.kitty), kind)
        total = base + bonus
        return hand_result(self.rules, total, captured), total


def rollout_policy(k: Knowledge) -> list[Card]:
    """The basic policy with a shorter follow list (rollouts make thousands of decisions)."""
    return basic.ranked_plays(k, limit=12)[0][1]


def run(world: World, policy: Policy = rollout_policy) -> None:
    """Play ``world`` to the end of the hand."""
    while not world.over:
        world.play(policy(world.knowledge(world.turn)))


def utility(world: World, seat: int) -> float:
    """Levels won (+) or lost (-) by ``seat``'s side, smoothed by the points: a band of a fifth
    of the deck's points counts as a level (the tables' bands), the deal as half a level."""
    (winner, levels), total = world.result()
    mine_defend = seat in world.defenders()
    sign = 1 if (winner == "defenders") == mine_defend else -1
    value = float(sign * levels)
    if winner == "attackers":  # the deal passes
        value += 0.5 if not mine_defend else -0.5
    band = world.rules.total_points / 5
    return value + (total if not mine_defend else -total) / band


def legal(world: World, cards: Sequence[Card]) -> bool:
    """Whether the seat to move may play ``cards`` (used by tests)."""
    seat = world.turn
    try:
        if not world.trick:
            check_lead(world.hands[seat], cards, world.trumps, world.rules, None, world.played)
        else:
            first = world.trick[0][1]
            shape = lead_shape(first, world.trumps, world.rules)
            check_follow(world.hands[seat], cards, first, shape, world.trumps, world.rules)
    except RulesError:
        return False
    return True


__all__ = ["TRUMP", "World", "legal", "rollout_policy", "run", "utility"]
