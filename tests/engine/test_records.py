"""Hand records (engine.records): the JSON form, replay to an identical snapshot, bad records."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import msgspec
import pytest

from engine.actions import (
    AutoPlay,
    Bury,
    CallFriend,
    DealCard,
    PassBid,
    Play,
    action_from_dict,
    action_to_dict,
)
from engine.bids import Bid
from engine.errors import RulesError
from engine.events import Event, HandStart
from engine.hand import Hand, Setup
from engine.records import (
    FORMAT,
    Branch,
    HandRecord,
    PracticeStart,
    dumps,
    hand_record,
    loads,
    replay,
)
from engine.rules import PRESETS, preset
from engine.selfplay import play_hand, random_player

DATA = Path(__file__).parent / "data"


def played(name: str, seed: int, dealer: int | None = None) -> Hand:
    hand = Hand(preset(name), Setup(seed, ("2", "2", "2", "2"), dealer))
    return play_hand(hand, [random_player] * 4, random.Random(seed))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_replay_gives_an_identical_snapshot(name: str) -> None:
    hand = played(name, 12)
    data = json.loads(json.dumps(hand_record(hand).to_dict()))  # through real JSON
    assert data["format"] == FORMAT and data["rules"]["preset"] == name
    record = HandRecord.from_dict(data)
    assert record == hand_record(hand)
    again = replay(record)
    assert again.snapshot() == hand.snapshot()
    assert hand_record(again).to_dict() == data


def test_the_app_keys_travel_in_the_record() -> None:
    """The seat, names, a practice's start and its branches come back as they were written;
    a record without them has none (and writes none)."""
    hand = played("classic", 7)
    plain = hand_record(hand)
    assert set(plain.to_dict()) == {"format", "rules", "setup", "actions", "events"}
    record = dataclasses.replace(
        plain,
        seat=2,
        names=("A", "B", "C", "D"),
        practice=PracticeStart(5, "CODE"),
        branches=(Branch(9, plain.actions[:12]),),
    )
    data = json.loads(json.dumps(record.to_dict()))
    assert data["practice"] == {"from": 5, "code": "CODE"} and data["branches"][0]["at"] == 9
    assert HandRecord.from_dict(data) == record
    # a seat or names another version wrote badly are left out, not refused
    odd = HandRecord.from_dict({**data, "seat": 7, "names": ["A", 2]})
    assert odd.seat is None and odd.names is None


def test_a_partial_hand_replays_too() -> None:
    hand = Hand(preset("classic"), Setup(4, ("2",) * 4, 1))
    for _ in range(30):
        hand.apply(DealCard())
    assert loads(dumps(hand)).snapshot() == hand.snapshot()


def test_rule_overrides_travel_in_the_record() -> None:
    rules = preset("classic").with_options(throw_penalty=10, twos_trump=True)
    hand = Hand(rules, Setup(8, ("3",) * 4, 2, hand_no=4))
    play_hand(hand, [random_player] * 4, random.Random(8))
    again = loads(dumps(hand))
    assert again.rules == rules and again.setup == hand.setup
    assert again.snapshot() == hand.snapshot()


def test_auto_play_is_recorded_as_the_action_it_chose() -> None:
    hand = Hand(preset("classic"), Setup(4, ("2",) * 4, 1))
    while not hand.deal_complete:
        hand.apply(DealCard())
    chosen = hand.auto_action(0)  # with no bid standing, 托管 bids its longest legal bid
    hand.apply(AutoPlay(0))
    recorded = hand_record(hand).to_dict()["actions"][-1]
    assert recorded == action_to_dict(chosen)
    assert recorded["type"] in ("bid", "pass-bid") and recorded["seat"] == 0


@pytest.mark.parametrize(
    "action",
    [
        DealCard(),
        Bid(1, ("2H", "2H")),
        PassBid(3),
        Bury(0, ("3S", "4S")),
        CallFriend(2, "AS"),
        Play(1, ("TH", "TH")),
        AutoPlay(2),
    ],
)
def test_action_json_round_trip(action: object) -> None:
    data = action_to_dict(action)  # type: ignore[arg-type]
    assert action_from_dict(json.loads(json.dumps(data))) == action


def test_event_round_trip_keeps_visibility() -> None:
    hand = played("four-deck", 3)
    for e in hand.events:
        back = Event.from_dict(json.loads(json.dumps(e.to_dict())))
        assert back == e
        assert all(back.for_seat(s) == e.for_seat(s) for s in (0, 1, 2, 3, None))


@pytest.mark.parametrize(
    "record",
    [
        None,
        {},
        {"format": "tuolaji-hand/0"},
        {"format": FORMAT, "rules": "classic"},
        {"format": FORMAT, "rules": "classic", "setup": {"levels": ["2"] * 4}},
        {
            "format": FORMAT,
            "rules": "classic",
            "setup": {"seed": 1, "levels": ["2"] * 4},
            "actions": {},
        },
        {"format": FORMAT, "rules": "nope", "setup": {"seed": 1, "levels": ["2"] * 4}},
        {
            "format": FORMAT,
            "rules": "classic",
            "setup": {"seed": 1, "levels": ["2"] * 4},
            "events": [{"type": "?"}],
        },
        {
            "format": FORMAT,
            "rules": "classic",
            "setup": {"seed": 1, "levels": ["2"] * 4},
            "branches": [{"at": 1}],
        },
    ],
)
def test_bad_records_are_malformed(record: object) -> None:
    with pytest.raises(RulesError) as e:
        HandRecord.from_dict(record)
    assert e.value.code == "malformed" and e.value.zh


def test_an_illegal_action_in_a_record_names_its_index() -> None:
    data = hand_record(played("classic", 5, dealer=0)).to_dict()
    data["actions"].insert(3, {"type": "play", "seat": 0, "cards": ["AS"]})
    with pytest.raises(RulesError) as e:
        replay(HandRecord.from_dict(data))
    assert e.value.code == "malformed" and "actions[3]" in e.value.en


def test_a_tampered_record_does_not_replay_identically() -> None:
    hand = played("classic", 6)
    record = hand_record(hand)
    record = dataclasses.replace(
        record, setup=dataclasses.replace(record.setup, seed=record.setup.seed + 1)
    )
    try:
        again = replay(record)
    except RulesError:
        return  # the actions no longer fit the new deal
    assert again.snapshot() != hand.snapshot()


def test_a_record_written_before_typed_events_still_replays() -> None:
    """tests/engine/data/record-v1-old-events.json was written by the engine whose events were
    dicts (main at f2fef42): its actions replay to the same events, and its stored events read
    as typed events (a bid inside ``trump`` had no ``type`` then)."""
    old = json.loads((DATA / "record-v1-old-events.json").read_text(encoding="utf-8"))
    trump = next(e for e in old["events"] if e["type"] == "trump")
    assert trump["bid"] is not None and "type" not in trump["bid"]
    hand = replay(HandRecord.from_dict(old))
    assert hand.outcome is not None
    assert [action_to_dict(a) for a in hand.actions] == old["actions"]
    read = [Event.from_dict(e) for e in old["events"]]
    # the seats' levels came into the hand's start later: an old record leaves them out
    start = hand.events[0]
    assert isinstance(start.body, HandStart) and start.body.levels == ("2",) * 4
    now = [Event(msgspec.structs.replace(start.body, levels=())), *hand.events[1:]]
    assert read == now
    for seat in (0, 1, 2, 3, None):
        assert [e.for_seat(seat) for e in read] == [e.for_seat(seat) for e in now]
