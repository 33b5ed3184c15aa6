"""The arena: duplicate deals reproducible from the seed, in one process or several."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.ai.players import ExpertPlayer
from engine.ai.style import PLAIN, TUNED, Style
from engine.arena import (
    Config,
    Spec,
    arena_samples,
    deals,
    main,
    mean_ci,
    new_player,
    parse_player,
    percentiles,
    run,
)
from engine.rules import PRESETS, preset


def _figures(results: list) -> list[tuple[float, float, float]]:
    return [(r.levels, r.points, r.won) for r in results]


def test_deals_come_from_the_seed() -> None:
    assert deals(7, 5) == deals(7, 5)
    assert deals(7, 5) != deals(8, 5)


def test_runs_are_reproducible_from_the_seed() -> None:
    cfg = Config(preset("classic"), "basic", "random", samples=1, budget=None)
    first = run(cfg, 3, 3)
    assert _figures(first) == _figures(run(cfg, 3, 3))
    assert all(len(r.times_a) > 0 and len(r.times_b) > 0 for r in first)


def test_processes_give_the_same_figures() -> None:
    cfg = Config(preset("find-friend"), "easy", "basic", samples=1, budget=None)
    assert _figures(run(cfg, 4, 2, jobs=2)) == _figures(run(cfg, 4, 2, jobs=1))


def test_expert_runs_are_reproducible() -> None:
    cfg = Config(preset("one-deck"), "expert", "basic", samples=1, budget=None)
    assert _figures(run(cfg, 5, 1)) == _figures(run(cfg, 5, 1))


def test_duplicate_identical_players_cancel() -> None:
    """The same player on both sides of a duplicate deal scores exactly 0 in total."""
    cfg = Config(preset("classic"), "basic", "basic", samples=1, budget=None)
    for r in run(cfg, 9, 2):
        assert r.levels == 0 and r.points == 0 and r.won == pytest.approx(0.5)


def test_statistics_helpers() -> None:
    m, half = mean_ci([1.0, 2.0, 3.0])
    assert m == 2.0 and half > 0
    assert percentiles([0.1, 0.2, 0.3, 0.4]) == (0.3, 0.4, 0.4)


def test_cli_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--preset", "one-deck", "--a", "basic", "--b", "random", "--deals", "2"]) == 0
    out = capsys.readouterr().out
    for text in ("levels per hand", "95% CI", "points per hand", "hands won", "p95"):
        assert text in out
    assert "search: 60 deals per candidate (master 240)" in out  # one deck's default


def test_the_search_budget_shrinks_with_the_decks() -> None:
    """Bigger positions cost more per deal, so the fixed budget that matches the clock is
    smaller; master searches four times as many deals as hard."""
    by_decks = sorted((preset(name).decks, arena_samples(preset(name))) for name in PRESETS)
    assert all(n > 0 for _, n in by_decks)
    assert [n for _, n in by_decks] == sorted((n for _, n in by_decks), reverse=True)
    cfg = Config(preset("four-deck"), "hard", "master", arena_samples(preset("four-deck")), None)
    hard, master = new_player("hard", 1, cfg), new_player("master", 1, cfg)
    assert isinstance(hard, ExpertPlayer) and isinstance(master, ExpertPlayer)
    assert (hard.samples, master.samples) == (cfg.samples, 4 * cfg.samples)
    assert hard.budget is None and master.budget is None
    assert (hard.style, master.style) == (TUNED, TUNED)  # the levels' own styles
    plain = new_player("master:noopp,kitty=0,narrow", 1, cfg)
    assert isinstance(plain, ExpertPlayer) and plain.style == PLAIN
    assert plain.samples == 4 * cfg.samples
    unmodelled = new_player("hard:noopp", 1, cfg)
    assert isinstance(unmodelled, ExpertPlayer) and unmodelled.style == Style(False, 1, True)
    assert unmodelled.samples == cfg.samples
    assert hard.bidder is None and master.bidder is None  # the levels bid by the rule
    searching = new_player("master:sbids", 1, cfg)
    assert isinstance(searching, ExpertPlayer) and searching.bidder is not None
    assert searching.bidder.samples == searching.samples


def test_a_player_may_carry_a_bidding_scale() -> None:
    assert parse_player("basic") == Spec("normal", 1.0)
    assert parse_player("expert:bids=0.9") == Spec("hard", 0.9)
    assert parse_player("master:noopp,bids=0.9") == Spec("master", 0.9, Style(False, 1, True))
    assert parse_player("hard:kitty=3,noopp") == Spec("hard", 1.0, Style(False, 3, True))
    assert parse_player("hard:narrow") == Spec("hard", 1.0, Style(True, 1, False))
    assert parse_player("master:narrow") == Spec("master", 1.0, Style(True, 1, False))
    assert parse_player("hard:sbids") == Spec("hard", 1.0, Style(True, 1, True, True))
    assert parse_player("hard:sbids,rbids") == Spec("hard", 1.0, TUNED)
    assert parse_player("master:z=0.5") == Spec("master", 1.0, replace(TUNED, confirm_z=0.5))
    assert parse_player("master:z=0") == Spec("master", 1.0, replace(TUNED, confirm_z=0.0))
    bad_names = ("nobody", "normal:bids=x", "normal:bids=0", "normal:trumps=1", "random:bids=0.9")
    for bad in (
        *bad_names,
        "normal:opp",
        "hard:opp=1",
        "master:kitty=11",
        "normal:kitty=1",
        "normal:wide",
        "normal:sbids",
        "normal:z=1",
        "hard:z=-1",
        "hard:z=6",
        "hard:z=x",
    ):
        with pytest.raises(ValueError):
            parse_player(bad)


def test_a_bidding_scale_changes_the_bids_and_nothing_else_alike() -> None:
    """Thresholds half as high again bid later or not at all, so the same deals play out
    differently from the shipped ones; a scale of 1 is the shipped player exactly."""
    shipped = Config(preset("classic"), "normal:bids=1", "normal", samples=1, budget=None)
    assert all(r.levels == 0 and r.points == 0 for r in run(shipped, 9, 3))
    wary = Config(preset("classic"), "normal:bids=1.5", "normal", samples=1, budget=None)
    assert any(r.points != 0 for r in run(wary, 9, 3))


def test_cli_refuses_an_unknown_player(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--a", "normal:bids=much"])
    assert "normal:bids=X" in capsys.readouterr().err
