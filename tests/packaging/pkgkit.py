"""Helpers for the packaging tests (a module of its own: every test folder's conftest is imported
as ``conftest``, so importing from it depends on which one pytest loaded last)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.tuolaji.Tuolaji"
SUMMARY_OK = r"^tuolaji self-test: OK: first frame (\d+\.\d+) s after [a-z -]+;"


def run(cmd: list[str], timeout: float = 120, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)  # type: ignore[call-overload]


def offscreen_env() -> dict[str, str]:
    return dict(os.environ, QT_QPA_PLATFORM="offscreen")


class Built:
    """A bundle built by the ``bundle`` fixture."""

    def __init__(self, tree: Path, dist: Path, venv: Path, output: str, seconds: float) -> None:
        self.tree = tree
        self.dist = dist
        self.venv = venv
        self.output = output
        self.seconds = seconds

    @property
    def folder(self) -> Path:
        return self.dist / "tuolaji"

    @property
    def binary(self) -> Path:
        return self.folder / ("tuolaji-console.exe" if sys.platform == "win32" else "tuolaji")
