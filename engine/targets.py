"""The attackers' target (RULES.md §8): the fewest points at which the deal passes to them.

Read from the rule set's own level table (``engine.scoring``), never written down a second
time: the table's first band that the attackers win, with or without a level.
"""

from __future__ import annotations

from engine.rules import RuleSet
from engine.scoring import hand_result

POINT_STEP = 5  # every point card is worth a multiple of 5 (5, 10, K)


def deal_passes_at(rules: RuleSet, kitty_captured: bool = False) -> int:
    """The attackers' points (kitty bonus included) from which the hand is theirs: the deal
    passes to them, with or without a level. ``kitty_captured`` only matters to tables that
    read it (chaoshan)."""
    for points in range(0, rules.total_points + POINT_STEP, POINT_STEP):
        if hand_result(rules, points, kitty_captured)[0] == "attackers":
            return points
    raise ValueError(f"the {rules.level_table} table never gives the attackers the deal")
