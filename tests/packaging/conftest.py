"""Packaging tests. ``slow`` ones build the bundle (about a minute); CI runs them like the rest."""

from __future__ import annotations

import shutil
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from pkgkit import ROOT, Built, run


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: builds the app bundle or the .deb (run by default)")


@pytest.fixture(scope="session")
def clean_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The committed tree (HEAD), as a fresh clone has it: no build outputs, no virtualenvs, no
    uncommitted or untracked work of anyone's."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout to take a clean tree from")
    dest = tmp_path_factory.mktemp("clean") / "tuolaji"
    dest.mkdir()
    archive = dest.parent / "head.tar"
    run(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive), "HEAD"], check=True)
    with tarfile.open(archive) as tar:
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}  # 3.11.4+
        tar.extractall(dest, **safe)  # type: ignore[arg-type]
    archive.unlink()
    return dest


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
    shutil.rmtree(out, ignore_errors=True)  # the venv and the bundle: about 600 MB
