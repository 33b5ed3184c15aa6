"""Hand review (engine/review.py): each of one seat's play decisions, its burial and its friend
call (its bids: test_review_bids.py), judged from its view only; and the live evaluation of a
table from public cards."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine.actions import Bury, CallFriend, PassBid, Play
from engine.bids import Bid
from engine.hand import Hand
from engine.puzzles import load, position, puzzle_view
from engine.puzzles.mine import ai_hand
from engine.records import HandRecord, hand_record, replay
from engine.review import (
    LABELS,
    Review,
    _judged,
    bid_chances,
    decisions,
    judge_burial,
    judge_call,
    judge_position,
    judge_step,
    judge_view,
    public_win,
    review,
)
from engine.views import view

DEALS = 16  # fewer than the default: the properties hold at any budget
PUZZLES = load(Path(__file__).resolve().parents[2] / "resources" / "puzzles" / "classic.jsonl")


@pytest.fixture(scope="module")
def record() -> HandRecord:
    return hand_record(ai_hand("classic", 3))


def _at(record: HandRecord, step: int) -> Hand:
    return replay(record.upto(step))


def test_every_choice_judged_with_progress_and_cached_form(record: HandRecord) -> None:
    seen: list[tuple[int, int]] = []
    r = review(record, 0, deals=DEALS, progress=lambda done, total: seen.append((done, total)))
    steps = decisions(record, 0)
    assert seen == [(i + 1, len(steps)) for i in range(len(steps))]
    assert r.moments and {m.step for m in r.moments} <= set(steps)
    chances = bid_chances(record, 0)
    for m in r.moments:
        made = record.actions[m.step]
        if m.kind == "bid":  # a bid or pass of its, or a chance to bid it let go
            if isinstance(made, Bid | PassBid) and made.seat == 0:
                assert m.played == (made.cards if isinstance(made, Bid) else ())
            else:
                assert m.step in chances and m.played == ()
        else:
            assert isinstance(made, Play | Bury) and sorted(m.played) == sorted(made.cards)
        assert m.deals == DEALS and m.loss >= 0 and 0 <= m.played_result.win <= 1
        # the best play's mean is never below the play made's (they share the deals)
        assert m.best_result.utility == pytest.approx(m.played_result.utility + m.loss)
        assert m.label == next((n for n, at in LABELS if m.lcb >= at), "")
        assert m.reason_en and m.reason_zh
        assert m.hindsight_best >= m.hindsight
    assert Review.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    assert Review.from_dict({**r.to_dict(), "version": -1}) is None
    assert [m.step for m in r.costliest()] == [
        m.step for m in sorted((m for m in r.moments if m.label), key=lambda m: -m.loss)[:3]
    ]


def test_hidden_cards_scrambled_same_judgement(record: HandRecord) -> None:
    """The judgement reads the seat's view only: the other hands' unplayed cards swapped
    between two seats (the same view) give the same judgement; the hindsight, which reads
    the open hands, is the only figure that may change."""
    changed = 0
    plays = [i for i in decisions(record, 0) if isinstance(record.actions[i], Play)]
    for step in plays[:6]:
        hand = _at(record, step)
        play = record.actions[step]
        assert isinstance(play, Play)
        scrambled = copy.deepcopy(hand)
        a, b = scrambled.hands[1], scrambled.hands[3]
        both = list((a + b).elements())
        both.reverse()
        na = sum(a.values())
        a.clear()
        b.clear()
        a.update(both[:na])
        b.update(both[na:])
        assert scrambled.hands[1] != hand.hands[1]
        assert view(scrambled, 0) == view(hand, 0)
        m1 = judge_position(hand, 0, play.cards, DEALS, step)
        m2 = judge_position(scrambled, 0, play.cards, DEALS, step)
        if m1 is None:
            assert m2 is None
            continue
        assert m2 is not None
        blind = replace(m2, hindsight=m1.hindsight, hindsight_best=m1.hindsight_best)
        assert blind == m1
        changed += (m1.hindsight, m1.hindsight_best) != (m2.hindsight, m2.hindsight_best)
    assert changed, "the scramble never changed the real deal's playout: it tested nothing"


def test_the_worst_play_of_a_clear_puzzle_is_flagged_and_the_best_is_not() -> None:
    """A shipped puzzle whose worst candidate trails the best by over a level: playing it is
    labelled, with a reason naming both plays; the best play itself costs nothing."""
    p = max(PUZZLES, key=lambda p: p.scores[0][1] - p.scores[-1][1])
    assert p.scores[0][1] - p.scores[-1][1] > 1.0
    v = puzzle_view(p)
    worst = judge_view(v, p.scores[-1][0], deals=64)
    assert worst is not None
    assert worst.label in ("mistake", "blunder"), (worst.loss, worst.lcb)
    assert worst.best_result.win >= worst.played_result.win
    assert "better" in worst.reason_en and "更好" in worst.reason_zh
    best = judge_view(v, p.best, deals=64)
    assert best is not None and best.label == "" and best.loss == 0.0
    assert best.reason_en.startswith("Good")
    assert position(p).turn == p.seat


def _dealer_record() -> tuple[HandRecord, int]:
    """An AI hand and its dealer (who buried)."""
    record = hand_record(ai_hand("classic", 3))
    bury = next(a for a in record.actions if isinstance(a, Bury))
    return record, bury.seat


def test_the_burial_is_judged_from_the_dealers_view() -> None:
    """The dealer's burial is one of its decisions: judged on the same deals as the burials the
    search weighs, told as a burial; the other hands scrambled (the same view) give the same
    judgement, only the hindsight may change."""
    record, dealer = _dealer_record()
    step = next(i for i, a in enumerate(record.actions) if isinstance(a, Bury))
    assert step in decisions(record, dealer)
    assert step not in decisions(record, (dealer + 1) % 4)
    made = record.actions[step]
    assert isinstance(made, Bury)
    m = judge_step(record, dealer, step, DEALS)
    assert m is not None and sorted(m.played) == sorted(made.cards) and len(m.best) == 8
    assert m.best_result.utility == pytest.approx(m.played_result.utility + m.loss)
    assert m.hindsight_best >= m.hindsight
    if m.loss:
        assert m.reason_en.startswith("Burying ") and m.reason_zh.startswith("扣")
    hand = _at(record, step)
    scrambled = copy.deepcopy(hand)
    others = [s for s in range(4) if s != dealer]
    a, b = scrambled.hands[others[0]], scrambled.hands[others[2]]
    both = sorted((a + b).elements(), reverse=True)
    na = sum(a.values())
    a.clear()
    b.clear()
    a.update(both[:na])
    b.update(both[na:])
    assert view(scrambled, dealer) == view(hand, dealer)
    again = judge_burial(scrambled, dealer, made.cards, DEALS, step)
    assert again is not None
    assert replace(again, hindsight=m.hindsight, hindsight_best=m.hindsight_best) == m


def test_the_worst_burial_of_a_burial_puzzle_is_flagged() -> None:
    """A shipped burial puzzle's worst candidate, buried: labelled, with a reason naming both
    burials; its best burial costs nothing."""
    burials = [p for p in PUZZLES if "burial" in p.themes]
    p = max(burials, key=lambda p: p.scores[0][1] - p.scores[-1][1])
    hand = position(p)
    worst = judge_burial(hand, p.seat, p.scores[-1][0], deals=64)
    assert worst is not None and worst.loss > 0
    assert worst.reason_en.startswith("Burying ") and "better" in worst.reason_en
    best = judge_burial(hand, p.seat, p.best, deals=64)
    assert best is not None and best.reason_en.startswith("Good")
    assert best.loss <= worst.loss


def _scrambled(hand: Hand, seat: int) -> Hand:
    """``hand`` with the unplayed cards of two seats other than ``seat`` swapped about (the
    same view for ``seat``)."""
    scrambled = copy.deepcopy(hand)
    others = [s for s in range(4) if s != seat]
    a, b = scrambled.hands[others[0]], scrambled.hands[others[2]]
    both = sorted((a + b).elements(), reverse=True)
    na = sum(a.values())
    a.clear()
    b.clear()
    a.update(both[:na])
    b.update(both[na:])
    assert scrambled.hands[others[0]] != hand.hands[others[0]]
    assert view(scrambled, seat) == view(hand, seat)
    return scrambled


@pytest.fixture(scope="module")
def called() -> tuple[HandRecord, int]:
    """A find-friend hand and the step of its dealer's friend call."""
    record = hand_record(ai_hand("find-friend", 3))
    return record, next(i for i, a in enumerate(record.actions) if isinstance(a, CallFriend))


def test_the_friend_call_is_judged_from_the_callers_view(called: tuple[HandRecord, int]) -> None:
    """The dealer's friend call is one of its decisions: judged on the same deals as the calls
    the search weighs, told as a call with the hint's reason; the other hands scrambled (the
    same view) give the same judgement, only the hindsight may change."""
    record, step = called
    made = record.actions[step]
    assert isinstance(made, CallFriend)
    dealer = made.seat
    assert step in decisions(record, dealer)
    assert step not in decisions(record, (dealer + 1) % 4)
    m = judge_step(record, dealer, step, DEALS)
    assert m is not None and m.played == (made.card,) and len(m.best) == 1
    assert m.best_result.utility == pytest.approx(m.played_result.utility + m.loss)
    assert m.label == next((n for n, at in LABELS if m.lcb >= at), "")
    assert m.hindsight_best >= m.hindsight
    if m.loss:
        assert m.reason_en.startswith("Calling the ") and "better. Call the " in m.reason_en
        assert m.reason_zh.startswith("叫") and "更好。叫" in m.reason_zh
    else:
        assert m.reason_en.startswith("Good: Call the ") and m.reason_zh.startswith("好棋：叫")
    hand = _at(record, step)
    again = judge_call(_scrambled(hand, dealer), dealer, made.card, DEALS, step)
    assert again is not None
    assert replace(again, hindsight=m.hindsight, hindsight_best=m.hindsight_best) == m
    # the review of the whole hand has it too, and the cached form keeps it
    r = review(record, dealer, deals=4)
    assert step in {x.step for x in r.moments}
    assert Review.from_dict(json.loads(json.dumps(r.to_dict()))) == r


def test_a_calls_label_needs_its_lower_bound(called: tuple[HandRecord, int]) -> None:
    """Two calls whose mean gap is a mistake's (0.5 levels): on steady deals the worse is
    labelled a mistake; on deals as noisy as the gap is large, its lower bound clears no
    threshold and it is not labelled at all, though it costs as much on average."""
    record, step = called
    made = record.actions[step]
    assert isinstance(made, CallFriend)
    v = view(_at(record, step), made.seat)
    other = next(c for c in ("AS", "AH", "AC", "AD") if c != made.card)
    cands = [[other], [made.card]]
    steady = [[(0.5, True, 1), (0.0, False, 0)] for _ in range(16)]
    noisy = [[(0.5 + (4 if i % 2 else -4), True, 1), (0.0, False, 0)] for i in range(16)]
    sure = _judged(v, cands, steady, 1, (made.card,), 16, step, "call")
    assert sure.loss == pytest.approx(0.5) and sure.label == "mistake"
    assert sure.reason_en.startswith("Calling the ")
    unsure = _judged(v, cands, noisy, 1, (made.card,), 16, step, "call")
    assert unsure.loss == pytest.approx(0.5) and unsure.lcb < LABELS[-1][1]
    assert unsure.label == ""


def test_the_public_evaluation_reads_public_cards_only(record: HandRecord) -> None:
    """The defenders' chance from what every seat sees: a chance, the same whatever the hidden
    hands are (scrambled between two seats), and it moves as tricks are played."""
    first = next(i for i, a in enumerate(record.actions) if isinstance(a, Play))
    chances = []
    for trick in range(0, 6):
        hand = _at(record, first + 4 * trick)
        v = view(hand, None)
        assert not v.hand and not v.trick
        win = public_win(v, 16)
        assert 0 <= win <= 1
        assert public_win(view(_scrambled(hand, 0), None), 16) == win
        chances.append(win)
    assert len(set(chances)) > 1, chances
    with pytest.raises(ValueError):
        public_win(view(_at(record, first - 1), None), 16)  # the burial: no play yet
    with pytest.raises(ValueError):
        public_win(view(_at(record, first), 0), 16)  # a seat's view: never
