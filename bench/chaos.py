"""Chaos for a cluster, at length: three real server nodes on a throwaway PostgreSQL and Redis,
tables of people, server bots and spectators, and a seeded schedule of faults (SIGKILL,
SIGTERM, Redis stopped, PostgreSQL stopped, a node cut off from either) for ``--minutes``.
Prints the figures (faults survived, failover p50/p99, actions lost) and what broke, if
anything; exit status 1 when an invariant failed. The harness is tests/net/chaos.py (the CI
runs a short version: tests/net/test_cluster_chaos.py).

    python bench/chaos.py --minutes 10 --seed 1 --tables 3 --longest 10
    python bench/chaos.py --minutes 3 --kinds redis --shortest 60 --longest 60   # Redis away 60 s
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "net"))

from chaos import KINDS, Run, play  # noqa: E402
from cluster_fixtures import PostgresInstance, RedisInstance  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--minutes", type=float, default=10.0, help="how long faults strike")
    p.add_argument("--seed", type=int, default=1, help="draws the faults and the players")
    p.add_argument("--tables", type=int, default=3, help="tables playing at once")
    p.add_argument("--longest", type=float, default=10.0, help="the longest outage, seconds")
    p.add_argument("--shortest", type=float, default=1.0, help="the shortest outage, seconds")
    p.add_argument(
        "--kinds", default=",".join(KINDS), help=f"faults to draw from (default: {','.join(KINDS)})"
    )
    p.add_argument("--bound", type=float, default=20.0, help="seconds a table may take to move")
    a = p.parse_args()
    kinds = tuple(k for k in a.kinds.split(",") if k)
    if not kinds or set(kinds) - set(KINDS):
        p.error(f"--kinds: each of {', '.join(KINDS)}")
    pg, redis = PostgresInstance(), RedisInstance()
    pg.start()
    redis.start()
    started = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix="tuolaji-chaos-"))  # the nodes' logs: kept if broken
    run = Run(a.seed, tmp, pg, redis, pg.fresh_db(), a.longest, a.shortest)
    run.kinds = kinds
    problems = ["the run did not finish"]
    try:
        asyncio.run(play(run, duration=a.minutes * 60, tables=a.tables))
        problems = run.check(moved_within=a.bound)
    finally:
        run.stop()
        pg.remove()
        redis.remove()
        if problems:
            print(f"the nodes' logs: {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    figures = run.figures()
    figures["wall s"] = round(time.monotonic() - started)
    print(json.dumps(figures, indent=1))
    for problem in problems:
        print("BROKEN:", problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
