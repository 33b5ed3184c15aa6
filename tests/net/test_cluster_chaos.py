"""A bounded chaos run (tests/net/chaos.py): three nodes, two tables of people, server bots
and a spectator, faults of every kind drawn from a fixed seed for about a minute and a half;
every invariant must hold. ``bench/chaos.py`` runs it longer and prints the figures."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from chaos import Run, play
from cluster_fixtures import PostgresInstance, RedisInstance

log = logging.getLogger(__name__)


@pytest.mark.timeout(300)
def test_a_cluster_plays_through_a_seeded_schedule_of_faults(
    tmp_path: Path, own_postgres: PostgresInstance, own_redis: RedisInstance
) -> None:
    run = Run(7, tmp_path, own_postgres, own_redis, own_postgres.fresh_db(), longest=4.0)
    try:
        asyncio.run(play(run, duration=90, tables=2))
        problems = run.check(moved_within=20.0)
    finally:
        run.stop()
    log.warning("chaos figures: %s", run.figures())
    assert len(run.faults) >= 10 and run.hands >= 2
    assert not problems, problems
