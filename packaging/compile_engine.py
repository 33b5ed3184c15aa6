"""An optional compiled build (mypyc) of the engine's hot modules; the pure-Python modules stay
the fallback and the reference.

    python packaging/compile_engine.py            # build, and put the modules next to the sources
    python packaging/compile_engine.py --clean    # remove them: pure Python again

Python imports an extension module before the ``.py`` of the same name, so after a build the
compiled modules are used by everything that imports ``engine`` from this tree (the app, the
server, the tests). They are built from the sources as they are now: a module edited afterwards
needs a rebuild (or ``--clean``), or the stale compiled one runs. ``build_bundle.py`` builds
them afresh before every bundle (``prepare``), so a bundle or a .deb never carries stale ones.
The compiled modules play exactly the same games as the pure ones
(``tests/packaging/test_compiled_engine.py`` plays the same seeds through both). Needs a C
compiler, the Python headers and mypy (which ships mypyc). Built in a scratch copy of
``engine/`` so this tree's ``pyproject.toml`` plays no part.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The search's hot path (bench/engine_bench.py: AI playouts; bench/ai_bench.py --fixed): the
# rule-based policy, the playout world, the sampled deals and their weighting by the plays, the
# model of the open bots that ``master``'s rollouts play the other side by, and the rules
# functions they call on every decision.
MODULES = (
    "engine/ai/basic.py",
    "engine/ai/memory.py",
    "engine/ai/playout.py",
    "engine/ai/codes.py",
    "engine/ai/fastworld.py",
    "engine/ai/fastpolicy.py",
    "engine/ai/fastshapes.py",
    "engine/ai/sampling.py",
    "engine/ai/inference.py",
    "engine/ai/opponent.py",
    "engine/ai/splits.py",
    "engine/cards.py",
    "engine/shapes.py",
    "engine/follows.py",
    "engine/tricks.py",
    "engine/order.py",
    "engine/leads.py",
)
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")


def built(root: Path = ROOT) -> list[Path]:
    """The compiled modules in a tree (the shared runtime library included)."""
    return sorted([*root.glob(f"engine/**/*{SUFFIX}"), *root.glob(f"*__mypyc{SUFFIX}")])


def runtime_modules(root: Path = ROOT) -> list[str]:
    """Top-level modules the compiled ones import from C (mypyc's shared runtime), which an
    import scan of the Python sources cannot see: the bundle must be told of them."""
    return [p.name.removesuffix(SUFFIX) for p in root.glob(f"*__mypyc{SUFFIX}")]


def bundled(folder: Path) -> list[str]:
    """The compiled engine modules a bundle folder carries, as module names."""
    found = []
    for path in folder.rglob(f"*{SUFFIX}"):
        parts = path.relative_to(folder).parts
        if "engine" in parts:
            dotted = parts[parts.index("engine") :]
            found.append(".".join(dotted).removesuffix(SUFFIX))
    return sorted(found)


def clean(root: Path = ROOT) -> None:
    for path in built(root):
        path.unlink()


def missing(python: str = sys.executable) -> str | None:
    """Why ``python`` cannot build the compiled modules here, or None when it can."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if shutil.which(shlex.split(cc)[0]) is None:
        return f"no C compiler ({cc})"
    probe = "import mypyc, sysconfig, os; "
    probe += "assert os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h'))"
    if subprocess.run([python, "-c", probe], capture_output=True).returncode != 0:
        return f"mypyc or the Python headers (Python.h) missing for {python}"
    return None


def build(root: Path = ROOT, python: str = sys.executable) -> list[Path]:
    """Compile ``root``'s sources of ``MODULES`` and put the modules next to them."""
    clean(root)
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        shutil.copytree(root / "engine", scratch / "engine", ignore=shutil.ignore_patterns("*.so"))
        mypyc = [python, "-m", "mypyc", *MODULES]
        subprocess.run(mypyc, cwd=scratch, check=True, stdout=subprocess.DEVNULL)
        for path in [*scratch.glob(f"engine/**/*{SUFFIX}"), *scratch.glob(f"*{SUFFIX}")]:
            shutil.copy2(path, root / path.relative_to(scratch))
    return built(root)


def prepare(root: Path = ROOT, python: str = sys.executable) -> list[Path]:
    """For a package: fresh compiled modules from ``root``'s sources, or, when they cannot be
    built, none at all (stale ones removed), so the pure-Python engine is packaged. Says which."""
    reason = missing(python)
    if reason is not None:
        clean(root)
        print(f"compiled engine: not built ({reason}): packaging the pure-Python engine")
        return []
    started = time.monotonic()
    paths = build(root, python)
    took = time.monotonic() - started
    print(f"compiled engine: {len(MODULES)} modules built with mypyc in {took:.0f} s")
    return paths


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--clean", action="store_true", help="remove the compiled modules")
    a = p.parse_args(argv)
    if a.clean:
        clean()
        print("compiled modules removed: pure Python")
        return 0
    reason = missing()
    if reason is not None:
        print(f"cannot build: {reason}", file=sys.stderr)
        return 1
    for path in build():
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
