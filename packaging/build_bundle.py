"""Build the one-folder app bundle with PyInstaller, then check it: size and ``--self-test``.

    python packaging/build_bundle.py                         # this Python, with .[package]
    python packaging/build_bundle.py --venv build/bundle-venv  # a new venv, pip install .[package]
    python packaging/build_bundle.py --pure                  # without the compiled engine

Writes ``dist/tuolaji/`` (run ``dist/tuolaji/tuolaji``; on macOS also ``dist/Tuolaji.app``),
prints its size, the build time and the bundled app's start-up time to the self-test's first
frame, and exits 1 if the bundle is over ``--max-mb`` or its self-test fails.

Before PyInstaller runs, the engine's hot modules are compiled with mypyc from the sources being
packaged (``compile_engine.prepare``), with the build's Python; without a C compiler, the Python
headers or mypyc the pure-Python engine is packaged, and the output says so. Compiled modules
the tree did not have before the build are removed from it afterwards.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import compile_engine

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "tuolaji.spec"
MAX_MB = 200
SUMMARY = re.compile(r"^tuolaji self-test: OK: first frame (\d+\.\d+) s after ([a-z -]+);", re.M)


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def make_venv(venv: Path) -> Path:
    """A fresh venv with this tree installed as players get it, plus PyInstaller."""
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    python = venv_python(venv)
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, f"{ROOT}[package]"], check=True)
    return python


def bundle_size(folder: Path) -> tuple[int, int]:
    """(bytes in regular files, number of files) below ``folder``; links count nothing."""
    total = count = 0
    for dirpath, _, files in os.walk(folder):
        for name in files:
            path = Path(dirpath) / name
            if not path.is_symlink():
                total += path.stat().st_size
                count += 1
    return total, count


def executable(dist: Path) -> Path:
    """The bundle's program that prints (on Windows the GUI one cannot)."""
    return dist / "tuolaji" / ("tuolaji-console.exe" if sys.platform == "win32" else "tuolaji")


def self_test(binary: Path, runs: int = 1) -> tuple[int, str, list[float]]:
    """Run ``binary --self-test`` offscreen ``runs`` times: (rc, last output, first frames)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    frames = []
    rc, out = 0, ""
    for _ in range(runs):
        proc = subprocess.run(
            [str(binary), "--self-test"],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        rc, out = proc.returncode, proc.stdout + proc.stderr
        match = SUMMARY.search(out)
        if rc != 0 or not match:
            return rc or 1, out, frames
        frames.append(float(match.group(1)))
    return rc, out, frames


def engine_note(carried: list[str]) -> str:
    return f"compiled ({len(carried)} modules, mypyc)" if carried else "pure Python"


def build(python: Path, dist: Path, work: Path) -> float:
    started = time.monotonic()
    cmd = [str(python), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN"]
    cmd += ["--distpath", str(dist), "--workpath", str(work), str(SPEC)]
    subprocess.run(cmd, check=True, cwd=ROOT)
    return time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller")
    p.add_argument("--venv", type=Path, help="build in a fresh venv made here")
    p.add_argument("--max-mb", type=float, default=MAX_MB, help="largest bundle allowed (MB)")
    p.add_argument("--runs", type=int, default=3, help="self-test runs for the start-up time")
    p.add_argument("--pure", action="store_true", help="package the pure-Python engine")
    args = p.parse_args(argv)

    started = time.monotonic()
    python = make_venv(args.venv.resolve()) if args.venv else Path(sys.executable)
    setup = time.monotonic() - started
    had = compile_engine.built(ROOT)
    if args.pure:
        compile_engine.clean(ROOT)
        print("compiled engine: not built (--pure): packaging the pure-Python engine")
        compiled = []
    else:
        compiled = compile_engine.prepare(ROOT, str(python))
    try:
        took = build(python, args.dist.resolve(), args.work.resolve())
    finally:
        if not had:
            compile_engine.clean(ROOT)
    carried = compile_engine.bundled(args.dist / "tuolaji")
    print(f"engine in the bundle: {engine_note(carried)}")
    if compiled and len(carried) != len(compile_engine.MODULES):
        print(f"FAIL: {len(compiled)} compiled modules built, the bundle carries {carried}")
        return 1
    size, files = bundle_size(args.dist / "tuolaji")
    print(f"bundle: {args.dist / 'tuolaji'}: {size / 1e6:.1f} MB in {files} files")
    venv_note = f" (+{setup:.0f} s for the venv)" if args.venv else ""
    print(f"build: {took:.0f} s{venv_note}")
    failed = size > args.max_mb * 1e6
    if failed:
        print(f"FAIL: the bundle is over {args.max_mb:.0f} MB")
    rc, out, frames = self_test(executable(args.dist), max(1, args.runs))
    print(out.strip().splitlines()[-1] if out.strip() else "self-test printed nothing")
    if rc != 0:
        print(f"FAIL: the bundled self-test exited {rc}:\n{out}")
        return 1
    each = ", ".join(f"{f:.2f}" for f in frames)
    median = statistics.median(frames)
    print(f"start-up to the first frame (bundled, offscreen): median {median:.2f} s ({each})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
