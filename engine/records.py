"""Game records: a hand is its rules, its setup (seed included) and its action log.

The record also carries the events, so a viewer needs no engine to show what happened; but the
actions are the truth: ``replay`` applies them to a fresh ``Hand`` from the same setup, which
rebuilds an identical state (the same events, hands, tricks and score). A record is a typed
``HandRecord``; its JSON form (``to_dict``, read back by ``HandRecord.from_dict``, the one
reader of untrusted records) is documented in docs/RECORDS.md.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

from engine.actions import Action, action_from_dict, action_to_dict
from engine.errors import RulesError
from engine.events import Event
from engine.hand import Hand, Setup
from engine.rules import RuleSet, rules_from

FORMAT = "tuolaji-hand/1"

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Branch:
    """A line a practice take back abandoned: its whole action log, and how many of its actions
    (``at``) the line that replaced it kept."""

    at: int
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class PracticeStart:
    """Where a practice hand started: after the source record's first ``start`` actions (0: the
    deal's start), on the deal ``code`` names ("" when the rules are not a preset's)."""

    start: int
    code: str


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand as recorded, with what the app adds: the seat it was played from, the names
    the table gave the seats, and for a practice hand where it started and its branches."""

    rules: RuleSet
    setup: Setup
    actions: tuple[Action, ...]
    events: tuple[Event, ...] = ()  # a puzzle's record (up to a decision) has none
    seat: int | None = None
    names: tuple[str, str, str, str] | None = None
    practice: PracticeStart | None = None
    branches: tuple[Branch, ...] = ()

    def upto(self, actions: int) -> HandRecord:
        """The record cut after its first ``actions`` actions (events dropped: replay them)."""
        return dataclasses.replace(self, actions=self.actions[:actions], events=())

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (docs/RECORDS.md): app keys only where they are set."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "setup": self.setup.to_dict(),
            "actions": [action_to_dict(a) for a in self.actions],
            "events": [e.to_dict() for e in self.events],
        }
        if self.seat is not None:
            out["seat"] = self.seat
        if self.names is not None:
            out["names"] = list(self.names)
        if self.practice is not None:
            out["practice"] = {"from": self.practice.start, "code": self.practice.code}
        if self.branches:
            out["branches"] = [
                {"at": b.at, "actions": [action_to_dict(a) for a in b.actions]}
                for b in self.branches
            ]
        return out

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """A record from its JSON form (a file, the server, an older record); anything wrong is
        ``RulesError("malformed")`` naming the key. Unknown keys are ignored; a ``seat`` or
        ``names`` that is not one is left out (files other versions wrote)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RulesError("malformed", why=f"format: expected {FORMAT!r}")
        rules = _read("rules", data.get("rules"), rules_from)
        setup = _read("setup", data.get("setup"), Setup.from_dict)
        seat = data.get("seat")
        names = data.get("names")
        practice = data.get("practice")
        return cls(
            rules,
            setup,
            _actions("actions", data.get("actions", [])),
            tuple(
                _read(f"events[{i}]", e, Event.from_dict)
                for i, e in enumerate(_list("events", data.get("events", [])))
            ),
            seat if seat in range(4) and not isinstance(seat, bool) else None,
            _names(names),
            None if practice is None else _read("practice", practice, _practice),
            tuple(
                _branch(f"branches[{i}]", b)
                for i, b in enumerate(_list("branches", data.get("branches", [])))
            ),
        )


def _malformed(key: str, why: object) -> NoReturn:
    raise RulesError("malformed", why=f"{key}: {why}")


def _list(key: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        _malformed(key, "not a list")
    return value


def _read(key: str, value: Any, parse: Callable[[Any], T]) -> T:
    try:
        return parse(value)
    except RulesError as e:
        raise RulesError("malformed", why=f"{key}: {e.en}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise RulesError("malformed", why=f"{key}: {e!r}") from None


def _actions(key: str, value: Any) -> tuple[Action, ...]:
    return tuple(_read(f"{key}[{i}]", a, action_from_dict) for i, a in enumerate(_list(key, value)))


def _practice(d: dict[str, Any]) -> PracticeStart:
    return PracticeStart(int(d["from"]), str(d.get("code", "")))


def _branch(key: str, b: Any) -> Branch:
    if not isinstance(b, dict):
        _malformed(key, "not an object")
    return Branch(
        _read(f"{key}.at", b.get("at"), int), _actions(f"{key}.actions", b.get("actions"))
    )


def _names(names: Any) -> tuple[str, str, str, str] | None:
    if isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names):
        return (names[0], names[1], names[2], names[3])
    return None


def hand_record(hand: Hand) -> HandRecord:
    return HandRecord(hand.rules, hand.setup, tuple(hand.actions), tuple(hand.events))


def replay(record: HandRecord) -> Hand:
    """Rebuild a hand from its record by applying its actions again."""
    hand = Hand(record.rules, record.setup)
    for i, action in enumerate(record.actions):
        try:
            hand.apply(action)
        except RulesError as e:
            raise RulesError("malformed", why=f"actions[{i}]: {e.en}") from None
    return hand


def branch_records(record: HandRecord) -> list[HandRecord]:
    """The lines a practice record abandoned (its ``branches``, docs/RECORDS.md), each as a
    hand record of its own, with the main record's seat and names."""
    out = []
    for b in record.branches:
        line = dataclasses.replace(record, actions=b.actions, events=(), branches=())
        out.append(dataclasses.replace(line, events=tuple(replay(line).events)))
    return out


def dumps(hand: Hand) -> str:
    return json.dumps(hand_record(hand).to_dict(), ensure_ascii=False)


def loads(text: str) -> Hand:
    return replay(HandRecord.from_dict(json.loads(text)))
