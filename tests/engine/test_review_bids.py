"""Hand review of the bidding (engine/review.py, ``judge_bid``): each bid, pass and chance to bid
let go is judged on deals drawn from the bidder's information only, played on with ``basic``
from the rest of the deal to the last trick."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.actions import DealCard, PassBid, Play
from engine.ai import basic
from engine.bids import Bid
from engine.cards import JOKERS
from engine.errors import RulesError
from engine.hand import Hand, Phase, Setup
from engine.puzzles.mine import ai_hand
from engine.records import HandRecord, hand_record, replay
from engine.review import LABELS, Review, bid_chances, decisions, judge_bid, judge_step, review
from engine.rules import preset
from engine.views import view

DEALS = 16  # few: the cases below are clear at any budget
SEAT = 0


def _to_pass(seed: int, dealer: int | None, preset_name: str = "classic") -> Hand:
    """A deal played by ``basic`` at the other seats while ``SEAT`` lets every chance to bid go,
    up to its pass after the deal."""
    hand = Hand(preset(preset_name), Setup(seed, ("2",) * 4, dealer))
    while hand.phase == Phase.DEAL:
        d = hand.pending()[0]
        if d.seat is None:
            hand.apply(DealCard())
        elif d.seat == SEAT:
            if d.required:
                return hand
            hand.decline(SEAT)
        else:
            bid = basic.bid_action(view(hand, d.seat))
            try:
                assert bid is not None
                hand.apply(bid)
            except (AssertionError, RulesError):
                if d.required:
                    hand.apply(PassBid(d.seat))
                else:
                    hand.decline(d.seat)
    raise AssertionError("the bidding closed before the seat passed")


@pytest.fixture(scope="module")
def strong() -> Hand:
    """Seat 1 deals and bid a single 2♥; seat 0 holds the pair of 2♦ and a long diamond suit
    (15 trumps with diamonds trump) and has let every chance go."""
    hand = _to_pass(32, 1)
    v = view(hand, SEAT)
    assert v.bid == Bid(1, ("2H",)) and ("2D", "2D") in v.legal_bids
    assert sum(1 for c in v.hand if c[1] == "D" or c in JOKERS or c[0] == "2") >= 13
    return hand


def test_passing_with_a_strong_holding_is_flagged_and_the_pair_is_not(strong: Hand) -> None:
    passed = judge_bid(strong, SEAT, (), DEALS, 7)
    assert passed is not None and passed.kind == "bid" and passed.step == 7
    assert passed.played == () and passed.best == ("2D", "2D")
    assert passed.label in ("mistake", "blunder"), (passed.loss, passed.lcb)
    assert passed.label == next(n for n, at in LABELS if passed.lcb >= at)
    assert passed.best_result.utility == pytest.approx(passed.played_result.utility + passed.loss)
    assert passed.best_result.win > passed.played_result.win
    assert passed.reason_en.startswith("Passing cost ") and "bidding pair of 2♦" in passed.reason_en
    assert "Diamonds are then trumps" in passed.reason_en
    assert passed.reason_zh.startswith("不亮平均少得") and "亮一对方块2更好" in passed.reason_zh
    bid = judge_bid(strong, SEAT, ("2D", "2D"), DEALS, 7)
    assert bid is not None and bid.played == bid.best == ("2D", "2D")
    assert bid.label == "" and bid.loss == 0.0
    assert bid.reason_en.startswith("Good: bidding pair of 2♦, since diamonds are then trumps in")
    # the options share their deals: the pair's result is the same judged from either
    assert bid.played_result == passed.best_result


def _scrambled(hand: Hand, seat: int) -> Hand:
    """The same deal's actions replayed on a deck whose cards outside ``seat``'s hand are
    swapped about, bar the level cards and jokers (every bid and pass stays legal): the same
    view for ``seat``, other hands and kitty."""
    deck = list(hand.deck)
    mine = {k for k in range(hand.dealt) if (hand.first_seat + k) % 4 == seat}
    plain = [
        k for k in range(len(deck)) if k not in mine and deck[k][0] != "2" and deck[k] not in JOKERS
    ]
    cards = [deck[k] for k in plain]
    cards.reverse()
    for k, c in zip(plain, cards, strict=True):
        deck[k] = c
    scrambled = Hand(hand.rules, hand.setup)
    scrambled.deck = deck
    for a in hand.actions:
        scrambled.apply(a)
    assert view(scrambled, seat) == view(hand, seat)
    assert any(scrambled.hands[s] != hand.hands[s] for s in range(4) if s != seat)
    return scrambled


def test_hidden_cards_scrambled_same_bid_judgement(strong: Hand) -> None:
    """The judgement reads the bidder's information only: other hands, its own cards to come
    and the kitty swapped about give the same judgement; only the hindsight (the real deck)
    may change."""
    scrambled = _scrambled(strong, SEAT)
    changed = 0
    for made in ((), ("2D", "2D")):
        m1 = judge_bid(strong, SEAT, made, DEALS)
        m2 = judge_bid(scrambled, SEAT, made, DEALS)
        assert m1 is not None and m2 is not None
        assert replace(m2, hindsight=m1.hindsight, hindsight_best=m1.hindsight_best) == m1
        changed += (m1.hindsight, m1.hindsight_best) != (m2.hindsight, m2.hindsight_best)
    assert changed, "the scramble never changed the real deck's playout: it tested nothing"


def test_the_chances_let_go_are_the_new_ones(strong: Hand) -> None:
    """While the cards came the seat let every chance go: each chance judged is one where it
    could make a bid it could not at its previous turn (its first level card, its pair), none
    at its own actions; its pass is judged too."""
    record = hand_record(strong)
    chances = bid_chances(record, SEAT)
    assert chances and chances == sorted(set(chances))
    seen: set[tuple[str, ...]] = set()
    for i in chances:
        hand = replay(record.upto(i))
        assert hand.phase == Phase.DEAL and not hand.deal_complete
        assert getattr(record.actions[i], "seat", None) != SEAT
        now = set(hand.legal_bids(SEAT))
        assert now - seen, f"step {i}: no new bid"
        seen = now
    # the pair of 2♦ came: a chance then
    assert any(("2D", "2D") in replay(record.upto(i)).legal_bids(SEAT) for i in chances)
    assert set(chances) <= set(decisions(record, SEAT))


@pytest.fixture(scope="module")
def bidder() -> tuple[HandRecord, int]:
    """An AI hand and the seat that bid most in it."""
    record = hand_record(ai_hand("classic", 1))
    bids = [a.seat for a in record.actions if isinstance(a, Bid)]
    return record, max(set(bids), key=bids.count)


def test_judge_step_on_bid_steps(bidder: tuple[HandRecord, int]) -> None:
    """The app's worker task judges a bid, a pass and a chance let go like any decision; a
    step that is none of these for the seat is refused."""
    record, seat = bidder
    steps = decisions(record, seat)
    bids = [i for i in steps if isinstance(record.actions[i], Bid | PassBid)]
    assert bids
    judged = 0
    for i in bids + bid_chances(record, seat)[:1]:
        made = record.actions[i]
        m = judge_step(record, seat, i, 6)
        if m is None:  # a pass with no bid to make
            assert isinstance(made, PassBid)
            assert not replay(record.upto(i)).legal_bids(seat)
            continue
        judged += 1
        assert m.kind == "bid" and m.step == i and m.deals == 6
        assert m.played == (made.cards if isinstance(made, Bid) and made.seat == seat else ())
        assert m.best_result.utility == pytest.approx(m.played_result.utility + m.loss)
        assert m.label == next((n for n, at in LABELS if m.lcb >= at), "")
        assert m.reason_en and m.reason_zh and m.hindsight_best >= m.hindsight
    assert judged
    idle = next(
        i
        for i, a in enumerate(record.actions)
        if isinstance(a, DealCard) and not replay(record.upto(i)).legal_bids(seat)
    )
    with pytest.raises(ValueError):
        judge_step(record, seat, idle, 6)
    first_play = next(i for i, a in enumerate(record.actions) if isinstance(a, Play))
    r = review(record.upto(first_play), seat, deals=4)
    assert {m.step for m in r.moments if m.kind == "bid"} <= set(bids + bid_chances(record, seat))
    assert any(m.kind == "bid" for m in r.moments)
    assert Review.from_dict(json.loads(json.dumps(r.to_dict()))) == r


def test_hidden_bids_are_not_judged() -> None:
    """Four decks bid hidden: the others' unseen bids shape a seat's options, so no bid of
    its is judged from its information alone."""
    hand = Hand(preset("four-deck"), Setup(5, ("2",) * 4, 0))
    while not any(hand.legal_bids(s) for s in range(4)):
        hand.apply(DealCard())
    seat = next(s for s in range(4) if hand.legal_bids(s))
    bid = hand.legal_bids(seat)[0]
    with pytest.raises(ValueError):
        judge_bid(hand, seat, bid, 4)
    hand.apply(Bid(seat, bid))
    assert decisions(hand_record(hand), seat) == []
