"""Which finished hands are rated, and who a leaderboard lists (issue 37 part 5; the boards
and profiles themselves: net/leaderboard.py). Pure functions: the store rates each hand as it
ends (``Storage.rate_game``) and the migrations rate those finished before (``backfill``).

A finished hand is **rated** for a preset when four people played it (no AI seat) under that
preset's rules unchanged (as a room that may have no spectator delay). A board lists,
like lichess's, only the players whose rating says something: at least ``Gate.games`` rated
hands of the preset, one of them in the last ``Gate.active_days`` days, and not
**provisional**: a rating earned against fewer than ``Gate.opponents`` different opponents
(the same three friends, or two accounts of one person) is not ranked.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import RulesError
from engine.rules import rules_from
from net import spectators

PEOPLE = 4  # a rated hand's players


@dataclass(frozen=True)
class Gate:
    """Who is listed on a board."""

    games: int = 20  # rated hands of the preset
    active_days: float = 7.0  # the last of them at most this long ago
    opponents: int = 4  # different opponents met (fewer: provisional)


def rated_preset(rules_json: str | None, people: int) -> str | None:
    """The preset whose board a finished hand counts for, or None (unrated): four people
    played it under the preset's rules unchanged (``net.spectators.rated``, the one test of a
    rated room; its spectator delay, if any, makes no difference)."""
    if people != PEOPLE or rules_json is None:
        return None
    try:
        rules = rules_from(json.loads(rules_json))
    except (RulesError, ValueError, TypeError):
        return None
    return rules.preset if spectators.rated(rules) else None


def sides(result: dict[str, Any], seat: int) -> tuple[bool | None, bool | None]:
    """(whether ``seat`` defended, whether its side won) in a stored hand result; (None, None)
    for a result that does not say (not a hand's score)."""
    defenders, winner = result.get("defenders"), result.get("winner")
    if not isinstance(defenders, list | tuple) or winner not in ("defenders", "attackers"):
        return None, None
    defender = seat in defenders
    return defender, defender != (winner == "attackers")


Execute = Callable[[str, Sequence[Any]], Any]


def backfill(execute: Execute) -> None:
    """Rate the hands finished before the boards existed, as ``Storage.rate_game`` rates a
    hand as it ends (a migration, on either back-end: ``execute`` takes ``?`` parameters)."""
    games = execute(
        "SELECT g.id, r.rules, g.result FROM games g LEFT JOIN rooms r ON r.id = g.room", ()
    ).fetchall()
    for gid, rules, result in games:
        seats = [r[0] for r in execute("SELECT seat FROM game_players WHERE game = ?", (gid,))]
        found = rated_preset(rules, len(seats))
        if found is not None:
            execute("UPDATE games SET preset = ? WHERE id = ?", (found, gid))
        decoded = json.loads(result)
        for seat in seats:
            defender, won = sides(decoded, seat)
            execute(
                "UPDATE game_players SET defender = ?, won = ? WHERE game = ? AND seat = ?",
                (defender, won, gid, seat),
            )


def standing(
    rating: int, games: int, last: float, opponents: int, gate: Gate, now: float
) -> tuple[bool, bool]:
    """(provisional, listed) for one player's record in one preset."""
    provisional = opponents < gate.opponents
    active = now - last <= gate.active_days * 86400
    return provisional, games >= gate.games and active and not provisional
