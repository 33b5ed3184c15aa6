"""The QML component tests beside their components (resources/Tuolaji/tst_<Component>.qml),
run with Qt Quick Test in a fresh process each; a failure or any Qt/QML warning fails."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("qml_runner.py")
TESTS = sorted((ROOT / "resources" / "Tuolaji").glob("tst_*.qml"))


def test_the_components_have_tests() -> None:
    names = {p.stem for p in TESTS}
    assert {"tst_HandFan", "tst_BidBar", "tst_TrickArea"} <= names


@pytest.mark.parametrize("qml", TESTS, ids=[p.stem for p in TESTS])
def test_qml_component(qml: Path, tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TUOLAJI_HOME": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, str(RUNNER), "-input", str(qml)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert "Totals:" in out and " 0 failed" in out, out
    warnings = [line for line in out.splitlines() if "QWARN" in line or "Warning" in line]
    assert not warnings, "\n".join(warnings)
