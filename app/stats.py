"""The player's statistics: hands and matches played and won, as defenders and as attackers.

Kept in ``stats.json`` beside the settings; a hand counts once (keyed by where it was played),
whether it was offline or online.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from app.settings import data_dir
from engine.events import HandEnd

log = logging.getLogger(__name__)
KEYS = (
    "hands",
    "handsWon",
    "dealerHands",
    "dealerWon",
    "attackerHands",
    "attackerWon",
    "matches",
    "matchesWon",
)
_SEEN_KEPT = 200  # hand keys remembered so a restored or resynced hand is not counted twice


def stats_path() -> Path:
    return data_dir() / "stats.json"


def load() -> dict[str, Any]:
    try:
        data = json.loads(stats_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    out: dict[str, Any] = {k: int(data.get(k, 0)) for k in KEYS}
    out["seen"] = [str(s) for s in data.get("seen", [])][-_SEEN_KEPT:]
    return out


def _save(data: dict[str, Any]) -> None:
    path = stats_path()
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    tmp.replace(path)


def record_hand(key: str, seat: int, outcome: HandEnd) -> bool:
    """Count a finished hand for the player at ``seat``; False if ``key`` was counted already.

    ``outcome`` is the view's outcome: ``defenders`` (the dealer's side) and ``winner``.
    """
    data = load()
    if key in data["seen"]:
        return False
    defending = seat in outcome.defenders
    won = (outcome.winner == "defenders") == defending
    data["hands"] += 1
    data["handsWon"] += won
    side = "dealer" if defending else "attacker"
    data[f"{side}Hands"] += 1
    data[f"{side}Won"] += won
    data["seen"].append(key)
    data["seen"] = data["seen"][-_SEEN_KEPT:]
    _save(data)
    return True


def record_match(key: str, won: bool) -> bool:
    data = load()
    key = f"match:{key}"
    if key in data["seen"]:
        return False
    data["matches"] += 1
    data["matchesWon"] += won
    data["seen"].append(key)
    _save(data)
    return True


def reset() -> None:
    stats_path().unlink(missing_ok=True)
