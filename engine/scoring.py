"""End of a hand (RULES.md §8): the kitty bonus, the level tables, the next dealer, levels.

Only the attackers' points count. A table maps them (with the kitty bonus already added) to a
``Verdict``: the winning side and the levels it gains (the hand's whole score is the
``engine.events.HandEnd`` it ends with). Points can fall below 0 (a throw penalty) — every table
reads that as its 0 band — and can exceed the deck's ``100 * decks`` through the kitty
multiplier; every table keeps its "each further band: +1 more" rule going above its last
written row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from engine.cards import RANKS
from engine.errors import RulesError
from engine.rules import RuleSet

Side = Literal["attackers", "defenders"]
# A level table's verdict: the winning side and the levels it gains (0 when only the deal
# passes). Any attacker win, even with no level gained, moves the deal to their side.
Verdict = tuple[Side, int]


def _defenders(levels: int) -> Verdict:
    return "defenders", levels


def _attackers(levels: int) -> Verdict:
    return "attackers", levels


# -- kitty ---------------------------------------------------------------------------------


def kitty_multiplier(rules: RuleSet, kind: tuple[int, int] | None) -> int:
    """How many times the kitty's points count for the attackers when they win the last trick.

    ``kind`` is ``(size, length)`` of the largest component of the last trick's winning play.
    "structure" (000): single ×2, a tuple of k cards ×2k (pair 4, triple 6), a tractor of k-tuples
    of length n ×2·k^n (pair tractor of 2: ×8, Titanic of 2: ×18); "double" ×2 (000's one deck);
    "points" ×1 (003: the kitty's points are added as they are); "none" ×0 (004's four decks
    have no kitty). ``kind`` may be None except under "structure".
    """
    mode = rules.kitty_capture
    if mode == "double":
        return 2
    if mode == "points":
        return 1
    if mode == "none":
        return 0
    if kind is None:
        raise ValueError("the structure multiplier needs the winning play's largest component")
    size, length = kind
    if size < 1 or length < 1:
        raise ValueError(f"not a component kind: {kind!r}")
    return 2 * size if length == 1 else 2 * size**length


def kitty_bonus(rules: RuleSet, kitty_points: int, kind: tuple[int, int] | None) -> int:
    """Points added to the attackers for capturing a kitty holding ``kitty_points``."""
    if kitty_points == 0:
        return 0  # an empty or pointless kitty needs no structure
    return kitty_points * kitty_multiplier(rules, kind)


# -- level tables --------------------------------------------------------------------------


def _bands(points: int, band: int, pass_band: bool) -> Verdict:
    """Defenders +3/+2/+1 in the first bands; then, with ``pass_band`` (004), one band where only
    the deal passes before the attackers go up; without it (000) the attackers go up at once."""
    if points <= 0:
        return _defenders(3)
    if points < band:
        return _defenders(2)
    if points < 2 * band:
        return _defenders(1)
    start = 3 * band if pass_band else 2 * band
    if points < start:
        return _attackers(0)
    return _attackers(1 + (points - start) // band)


def _standard_40(points: int, kitty_captured: bool) -> Verdict:
    """standard-40 (001 边锋, 004 两副牌): 0 defenders +3; 5–35 +2; 40–75 +1; 80–115 the
    attackers become dealers, no level change (下莊/輪換莊家); 120–155 attackers +1; each further
    40 +1 more."""
    return _bands(points, 40, pass_band=True)


def _lianzhong_40(points: int, kitty_captured: bool) -> Verdict:
    """lianzhong-40 (000 聯眾 two decks, 002): 0 defenders +3; under 40 +2; 40–75 +1; 80–115
    attackers +1; 120–155 attackers +2; each further 40 +1 more."""
    return _bands(points, 40, pass_band=False)


def _one_deck(points: int, kitty_captured: bool) -> Verdict:
    """one-deck (000 聯眾 one deck, 40分): 0 defenders +2; under 40 +1; 40–75 no level change,
    the deal passes to the attackers (輪換莊家); 80–95 attackers +1; 100 attackers +2. Above 100
    (only through the kitty) 000 is silent: each further 20 (the band width of 80–95) +1 more."""
    if points <= 0:
        return _defenders(2)
    if points < 40:
        return _defenders(1)
    if points < 80:
        return _attackers(0)
    return _attackers(1 + (points - 80) // 20)


def _one_deck_20(points: int, kitty_captured: bool) -> Verdict:
    """one-deck-20 (004: "一副牌的分數段為 20 分一段"): standard-40 with 20-point bands: 0
    defenders +3; 5–15 +2; 20–35 +1; 40–55 the deal passes; 60–75 attackers +1; each further 20
    +1 more."""
    return _bands(points, 20, pass_band=True)


def _three_deck_60(points: int, kitty_captured: bool) -> Verdict:
    """three-deck-60 (000 and 004 三副牌 上下台規則): 0 大光 defenders +3; under 60 小光 +2;
    60–115 +1; 120–175 the attackers take over 上台, no level change; 180 attackers +1; 240 +2;
    each further 60 +1 more."""
    return _bands(points, 60, pass_band=True)


def _four_deck_80(points: int, kitty_captured: bool) -> Verdict:
    """four-deck-80 (004 四副牌): 0 or less 大光 defenders +3; under 80 +2; 80–155 +1;
    160–235 the dealer steps down and the attackers +1; 240–315 +2; each further 80 +1 more,
    without a cap."""
    return _bands(points, 80, pass_band=False)


def _chaoshan(points: int, kitty_captured: bool) -> Verdict:
    """chaoshan (003 潮汕升級 積分算法), 20-point rows. Without kitty capture (否): 0 defenders
    +5; 5–15 +4; 20–35 +3; 40–55 +2; 60–75 +1; 80–95 移莊 (the deal passes, no level change);
    100–115 attackers +1; 120–135 +2; 140–155 +3; 160–175 +4; 180–195 +5; 200 +6. With capture
    (是): 0–75 移莊; 80–95 attackers +1; 100–115 +2; ... 180–195 +6; 200 +7. (The table's
    勝負判定 column reads 莊家勝 on every row; the 升級方向 column decides.)"""
    if kitty_captured:
        if points < 80:
            return _attackers(0)
        return _attackers(1 + (points - 80) // 20)
    if points <= 0:
        return _defenders(5)
    if points < 80:
        return _defenders(4 - points // 20)
    if points < 100:
        return _attackers(0)
    return _attackers((points - 80) // 20)


_TABLES: dict[str, Callable[[int, bool], Verdict]] = {
    "standard-40": _standard_40,
    "lianzhong-40": _lianzhong_40,
    "one-deck": _one_deck,
    "one-deck-20": _one_deck_20,
    "three-deck-60": _three_deck_60,
    "four-deck-80": _four_deck_80,
    "chaoshan": _chaoshan,
}


def hand_result(rules: RuleSet, attacker_points: int, kitty_captured: bool = False) -> Verdict:
    """The winning side and the levels it gains by ``rules.level_table``; ``attacker_points``
    include the kitty bonus.

    ``kitty_captured`` (the attackers won the last trick) only changes the chaoshan table.
    """
    return _TABLES[rules.level_table](attacker_points, kitty_captured)


# -- after the hand ------------------------------------------------------------------------


def next_dealer(rules: RuleSet, dealer: int, partner: int | None, winner: Side) -> int:
    """Who deals the next hand (004 輪莊規則).

    The deal passing to the attackers goes to the player after the dealer. When the defenders
    win, the dealer's partner deals (``partner``; with fixed partners None means the seat
    opposite; with a called card None means the dealer played alone and deals again), or the
    same dealer under ``defender_win_dealer="same"``.
    """
    if winner == "attackers":  # the deal passes
        return (dealer + 1) % 4
    if rules.defender_win_dealer == "same":
        return dealer
    if partner is not None:
        return partner
    return (dealer + 2) % 4 if rules.partners == "fixed" else dealer


def advance_level(level: str, steps: int, end_level: str) -> tuple[str, bool]:
    """Raise ``level`` by ``steps`` ranks: the new level, capped at ``end_level``, and whether the
    side went past ``end_level`` (which wins the match; ``win_as_defenders_only`` is the caller's
    to apply)."""
    for rank in (level, end_level):
        if rank not in RANKS:
            raise RulesError("bad-rank", rank=rank)
    if steps < 0:
        raise ValueError(f"levels only go up: {steps}")
    target = RANKS.index(level) + steps
    end = RANKS.index(end_level)
    return (end_level, True) if target > end else (RANKS[target], False)
