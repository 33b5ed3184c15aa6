"""Per-seat views (engine.views) and the text table (engine.play) that plays through them."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from test_hand import QUIET_2, auto_to_end, deal, deal_all, stacked, to_bury

from engine.actions import Bury, CallFriend
from engine.bids import Bid
from engine.codec import decode, encode, plain
from engine.errors import RulesError
from engine.events import (
    KINDS,
    BidMade,
    BidPassed,
    BidRevealed,
    Buried,
    DealEnd,
    Dealt,
    FriendCalled,
    FriendRevealed,
    HandEnd,
    HandStart,
    KittyFlip,
    KittyPickup,
    Played,
    PlayStart,
    Redeal,
    ThrowFailed,
    TrickWon,
    TrumpSet,
)
from engine.hand import Hand, Setup
from engine.rules import PRESETS, preset
from engine.selfplay import play_random
from engine.views import View, view

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_typed_events_show_private_fields_to_their_own_seat_only(name: str) -> None:
    """``Event.for_seat`` on the typed events: a dealt card, a picked-up kitty and buried cards
    reach their own seat; every other seat and a spectator get the event with those fields
    None, and its JSON (what the server sends) without them."""
    hand = play_random(Hand(preset(name), Setup(5, ("2",) * 4, 1)), random.Random(5))
    private_kinds = set()
    for e in hand.events:
        owner = getattr(e.body, "seat", None)
        for seat in (0, 1, 2, 3, None):
            seen = e.for_seat(seat)
            if seen is None:
                assert e.to is not None and seat != e.to
                continue
            assert type(seen) is type(e.body)
            data = plain(seen)
            for field in e.body.PRIVATE:
                private_kinds.add(type(e.body))
                if seat is not None and seat == owner:
                    assert getattr(seen, field) == getattr(e.body, field) is not None
                else:
                    assert getattr(seen, field) is None and field not in data
            others = [f for f in e.body.__struct_fields__ if f not in e.body.PRIVATE]
            assert all(getattr(seen, f) == getattr(e.body, f) for f in others)
    assert Dealt in private_kinds and (Buried in private_kinds or not hand.rules.kitty_size)
    assert private_kinds <= {Dealt, KittyPickup, Buried}
    assert all(not k.PRIVATE or k in (Dealt, KittyPickup, Buried) for k in KINDS)


def test_a_view_round_trips_through_its_json() -> None:
    hand = play_random(Hand(preset("find-friend"), Setup(3, ("2",) * 4, 0)), random.Random(3))
    for seat in (0, 1, 2, 3, None):
        v = view(hand, seat)
        assert decode(encode(v), View) == v
        assert json.loads(encode(v)) == v.to_dict()


def test_own_hand_only_and_spectator_sees_no_hand() -> None:
    hand = stacked(preset("classic"), {0: ["BJ", "3S"], 1: ["AS"]}, kitty=QUIET_2)
    deal(hand, 8)
    v0, v1, spec = view(hand, 0), view(hand, 1), view(hand, None)
    assert Counter(v0.hand) == hand.hands[0] and Counter(v1.hand) == hand.hands[1]
    assert spec.hand == () and spec.actions == () and spec.legal_bids == ()
    assert v0.counts == (2, 2, 2, 2) and v0.dealt == 8 and not v0.deal_complete
    assert v0.trump_known is False and v0.trumps is None
    json.dumps(v0.to_dict())  # plain data


def test_hand_is_sorted_trumps_first_once_trump_is_known() -> None:
    hand = to_bury(preset("classic"), {0: ["3S", "AH", "KH"]})
    v = view(hand, 0)
    assert v.trump == "H" and v.trump_known
    trumps = v.trumps
    assert trumps is not None
    flags = [trumps.is_trump(c) for c in v.hand]
    assert flags == sorted(flags, reverse=True)  # every trump before every off-suit card
    assert v.hand[0] == "BJ"


def test_kitty_and_buried_are_the_dealers_alone() -> None:
    hand = to_bury(preset("classic"))
    kitty = tuple(hand.kitty)
    assert view(hand, 0).kitty == kitty and view(hand, 0).actions == ("bury",)
    for s in (1, 2, 3, None):
        v = view(hand, s)
        assert v.kitty == () and v.buried == () and v.actions == ()
    hand.apply(Bury(0, kitty))
    assert view(hand, 0).buried == kitty and view(hand, 0).kitty == ()
    assert all(view(hand, s).buried == () for s in (1, 2, 3, None))
    assert view(hand, 0).actions == ("play",) and view(hand, 1).actions == ()


def test_actions_and_legal_bids_follow_the_phase() -> None:
    hand = stacked(preset("classic"), {2: ["2H"]}, kitty=QUIET_2[:2] + QUIET_2[3:])
    deal(hand, 3)
    assert view(hand, 2).actions == ("bid",) and view(hand, 2).legal_bids == (("2H",),)
    assert view(hand, 1).actions == ()
    deal_all(hand)
    assert view(hand, 1).actions == ("pass-bid",)
    hand.apply(Bid(2, ("2H",)))
    assert hand.dealer == 2 and view(hand, 2).actions == ("bury",)


def test_check_play_and_candidates_from_the_view_alone() -> None:
    hand = to_bury(preset("classic"), {0: ["AS", "AS", "KS"]})
    hand.apply(Bury(0, tuple(hand.kitty)))
    v = view(hand, 0)
    v.check_play(["AS", "AS"])
    with pytest.raises(RulesError) as e:
        v.check_play(["AS", "3C" if "3C" in v.hand else "BJ"])
    assert e.value.code in ("lead-mixed-suits", "not-holding")
    assert ["AS", "AS"] in v.play_candidates()
    with pytest.raises(RulesError) as e:
        view(hand, 1).check_play(["AS"])
    assert e.value.code == "wrong-phase"
    assert view(hand, 1).play_candidates() == [] and view(hand, None).play_candidates() == []
    # every candidate the view offers is accepted by the engine
    for cards in v.play_candidates(limit=10):
        v.check_play(cards)


def test_friend_and_defenders_shown_once_revealed() -> None:
    hand = to_bury(preset("find-friend"), {0: ["AS"], 2: ["AS"]})
    hand.apply(Bury(0, tuple(hand.kitty)))
    hand.apply(CallFriend(0, "AS"))
    v = view(hand, 1)
    assert v.friend_card == "AS" and v.friend is None and v.defenders is None
    assert v.attacker_points is None
    auto_to_end(hand)
    v = view(hand, 1)
    assert v.defenders == (0, 2) and v.outcome is not None
    assert hand.outcome is not None
    assert v.outcome.attacker_points == hand.outcome.attacker_points


def test_fixed_partners_show_sides_and_points() -> None:
    hand = to_bury(preset("classic"))
    hand.apply(Bury(0, tuple(hand.kitty)))
    v = view(hand, 3)
    assert v.defenders == (0, 2) and v.attacker_points == 0 and v.leader == 0 and v.turn == 0


def _cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


@pytest.mark.parametrize("name", ["classic", "find-friend", "chaoshan"])
def test_cli_plays_a_whole_hand_through_a_pipe(name: str) -> None:
    run = _cli("--preset", name, "--seed", "4", "--seat", "1", "--auto", stdin="")
    assert run.returncode == 0, run.stderr
    assert "HAND OVER" in run.stdout and "result:" in run.stdout


def test_cli_answers_every_prompt_with_auto_choices() -> None:
    run = _cli("--seed", "9", stdin="a\n" * 3000)
    assert run.returncode == 0, run.stderr
    assert "result:" in run.stdout and "your hand" in run.stdout


def test_cli_refuses_illegal_input_bilingually_and_exits_on_eof() -> None:
    run = _cli("--preset", "one-deck", "--seed", "3", stdin="h\nxx\n")
    assert run.returncode == 0, run.stderr
    assert "unknown card 'xx' / 无法识别的牌 'xx'" in run.stdout
    assert "candidates:" in run.stdout and "end of input" in run.stdout


SAMPLES: dict[type, object] = {
    HandStart: HandStart(1, None, "2"),
    Dealt: Dealt(0, "AS"),
    DealEnd: DealEnd(8),
    BidMade: BidMade(1, ("2H",)),
    BidRevealed: BidRevealed(1, ("2H", "2H")),
    BidPassed: BidPassed(2),
    Redeal: Redeal("no bid"),
    TrumpSet: TrumpSet("H", "2", 1, "bid", Bid(1, ("2H",))),
    KittyPickup: KittyPickup(1, ("3C",) * 8),
    KittyFlip: KittyFlip(("3C", "2D")),
    Buried: Buried(1, ("KS",), ("KS",) * 8),
    FriendCalled: FriendCalled(1, "AS"),
    PlayStart: PlayStart(1),
    Played: Played(1, ("AS",)),
    FriendRevealed: FriendRevealed(3),
    ThrowFailed: ThrowFailed(1, ("AS", "KS"), ("KS",), 10),
    TrickWon: TrickWon(1, 20),
    HandEnd: HandEnd(("5C",), True, 2, 60, 80, "attackers", 0, True, (1, 3), 2),
}


def test_the_text_table_describes_every_event_kind() -> None:
    """``engine.play.describe`` matches on every kind (``assert_never`` makes a type checker
    flag a new one); here every kind, as its own seat and as another sees it, is described."""
    from engine.events import Event
    from engine.play import describe

    assert set(SAMPLES) == set(KINDS)
    for body in SAMPLES.values():
        event = Event(body)  # type: ignore[arg-type]
        for seat in (1, 2):
            seen = event.for_seat(seat)
            assert seen is not None
            line = describe(seen, seat)
            assert line is None or isinstance(line, str)
    assert describe(Dealt(0, "AS"), 0) == "you are dealt AS"
    assert describe(Dealt(0), 1) is None
