"""Engine throughput: legal follows and trick judgings per second; full hands per second.

    python bench/engine_bench.py [--seconds S] [--seed N] [--positions N] [--hands N]
        [--playouts N] [--only-playouts] [--only-draws] [--presets NAME ...]

Positions are random but seeded: a shuffled deck dealt to four hands, a random level and trump,
a random legal lead from one hand (one to three of its components in one suit, judged as a throw
against the other hands, so a failed throw stands as its forced play). Building positions is not
timed; each figure times only the engine call, cycling over the prepared positions.

Full hands: every preset, deal to score, random-legal choices made by the engine itself
(engine.selfplay.play_random), on one core; with the mean time of one ``Hand.apply``.

AI playouts: the rule-based policy at every seat, from the first lead to the score, on the real
deal of a seeded hand, timed in CPU seconds of this process (``time.process_time``) so that
other jobs on the machine inflate it less: ``engine.ai.playout.run`` on a ``World`` of card
strings (the reference), the search's inner loop, ``engine.ai.fastpolicy.run`` on the same
deal in card codes, and ``master``'s rollouts of it (``engine.ai.opponent``'s model of the open
bots at the first leader's opponents, our policy at its side).

Deals drawn (``--only-draws``): views of every seat at every fourth play of seeded hands of
rule-based players, by quarter of the hand; for each, ``Unseen`` built and 40 deals drawn as the
search draws them, beside 40 drawn card by card (the draw before the count of deals, lever 2),
in CPU milliseconds a view, with the share of views drawn by the count.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import Action
from engine.ai.expert import opponents_of
from engine.ai.fastpolicy import run as fast_playout
from engine.ai.fastworld import from_world
from engine.ai.opponent import run as model_playout
from engine.ai.players import BasicPlayer
from engine.ai.playout import World
from engine.ai.playout import run as playout
from engine.ai.sampling import Unseen, real_world
from engine.cards import RANKS, SUITS, Card, deck
from engine.follows import legal_follows
from engine.hand import Hand, Setup
from engine.leads import check_lead
from engine.order import Trumps
from engine.rules import PRESETS as ALL_PRESETS
from engine.rules import RuleSet, preset
from engine.selfplay import play_hand, play_random
from engine.shapes import Kind, decompose
from engine.tricks import winner
from engine.views import View

PRESETS = ("classic", "three-deck", "four-deck")


class Position(NamedTuple):
    follower: Counter[Card]
    lead: tuple[Card, ...]
    shape: tuple[Kind, ...]
    trumps: Trumps
    rules: RuleSet


class Trick(NamedTuple):
    plays: list[list[Card]]
    shape: tuple[Kind, ...]
    trumps: Trumps


def deal(rules: RuleSet, rng: random.Random) -> tuple[list[Counter[Card]], Trumps]:
    cards = deck(rules.decks)
    rng.shuffle(cards)
    n = rules.hand_size
    hands = [Counter(cards[i * n : (i + 1) * n]) for i in range(4)]
    trump = rng.choice([*SUITS, "none"])
    return hands, Trumps.parse(rng.choice(RANKS), trump, rules.twos_trump)


def random_lead(hand: Counter[Card], others: list[Counter[Card]], trumps: Trumps, rules: RuleSet,
                rng: random.Random) -> tuple[tuple[Card, ...], tuple[Kind, ...]]:  # fmt: skip
    suit = trumps.suit(rng.choice(sorted(hand.elements())))
    comps = decompose([c for c in hand.elements() if trumps.suit(c) == suit], trumps)
    picked = rng.sample(comps, min(len(comps), rng.choice((1, 1, 1, 2, 3))))
    play = [c for comp in picked for c in comp.cards]
    lead = check_lead(hand, play, trumps, rules, others=others)
    return lead.cards, lead.shape


def positions(rules: RuleSet, count: int, rng: random.Random) -> list[Position]:
    out = []
    for _ in range(count):
        hands, trumps = deal(rules, rng)
        leader = rng.randrange(4)
        others = [hands[s] for s in range(4) if s != leader]
        lead, shape = random_lead(hands[leader], others, trumps, rules, rng)
        out.append(Position(rng.choice(others), lead, shape, trumps, rules))
    return out


def tricks(rules: RuleSet, count: int, rng: random.Random) -> list[Trick]:
    out = []
    for _ in range(count):
        hands, trumps = deal(rules, rng)
        leader = rng.randrange(4)
        others = [hands[(leader + i) % 4] for i in range(1, 4)]
        lead, shape = random_lead(hands[leader], others, trumps, rules, rng)
        plays = [list(lead)]
        for hand in others:
            choices = list(legal_follows(hand, lead, shape, trumps, rules, limit=50))
            plays.append(rng.choice(choices))
        out.append(Trick(plays, shape, trumps))
    return out


def rate(items: list[Any], call: Callable[[Any], object], seconds: float) -> float:
    """Calls per second of ``call`` over ``items`` (cycled) for about ``seconds``."""
    done, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        for item in items:
            call(item)
        done += len(items)
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def hands_rate(rules: RuleSet, count: int, seed: int) -> tuple[float, float]:
    """(hands per second, microseconds per apply) over ``count`` random-legal hands."""
    applies = 0
    start = time.perf_counter()
    for i in range(count):
        hand = Hand(rules, Setup(seed=seed * 100_003 + i, levels=("2",) * 4, dealer=i % 4))
        play_random(hand, random.Random(i))
        applies += len(hand.actions)
    elapsed = time.perf_counter() - start
    return count / elapsed, elapsed / applies * 1e6


def basic_hands(
    rules: RuleSet, count: int, seed: int, look: Callable[[View, Hand, int], None]
) -> None:
    """``count`` seeded hands of rule-based players; ``look(view, hand, i)`` sees every view of
    a seat to play in hand ``i``."""
    for i in range(count):
        hand = Hand(rules, Setup(seed * 100_003 + i, ("2",) * 4, i % 4))
        players = [BasicPlayer(s) for s in range(4)]

        def act(
            v: View,
            _rng: random.Random,
            hand: Hand = hand,
            players: list[BasicPlayer] = players,
            i: int = i,
        ) -> Action | None:
            assert v.seat is not None
            if "play" in v.actions:
                look(v, hand, i)
            return players[v.seat].act(v)

        play_hand(hand, [act] * 4, random.Random(i))


def first_leads(rules: RuleSet, count: int, seed: int) -> list[World]:
    """The real deal at the first lead of ``count`` seeded hands of rule-based players."""
    out: dict[int, World] = {}

    def look(v: View, hand: Hand, i: int) -> None:
        if i not in out:
            out[i] = real_world(v, hand)

    basic_hands(rules, count, seed, look)
    return list(out.values())


def playouts_rate(rules: RuleSet, count: int, seed: int) -> tuple[float, float, float]:
    """Whole-hand playouts per CPU second: the rule-based policy on ``World`` (the reference),
    the search's rollouts on card codes (``fastpolicy`` on ``Fast``, converted once), and
    ``master``'s (the other side by the model)."""
    worlds = first_leads(rules, count, seed)
    start = time.process_time()
    for w in worlds:
        playout(w.copy())
    reference = len(worlds) / (time.process_time() - start)
    fast = [from_world(w) for w in worlds]
    start = time.process_time()
    for f in fast:
        fast_playout(f.copy())
    codes = len(worlds) / (time.process_time() - start)
    start = time.process_time()
    for f in fast:
        w = f.copy()
        model_playout(w, opponents_of(w, w.turn()))
    return reference, codes, len(worlds) / (time.process_time() - start)


def quarter_views(rules: RuleSet, hands: int, seed: int) -> list[list[View]]:
    """Views of the seat to play at every fourth play of ``hands`` seeded hands of rule-based
    players, by quarter of the hand."""
    seen: list[list[View]] = [[] for _ in range(hands)]
    basic_hands(rules, hands, seed, lambda v, _hand, i: seen[i].append(v))
    out: list[list[View]] = [[], [], [], []]
    for views in seen:
        for j in range(0, len(views), 4):
            out[min(3, 4 * j // len(views))].append(views[j])
    return out


def draws_table(args: argparse.Namespace) -> None:
    draws = 40
    header = (
        f"{'preset':<11} {'quarter':>7} {'views':>5} {'counted':>8} {'ms build':>8}"
        f" {'ms now':>7} {'ms before':>9}"
    )
    print(header)
    print("-" * len(header))
    for name in ("classic", "find-friend", "three-deck"):
        if args.presets and name not in args.presets:
            continue
        for q, views in enumerate(quarter_views(preset(name), args.hands // 10, args.seed)):
            build = now = before = 0.0
            counted = 0
            for v in views:
                rng = random.Random(args.seed)
                start = time.process_time()
                u = Unseen(v)
                built = time.process_time()
                for _ in range(draws):
                    u.draw(rng)
                build += built - start
                now += time.process_time() - built
                counted += u.splits is not None
                u.splits = None  # the card-by-card draw alone
                start = time.process_time()
                for _ in range(draws):
                    u.draw(rng)
                before += time.process_time() - start
            n = len(views)
            print(
                f"{name:<11} {q + 1:>7} {n:>5} {100 * counted / n:>7.0f}% {1000 * build / n:>8.1f}"
                f" {1000 * now / n:>7.1f} {1000 * before / n:>9.1f}"
            )
    print("counted: views drawn by the count of deals; ms build: Unseen (the count included);")
    print(f"ms now: {draws} draws as the search draws them; ms before: {draws} card by card; CPU")
    print("ms a view.")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="timing per figure (default 2)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--positions", type=int, default=200, help="positions per preset (200)")
    ap.add_argument("--hands", type=int, default=100, help="full hands per preset (100)")
    ap.add_argument("--playouts", type=int, default=40, help="AI playouts per preset (40)")
    ap.add_argument("--only-playouts", action="store_true", help="only the AI playouts")
    ap.add_argument("--only-draws", action="store_true", help="only the search's deals drawn")
    ap.add_argument("--presets", nargs="+", choices=sorted(ALL_PRESETS), help="only these presets")
    args = ap.parse_args()

    if args.only_playouts:
        return playouts_table(args)
    if args.only_draws:
        return draws_table(args)
    print(f"engine bench: seed {args.seed}, {args.positions} positions, {args.seconds:g} s each")
    header = f"{'preset':<11} {'decks':>5} {'follows/s':>11} {'per enum':>9} {'tricks/s':>10}"
    print(header)
    print("-" * len(header))
    for name in PRESETS:
        if args.presets and name not in args.presets:
            continue
        rules = preset(name)
        rng = random.Random(f"{args.seed}:{name}")
        pos = positions(rules, args.positions, rng)
        sizes = [
            len(list(legal_follows(p.follower, p.lead, p.shape, p.trumps, p.rules))) for p in pos
        ]
        follows = rate(
            pos,
            lambda p: sum(1 for _ in legal_follows(p.follower, p.lead, p.shape, p.trumps, p.rules)),
            args.seconds,
        )
        trk = tricks(rules, args.positions, rng)
        judged = rate(trk, lambda t: winner(t.plays, t.shape, t.trumps), args.seconds)
        mean = sum(sizes) / len(sizes)
        print(f"{name:<11} {rules.decks:>5} {follows:>11,.0f} {mean:>9.1f} {judged:>10,.0f}")
    print("follows/s: complete legal_follows enumerations (limit 200) per second;")
    print("per enum: mean follows listed; tricks/s: engine.tricks.winner on 4-play tricks.")
    print()
    header = f"{'preset':<11} {'hands/s':>9} {'µs/apply':>9}"
    print(header)
    print("-" * len(header))
    for name, rules in ALL_PRESETS.items():
        if args.presets and name not in args.presets:
            continue
        per_s, per_apply = hands_rate(rules, args.hands, args.seed)
        print(f"{name:<11} {per_s:>9.1f} {per_apply:>9.1f}")
    print("hands/s: random-legal hands, deal to score, one core; µs/apply: mean Hand.apply")
    print("(including the random choice of the action). Target for classic: >= 200 hands/s.")
    print()
    playouts_table(args)
    print()
    draws_table(args)


def playouts_table(args: argparse.Namespace) -> None:
    header = (
        f"{'preset':<11} {'playouts/s':>10} {'ms each':>8} {'codes/s':>9} {'ms each':>8}"
        f" {'model/s':>8} {'ms each':>8}"
    )
    print(header)
    print("-" * len(header))
    for name, rules in ALL_PRESETS.items():
        if args.presets and name not in args.presets:
            continue
        per_s, fast, model = playouts_rate(rules, args.playouts, args.seed)
        print(
            f"{name:<11} {per_s:>10.1f} {1000 / per_s:>8.1f} {fast:>9.1f} {1000 / fast:>8.1f}"
            f" {model:>8.1f} {1000 / model:>8.1f}"
        )
    print("playouts/s: AI rollouts of a whole hand (rule-based play at every seat, from the first")
    print("lead), per CPU second of one core; codes/s: the search's rollouts of the same deals on")
    print("card codes (engine.ai.fastpolicy on engine.ai.fastworld); model/s: master's, the other")
    print("side played by engine.ai.opponent's model of the open bots.")


if __name__ == "__main__":
    main()
