"""The hand review (issue 35, part 3) on the real QML and the real worker pool: an offline hand
played to its end is reviewed in the background and cached; the result panel opens the review at
once; the graph's marks and the costliest decisions show; a mark opens the replay at that
decision, "Retry" opens practice just before it; a saved hand from the replay list is judged
with a progress bar; a burial and a friend call are named so."""

from __future__ import annotations

from typing import Any

import pytest

from app.practice import PracticeSession
from app.review import cache_path
from app.screenshots import wait_until
from app.session import ReplaySession, list_records, read_record, save_record
from engine.actions import Bury, CallFriend
from engine.records import HandRecord, replay
from engine.review import decisions
from tests.app.tablekit import click, item, items, play_until

DEALS = 6  # a quick review: the screen's behaviour does not depend on the budget


def _hand_reviewed(ui: Any) -> HandRecord:
    ui.app.review.deals = DEALS
    play_until(ui, lambda: ui.table.hud.phase == "done", seed=4)
    assert wait_until(lambda: bool(list_records()), 10)
    path = list_records()[0]
    record = read_record(path)
    # judged in the background as the hand ended, one decision at a time in the worker pool
    assert wait_until(lambda: cache_path(record, 0).exists(), 120), "no background review"
    return record


def test_offline_hand_reviewed_in_background_then_shown_jump_and_retry(ui, qtbot) -> None:
    record = _hand_reviewed(ui)
    review = ui.app.review
    assert ui.app.reviewHand()
    assert review.state == "ready"  # the cached one: no second run
    moments = review.moments
    judged = set(decisions(record, 0))
    assert moments and {m["step"] for m in moments} <= judged
    assert all(0 <= m["win"] <= 1 and m["reason"] for m in moments)
    assert "decisions judged" in review.summary

    ui.window.setProperty("screen", "review")
    qtbot.waitUntil(lambda: bool(items(ui, "reviewGraph")))
    qtbot.wait(50)
    marks = [
        it for it in items(ui, "reviewGraph")[0].childItems() if it.objectName().startswith("mark_")
    ]
    assert len(marks) == len(moments)
    cards = [it for it in items(ui, "costly_0") + items(ui, "costly_1") + items(ui, "costly_2")]
    assert len(cards) == len(review.costliest) <= 3

    # a mark opens the replay just before that decision: the seat is to play there
    target = moments[len(moments) // 2]
    click(qtbot, ui, item(ui, f"mark_{len(moments) // 2}"))
    qtbot.waitUntil(lambda: isinstance(ui.app.session, ReplaySession))
    assert ui.window.property("screen") == "table"
    session = ui.app.session
    assert session.view.turn == 0
    shown = replay(record.upto(target["step"]))
    assert session.view.trick == (tuple(shown.trick.plays) if shown.trick else ())
    assert len(session.view.tricks) == target["trick"] - 1

    # retry: practice opens at that decision, the player's turn
    review.retry(target["step"])
    qtbot.waitUntil(lambda: isinstance(ui.app.session, PracticeSession))
    practice = ui.app.session
    assert wait_until(lambda: practice.view is not None and practice.view.turn == 0, 10)
    assert len(practice.view.tricks) == target["trick"] - 1
    assert sorted(practice.view.hand) == sorted(shown.hands[0].elements())


def test_saved_hand_judged_with_progress_bar(ui, qtbot) -> None:
    record = _hand_reviewed(ui)
    cache_path(record, 0).unlink()  # judged again, now in the foreground
    ui.app.set_session(None)
    ui.app.refreshRecords()
    ui.window.setProperty("screen", "replays")
    qtbot.waitUntil(lambda: bool(items(ui, "reviewRecord_0")))
    qtbot.wait(50)
    seen: list[float] = []
    ui.app.review.progressChanged.connect(lambda: seen.append(ui.app.review.progress))
    click(qtbot, ui, item(ui, "reviewRecord_0"))
    qtbot.waitUntil(lambda: ui.window.property("screen") == "review")
    assert ui.app.review.state == "running"
    assert item(ui, "reviewProgress").property("visible")
    assert wait_until(lambda: ui.app.review.state == "ready", 120)
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    assert cache_path(record, 0).exists()
    assert str(item(ui, "reviewSummary").property("text")) == ui.app.review.summary


@pytest.mark.parametrize(
    ("preset", "kind", "title", "title_zh"),
    [
        ("classic", Bury, "Mistake · burial", "· 扣底"),
        ("find-friend", CallFriend, "Mistake · friend call", "· 找朋友"),
    ],
)
def test_a_burial_or_call_among_the_costliest_is_called_so(
    ui: Any, qtbot: Any, preset: str, kind: type, title: str, title_zh: str
) -> None:
    """The dealer's burial and friend call are among its reviewed decisions: a costly one is
    shown as the burial or the call, not as a trick (the review here is a cached one, as the
    judge would write it)."""
    import json

    from engine.puzzles.mine import ai_hand
    from engine.review import Expected, Moment, Review

    hand = ai_hand(preset, 3)
    dealer = hand.dealer
    assert dealer is not None
    path = save_record(hand, dealer)
    record = read_record(path)
    step = next(i for i, a in enumerate(record.actions) if isinstance(a, kind))
    made = record.actions[step]
    assert isinstance(made, Bury | CallFriend) and step in decisions(record, dealer)
    cards = made.cards if isinstance(made, Bury) else (made.card,)
    worse, better = Expected(-1.0, 0.3, -1.0), Expected(0.0, 0.6, 0.5)
    moment = Moment(
        step,
        0,
        cards,
        cards,
        worse,
        better,
        1.0,
        0.9,
        6,
        "mistake",
        "It cost 1.0 levels on average.",
        "平均少得 1.0 级。",
        0.0,
        0.0,
    )
    cache_path(record, dealer).write_text(
        json.dumps(Review(dealer, 6, (moment,)).to_dict()), encoding="utf-8"
    )
    assert ui.app.review.openPath(str(path))
    ui.window.setProperty("screen", "review")
    qtbot.waitUntil(lambda: bool(items(ui, "costly_0")))
    texts = [str(t.property("text")) for t in _texts(item(ui, "costly_0"))]
    assert title in texts, texts
    ui.settings.language = "zh_CN"
    qtbot.wait(30)
    texts = [str(t.property("text")) for t in _texts(item(ui, "costly_0"))]
    assert any(t.endswith(title_zh) for t in texts), texts
    ui.settings.language = "en"


def _texts(root: Any) -> list[Any]:
    from tests.app.tablekit import descendants

    return [it for it in descendants(root) if it.property("text") is not None]


def test_a_bid_among_the_costliest_shows_what_was_bid_and_retries(ui: Any, qtbot: Any) -> None:
    """The seat's bids are among its reviewed decisions (judged for real by the worker's task,
    here with few deals): one among the costliest is titled as bidding, says what was bid and
    the best bid, in English and 简体中文, and "Retry" opens practice at that card with the bid
    to make again."""
    import dataclasses
    import json

    from engine.bids import Bid
    from engine.puzzles.mine import ai_hand
    from engine.review import Review, judge_step

    hand = ai_hand("classic", 1)
    bids = [a for a in hand.actions if isinstance(a, Bid)]
    seat = max({b.seat for b in bids}, key=lambda s: sum(b.seat == s for b in bids))
    path = save_record(hand, seat)
    record = read_record(path)
    step = next(i for i, a in enumerate(record.actions) if isinstance(a, Bid) and a.seat == seat)
    made = record.actions[step]
    assert isinstance(made, Bid) and step in decisions(record, seat)
    judged = judge_step(record, seat, step, 4)
    assert judged is not None and judged.kind == "bid" and judged.played == made.cards
    # a mistake, whatever the few deals said, so that it is among the costliest
    moment = dataclasses.replace(judged, label="mistake", loss=1.0, best=())
    cache_path(record, seat).write_text(
        json.dumps(Review(seat, 4, (moment,)).to_dict()), encoding="utf-8"
    )
    assert ui.app.review.openPath(str(path))
    ui.window.setProperty("screen", "review")
    qtbot.waitUntil(lambda: bool(items(ui, "costly_0")))
    assert (
        len([it for it in items(ui, "reviewGraph")[0].childItems() if it.objectName() == "mark_0"])
        == 1
    )
    texts = [str(t.property("text")) for t in _texts(item(ui, "costly_0"))]
    assert "Mistake · bidding" in texts, texts
    bid_line = str(item(ui, "bidMade").property("text"))
    shown = " ".join(c[0] + {"D": "♦", "H": "♥", "S": "♠", "C": "♣"}[c[1]] for c in made.cards)
    assert bid_line == f"Your bid: {shown} · best: No bid", bid_line
    assert any(t.startswith("Hindsight (all cards open): the best bid") for t in texts), texts
    ui.settings.language = "zh_CN"
    qtbot.wait(30)
    texts = [str(t.property("text")) for t in _texts(item(ui, "costly_0"))]
    assert any(t.endswith("· 亮主") for t in texts), texts
    assert "不亮" in str(item(ui, "bidMade").property("text"))
    ui.settings.language = "en"
    qtbot.wait(30)

    # retry: practice opens at that card of the deal, the seat free to bid again
    ui.app.review.retry(step)
    qtbot.waitUntil(lambda: isinstance(ui.app.session, PracticeSession))
    practice = ui.app.session
    assert practice.match.hand.actions[:step] == list(record.actions[:step])
    if len(practice.match.hand.actions) == step:  # the deal has not gone on yet
        assert practice.view is not None and "bid" in practice.view.actions
        assert made.cards in practice.view.legal_bids  # the bid is there to make again
