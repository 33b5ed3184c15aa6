"""Mine puzzles from AI-vs-AI hands: ``python -m engine.puzzles.mine --out FILE``.

Each hand is played by four rule-based players from a seed (``mine_record`` takes any finished
hand's record, a player's own too, and the seats to judge); then every play decision of it
with a real choice is judged from the deciding seat's view (``engine.puzzles.judge``): a
position whose best play passes the only-move rule on ``JUDGE_DEALS`` deals is judged again on
``VERIFY_DEALS`` fresh deals, and kept when it passes again. A puzzle is the hand's record up to
the decision (so ``engine.records.replay`` rebuilds it exactly), the seat, the verified scores
and its themes. Puzzles are appended to ``FILE`` as they are found (one JSON object a line).

``--kinds throw`` (甩牌): the leads where a throw tempts (``engine.puzzles.throws``) are judged
with those throws beside the search's candidates, and kept when the best play is a throw, or
when a tempting throw the search ranked lower fails against the real hands ("failed-throw").
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from engine.actions import Action, Bury, Play, action_to_dict
from engine.ai import AIPlayer, make_player
from engine.ai.memory import SIDE_MINE, knowledge
from engine.cards import Card, points
from engine.hand import Hand, Setup
from engine.order import TRUMP
from engine.records import HandRecord, hand_record, replay
from engine.rules import preset
from engine.selfplay import Player, play_hand, seat_seed
from engine.shapes import decompose
from engine.tricks import standing
from engine.views import View, view

from .judge import JUDGE_DEALS, VERIFY_DEALS, Judgement, judge, judge_bury
from .throws import fails, tempting_throws

START_RATING = 1500


def themes(v: View, best: tuple[Card, ...]) -> list[str]:
    """What the best play is about, in the puzzle's tags."""
    trumps = v.trumps
    assert trumps is not None and v.seat is not None
    out: list[str] = []
    if v.phase == "bury":
        return ["burial"]
    if not v.trick:
        out.append("lead")
        if len(decompose(best, trumps)) > 1:
            out.append("throw")
        elif trumps.is_trump(best[0]):
            out.append("trump-lead")
    else:
        plays = [list(c) for _, c in v.trick] + [list(best)]
        shape = tuple(c.kind for c in decompose(plays[0], trumps))
        st = standing(plays, shape, trumps)
        holder = v.seat if st.index == len(plays) - 1 else v.trick[st.index][0]
        ours = knowledge(v).team[holder] == SIDE_MINE
        if holder == v.seat:
            led = trumps.suit(plays[0][0])
            out.append("ruff" if st.ruff and led != TRUMP else "winning")
        elif ours and points(best) > 0:
            out.append("point-feeding")
        elif not ours:
            out.append("ducking")
        else:
            out.append("following")
    if len(v.hand) <= 5:
        out.append("endgame")
    return out


def puzzle(hand: Hand, seat: int, v: View, j: Judgement) -> dict[str, Any]:
    return {
        "id": f"{hand.rules.preset}-{hand.setup.seed}-{len(hand.actions)}",
        "rules": hand.rules.to_dict(),
        "setup": hand.setup.to_dict(),
        "actions": [action_to_dict(a) for a in hand.actions],
        "seat": seat,
        "best": list(j.best),
        "scores": [[list(cards), round(mean, 3)] for cards, mean in j.scores],
        "deals": j.deals,
        "gain": round(j.gain, 3),
        "lcb": round(j.lcb, 3),
        "themes": themes(v, j.best),
        "rating": START_RATING,
    }


def _driven(player: AIPlayer) -> Player:
    def act(v: View, _rng: random.Random) -> Action | None:
        return player.act(v)

    return act


def mine_hand(
    rules_name: str, seed: int, kinds: tuple[str, ...] = ("play", "bury")
) -> list[dict[str, Any]]:
    """The verified puzzles of one AI-vs-AI hand, of the decisions ``kinds`` (play, bury)."""
    return mine_record(hand_record(ai_hand(rules_name, seed)), kinds=kinds)


def ai_hand(rules_name: str, seed: int) -> Hand:
    """The hand four rule-based players play from ``seed``, finished."""
    rules = preset(rules_name)
    played = Hand(rules, Setup(seed, (rules.start_level,) * 4))
    players = [_driven(make_player("normal", seat_seed(seed, s))) for s in range(4)]
    return play_hand(played, players, random.Random(seed))


def mine_record(
    record: HandRecord,
    seats: tuple[int, ...] = (0, 1, 2, 3),
    kinds: tuple[str, ...] = ("play", "bury"),
) -> list[dict[str, Any]]:
    """The verified puzzles of a finished hand's record (an AI-vs-AI hand, or a player's own:
    ``seats``, the player's seat), of the decisions ``kinds`` (play; bury, with fixed
    partners)."""
    played = replay(record)
    hand = Hand(played.rules, played.setup)
    bury = "bury" in kinds and played.rules.partners == "fixed"
    found = []
    for action in played.actions:
        how: Callable[[View, int, int], Judgement | None] | None = None
        throws: list[list[Card]] = []
        if isinstance(action, Play):
            seat = action.seat
            if "throw" in kinds and seat in seats:
                throws = tempting_throws(view(hand, seat))
            if "play" in kinds or throws:
                how = partial(judge, extra=throws)
        elif isinstance(action, Bury) and bury:
            how, seat = judge_bury, action.seat
        if how is not None and seat in seats:
            v = view(hand, seat)
            first = how(v, JUDGE_DEALS, 0)
            if first is not None and first.only:
                again = how(v, VERIFY_DEALS, 1)
                if again is not None and again.only and again.best == first.best:
                    z = puzzle(hand, seat, v, again)
                    if throws and _failing(hand, seat, again, throws):
                        z["themes"].append("failed-throw")
                    # an answer that is a throw failing against the real hands is no answer
                    stands = isinstance(action, Bury) or fails(hand, seat, again.best) is None
                    if stands and ("play" in kinds or {"throw", "failed-throw"} & set(z["themes"])):
                        found.append(z)
        hand.apply(action)
    return found


def _failing(hand: Hand, seat: int, j: Judgement, throws: list[list[Card]]) -> bool:
    """Whether one of the tempting ``throws`` the search ranked below the best fails against
    the real hands (the puzzle's point: the throw that looks good does not stand)."""
    best = tuple(sorted(j.best))
    return any(tuple(sorted(t)) != best and fails(hand, seat, t) is not None for t in throws)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.puzzles.mine", description=__doc__)
    p.add_argument("--preset", default="classic")
    p.add_argument("--first", type=int, default=1, help="the first hand's seed")
    p.add_argument("--hands", type=int, default=10)
    p.add_argument(
        "--kinds",
        default="play,bury",
        help="the decisions judged: play, bury; throw: leads with a tempting throw, kept when "
        "the best play is a throw or a tempting throw fails",
    )
    p.add_argument("--out", type=Path, required=True)
    args = p.parse_args(argv)
    total = 0
    for seed in range(args.first, args.first + args.hands):
        t0 = time.perf_counter()
        found = mine_hand(args.preset, seed, tuple(args.kinds.split(",")))
        with args.out.open("a", encoding="utf-8") as f:
            for z in found:
                f.write(json.dumps(z, ensure_ascii=False) + "\n")
        total += len(found)
        took = time.perf_counter() - t0
        print(f"seed {seed}: {len(found)} puzzles in {took:.0f} s ({total} in all)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
