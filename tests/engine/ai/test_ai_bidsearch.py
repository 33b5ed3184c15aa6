"""The searched bid's worlds (``engine.ai.bidsearch``): each deck agrees with the seat's view,
and on the real deck the rule's choice replays the real hand to its first lead."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.actions import DealCard
from engine.ai import bidsearch, make_player
from engine.ai.bidsearch import BidSearcher, Key, Rule, bid_options, draw_deck, key, settle
from engine.ai.expert import Decision
from engine.ai.style import Style
from engine.arena import deals
from engine.cards import deck
from engine.hand import Hand, Phase, Setup
from engine.rules import preset
from engine.selfplay import answer
from engine.views import View, view


def offers(name: str, n: int) -> list[tuple[View, Hand]]:
    """Every bid offered while the cards come in ``n`` arena hands played by ``normal``, with
    the hand played to its end."""
    out: list[tuple[View, Hand]] = []
    rules = preset(name)
    for hand_seed, dealer, level in deals(5, n):
        hand = Hand(rules, Setup(hand_seed, (level,) * 4, dealer))
        players = [make_player("normal", hand_seed + s) for s in range(4)]
        while hand.phase != Phase.DONE:
            d = hand.pending()[0]
            if d.seat is None:
                hand.apply(DealCard())
                continue
            v = view(hand, d.seat)
            if v.phase == Phase.DEAL and not v.deal_complete and v.legal_bids:
                out.append((v, hand))
            before = len(hand.actions)
            action = players[d.seat].act(v)
            if action is not None:
                hand.apply(action)
            elif (fallback := answer(hand, d, None)) is not None:
                hand.apply(fallback)
            assert len(hand.actions) >= before
    return out


@pytest.mark.parametrize("name", ["classic", "find-friend", "three-deck"])
def test_a_drawn_deck_keeps_what_the_seat_saw(name: str) -> None:
    rng = random.Random(3)
    for v, _ in offers(name, 4)[::3]:
        order = draw_deck(v, rng)
        assert Counter(order) == Counter(deck(v.rules.decks))
        first = v.dealer if v.dealer is not None else 0
        dealt: list[Counter[str]] = [Counter() for _ in range(4)]
        for i, card in enumerate(order[: v.dealt]):
            dealt[(first + i) % 4][card] += 1
        assert v.seat is not None and dealt[v.seat] == Counter(v.hand)
        assert [sum(h.values()) for h in dealt] == list(v.counts)
        for b in v.bids:
            assert dealt[b.seat] >= Counter(b.cards)


@pytest.mark.parametrize("name", ["classic", "find-friend", "three-deck"])
def test_the_rules_choice_on_the_real_deck_replays_the_hand(name: str) -> None:
    """Waiting holds only while the rule would wait, so the rule's own choice makes every bid,
    the burial and the call the real hand made."""
    checked = 0
    for v, real in offers(name, 4):
        choice = bid_options(v)[0]
        hand = settle(v, real.deck, choice, make_player("normal").act)
        assert hand is not None
        assert hand.trumps == real.trumps
        assert (hand.dealer, hand.buried, hand.friend_card) == (
            real.dealer,
            real.buried,
            real.friend_card,
        )
        assert [b for b, _ in hand.bids] == [b for b, _ in real.bids]
        checked += 1
    assert checked > 20


def test_a_seat_searches_once_for_each_change_of_what_its_bid_depends_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the cards come the search runs when the legal bids, the standing bid or the rule's
    choice change, and its choice holds in between; after the deal the rule bids."""
    searched: list[Key] = []

    def fake(
        v: View, rule: Rule, samples: int, seed: int = 0, style: Style | None = None
    ) -> Decision:
        searched.append(key(v))
        return Decision((), (), 0, False)

    monkeypatch.setattr(bidsearch, "decide_bid", fake)
    seen = offers("classic", 3)
    for hand in {id(h): h for _, h in seen}.values():
        for seat in range(4):
            searched.clear()
            bidder = BidSearcher(make_player("normal").act, 8, seat)
            keys: list[Key] = []
            for v, h in seen:
                if h is hand and v.seat == seat:
                    assert bidder.bid(v) is None  # the fake search always waits
                    if not keys or keys[-1] != key(v):
                        keys.append(key(v))
            assert searched == keys
    assert len(seen) > 3 * len(keys)
