"""An optional compiled build (mypyc) of the engine's hot modules; the pure-Python modules stay
the fallback and the reference.

    python packaging/compile_engine.py            # build, and put the modules next to the sources
    python packaging/compile_engine.py --clean    # remove them: pure Python again

Python imports an extension module before the ``.py`` of the same name, so after a build the
compiled modules are used by everything that imports ``engine`` from this tree (the app, the
server, the tests, a bundle built from it). They are built from the sources as they are now: a
module edited afterwards needs a rebuild (or ``--clean``), or the stale compiled one runs. The
compiled modules play exactly the same games as the pure ones;
``tests/engine/ai/test_ai_fixed_seeds.py`` checks recorded digests, so run it after a build.
Needs a C compiler and mypy (which ships mypyc). Built in a scratch copy of ``engine/`` so this
tree's ``pyproject.toml`` plays no part.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The playout's hot path (bench/engine_bench.py: AI playouts): the rule-based policy, the
# playout world, and the rules functions they call on every decision.
MODULES = (
    "engine/ai/basic.py",
    "engine/ai/memory.py",
    "engine/ai/playout.py",
    "engine/shapes.py",
    "engine/follows.py",
    "engine/tricks.py",
    "engine/order.py",
    "engine/leads.py",
)
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")


def built() -> list[Path]:
    """The compiled modules in this tree (the shared runtime library included)."""
    return sorted([*ROOT.glob(f"engine/**/*{SUFFIX}"), *ROOT.glob(f"*__mypyc{SUFFIX}")])


def clean() -> None:
    for path in built():
        path.unlink()


def build() -> list[Path]:
    clean()
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        shutil.copytree(ROOT / "engine", scratch / "engine", ignore=shutil.ignore_patterns("*.so"))
        mypyc = [sys.executable, "-m", "mypyc", *MODULES]
        subprocess.run(mypyc, cwd=scratch, check=True, stdout=subprocess.DEVNULL)
        for path in [*scratch.glob(f"engine/**/*{SUFFIX}"), *scratch.glob(f"*{SUFFIX}")]:
            shutil.copy2(path, ROOT / path.relative_to(scratch))
    return built()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--clean", action="store_true", help="remove the compiled modules")
    a = p.parse_args(argv)
    if a.clean:
        clean()
        print("compiled modules removed: pure Python")
        return 0
    for path in build():
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
