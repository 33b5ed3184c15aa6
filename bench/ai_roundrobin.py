"""Round robin of the AI levels on every preset: duplicate arena deals, fixed seeds, resumable.

    python bench/ai_roundrobin.py --jobs 2                      # the full run (hours)
    python bench/ai_roundrobin.py --presets classic --deals 4   # a quick check
    python bench/ai_roundrobin.py --table-only                  # the table from what is done

Every pair of levels (``--pairs adjacent``: only each level against the one below) plays the
same duplicate deals of a preset (``engine.arena``: each deal twice on the same cards, the
levels swapping seats; the deals drawn from ``--seed``; the search on a fixed playout budget,
no clock, so every figure is reproducible). Each finished deal is appended at once as one JSON
line to ``--out``; a rerun skips the deals already there, so an interrupted run resumes where it
stopped and a longer one extends a shorter one (the deals of a seed are a prefix-stable list).
Work goes in rounds of ``--chunk`` deals over every preset and pair, so a partial run has
figures for every cell. The table (levels per hand for the stronger-listed level, with a 95%
interval, points, decision-time p95) and the ladder (each level against the one below: at or
above it when the interval's upper end is above 0) are printed in Markdown and, with
``--table``, written to a file for docs/AI.md. They take every finished deal of the seed in
``--out`` (``--deals`` caps them), so one table holds a 1000-deal pair beside 150-deal ones.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.arena import Config, DealResult, arena_samples, deals, mean_ci, percentiles, play_deal
from engine.rules import PRESETS, preset

LEVELS = ("easy", "normal", "hard", "master")
DEALS = {"classic": 300}  # per pair; every other preset: DEFAULT_DEALS
DEFAULT_DEALS = 150
Key = tuple[str, str, str, int, int]  # preset, a, b, seed, deal index


def pairs(levels: Sequence[str], adjacent: bool) -> list[tuple[str, str]]:
    """(higher, lower) level pairs, the higher level as A."""
    if adjacent:
        return [(levels[i + 1], levels[i]) for i in range(len(levels) - 1)]
    return [(hi, lo) for lo, hi in itertools.combinations(levels, 2)]


def load(path: Path) -> dict[Key, dict]:
    """Finished deals by key (a line cut short by an interrupted write is ignored)."""
    done: dict[Key, dict] = {}
    if not path.exists():
        return done
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        done[(row["preset"], row["a"], row["b"], row["seed"], row["deal"])] = row
    return done


def plan(
    presets: Sequence[str],
    level_pairs: Sequence[tuple[str, str]],
    n_deals: dict[str, int],
    seed: int,
    chunk: int,
    done: dict[Key, dict],
) -> Iterator[Key]:
    """The deals still to play, in rounds of ``chunk`` deals over every preset and pair."""
    top = max(n_deals[p] for p in presets)
    for start in range(0, top, chunk):
        for name in presets:
            for a, b in level_pairs:
                for i in range(start, min(start + chunk, n_deals[name])):
                    key = (name, a, b, seed, i)
                    if key not in done:
                        yield key


def samples_for(name: str, fixed: int | None) -> int:
    """Search deals per candidate: ``--samples``, else the arena's for the preset's decks."""
    return fixed or arena_samples(preset(name))


def play(args: tuple[Key, int | None]) -> dict:
    (name, a, b, seed, i), fixed = args
    deal = deals(seed, i + 1)[i]
    samples = samples_for(name, fixed)
    r: DealResult = play_deal((Config(preset(name), a, b, samples, None), deal))
    return {
        "preset": name,
        "a": a,
        "b": b,
        "seed": seed,
        "deal": i,
        "samples": samples,
        "levels": r.levels,
        "points": r.points,
        "won": r.won,
        "times_a": [round(t, 5) for t in r.times_a],
        "times_b": [round(t, 5) for t in r.times_b],
    }


def run(todo: list[Key], samples: int | None, jobs: int, out: Path) -> None:
    """Play ``todo`` in ``jobs`` processes, appending each deal to ``out`` as it finishes."""
    out.parent.mkdir(parents=True, exist_ok=True)
    cut = out.exists() and not out.read_bytes().endswith(b"\n") and out.stat().st_size > 0
    with out.open("a") as f:
        if cut:
            f.write("\n")  # end the line an interrupted run left half-written
        if jobs <= 1:
            for key in todo:
                f.write(json.dumps(play((key, samples))) + "\n")
                f.flush()
            return
        with ProcessPoolExecutor(jobs) as pool:
            work = iter(todo)
            live: set[Future] = set()
            while True:
                for key in itertools.islice(work, 2 * jobs - len(live)):
                    live.add(pool.submit(play, (key, samples)))
                if not live:
                    return
                finished, live = wait(live, return_when=FIRST_COMPLETED)
                for fut in finished:
                    f.write(json.dumps(fut.result()) + "\n")
                    f.flush()


Cells = dict[tuple[str, str, str], list[dict]]  # (preset, a, b): its deals


def cells_of(rows: dict[Key, dict]) -> Cells:
    cells: Cells = defaultdict(list)
    for (name, a, b, _seed, _i), row in rows.items():
        cells[(name, a, b)].append(row)
    return cells


def table(rows: dict[Key, dict], presets: Sequence[str], level_pairs: Sequence[tuple[str, str]]):
    """The Markdown table, one line per preset and pair that has deals."""
    cells = cells_of(rows)
    lines = [
        "| preset | A vs B | deals | levels/hand A − B (95% CI) | points/hand | hands won by A "
        "| A p95 / B p95 per decision |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name in presets:
        for a, b in level_pairs:
            got = cells.get((name, a, b))
            if not got:
                continue
            lv, lv_ci = mean_ci([r["levels"] for r in got])
            pt, pt_ci = mean_ci([r["points"] for r in got])
            won = statistics.fmean(r["won"] for r in got)
            p95a = percentiles([t for r in got for t in r["times_a"]])[1]
            p95b = percentiles([t for r in got for t in r["times_b"]])[1]
            interval = f"({lv - lv_ci:+.3f} .. {lv + lv_ci:+.3f})" if len(got) > 1 else ""
            lines.append(
                f"| {name} | {a} vs {b} | {len(got)} | {lv:+.3f} {interval} | {pt:+.1f} ± "
                f"{pt_ci:.1f} | {100 * won:.1f}% | {1000 * p95a:.0f} / {1000 * p95b:.0f} ms |"
            )
    return "\n".join(lines)


def ladder(
    rows: dict[Key, dict], presets: Sequence[str], levels: Sequence[str], n_deals: dict[str, int]
) -> str:
    """Each level against the one below, per preset: "yes" when the interval's upper end is
    above 0 (the issue's test of "at or above"), "NO" when it is not, with the deals played
    and "short" while a pair has fewer than the preset's default number of deals."""
    cells = cells_of(rows)
    steps = pairs(levels, adjacent=True)
    lines = [
        "| preset | " + " | ".join(f"{a} ≥ {b}" for a, b in steps) + " |",
        "| --- |" + " --- |" * len(steps),
    ]
    for name in presets:
        marks = []
        for a, b in steps:
            got = cells.get((name, a, b))
            if not got:
                marks.append("not played")
                continue
            lv, ci = mean_ci([r["levels"] for r in got])
            verdict = "yes" if lv + ci > 0 else "NO"
            short = ", short" if len(got) < n_deals[name] else ""
            marks.append(f"{verdict} ({len(got)} deals{short})")
        lines.append(f"| {name} | " + " | ".join(marks) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--presets", nargs="*", default=sorted(PRESETS), choices=sorted(PRESETS))
    p.add_argument("--levels", nargs="*", default=list(LEVELS), choices=LEVELS)
    p.add_argument("--pairs", choices=("all", "adjacent"), default="all")
    p.add_argument("--deals", type=int, default=None, help="per pair (default 300 classic, 150)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument(
        "--samples", type=int, default=None, help="search deals/candidate (default: the arena's)"
    )
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--chunk", type=int, default=10, help="deals per pair in one round")
    p.add_argument("--out", type=Path, default=Path("build/ai_roundrobin.jsonl"))
    p.add_argument("--table", type=Path, default=None, help="also write the table here")
    p.add_argument("--table-only", action="store_true", help="no play: the table of --out")
    a = p.parse_args(argv)
    level_pairs = pairs(a.levels, a.pairs == "adjacent")
    n_deals = {name: a.deals or DEALS.get(name, DEFAULT_DEALS) for name in a.presets}
    cap = n_deals if a.deals else dict.fromkeys(a.presets, sys.maxsize)
    done = load(a.out)
    if not a.table_only:
        todo = list(plan(a.presets, level_pairs, n_deals, a.seed, a.chunk, done))
        print(f"{len(todo)} duplicate deals to play ({len(done)} already in {a.out})")
        start = time.perf_counter()
        run(todo, a.samples, a.jobs, a.out)
        print(f"played in {time.perf_counter() - start:.0f} s")
        done = load(a.out)
    wanted = {
        k: r
        for k, r in done.items()
        if k[0] in a.presets
        and (k[1], k[2]) in level_pairs
        and k[3] == a.seed
        and k[4] < cap[k[0]]
        and r["samples"] == samples_for(k[0], a.samples)
    }
    text = table(wanted, a.presets, level_pairs)
    text += "\n\n" + ladder(wanted, a.presets, a.levels, n_deals)
    print(text)
    if a.table is not None:
        a.table.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
