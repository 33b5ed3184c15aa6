"""Leading (RULES.md §5): single, tuple, tractor or throw; throw checks; 潮汕 leads.

Only the holder of all hands (the engine, the server, the judge given hands) can judge a throw.
``check_lead`` raises for a lead that can never stand and returns the play that does stand: the
lead itself, or the forced component of a failed throw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import SUIT_NAMES_EN, SUIT_NAMES_ZH, Card, Hand, tally
from engine.errors import RulesError
from engine.follows import pattern_value, suit_cards, suits_of
from engine.order import TRUMP, Trumps
from engine.rules import RuleSet
from engine.shapes import Component, Kind, decompose, kind_key, options


@dataclass(frozen=True, slots=True)
class Lead:
    """A lead as it stands: its cards, its shape, and whether it was a failed throw."""

    cards: tuple[Card, ...]
    shape: tuple[Kind, ...]  # components largest first; all singles for a 潮汕 suit throw
    attempted: tuple[Card, ...] | None = None  # the throw that failed, when it did
    failed: Component | None = None  # the component that another player could beat
    # who beat it (an index into ``others``) and with what: shown to every player, as at a table
    beater: tuple[int, tuple[Card, ...]] | None = None


def lead_shape(cards: Sequence[Card], trumps: Trumps, rules: RuleSet) -> tuple[Kind, ...]:
    """The shape followers must answer. A 潮汕 suit throw is answered and judged as singles."""
    if rules.lead_rule == "chaoshan":
        return tuple((1, 1) for _ in cards)
    return tuple(c.kind for c in decompose(cards, trumps))


def check_lead(
    hand: Hand,
    play: Sequence[Card],
    trumps: Trumps,
    rules: RuleSet,
    others: Sequence[Hand] | None = None,
    played: Counter[Card] | None = None,
) -> Lead:
    """Validate a lead from ``hand``; judge a throw against ``others`` (the other hands).

    ``played`` is every card already played this hand (the 潮汕 suit throw needs it). Without
    ``others`` a throw cannot be judged and is taken as it is.
    """
    if not play:
        raise RulesError("empty-play")
    need = tally(play)
    missing = [c for c, n in need.items() if hand.get(c, 0) < n]
    if missing:
        raise RulesError("not-holding", cards=" ".join(missing))
    suits = {trumps.suit(c) for c in play}
    if len(suits) != 1:
        raise RulesError("lead-mixed-suits")
    suit = suits.pop()
    if rules.lead_rule == "chaoshan":
        _check_chaoshan(hand, play, suit, trumps, rules, played or Counter())
        return Lead(tuple(play), lead_shape(play, trumps, rules))
    comps = decompose(play, trumps)
    if len(comps) == 1 or others is None:
        return Lead(tuple(play), tuple(c.kind for c in comps))
    shape = tuple(c.kind for c in comps)
    orders = rules.follow_orders
    failing = [
        c for c in comps if any(beats_component(h, c, suit, trumps, shape, orders) for h in others)
    ]
    if not failing:
        return Lead(tuple(play), tuple(c.kind for c in comps))
    forced = min(failing, key=lambda c: (kind_key(c.kind), c.top))
    beaters = ((i, beating_cards(h, forced, suit, trumps)) for i, h in enumerate(others))
    beater = next(((i, cards) for i, cards in beaters if cards), None)
    return Lead(forced.cards, (forced.kind,), attempted=tuple(play), failed=forced, beater=beater)


def beating_cards(hand: Hand, comp: Component, suit: str, trumps: Trumps) -> tuple[Card, ...]:
    """The lowest component in ``hand`` (in ``suit``) above ``comp``, or () when none is."""
    higher = [
        (top, cards)
        for top, cards in options(suit_cards(hand, trumps, suit), trumps, comp.kind)
        if top > comp.top
    ]
    if not higher:
        return ()
    _, cards = min(higher, key=lambda x: x[0])
    return tuple(c for c in cards for _ in range(comp.size))


def beats_component(
    hand: Hand,
    comp: Component,
    suit: str,
    trumps: Trumps,
    throw: Sequence[Kind] = (),
    orders: str = "standard",
) -> bool:
    """Whether ``hand`` holds, in ``suit``, a higher component of the same size and length.

    ``throw`` is the whole throw's shape. When it also holds tuples, which the holder must answer
    with their own tuples, a single is beaten only by a higher card the holder can spare from
    that answer: this is how seed 004's example reads (``9 88 44`` against ``QQ`` fails at the
    pairs, not the 9), while ``QQ 33`` against ``9 88`` can answer with ``33`` and beat the 9.
    """
    cards = suit_cards(hand, trumps, suit)
    if comp.size == 1 and any(k != (1, 1) for k in throw):
        best = pattern_value(cards, trumps, throw, orders)
        return any(
            trumps.position(c) > comp.top
            and pattern_value(cards - Counter({c: 1}), trumps, throw, orders) == best
            for c in cards
        )
    return any(top > comp.top for top, _ in options(cards, trumps, comp.kind))


def _check_chaoshan(
    hand: Hand,
    play: Sequence[Card],
    suit: str,
    trumps: Trumps,
    rules: RuleSet,
    played: Counter[Card],
) -> None:
    if len(play) == 1:
        return
    names = {"suit": SUIT_NAMES_EN.get(suit, suit), "suit_zh": SUIT_NAMES_ZH.get(suit, suit)}
    if suit == TRUMP:
        raise RulesError("lead-one-card")
    whole = sum(n for c, n in hand.items() if trumps.suit(c) == suit)
    if len(play) != whole:
        raise RulesError("lead-one-card")
    for rank in ("K", "A"):
        if rank == trumps.level:
            continue  # a level card is a trump, not part of the suit
        card = rank + suit
        if hand.get(card, 0) + played.get(card, 0) < rules.decks:
            raise RulesError("suit-throw-not-ready", **names)


def lead_candidates(hand: Counter[Card], trumps: Trumps, rules: RuleSet) -> list[list[Card]]:
    """Every distinct single, tuple and tractor in ``hand`` (each a legal lead)."""
    out: list[list[Card]] = []
    for cards in suits_of(hand, trumps).values():
        out += [[c] for c in sorted(cards, key=trumps.position)]
        if rules.lead_rule == "chaoshan":
            continue
        top = max(cards.values())
        for size in range(2, top + 1):
            for length in range(1, len(cards) + 1):
                found = [
                    [c for c in chain for _ in range(size)]
                    for _, chain in options(cards, trumps, (size, length))
                ]
                if not found:
                    break
                out += found
    return out
