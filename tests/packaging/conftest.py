"""Packaging tests. ``slow`` ones build the bundle (about a minute); CI runs them like the rest."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.tuolaji.Tuolaji"
SUMMARY_OK = r"^tuolaji self-test: OK: first frame (\d+\.\d+) s after [a-z -]+;"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: builds the app bundle or the .deb (run by default)")


def run(cmd: list[str], timeout: float = 120, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)  # type: ignore[call-overload]


def offscreen_env() -> dict[str, str]:
    return dict(os.environ, QT_QPA_PLATFORM="offscreen")


@pytest.fixture(scope="session")
def clean_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's tracked files, as they are now, in a new folder: no build outputs, no
    virtualenvs, nothing untracked."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout to copy a clean tree from")
    listed = run(["git", "-C", str(ROOT), "ls-files", "-z"], check=True).stdout
    dest = tmp_path_factory.mktemp("clean") / "tuolaji"
    for name in filter(None, listed.split("\0")):
        src = ROOT / name
        if src.is_file():
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    return dest


class Built:
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
        return self.folder / ("tuolaji.exe" if sys.platform == "win32" else "tuolaji")


@pytest.fixture(scope="session")
def bundle(clean_tree: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Built]:
    """The one-folder bundle, built from the clean tree in a fresh venv (pip install .[package])."""
    import time

    out = tmp_path_factory.mktemp("bundle")
    cmd = [sys.executable, str(clean_tree / "packaging" / "build_bundle.py")]
    cmd += ["--venv", str(out / "venv"), "--dist", str(out / "dist"), "--work", str(out / "work")]
    cmd += ["--runs", "1"]
    started = time.monotonic()
    proc = run(cmd, timeout=1500, cwd=clean_tree)
    seconds = time.monotonic() - started
    output = proc.stdout + proc.stderr
    print(f"bundle built in {seconds:.0f} s:\n{proc.stdout}")
    assert proc.returncode == 0, f"build_bundle.py failed ({proc.returncode}):\n{output[-6000:]}"
    yield Built(clean_tree, out / "dist", out / "venv", output, seconds)
