"""Game records: a hand is its rules, its setup (seed included) and its action log.

The record also carries the events, so a viewer needs no engine to show what happened; but the
actions are the truth: ``replay`` applies them to a fresh ``Hand`` from the same setup, which
rebuilds an identical state (the same events, hands, tricks and score). Documented in
docs/RECORDS.md.
"""

from __future__ import annotations

import json
from typing import Any

from engine.actions import action_from_dict, action_to_dict
from engine.errors import RulesError
from engine.hand import Hand, Setup
from engine.rules import rules_from

FORMAT = "tuolaji-hand/1"


def hand_record(hand: Hand) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "rules": hand.rules.to_dict(),
        "setup": hand.setup.to_dict(),
        "actions": [action_to_dict(a) for a in hand.actions],
        "events": [e.to_dict() for e in hand.events],
    }


def replay(record: dict[str, Any]) -> Hand:
    """Rebuild a hand from its record by applying its actions again."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RulesError("malformed", why=f"format: expected {FORMAT!r}")
    try:
        setup = Setup.from_dict(record["setup"])
    except (KeyError, TypeError, ValueError) as e:
        raise RulesError("malformed", why=f"setup: {e}") from None
    hand = Hand(rules_from(record["rules"]), setup)
    for i, data in enumerate(record.get("actions", [])):
        try:
            hand.apply(action_from_dict(data))
        except RulesError as e:
            raise RulesError("malformed", why=f"actions[{i}]: {e.en}") from None
    return hand


def dumps(hand: Hand) -> str:
    return json.dumps(hand_record(hand), ensure_ascii=False)


def loads(text: str) -> Hand:
    return replay(json.loads(text))
