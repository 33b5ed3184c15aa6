"""A searched bid while the cards come (``Style.searched_bids``, issue 36).

The rule-based bid (``basic.bid_choice``) is the incumbent; its rivals are waiting (when the rule
bids) and the strongest legal bid of each other suit. A sampled world is the rest of the deck in
the order it will be dealt: the cards the other seats were dealt so far (with the cards their
shown bids proved they hold), then every card still to come, the seat's own included, then the
kitty. Each option is played on the same worlds with the real ``Hand``: the option now, then every
seat's bids by the rule while the cards come and after, the dealer's burial and friend call by the
rule, and the play rolled out on card codes (``expert._rollout``, the level's style) to the
seat's level utility. The search and its confirmation are the plays' own (``expert.search``), so a
rival is bid only when a paired re-check on fresh worlds says it gains.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from engine.actions import Action, DealCard
from engine.bids import Bid
from engine.cards import Card, deck
from engine.errors import RulesError
from engine.hand import Hand, Phase, Setup
from engine.views import View, view

from . import basic
from .expert import CONFIRM_PER_SAMPLE, CONFIRM_STREAM, Decision, _rollout, _seed, search
from .fastworld import from_world
from .sampling import shuffle, starting_world
from .style import Style

Option = list[Card]  # the cards to bid; [] to wait
Key = tuple[object, ...]
Rule = Callable[[View], Action | None]  # how every seat goes on: the rule-based player's act


def bid_options(v: View) -> list[Option]:
    """The rule's choice first, then waiting (when the rule bids) and the strongest legal bid of
    each other suit (the longest, as the rule prefers)."""
    rule = basic.bid_choice(v)
    first: Option = list(rule) if rule is not None else []
    out = [first]
    if first:
        out.append([])
    best: dict[Card, tuple[Card, ...]] = {}
    for cards in v.legal_bids:
        if len(cards) > len(best.get(cards[0], ())):
            best[cards[0]] = cards
    for cards in best.values():
        if list(cards) != first:
            out.append(list(cards))
    return out


def draw_deck(v: View, rng: random.Random) -> list[Card]:
    """A deck order that agrees with ``v``: the cards dealt so far where ``v`` put them (the
    seat's own as they are, the others' sampled around the bids they showed), the rest shuffled."""
    seat = v.seat
    assert seat is not None
    rules = v.rules
    shown: list[Counter[Card]] = [Counter() for _ in range(4)]
    for b in v.bids:
        have = shown[b.seat]
        for c, n in Counter(b.cards).items():
            have[c] = max(have[c], n)
    shown[seat] = Counter(v.hand)
    rest = Counter(deck(rules.decks))
    for s in range(4):
        rest -= shown[s]
    cards = list(rest.elements())
    shuffle(cards, rng)
    first = v.dealer if v.dealer is not None else 0
    held: list[list[Card]] = []
    for s in range(4):
        mine = list(shown[s].elements())
        need = _dealt_to(s, first, v.dealt) - len(mine)
        mine += cards[:need]
        del cards[:need]
        shuffle(mine, rng)
        held.append(mine)
    out: list[Card] = []
    for i in range(v.dealt):
        out.append(held[(first + i) % 4].pop())
    return out + cards


def _dealt_to(seat: int, first: int, dealt: int) -> int:
    """Cards dealt to ``seat`` when ``dealt`` cards have gone round from ``first``."""
    return sum(1 for i in range(dealt) if (first + i) % 4 == seat)


def value(v: View, order: list[Card], option: Option, rule: Rule, style: Style) -> float:
    """``v``'s seat's level utility when it takes ``option`` now and the hand goes on by
    ``rule`` on the deck ``order``, the play rolled out in the level's style; a redeal is worth
    0."""
    seat = v.seat
    assert seat is not None
    hand = settle(v, order, option, rule)
    if hand is None:
        return 0.0
    world = from_world(starting_world(view(hand, seat), hand.hands, hand.buried, hand.friend_card))
    _rollout(world, seat, style)
    return world.utility(seat)


def settle(v: View, order: list[Card], option: Option, rule: Rule) -> Hand | None:
    """The hand at its first lead when ``v``'s seat takes ``option`` now on the deck ``order``
    and every seat bids, buries and calls by ``rule`` from then on (``v``'s seat, after
    waiting, waits until its ``key`` changes); None when nobody bids and the cards are dealt
    again."""
    seat = v.seat
    assert seat is not None
    levels = (v.levels[0], v.levels[1], v.levels[2], v.levels[3])
    hand = Hand(v.rules, Setup(0, levels, v.dealer, v.hand_no))
    hand.deck = list(order)
    for _ in range(v.dealt):
        hand.apply(DealCard())
    for b in v.bids:
        hand.apply(Bid(b.seat, b.cards))
    for d in hand.pending():  # the seats offered this card before ``seat`` let it pass
        if d.seat is None or d.seat == seat:
            break
        hand.decline(d.seat)
    waiting = None if option else key(v)
    if option:
        hand.apply(Bid(seat, tuple(option)))
    else:
        hand.decline(seat)
    while hand.phase != Phase.PLAY:
        if hand.phase == Phase.DEAL and hand.dealt == 0:
            return None
        d = hand.pending()[0]
        if d.seat is None:
            hand.apply(DealCard())
            continue
        seen = view(hand, d.seat)
        if d.seat == seat and waiting is not None:
            if not seen.deal_complete and key(seen) == waiting:
                hand.decline(seat)  # waiting holds until the bids or the rule's choice change
                continue
            waiting = None
        action = rule(seen)
        if action is None:
            hand.decline(d.seat)
            continue
        try:
            hand.apply(action)
        except RulesError:
            hand.decline(d.seat)
    return hand


def key(v: View) -> Key:
    """What a seat's bid depends on while the cards come: its legal bids, the standing bid and
    the rule's choice. A searched choice holds until this changes."""
    return (v.legal_bids, v.bid, basic.bid_choice(v))


def decide_bid(
    v: View, rule: Rule, samples: int, seed: int = 0, style: Style | None = None
) -> Decision:
    """The searched bid for ``v`` (``Decision.cards``: the bid, or () to wait), every seat going
    on by ``rule``."""
    st = style or Style()
    cands = bid_options(v)
    if len(cands) == 1:
        return Decision(tuple(cands[0]), ((tuple(cands[0]), 0.0),), 0, False)
    base = _seed(v, seed) ^ v.dealt
    nominate_rng = random.Random(base)
    confirm_rng = random.Random(base ^ CONFIRM_STREAM)
    return search(
        cands,
        lambda: draw_deck(v, nominate_rng),
        lambda: draw_deck(v, confirm_rng),
        lambda order, option: value(v, order, option, rule, st),
        samples,
        CONFIRM_PER_SAMPLE * samples,
        z=st.confirm_z,
    )


class BidSearcher:
    """A seat's searched bids while the cards come (its player bids by the rule after the
    deal): a search when what the bid depends on (``key``) changes, its choice held until
    then."""

    def __init__(self, rule: Rule, samples: int, seed: int = 0, style: Style | None = None) -> None:
        self.rule = rule
        self.samples = samples
        self.seed = seed
        self.style = style
        self._held: tuple[int, Key, Option] | None = None

    def bid(self, v: View) -> Bid | None:
        seat = v.seat
        assert seat is not None and not v.deal_complete
        k = key(v)
        if self._held is not None and self._held[:2] == (v.hand_no, k):
            option = self._held[2]
        else:
            option = list(decide_bid(v, self.rule, self.samples, self.seed, self.style).cards)
            self._held = (v.hand_no, k, option)
        return Bid(seat, tuple(option)) if option else None
