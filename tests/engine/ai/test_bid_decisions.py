"""bench/bid_decisions.py: every bid the hands' logs hold is counted once, in its phase."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

import bid_decisions


def test_the_counted_bids_are_the_logged_bids() -> None:
    t = bid_decisions.tally("classic", 11, 6)
    assert t["logged bids"] > 0
    assert t["during bids"] + t["after bids"] == t["logged bids"]
    assert t["during offers"] >= t["during bids"] and t["after offers"] >= t["after bids"]
    assert t["after offers"] >= t["after choices"]
