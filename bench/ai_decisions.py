"""How good are the expert's play decisions? A low-noise measure against the real deal.

The arena's verdict needs thousands of hands because each hand's result carries the luck of all
its decisions. This bench judges single decisions instead. Hands between rule-based players
are played from seeded deals; at a sample of play decisions with a real choice (two or more
candidates that differ in effect), the position is kept together with the real deal. Each
candidate is then played out *in the real deal* with the rule-based policy at every seat from
there on: rule-based play is deterministic, so this is the candidate's exact value when everyone
plays on like ``basic``. The searching player decides from the seat's view only, and the bench
prints what its choices gain over the rule-based favourite, in levels and in the search's
utility, next to what the best candidate would have gained (the ceiling of any chooser among
these candidates):

    python bench/ai_decisions.py --preset classic --positions 400 --samples 8 --seed 1 --jobs 2

Figures are means per decision with a 95% interval; a searched decision that keeps the
favourite gains 0.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import Action, Bury, CallFriend
from engine.ai import basic, endgame, expert
from engine.ai.players import BasicPlayer
from engine.ai.playout import World, run, utility
from engine.ai.sampling import real_world
from engine.cards import RANKS, Card
from engine.hand import Hand, Setup
from engine.rules import PRESETS, RuleSet
from engine.selfplay import play_hand
from engine.views import View

CANDIDATES = 6  # the policy's best plays valued per position, beside the search's own


@dataclass(frozen=True, slots=True)
class Position:
    view: View
    world: World  # the real deal at this point
    values: tuple[tuple[tuple[Card, ...], float, float], ...]  # (play, levels, utility) per cand


def collect(
    rules: RuleSet, n: int, seed: int, keep: float = 0.25, most: int | None = None
) -> list[Position]:
    """``n`` play positions with a real choice from hands of rule-based players (each such
    decision is kept with probability ``keep``, so the positions spread over many hands;
    ``most``: only when the seat holds at most this many cards)."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        hand = Hand(
            rules, Setup(rng.getrandbits(63), (rng.choice(RANKS[:-1]),) * 4, rng.randrange(4))
        )
        players = [BasicPlayer(s) for s in range(4)]

        def make(seat: int, hand: Hand = hand, players: list = players):
            def act(v: View, _rng: random.Random) -> Action | None:
                late = most is None or len(v.hand) <= most
                if "play" in v.actions and len(out) < n and late and rng.random() < keep:
                    cands = [tuple(c) for c in expert.candidates(v, CANDIDATES)]
                    # and whatever else the search itself compares, so its choice is valued
                    cands += [tuple(c) for c in expert.candidates(v) if tuple(c) not in cands]
                    if len(cands) >= 2:
                        out.append(position(v, hand, cands))
                return players[seat].act(v)

            return act

        play_hand(hand, [make(s) for s in range(4)], random.Random(hand.setup.seed))
    return out


def position(v: View, hand: Hand, cands: list[tuple[Card, ...]]) -> Position:
    assert v.seat is not None
    world = real_world(v, hand)
    return Position(v, world, tuple(truth(world, c, v.seat) for c in cands))


def truth(world: World, play: tuple[Card, ...], seat: int) -> tuple[tuple[Card, ...], float, float]:
    """The play's value in the real deal with rule-based play from there on."""
    w = world.copy()
    w.play(play)
    run(w, basic.choose_play)
    (winner, gained), _ = w.result()
    mine = seat in w.defenders()
    levels = gained if (winner == "defenders") == mine else -gained
    return play, float(levels), utility(w, seat)


def judge(
    args: tuple[Position, int, int, float | None],
) -> tuple[float, float, float, float, bool, float]:
    """(levels gained, utility gained, best levels gain, best utility gain, switched, seconds)."""
    pos, samples, seed, budget = args
    start = time.perf_counter()
    d = expert.decide(pos.view, budget, samples, seed)
    spent = time.perf_counter() - start
    by_play = {tuple(sorted(p)): (lv, u) for p, lv, u in pos.values}
    base_lv, base_u = pos.values[0][1], pos.values[0][2]
    lv, u = by_play[tuple(sorted(d.cards))]
    best_lv = max(x[1] for x in pos.values)
    best_u = max(x[2] for x in pos.values)
    switched = tuple(sorted(d.cards)) != tuple(sorted(pos.values[0][0]))
    return lv - base_lv, u - base_u, best_lv - base_lv, best_u - base_u, switched, spent


def burial(args: tuple[RuleSet, tuple[int, str, int], float]) -> tuple[bool, bool, float, float]:
    """One hand of rule-based players played twice from the same deal, the dealer burying
    with the shipped ``basic.ACE_KEEP`` and then with ``ace``: (the shipped burial holds a
    side-suit ace, the burials differ, the dealer side's levels and points gained by ``ace``).
    Everything else is deterministic, so the difference is exact for rule-based play."""
    rules, (seed, level, dealer), ace = args
    had_ace = differs = False
    results = []
    for keep in (basic.ACE_KEEP, ace):
        hand = Hand(rules, Setup(seed, (level,) * 4, dealer))
        players = [BasicPlayer(s) for s in range(4)]

        def make(seat: int, keep: float = keep, players: list = players):
            def act(v: View, _rng: random.Random) -> Action | None:
                nonlocal had_ace, differs
                if "bury" not in v.actions or v.seat is None or v.trumps is None:
                    return players[seat].act(v)
                cards = basic.bury_choice(v, keep)
                if keep == basic.ACE_KEEP:
                    trumps = v.trumps
                    had_ace |= any(c[0] == "A" and not trumps.is_trump(c) for c in cards)
                    differs |= sorted(cards) != sorted(basic.bury_choice(v, ace))
                return Bury(v.seat, cards)

            return act

        play_hand(hand, [make(s) for s in range(4)], random.Random(seed))
        o = hand.outcome
        assert o is not None
        sign = 1 if o.winner == "defenders" else -1
        results.append((sign * o.levels, -o.attacker_points))
        if not differs:
            return had_ace, False, 0.0, 0.0
    return had_ace, True, results[1][0] - results[0][0], results[1][1] - results[0][1]


KINDS = {"call": "call-friend", "bury": "bury"}


def overridden(
    rules: RuleSet, deal: tuple[int, str, int], kind: str, choice: tuple[Card, ...] | None
) -> tuple[View, float]:
    """A hand of rule-based players with the dealer's burial or friend call (``kind``) replaced
    by ``choice`` (None: its own): the dealer's view at that decision, and the levels the
    dealer's side won (+) or lost (-)."""
    seed, level, dealer = deal
    hand = Hand(rules, Setup(seed, (level,) * 4, dealer))
    players = [BasicPlayer(s) for s in range(4)]
    seen: list[View] = []

    def make(seat: int):
        def act(v: View, _rng: random.Random) -> Action | None:
            if KINDS[kind] in v.actions and v.seat is not None and not seen:
                seen.append(v)
                if choice is not None:
                    return Bury(v.seat, choice) if kind == "bury" else CallFriend(v.seat, choice[0])
            return players[seat].act(v)

        return act

    play_hand(hand, [make(s) for s in range(4)], random.Random(seed))
    o = hand.outcome
    assert o is not None and seen
    sign = 1 if o.winner == "defenders" else -1
    return seen[0], float(sign * o.levels)


def searched_position(
    args: tuple[RuleSet, tuple[int, str, int], str, int, int],
) -> tuple[float, float, bool] | None:
    """(the search's gain over the rule-based choice, the best option's gain, switched) for the
    dealer's burial or call, each option's value exact in the real deal; None: one option."""
    rules, deal, kind, samples, seed = args
    v, _ = overridden(rules, deal, kind, None)
    if kind == "bury":
        options = basic.bury_options(v)[: expert.MAX_CANDIDATES]
        chosen = expert.decide_bury(v, None, samples, seed).cards if len(options) > 1 else ()
    else:
        options = [(c,) for c in basic.call_options(v)[: expert.MAX_CANDIDATES]]
        chosen = expert.decide_call(v, None, samples, seed).cards if len(options) > 1 else ()
    if len(options) < 2:
        return None
    exact = {tuple(sorted(c)): overridden(rules, deal, kind, c)[1] for c in options}
    base = exact[tuple(sorted(options[0]))]
    switched = sorted(chosen) != sorted(options[0])
    return exact[tuple(sorted(chosen))] - base, max(exact.values()) - base, switched


def searched(rules: RuleSet, kind: str, n: int, seed: int, samples: int, jobs: int) -> None:
    rng = random.Random(seed)
    work = [
        (
            rules,
            (rng.getrandbits(63), rng.choice(RANKS[:-1]), rng.randrange(4)),
            kind,
            samples,
            seed + i,
        )
        for i in range(n)
    ]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            rows = [r for r in pool.map(searched_position, work, chunksize=4) if r is not None]
    else:
        rows = [r for r in map(searched_position, work) if r is not None]
    print(
        f"preset {rules.preset}: {len(rows)} {kind} decisions with a choice of {n} hands, "
        f"{samples} samples per option"
    )
    print(f"search over basic:  levels {mean_ci([r[0] for r in rows])}")
    print(f"best option over basic: levels {mean_ci([r[1] for r in rows])}")
    print(
        f"switched from the rule-based choice in {100 * statistics.fmean(r[2] for r in rows):.1f}%"
    )


def burials(rules: RuleSet, n: int, seed: int, ace: float, jobs: int) -> None:
    rng = random.Random(seed)
    work = [
        (rules, (rng.getrandbits(63), rng.choice(RANKS[:-1]), rng.randrange(4)), ace)
        for _ in range(n)
    ]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            rows = list(pool.map(burial, work, chunksize=8))
    else:
        rows = [burial(w) for w in work]
    aces = sum(r[0] for r in rows)
    changed = [r for r in rows if r[1]]
    print(
        f"preset {rules.preset}: {n} hands; the shipped burial holds a side-suit ace in "
        f"{100 * aces / n:.1f}%; ace worth {ace:+.0f} changes the burial in "
        f"{100 * len(changed) / n:.1f}%"
    )
    if len(changed) > 1:
        print(
            f"dealer side gains per changed hand: levels {mean_ci([r[2] for r in changed])}, "
            f"points {mean_ci([r[3] for r in changed])}; per hand: "
            f"levels {mean_ci([r[2] for r in rows])}"
        )


def paired(a_path: str, b_path: str) -> None:
    """Two runs' rows on the same positions (the same preset, --positions and --seed, two
    versions of engine/ai): what B's choices gain over A's, position by position."""
    a, b = ([json.loads(r) for r in Path(p).read_text().splitlines()] for p in (a_path, b_path))
    n = min(len(a), len(b))
    diff = [y[0] - x[0] for x, y in zip(a[:n], b[:n], strict=True)]
    changed = sum(1 for x, y in zip(a[:n], b[:n], strict=True) if x[:2] != y[:2] or x[4] != y[4])
    print(f"{n} positions: B over A per decision, levels {mean_ci(diff)}; {changed} differ")


def mean_ci(xs: list[float]) -> str:
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return f"{m:+.4f} ± {h:.4f}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--samples", type=int, default=8, help="search deals per candidate")
    ap.add_argument(
        "--budget", type=float, default=None, help="search seconds/decision (clock, as in play)"
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument(
        "--burials", type=int, default=0, help="instead: N hands, burial with --ace-keep vs shipped"
    )
    ap.add_argument("--ace-keep", type=float, default=20.0)
    ap.add_argument("--calls", type=int, default=0, help="instead: N hands' searched calls")
    ap.add_argument("--buried", type=int, default=0, help="instead: N hands' searched burials")
    ap.add_argument("--rows", help="write each position's row here (JSON lines), to pair runs")
    ap.add_argument("--cards-left", type=int, help="only positions with at most N cards in hand")
    ap.add_argument("--endgame", action="store_true", help="solve the last tricks exactly")
    ap.add_argument(
        "--endgame-cards",
        type=int,
        default=endgame.ENDGAME_CARDS,
        help="solve once no hand holds more cards than this",
    )
    ap.add_argument(
        "--pair", nargs=2, metavar="ROWS", help="instead: two --rows files of the same positions"
    )
    a = ap.parse_args(argv)
    if a.pair:
        paired(*a.pair)
        return
    rules = PRESETS[a.preset]
    if (a.buried or a.burials) and not rules.kitty_size:
        ap.error(f"{a.preset} has no kitty, so no burials to measure")
    if a.calls and rules.partners == "fixed":
        called = ", ".join(n for n, r in PRESETS.items() if r.partners != "fixed")
        ap.error(f"{a.preset} has fixed partners, so no friend calls to measure (try {called})")
    if a.calls or a.buried:
        kind = "call" if a.calls else "bury"
        searched(rules, kind, a.calls or a.buried, a.seed, a.samples, a.jobs)
        return
    if a.burials:
        burials(rules, a.burials, a.seed, a.ace_keep, a.jobs)
        return
    expert.ENDGAME = a.endgame  # the workers fork from here and keep these
    endgame.ENDGAME_CARDS = a.endgame_cards
    t0 = time.perf_counter()
    positions = collect(rules, a.positions, a.seed, most=a.cards_left)
    t1 = time.perf_counter()
    work = [(p, a.samples, a.seed + i, a.budget) for i, p in enumerate(positions)]
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as pool:
            rows = list(pool.map(judge, work, chunksize=8))
    else:
        rows = [judge(w) for w in work]
    t2 = time.perf_counter()
    if a.rows:
        Path(a.rows).write_text("".join(json.dumps(r) + "\n" for r in rows))
    cols = list(zip(*rows, strict=True))
    print(
        f"preset {a.preset}: {len(rows)} positions with a choice (collected in {t1 - t0:.0f} s, "
        f"searched in {t2 - t1:.0f} s), {a.samples} samples per candidate"
        + ("" if a.budget is None else f", {a.budget} s clock")
    )
    print(
        f"expert over basic per decision: levels {mean_ci(list(cols[0]))}, "
        f"utility {mean_ci(list(cols[1]))}"
    )
    print(
        f"best candidate over basic:      levels {mean_ci(list(cols[2]))}, "
        f"utility {mean_ci(list(cols[3]))}"
    )
    times = sorted(cols[5])
    print(
        f"switched from the favourite in {100 * statistics.fmean(cols[4]):.1f}% of decisions; "
        f"decision p50 {1000 * times[len(times) // 2]:.0f} ms, "
        f"p95 {1000 * times[int(len(times) * 0.95)]:.0f} ms"
    )


if __name__ == "__main__":
    main()
