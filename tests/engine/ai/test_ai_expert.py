"""The conservative override: the search plays its nominee only when a paired re-check on
fresh deals confirms it (the lower confidence bound of its advantage above zero)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from test_ai_sampling import positions

from engine.ai.expert import MIN_CONFIRM, decide, paired_check, search
from engine.ai.players import is_legal_play

FAV, RIVAL, NOMINEE = ["3S"], ["4S"], ["5S"]
CANDS = [FAV, RIVAL, NOMINEE]


def stub_worlds(tag: str) -> Callable[[], tuple[str, int]]:
    """Worlds are labels: ("nominate", i) for the search's deals, ("fresh", i) for the
    re-check's, so a stub value can tell them apart."""
    counter = itertools.count()
    return lambda: (tag, next(counter))


def stub_value(on_nomination: float, on_fresh: float, noise: float = 0.5) -> Callable:
    """The favourite scores noise around 0; NOMINEE gains ``on_nomination`` on the search's
    deals and ``on_fresh`` on fresh ones (the same noise for both plays: paired deals);
    RIVAL is a clear loser."""

    def value(world: tuple[str, int], play: list[str]) -> float:
        tag, i = world
        base = random.Random(i).uniform(-noise, noise)
        if play == NOMINEE:
            return base + (on_nomination if tag == "nominate" else on_fresh)
        if play == RIVAL:
            return base - 1.0
        return base

    return value


def run_search(value: Callable, samples: int = 8, confirm: int = 40):
    return search(
        CANDS, stub_worlds("nominate"), stub_worlds("fresh"), value, samples, confirm, None
    )


def test_a_nominee_worse_on_fresh_deals_is_not_played() -> None:
    """It wins the nomination (winner's curse: lucky on the search's deals) but loses the
    re-check: the rule-based favourite stands."""
    d = run_search(stub_value(on_nomination=1.0, on_fresh=-0.2))
    assert d.check is not None  # the nominee was nominated and re-checked
    assert d.check.gain < 0 and not d.check.confirmed
    assert list(d.cards) == FAV


def test_a_nominee_that_gains_nothing_is_not_played() -> None:
    d = run_search(stub_value(on_nomination=1.0, on_fresh=0.0))
    assert d.check is not None and not d.check.confirmed
    assert list(d.cards) == FAV


def test_a_confirmed_nominee_is_played() -> None:
    d = run_search(stub_value(on_nomination=1.0, on_fresh=0.4))
    assert d.check is not None and d.check.confirmed and d.check.lcb > 0
    assert list(d.cards) == NOMINEE


def test_no_nominee_no_recheck() -> None:
    d = run_search(stub_value(on_nomination=-1.0, on_fresh=1.0))
    assert d.check is None and list(d.cards) == FAV


def test_the_recheck_pairs_the_plays_on_the_same_deals() -> None:
    """A constant gain on every deal has no spread: the paired check confirms it at once,
    where unpaired noise of ±5 would hide it."""
    seen: list[tuple[tuple[str, int], list[str]]] = []

    def value(world: tuple[str, int], play: list[str]) -> float:
        seen.append((world, play))
        base = random.Random(world[1]).uniform(-5, 5)
        return base + (0.1 if play == NOMINEE else 0.0)

    check = paired_check(stub_worlds("fresh"), value, FAV, NOMINEE, MIN_CONFIRM)
    assert check.confirmed and check.deals == MIN_CONFIRM
    assert abs(check.gain - 0.1) < 1e-9
    # every fresh deal valued for both plays
    for world in {w for w, _ in seen}:
        assert sorted(tuple(p) for w, p in seen if w == world) == [tuple(FAV), tuple(NOMINEE)]


def test_too_few_deals_never_confirm() -> None:
    check = paired_check(
        stub_worlds("fresh"),
        lambda w, p: 1.0 if p == NOMINEE else 0.0,
        FAV,
        NOMINEE,
        MIN_CONFIRM - 1,
    )
    assert check.gain == 1.0 and not check.confirmed


def test_decisions_are_legal_and_reproducible() -> None:
    for _truth, v in positions("classic", 11, every=9):
        d = decide(v, None, 2, seed=3, confirm=4)
        assert is_legal_play(v, list(d.cards))
        assert d == decide(v, None, 2, seed=3, confirm=4)
