"""No module under net/ imports itself in a circle (issue 34, part 5): the parts depend downwards
(the handlers on the hub, the cluster, metrics and discovery on ``net.host.Host``, never on
``net.server``). Every import counts, also one under ``TYPE_CHECKING`` or inside a function: a
circle there is still two modules that each need the other."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

NET = Path(__file__).resolve().parents[2] / "net"


def module_name(path: Path) -> str:
    parts = path.relative_to(NET.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_in(source: str, name: str, modules: set[str], package: bool = False) -> set[str]:
    """The modules of ``modules`` that module ``name`` (``source``) imports, wherever the
    import stands. ``package``: it is a package's ``__init__``."""
    parent = name if package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, up level - 1
                anchor = parent.split(".")[: len(parent.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            # ``from net import auth`` imports the module net.auth
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {m for m in found if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    paths = sorted(NET.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {
        module_name(p): imports_in(
            p.read_text(encoding="utf-8"), module_name(p), modules, p.name == "__init__.py"
        )
        for p in paths
    }


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One circle of imports, as the path that closes it (``[a, b, a]``), or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in done:
                cycle = visit(nxt)
                if cycle is not None:
                    return cycle
        on_path.discard(path.pop())
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done:
            cycle = visit(start)
            if cycle is not None:
                return cycle
    return None


def test_the_cycle_finder_finds_a_circle_and_only_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"a"}}) == ["a", "a"]
    # a diamond joins twice but is no circle
    assert find_cycle({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set()}) is None


def test_the_graph_sees_every_kind_of_import() -> None:
    """Plain, from-, package-member, relative, TYPE_CHECKING and function-level imports."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "import net.a\n"
        "from net import b\n"
        "from .c import x\n"
        "if TYPE_CHECKING:\n"
        "    from net.d import Y\n"
        "def f():\n"
        "    from net.e import z\n"
    )
    modules = {"net.a", "net.b", "net.probe.c", "net.d", "net.e", "net.unused"}
    found = imports_in(source, "net.probe.m", modules)
    assert found == {"net.a", "net.b", "net.probe.c", "net.d", "net.e"}


def test_no_module_under_net_imports_in_a_circle() -> None:
    graph = import_graph()
    assert "net.server" in graph and "net.dispatch" in graph["net.server"]
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])
