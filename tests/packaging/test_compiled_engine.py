"""The compiled engine (``packaging/compile_engine.py``, mypyc) plays exactly the games the pure
one plays, and the packaging steps take it when it can be built and the pure engine when not.

The compiled modules are built once, into a copy of this tree's ``engine/`` (about 40 s on an
idle core for all of them), never into the tree itself.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from pkgkit import PACKAGING, ROOT, run

sys.path.insert(0, str(PACKAGING))
import compile_engine

SEEDED = Path(__file__).with_name("seeded_games.py")


def copy_engine(dest: Path) -> Path:
    shutil.copytree(ROOT / "engine", dest / "engine", ignore=shutil.ignore_patterns("*.so"))
    return dest


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the engine with a stale compiled module in it, prepared as for a package."""
    reason = compile_engine.missing()
    if reason is not None:
        pytest.skip(f"the compiled engine cannot be built here: {reason}")
    tree = copy_engine(tmp_path_factory.mktemp("compiled"))
    (tree / "engine" / f"tricks{compile_engine.SUFFIX}").write_bytes(b"stale")
    compile_engine.prepare(tree)
    return tree


def play_seeds(tree: Path) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    proc = run([sys.executable, str(SEEDED)], timeout=600, env=env, cwd=tree)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.splitlines()


def test_pure_and_compiled_engines_play_the_same_seeds(compiled: Path, tmp_path: Path) -> None:
    pure = play_seeds(copy_engine(tmp_path))
    fast = play_seeds(compiled)
    games = [line for line in pure if not line.startswith("loaded ")]
    assert len(games) == 5 and all(" searched " in line for line in games), pure
    assert [line for line in fast if not line.startswith("loaded ")] == games
    suffix = compile_engine.SUFFIX
    assert all(line.endswith(".py") for line in pure if line.startswith("loaded ")), pure
    loaded = [line for line in fast if line.startswith("loaded ")]
    assert len(loaded) == 4 and all(line.endswith(suffix) for line in loaded), fast


def test_prepare_builds_fresh_modules_from_the_sources_packaged(compiled: Path) -> None:
    """The stale compiled module planted in the tree was replaced by one built from its source,
    and every hot module was built, with mypyc's shared runtime beside them."""
    paths = compile_engine.built(compiled)
    assert (compiled / "engine" / f"tricks{compile_engine.SUFFIX}").read_bytes() != b"stale"
    names = [p.relative_to(compiled).as_posix().removesuffix(compile_engine.SUFFIX) for p in paths]
    runtime = compile_engine.runtime_modules(compiled)
    sources = [m.removesuffix(".py") for m in compile_engine.MODULES]
    assert sorted(names) == sorted(sources + runtime)
    assert len(runtime) == 1 and runtime[0].endswith("__mypyc")


def test_without_a_c_compiler_the_pure_engine_is_packaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No compiler: ``prepare`` removes compiled modules (they may be stale) and says so."""
    tree = copy_engine(tmp_path)
    leftover = tree / "engine" / "ai" / f"basic{compile_engine.SUFFIX}"
    leftover.write_bytes(b"stale")
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    assert compile_engine.missing() == f"no C compiler ({tmp_path / 'no-such-cc'})"
    assert compile_engine.prepare(tree) == []
    assert not leftover.exists() and compile_engine.built(tree) == []
    assert "packaging the pure-Python engine" in capsys.readouterr().out


def test_bundled_lists_the_engine_modules_a_bundle_carries(tmp_path: Path) -> None:
    suffix = compile_engine.SUFFIX
    internal = tmp_path / "_internal"
    (internal / "engine" / "ai").mkdir(parents=True)
    (internal / "engine" / "ai" / f"basic{suffix}").touch()
    (internal / "engine" / f"shapes{suffix}").touch()
    (internal / f"msgspec{suffix}").touch()  # not the engine's
    assert compile_engine.bundled(tmp_path) == ["engine.ai.basic", "engine.shapes"]
    shutil.rmtree(internal / "engine")
    assert compile_engine.bundled(tmp_path) == []


# The compiled modules' own tests, and the tests that feed the judge and the server bad input.
OWN_TESTS = [
    *(
        f"tests/engine/test_{name}.py"
        for name in ("cards", "order", "shapes", "follows", "leads", "tricks", "hand", "judge")
    ),
    *(
        f"tests/engine/ai/test_ai_{name}.py"
        for name in ("basic", "sampling", "inference", "fastpolicy")
    ),
    "tests/net/test_fuzz.py",
    "tests/net/test_abuse.py",
]
ON_COMPILED = """
import sys
sys.path.insert(0, sys.argv[1])
import engine.cards, engine.ai.basic, pytest
print("loaded", engine.cards.__file__, engine.ai.basic.__file__)
sys.exit(pytest.main(["-p", "no:cacheprovider", *sys.argv[2:]]))
"""


def test_the_engine_and_bad_input_tests_pass_on_the_compiled_engine(compiled: Path) -> None:
    """What the shipped (compiled) engine is called with outside a game — wrong cards, illegal
    plays, malformed frames to a real server — gets the same answers as from the pure one."""
    proc = run(
        [sys.executable, "-c", ON_COMPILED, str(compiled), *OWN_TESTS],
        timeout=600,
        cwd=ROOT,
        env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"),
    )
    loaded = proc.stdout.splitlines()[0].split()
    assert loaded[0] == "loaded" and all(
        path.startswith(str(compiled)) and path.endswith(compile_engine.SUFFIX)
        for path in loaded[1:]
    ), proc.stdout
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout.splitlines()[-1] and "failed" not in proc.stdout
