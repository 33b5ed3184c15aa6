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
