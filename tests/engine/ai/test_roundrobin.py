"""bench/ai_roundrobin.py: a partial run survives, a rerun resumes, the table reads the file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

import ai_roundrobin as rr


def test_pairs() -> None:
    assert rr.pairs(["easy", "normal", "hard"], adjacent=True) == [
        ("normal", "easy"),
        ("hard", "normal"),
    ]
    assert len(rr.pairs(rr.LEVELS, adjacent=False)) == 6


def test_a_run_resumes_and_extends(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rr.jsonl"
    args = ["--presets", "one-deck", "--levels", "easy", "normal", "--seed", "3"]
    assert rr.main([*args, "--deals", "2", "--out", str(out)]) == 0
    first = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["deal"] for r in first) == [0, 1]
    assert "2 duplicate deals to play" in capsys.readouterr().out
    # an interrupted write leaves half a line: ignored, and that deal is played again
    with out.open("a") as f:
        f.write('{"preset": "one-deck", "a"')
    table = ["--table", str(tmp_path / "table.txt")]
    assert rr.main([*args, "--deals", "3", "--out", str(out), *table]) == 0
    assert "1 duplicate deals to play (2 already" in capsys.readouterr().out
    rows = rr.load(out)
    assert sorted(k[4] for k in rows) == [0, 1, 2]
    # the same deal played again gives the same figures (fixed seeds)
    again = rr.play((("one-deck", "normal", "easy", 3, 1), 10))
    assert again["levels"] == rows[("one-deck", "normal", "easy", 3, 1)]["levels"]
    text = (tmp_path / "table.txt").read_text()
    assert "| one-deck | normal vs easy | 3 |" in text


def _row(name: str, a: str, b: str, i: int, levels: float) -> dict:
    return {"preset": name, "a": a, "b": b, "seed": 7, "deal": i, "levels": levels}


def test_the_ladder_says_where_a_level_falls_below_the_one_under_it() -> None:
    rows = {
        ("classic", "normal", "easy", 7, i): _row("classic", "normal", "easy", i, lv)
        for i, lv in enumerate([0.5, 0.0, 1.0, 0.5])
    } | {
        ("classic", "hard", "normal", 7, i): _row("classic", "hard", "normal", i, lv)
        for i, lv in enumerate([-1.0, -0.5, -1.0, -1.5])  # clearly below: upper end < 0
    }
    text = rr.ladder(rows, ["classic"], rr.LEVELS, {"classic": 4})
    assert "| preset | normal ≥ easy | hard ≥ normal | master ≥ hard |" in text
    assert "| classic | yes (4 deals) | NO (4 deals) | not played |" in text
    # within noise either way counts as "at or above"; fewer deals than the preset's are short
    rows[("classic", "hard", "normal", 7, 0)] = _row("classic", "hard", "normal", 0, 3.0)
    text = rr.ladder(rows, ["classic"], rr.LEVELS, {"classic": 300})
    assert "| classic | yes (4 deals, short) | yes (4 deals, short) | not played |" in text


def test_the_table_takes_every_finished_deal_unless_capped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rr.jsonl"
    base = {"samples": 60, "points": 0.0, "won": 0.5, "times_a": [0.1], "times_b": [0.0]}
    with out.open("w") as f:
        for i in range(200):  # more than one-deck's default 150
            f.write(json.dumps(base | _row("one-deck", "normal", "easy", i, 0.0)) + "\n")
    args = ["--table-only", "--presets", "one-deck", "--levels", "easy", "normal"]
    assert rr.main([*args, "--out", str(out)]) == 0
    assert "| one-deck | normal vs easy | 200 |" in capsys.readouterr().out
    assert rr.main([*args, "--deals", "150", "--out", str(out)]) == 0
    assert "| one-deck | normal vs easy | 150 |" in capsys.readouterr().out
