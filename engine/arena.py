"""The arena: two AI levels play duplicate deals, and the figures say which is stronger.

    python -m engine.arena --preset classic --a expert --b basic --deals 1000 --seed 7 --jobs 2

Duplicate format: every deal (a seed, a dealer and a level, all drawn from ``--seed``) is played
twice with the same cards, A at seats 0 & 2 then at 1 & 3, so the luck of the cards cancels.
Printed for A against B: mean signed levels per hand (levels gained by A's seats less B's, per
seat pair; a 95% confidence interval over deals), points per hand (the attackers' points when B
deals less when A deals, on the same cards), the share of hands A's side won, and each player's
decision time (p50/p95/max over burials, friend calls and plays; bids are not timed).

Players: ``random``, ``easy``, ``basic`` (= ``normal``), ``expert`` (= ``hard``), ``master``;
``LEVEL:bids=X`` is that level with every bidding threshold times X (``normal:bids=0.9`` bids
on weaker hands), to check the thresholds against the shipped ones. The searching levels take
their style's parts as knobs (``engine.ai.style``; both levels play with the first three,
``PLAIN`` with none): ``opp`` / ``noopp`` search with the other side's seats rolled out by
``engine.ai.opponent`` (a model of the open bots' style) or by our own policy, ``kitty=N`` deals
an unseen kitty as a burial at odds N in tenths (0: like a hand), ``wide`` / ``narrow`` weigh a
lead's candidates of every length or not, ``sbids`` / ``rbids`` search the bids while the cards
come or bid by the rule (the levels bid by the rule), ``z=X`` plays a nominee whose paired gain
on fresh deals is X standard errors above zero (1.645 as shipped). Knobs combine:
``hard:noopp,kitty=0,narrow`` is the plain search at hard's budget, ``master:narrow,bids=0.9``.
Results are reproducible from the seed: every player's randomness comes from the deal's seed,
and the search runs on a fixed playout budget per decision (``--samples`` deals per
candidate; by default ``ARENA_SAMPLES`` by the number of decks) with no clock unless
``--budget`` sets one. ``--jobs`` plays deals in that many
processes.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace

from engine.actions import Action
from engine.ai import AIPlayer, make_player
from engine.ai.expert import MAX_SAMPLES
from engine.ai.players import BasicPlayer, ExpertPlayer, level_samples
from engine.ai.style import LEVEL_STYLES, Style
from engine.cards import RANKS
from engine.hand import Hand, Phase, Setup
from engine.match import hand_seed
from engine.rules import PRESETS, RuleSet, preset
from engine.selfplay import Player, play_hand, seat_seed
from engine.views import View

ALIASES = {"basic": "normal", "expert": "hard"}
PLAYERS = ("random", "easy", "normal", "basic", "hard", "expert", "master")
# Nomination deals per candidate for a searched decision in the arena (deterministic, no clock),
# by the number of decks: about what ``hard``'s 0.4 s clock allows on one idle core
# (bench/ai_bench.py), fewer on the bigger positions of more decks. ``master`` gets four times
# as many.
ARENA_SAMPLES = {1: 60, 2: 20, 3: 12, 4: 8}


def arena_samples(rules: RuleSet) -> int:
    return ARENA_SAMPLES[min(rules.decks, max(ARENA_SAMPLES))]


@dataclass(frozen=True, slots=True)
class Config:
    rules: RuleSet
    a: str
    b: str
    samples: int
    budget: float | None


@dataclass(frozen=True, slots=True)
class DealResult:
    levels: float  # signed levels per hand for A, averaged over the two plays
    points: float  # attackers' points when B deals less when A deals, halved
    won: float  # share of the two hands A's side won (a hand's winners: its winning seats)
    times_a: tuple[float, ...]
    times_b: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Spec:
    """A player of the arena: a level and its knobs."""

    level: str
    bid_scale: float = 1.0
    style: Style | None = None  # a searching level's style other than its own


def parse_player(name: str) -> Spec:
    """``LEVEL`` or ``LEVEL:KNOB[,KNOB]`` -> its ``Spec``. Knobs: ``bids=X`` (every level but
    random), and for the searching levels their style's parts: ``opp`` / ``noopp`` (the other
    side rolled out by the model, or by our policy), ``table`` / ``fixed`` (each other seat by
    whichever of the two explains its plays, or by side), ``kitty=N`` (an unseen kitty's odds),
    ``wide`` / ``narrow`` (a lead's candidates), ``sbids`` / ``rbids`` (bids while the cards come
    searched, or the rule's), ``z=X`` (a nominee's bar on fresh deals, in standard errors)."""
    base, _, knobs = name.partition(":")
    level = ALIASES.get(base, base)
    if level not in PLAYERS:
        raise ValueError(f"unknown player {base!r}; expected one of {', '.join(PLAYERS)}")
    spec = Spec(level)
    searching = level in LEVEL_STYLES
    for knob in knobs.split(",") if knobs else ():
        styled = _style_knob(spec.style or LEVEL_STYLES[level], knob) if searching else None
        if styled is not None:
            spec = replace(spec, style=styled)
            continue
        key, _, value = knob.partition("=")
        try:
            scale = float(value)
        except ValueError:
            scale = -1.0
        if key != "bids" or not 0 < scale < 10 or level == "random":
            raise ValueError(
                f"{name!r}: expected {level}:bids=X, X a positive factor like 0.9"
                + (
                    f", or {level}:opp, :noopp, :table, :fixed, :kitty=N (0-10), :wide, :narrow,"
                    " :sbids, :rbids, :z=X (0-5)" * searching
                )
            )
        spec = replace(spec, bid_scale=scale)
    return spec


def _style_knob(style: Style, knob: str) -> Style | None:
    """``style`` with the part ``knob`` names (``opp``, ``noopp``, ``table``, ``fixed``,
    ``kitty=N``, ``wide``, ``narrow``, ``sbids``, ``rbids``, ``z=X``); None: no such."""
    key, _, value = knob.partition("=")
    if knob in ("opp", "noopp"):
        return replace(style, model_opponents=knob == "opp")
    if knob in ("table", "fixed"):
        return replace(style, table_lean=knob == "table")
    if knob in ("wide", "narrow"):
        return replace(style, wide_leads=knob == "wide")
    if knob in ("sbids", "rbids"):
        return replace(style, searched_bids=knob == "sbids")
    if key == "kitty" and value.isdigit() and int(value) <= 10:
        return replace(style, kitty_odds=int(value))
    if key == "z" and value.replace(".", "", 1).isdigit() and float(value) <= 5:
        return replace(style, confirm_z=float(value))
    return None


def new_player(name: str, seed: int, cfg: Config) -> AIPlayer:
    spec = parse_player(name)
    if spec.level in LEVEL_STYLES:
        player: AIPlayer = ExpertPlayer.of(spec.level, seed, cfg.budget, cfg.samples, spec.style)
    else:
        player = make_player(spec.level, seed)
    if spec.bid_scale != 1.0:
        assert isinstance(player, BasicPlayer)  # every level but random bids as basic does
        player.bid_scale = spec.bid_scale
    return player


def deals(seed: int, n: int) -> list[tuple[int, int, str]]:
    """The deals of a run: (hand seed, dealer, level), all from the run's seed."""
    rng = random.Random(seed)
    return [(rng.getrandbits(63), rng.randrange(4), rng.choice(RANKS[:-1])) for _ in range(n)]


def play_one(
    rules: RuleSet, setup: Setup, players: Sequence[AIPlayer], timed: Sequence[list[float]]
) -> Hand:
    """Play one hand; ``timed[seat]`` collects that seat's decision times."""
    return play_on(Hand(rules, setup), players, timed)


def play_on(hand: Hand, players: Sequence[AIPlayer], timed: Sequence[list[float]]) -> Hand:
    """Play ``hand`` to its end (a bench that must hold the hand builds it first)."""

    def timed_player(seat: int) -> Player:
        def act(v: View, _rng: random.Random) -> Action | None:
            start = time.perf_counter()
            action = players[seat].act(v)
            if v.phase != Phase.DEAL:
                timed[seat].append(time.perf_counter() - start)
            return action

        return act

    return play_hand(hand, [timed_player(s) for s in range(4)], random.Random(hand.setup.seed))


def match_hand(rules: RuleSet, seed: int, levels: Sequence[str]) -> Hand:
    """The first hand of a match of ``seed`` with AI players of ``levels`` seated as every table
    seats them (``selfplay.seat_seed``): what the app's offline table and a server room of that
    seed play, action for action."""
    setup = Setup(hand_seed(seed, 1), (rules.start_level,) * 4, None, 1)
    players = [make_player(levels[s], seat_seed(seed, s)) for s in range(4)]
    return play_one(rules, setup, players, [[], [], [], []])


def play_deal(args: tuple[Config, tuple[int, int, str]]) -> DealResult:
    cfg, deal = args
    return play_seatings(
        cfg, deal, lambda a, seed, _hand: new_player(cfg.a if a else cfg.b, seed, cfg)
    )


def play_seatings(
    cfg: Config, deal: tuple[int, int, str], player: Callable[[bool, int, Hand], AIPlayer]
) -> DealResult:
    """``deal`` played twice, A at seats 0 & 2, then at 1 & 3; ``player(a, seed, hand)`` seats
    A's player (``a``) or B's for ``hand`` (a bench's player may hold the hand)."""
    levels = points = won = 0.0
    times_a: list[float] = []
    times_b: list[float] = []
    seed, dealer, level = deal
    for a_seats in ((0, 2), (1, 3)):
        hand = Hand(cfg.rules, Setup(seed, (level,) * 4, dealer))
        players = [player(s in a_seats, seed + s, hand) for s in range(4)]
        timed: list[list[float]] = [[], [], [], []]
        play_on(hand, players, timed)
        o = hand.outcome
        assert o is not None
        winners = set(o.defenders) if o.winner == "defenders" else set(range(4)) - set(o.defenders)
        a_gain = sum(o.levels for s in a_seats if s in winners)
        b_gain = sum(o.levels for s in range(4) if s not in a_seats and s in winners)
        levels += (a_gain - b_gain) / 2 / 2
        a_deals = hand.dealer in a_seats
        points += (-o.attacker_points if a_deals else o.attacker_points) / 2
        won += len(winners & set(a_seats)) / len(winners) / 2
        for s in range(4):
            (times_a if s in a_seats else times_b).extend(timed[s])
    return DealResult(levels, points, won, tuple(times_a), tuple(times_b))


def run(cfg: Config, seed: int, n: int, jobs: int = 1) -> list[DealResult]:
    work = [(cfg, d) for d in deals(seed, n)]
    if jobs <= 1:
        return [play_deal(w) for w in work]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(play_deal, work, chunksize=max(1, n // (jobs * 8))))


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval."""
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def percentiles(xs: Sequence[float]) -> tuple[float, float, float]:
    if not xs:
        return 0.0, 0.0, 0.0
    s = sorted(xs)
    return s[len(s) // 2], s[min(len(s) - 1, int(0.95 * len(s)))], s[-1]


def report(cfg: Config, results: list[DealResult], seconds: float) -> str:
    lv, lv_ci = mean_ci([r.levels for r in results])
    pt, pt_ci = mean_ci([r.points for r in results])
    won = statistics.fmean(r.won for r in results)
    lines = [
        f"preset {cfg.rules.preset}: A={cfg.a} vs B={cfg.b}, {len(results)} duplicate deals "
        f"({2 * len(results)} hands) in {seconds:.0f} s; search: {cfg.samples} deals per "
        f"candidate (master {level_samples('master', cfg.samples)})",
        f"levels per hand (A - B): {lv:+.3f} ± {lv_ci:.3f} (95% CI "
        f"{lv - lv_ci:+.3f} .. {lv + lv_ci:+.3f})",
        f"points per hand (A - B, same cards): {pt:+.1f} ± {pt_ci:.1f}",
        f"hands won by A's side: {100 * won:.1f}%",
    ]
    for name, times in (("A", "times_a"), ("B", "times_b")):
        ts = [t for r in results for t in getattr(r, times)]
        p50, p95, top = percentiles(ts)
        who = cfg.a if name == "A" else cfg.b
        lines.append(
            f"decision time {name} ({who}, {len(ts)} decisions): p50 {1000 * p50:.1f} ms, "
            f"p95 {1000 * p95:.1f} ms, max {1000 * top:.1f} ms"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.arena", description=__doc__.split("\n")[0])
    p.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    p.add_argument("--a", default="expert")
    p.add_argument("--b", default="basic")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--samples", type=int, default=None, help="search deals/candidate")
    p.add_argument("--budget", type=float, default=None, help="search seconds/decision (clock)")
    args = p.parse_args(argv)
    for name in (args.a, args.b):
        try:
            parse_player(name)
        except ValueError as e:
            p.error(str(e))
    rules = preset(args.preset)
    samples = min(args.samples or arena_samples(rules), MAX_SAMPLES)
    cfg = Config(rules, args.a, args.b, samples, args.budget)
    start = time.perf_counter()
    results = run(cfg, args.seed, args.deals, args.jobs)
    print(report(cfg, results, time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
