"""The judge CLI, run as a real subprocess: one long-lived process answers many lines."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.order import Trumps
from engine.shapes import decompose

ROOT = Path(__file__).resolve().parents[2]


class Judge:
    """A running ``python -m engine.judge``: send one line, read exactly one line back."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "engine.judge"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )

    def raw(self, line: bytes) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line.replace(b"\n", b" ") + b"\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        assert reply.endswith(b"\n"), f"no answer to {line!r} (process ended?)"
        out = json.loads(reply)
        assert isinstance(out, dict) and isinstance(out["ok"], bool)
        return out

    def ask(self, query: Any) -> dict[str, Any]:
        return self.raw(json.dumps(query, ensure_ascii=False).encode("utf-8"))

    def close(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def judge() -> Iterator[Judge]:
    j = Judge()
    yield j
    assert j.close() == 0


def q(kind: str, level: Any = "10", trump: str = "H", rules: Any = "classic", **fields: Any) -> Any:
    return {"query": kind, "rules": rules, "level": level, "trump": trump, **fields}


def ok(out: dict[str, Any]) -> dict[str, Any]:
    assert out["ok"] is True, out
    return out


def split(text: str) -> list[str]:
    return text.split()


def pts(*plays: list[str]) -> int:
    """Points by RULES §1: every 5 is 5, every T and K is 10."""
    return sum({"5": 5, "T": 10, "K": 10}.get(c[0], 0) for p in plays for c in p)


# -- shape --------------------------------------------------------------------------------


def test_shape_throw_of_9_88_44(judge: Judge) -> None:
    out = ok(judge.ask(q("shape", cards=split("9S 8S 8S 4S 4S"))))
    assert out["suit"] == "S"
    kinds = [(c["tuple"], c["length"], c["cards"]) for c in out["components"]]
    assert kinds == [(2, 1, ["8S", "8S"]), (2, 1, ["4S", "4S"]), (1, 1, ["9S"])]


@pytest.mark.parametrize(
    ("level", "cards", "tractor"),
    [
        ("5", "3S 3S 4S 4S", True),
        ("5", "4S 4S 6S 6S", True),  # the level rank 5 is skipped
        ("5", "5S 5S 6S 6S", False),  # a level card sits above the A
        ("5", "AH AH 5S 5S", True),  # trump A + off-suit level pair (trump H)
        ("10", "JS JS TS TS", False),  # the T is a trump
        ("10", "AS AS 2S 2S", False),  # no wrap-around
    ],
)
def test_shape_tractors_of_rules_3(judge: Judge, level: str, cards: str, tractor: bool) -> None:
    out = ok(judge.ask(q("shape", level=level, cards=split(cards))))
    assert (out["components"][0]["length"] >= 2) is tractor


def test_shape_accepts_10_and_prints_canonical(judge: Judge) -> None:
    out = ok(judge.ask(q("shape", level="3", trump="s", cards=["10h", "10H", "jh", "JH"])))
    assert out["suit"] == "H"
    assert out["components"] == [{"tuple": 2, "length": 2, "cards": ["JH", "JH", "TH", "TH"]}]
    out = ok(judge.ask(q("shape", level=10, trump="none", cards=["10h"])))
    assert out["suit"] == "T" and out["components"][0]["cards"] == ["TH"]


def test_shape_mixed_lists_every_suit_largest_first(judge: Judge) -> None:
    cards = split("BJ SJ 9S 8S 8S 3D 3D 4D 4D TH")
    out = ok(judge.ask(q("shape", cards=cards)))
    assert out["suit"] == "mixed"
    comps = out["components"]
    assert sorted(c for comp in comps for c in comp["cards"]) == sorted(cards)
    trumps = Trumps.parse("10", "H")
    expected = sorted(
        [c for s in "TSHCD" for c in decompose([x for x in cards if trumps.suit(x) == s], trumps)],
        key=lambda c: (c.length >= 2, c.size, c.length),
        reverse=True,
    )
    assert [(c["tuple"], c["length"]) for c in comps] == [(c.size, c.length) for c in expected]
    assert comps[0]["cards"] == ["4D", "4D", "3D", "3D"]


# -- trick: RULES §7 examples (004) ----------------------------------------------------------

RUFF_TRICKS = [
    # trump 9988 7 2 ruffs off-suit A K 5544 ...
    (["AS KS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H"], 1),
    # ... but not AA 5544 (the ruff has one pair-tractor, the lead a tractor and a pair)
    (["AS AS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2H"], 0),
    # trump 9 77 ruffs 5 44, and 88 4 over-ruffs it
    (["5S 4S 4S", "9H 7H 7H", "8H 8H 4H"], 2),
    # trump 9 77 ruffs 5 6 7, and 88 4 does not over-ruff it
    (["5S 6S 7S", "9H 7H 7H", "8H 8H 4H"], 1),
]


@pytest.mark.parametrize(("plays", "won_by"), RUFF_TRICKS)
@pytest.mark.parametrize("leader", [0, 3])
def test_rules_7_ruffs(judge: Judge, plays: list[str], won_by: int, leader: int) -> None:
    out = ok(judge.ask(q("trick", leader=leader, plays=[split(p) for p in plays])))
    assert [p["seat"] for p in out["plays"]] == [(leader + i) % 4 for i in range(len(plays))]
    assert all(p["legal"] and p["reason"] is None for p in out["plays"])
    assert out["winner"] == (leader + won_by) % 4
    assert out["complete"] is False
    assert out["points"] == pts(*[split(p) for p in plays])


def test_complete_trick_with_hands_and_an_over_ruff(judge: Judge) -> None:
    hands = [
        split("AS KS 5S 5S 4S 4S 2C"),
        split("9H 9H 8H 8H 7H 2H 3C"),
        split("6S 6S 7S 8S 9S JS 3D"),
        split("QH QH JH JH TH 3H 4D"),
    ]
    plays = [h[:6] for h in hands]
    out = ok(judge.ask(q("trick", leader=0, hands=hands, plays=plays)))
    assert [p["legal"] for p in out["plays"]] == [True] * 4
    assert out["winner"] == 3 and out["complete"] is True
    assert out["points"] == pts(*plays) == 30


def test_equal_ruffs_the_earlier_wins(judge: Judge) -> None:
    # level 10, trump H: the off-suit level cards TC and TD share one order position
    out = ok(judge.ask(q("trick", leader=2, plays=[["AS"], ["TC"], ["2S"], ["TD"]])))
    assert out["winner"] == 3 and out["complete"] is True and out["points"] == 20


# -- trick: RULES §5 throw example (004, level 10) ----------------------------------------------

THROW = split("9S 8S 8S 4S 4S")


@pytest.mark.parametrize(
    ("holding", "forced"),
    [
        ("JS 2S 3D 4D 6D", ["9S"]),
        ("QS QS 3D 4D 6D", ["4S", "4S"]),
        ("5S 5S 3D 4D 6D", ["4S", "4S"]),
        ("7S 2S 3D 4D 6D", None),
    ],
)
def test_rules_5_throw(judge: Judge, holding: str, forced: list[str] | None) -> None:
    third = split("2C 3C 4C 6C 7C")
    hands = [[*THROW, "2D"], split(holding), third, split("5D 7D 8D 9D JD")]
    stands = forced or THROW
    follows = [split(holding)[: len(stands)], third[: len(stands)]]
    out = ok(judge.ask(q("trick", leader=0, hands=hands, plays=[THROW, *follows])))
    lead = out["plays"][0]
    assert lead["legal"] is True and lead["cards"] == stands
    if forced is None:
        assert lead["reason"] is None and "attempted" not in lead
    else:
        assert lead["reason"] == "throw-failed"
        assert lead["attempted"] == THROW
        assert set(lead["message"]) == {"en", "zh"}
    assert [p["legal"] for p in out["plays"]] == [True, True, True]
    assert out["points"] == pts(stands, *follows)


def test_failed_throw_then_follow_must_match_the_forced_lead(judge: Judge) -> None:
    hands = [[*THROW, "2D"], split("QS QS 3S 3H"), split("2C 3C 4C"), split("5D 6D 7D")]
    out = ok(judge.ask(q("trick", leader=0, hands=hands, plays=[THROW, THROW])))
    assert out["plays"][1]["reason"] == "wrong-count"
    out = ok(judge.ask(q("trick", leader=0, hands=hands, plays=[THROW, ["QS", "3S"]])))
    assert out["plays"][1] == {**out["plays"][1], "legal": False, "reason": "must-follow-pair"}


def test_illegal_follow_stops_judging(judge: Judge) -> None:
    hands = [split("AS KS"), split("2S 3H"), split("4S 5S"), split("6S 7S")]
    plays = [["AS"], ["3H"], ["4S"], ["6S"]]
    out = ok(judge.ask(q("trick", leader=0, hands=hands, plays=plays)))
    assert [p["legal"] for p in out["plays"]] == [True, False]
    assert out["plays"][1]["reason"] == "must-follow-suit"
    assert out["plays"][1]["cards"] == ["3H"]
    assert out["winner"] is None and out["complete"] is False


def test_lead_not_held_or_mixed(judge: Judge) -> None:
    hands = [split("AS KS"), split("2S 3H"), split("4S 5S"), split("6S 7S")]
    out = ok(judge.ask(q("trick", leader=0, hands=hands, plays=[["QS"]])))
    assert out["plays"][0]["legal"] is False and out["plays"][0]["reason"] == "not-holding"
    out = ok(judge.ask(q("trick", leader=2, plays=[["4S", "5D"]])))
    assert out["plays"] == [{**out["plays"][0], "seat": 2, "legal": False}]
    assert out["plays"][0]["reason"] == "lead-mixed-suits"


def test_without_hands_only_the_count_is_checked(judge: Judge) -> None:
    out = ok(judge.ask(q("trick", leader=1, plays=[["AS", "AS"], ["3D"]])))
    assert out["plays"][1]["reason"] == "wrong-count" and out["plays"][1]["seat"] == 2
    out = ok(judge.ask(q("trick", leader=1, plays=[["AS", "AS"], ["3D", "2S"]])))
    assert out["winner"] == 1


# -- bid ------------------------------------------------------------------------------------


def bid(current: tuple[int, str] | None, seat: int, cards: str, rules: str = "classic") -> Any:
    cur = None if current is None else {"seat": current[0], "cards": split(current[1])}
    return q(
        "bid", level="5", trump="none", rules=rules, current=cur, seat=seat, cards=split(cards)
    )


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        (bid(None, 0, "5H"), None),
        (bid((0, "5H"), 1, "5S"), "bid-too-weak"),
        (bid((0, "5H"), 1, "5S 5S"), None),
        (bid((0, "5S 5S"), 1, "SJ SJ"), None),
        (bid((0, "BJ BJ"), 1, "SJ SJ"), "bid-too-weak"),
        (bid((0, "5H"), 0, "5H 5H"), None),  # 自保
        (bid(None, 0, "6H"), "bid-not-level"),
        (bid(None, 0, "5H 5S"), "bid-mixed"),
        (bid((2, "5H"), 3, "5S", "one-deck"), "bid-closed"),
        (bid((2, "5H"), 2, "5S 5S", "four-deck"), "bid-self"),
    ],
)
def test_bid(judge: Judge, query: Any, reason: str | None) -> None:
    out = ok(judge.ask(query))
    assert out["valid"] is (reason is None) and out["reason"] == reason
    assert ("message" in out) is (reason is not None)


# -- result ---------------------------------------------------------------------------------

KITTY = split("KH TH 5D 2C 3C 4C 6C 7C")  # 25 points


def result(won_by: str, cards: str, points: int = 60, rules: Any = "classic") -> Any:
    last = {"won_by": won_by, "cards": split(cards)}
    return q("result", level="5", trump="S", rules=rules, trick_points=points, kitty=KITTY,
             last_trick=last)  # fmt: skip


def test_result_kitty_captured_by_a_pair_tractor(judge: Judge) -> None:
    out = ok(judge.ask(result("attackers", "3H 3H 4H 4H")))
    # ×8, 60 + 200 = 260: 120-155 attackers +1, each further 40 +1 more -> +4
    assert out == {
        "ok": True,
        "multiplier": 8,
        "attacker_points": 260,
        "winner": "attackers",
        "levels": 4,
        "dealer_passes": True,
    }


def test_result_defenders_keep_the_kitty(judge: Judge) -> None:
    out = ok(judge.ask(result("defenders", "3H 3H 4H 4H")))
    assert out["multiplier"] == 8 and out["attacker_points"] == 60
    assert (out["winner"], out["levels"], out["dealer_passes"]) == ("defenders", 1, False)


@pytest.mark.parametrize(
    ("cards", "multiplier"),
    [("AS", 2), ("AH AH", 4), ("AH AH 3H", 4), ("6H 6H 7H 7H 8H 8H", 16), ("3H 3H KH 6H", 4)],
)
def test_result_multiplier_by_largest_component(judge: Judge, cards: str, multiplier: int) -> None:
    out = ok(judge.ask(result("attackers", cards, points=0)))
    assert out["multiplier"] == multiplier
    assert out["attacker_points"] == 25 * multiplier


def test_result_zero_points_and_lianzhong(judge: Judge) -> None:
    rules = {"preset": "classic", "level_table": "lianzhong-40"}
    out = ok(judge.ask(result("defenders", "AS", points=0, rules=rules)))
    assert (out["winner"], out["levels"]) == ("defenders", 3)
    out = ok(judge.ask(result("defenders", "AS", points=80, rules=rules)))
    assert (out["winner"], out["levels"]) == ("attackers", 1)


# -- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "error"),
    [
        (q("trick", leader=0, plays=[["AS"], ["XZ"]]), "plays[1][0]: unknown card 'XZ'"),
        (q("shape", level="Z", cards=["AS"]), "level: unknown rank 'Z'"),
        (q("shape", trump="X", cards=["AS"]), "trump: unknown trump suit 'X'"),
        (q("shape", rules="nope", cards=["AS"]), "rules: unknown preset 'nope'"),
        (q("shape", rules={"decks": "two"}, cards=["AS"]), "rules: bad value 'two'"),
        (q("shape", rules={"colour": 1}, cards=["AS"]), "rules: unknown rule option 'colour'"),
        (q("shape", cards="AS"), "cards: expected a list"),
        (q("shape", cards=["AS", 5]), "cards[1]: expected a card string"),
        (q("shape", cards=["AS"], extra=1), "extra: unknown field"),
        ({"query": "shape", "rules": "classic", "level": "2", "cards": []}, "trump: missing"),
        (q("shape", cards=["AS", "AS", "AS"]), "cards: 3 copies of AS but only 2 decks"),
        (q("trick", leader=4, plays=[["AS"]]), "leader: seat must be 0, 1, 2 or 3"),
        (q("trick", leader=True, plays=[["AS"]]), "leader: expected an integer"),
        (q("trick", leader=0, plays=[]), "plays: expected 1 to 4 plays"),
        (q("trick", leader=0, plays=[["AS"]], hands=[[]]), "hands: expected 4 hands"),
        (q("bid", current={"seat": 9, "cards": []}, seat=0, cards=[]), "current.seat: seat must"),
        (q("bid", current=None, seat="0", cards=["2S"]), "seat: expected an integer"),
        (q("result", trick_points=7, kitty=[], last_trick={}), "trick_points: expected a mult"),
        (q("result", trick_points=5, kitty=[], last_trick={}), "kitty: expected 8 cards"),
        (q("fold"), 'query: unknown query "fold"'),
        ([1, 2], "a query is a JSON object"),
    ],
)
def test_errors_name_the_field(judge: Judge, query: Any, error: str) -> None:
    out = judge.ask(query)
    assert out["ok"] is False and out["error"].startswith(error), out


def test_id_is_echoed_on_success_and_failure(judge: Judge) -> None:
    assert judge.ask({**q("shape", cards=["AS"]), "id": "a1"})["id"] == "a1"
    out = judge.ask({**q("shape", cards=["ZZ"]), "id": [7]})
    assert out["id"] == [7] and out["ok"] is False


def test_not_json_and_not_utf8(judge: Judge) -> None:
    for line in (b"", b"not json", b"{", b"\xff\xfe", b"NaN", b'{"query": Infinity}'):
        out = judge.raw(line)
        assert out["ok"] is False and out["code"] == "malformed"


# -- fuzz -------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
VALID = {
    "shape": q("shape", cards=split("AS KS")),
    "trick": q("trick", leader=0, plays=[["AS"], ["2S"]], hands=[["AS"], ["2S"], [], []]),
    "bid": q("bid", level="2", current=None, seat=0, cards=["2S"]),
    "result": q("result", trick_points=0, kitty=KITTY, last_trick={"won_by": "defenders",
                                                                   "cards": ["AS"]}),
}  # fmt: skip
not_int = st.none() | st.booleans() | st.floats() | st.text(max_size=3) | st.lists(st.integers())
not_str = st.none() | st.booleans() | st.integers() | st.lists(st.text(max_size=2))
not_cards = (
    st.none()
    | st.integers()
    | st.text(max_size=4)
    | st.lists(st.none() | st.integers() | st.text(alphabet="XYZ01", min_size=1), min_size=1)
)
WRONG = {
    "rules": not_int.filter(lambda v: not isinstance(v, str)) | st.text(alphabet="xyz"),
    "level": st.none() | st.booleans() | st.floats() | st.lists(st.integers()) | st.just("1"),
    "trump": not_str | st.just("HH"),
    "cards": not_cards,
    "plays": not_cards,
    "hands": st.integers() | st.lists(st.just([]), max_size=3),
    "leader": not_int | st.integers().filter(lambda n: not 0 <= n <= 3),
    "seat": not_int | st.integers(min_value=4),
    "current": st.integers() | st.text(max_size=3) | st.just({"seat": 0}),
    "trick_points": not_int,
    "kitty": not_cards,
    "last_trick": not_int | st.just({"won_by": "nobody", "cards": ["AS"]}),
}


@st.composite
def wrong_queries(draw: st.DrawFn) -> Any:
    kind = draw(st.sampled_from(sorted(VALID)))
    query = dict(VALID[kind])
    name = draw(st.sampled_from(sorted(k for k in query if k in WRONG)))
    if name == "hands" or draw(st.booleans()):  # a trick without hands is valid
        query[name] = draw(WRONG[name])
    else:
        del query[name]
    return query


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.binary(max_size=40)
    | json_values.map(lambda v: json.dumps(v).encode())
    | wrong_queries().map(lambda v: json.dumps(v).encode())
)
def test_fuzz_every_line_answers_and_the_judge_lives(judge: Judge, line: bytes) -> None:
    out = judge.raw(line)
    assert out["ok"] is False, (line, out)
    assert not out["error"].startswith("internal error"), out
    assert out["error"]
    for kind, query in VALID.items():
        assert judge.ask(query)["ok"] is True, kind


def test_valid_fuzz_fixtures_answer(judge: Judge) -> None:
    for query in VALID.values():
        assert judge.ask(query)["ok"] is True
