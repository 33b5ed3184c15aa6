"""What of Qt the bundle keeps. PyInstaller's PySide6 hooks collect every QML module, plugin and
translation the wheel has (a Qt Quick bundle of 350+ MB); the app needs a small part of it.

- QML: the modules the app's own QML imports, plus Controls' Basic style (app.main sets it), and
  what those import in turn (their ``qmldir`` ``import``/``depends`` lines and their ``.qml``
  files' imports). Other styles (``optional import`` in Controls' qmldir) stay out.
- Plugins: only the kinds and files in ``PLUGINS`` (windowing, input methods, SVG).
- Qt's own translations: none (the app ships its own; it uses no Qt dialog).
- Libraries: only those linked, directly or not, from what is kept (Python extensions, plugins,
  the interpreter). A Qt library nothing kept links to — Widgets, Designer, the other styles'
  libraries, WaylandCompositor — is dropped, with the system libraries only it pulled in.

Works on PyInstaller's TOC entries ``(dest, src, typecode)`` for Linux, Windows and macOS.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path, PurePath

Entry = tuple[str, str, str]

STYLE = "QtQuick.Controls.Basic"
# plugin kind -> file-name fragments kept (empty: every file of that kind)
PLUGINS: dict[str, tuple[str, ...]] = {
    "platforms": ("xcb", "wayland", "offscreen", "windows", "cocoa"),
    "platformthemes": ("xdgdesktopportal",),  # not gtk3: it needs GTK and does nothing for QML
    "platforminputcontexts": ("compose", "ibus"),
    "xcbglintegrations": (),
    "wayland-decoration-client": (),
    "wayland-graphics-integration-client": (),
    "wayland-shell-integration": ("xdg-shell",),
    "iconengines": ("svg",),
    "imageformats": ("svg", "ico"),
    "styles": ("modernwindowsstyle",),  # Windows only; small
}
# Loaded at run time without being linked (Windows' shader compiler and software OpenGL), and
# the interpreter itself: never pruned.
ALWAYS = re.compile(
    r"^(libpython|python\d|python$|d3dcompiler|opengl32sw|vcruntime|msvcp|ucrtbase|api-ms-win)",
    re.IGNORECASE,
)
IMPORT_LINE = re.compile(r"^\s*import\s+([A-Za-z_][\w.]*)", re.MULTILINE)


def is_qml_test(path: PurePath) -> bool:
    """Qt Quick Test files (``tst_*.qml``) test the app; the bundle leaves them and QtTest out."""
    return path.name.startswith("tst_") and path.suffix == ".qml"


def qml_imports(text: str) -> set[str]:
    return set(IMPORT_LINE.findall(text))


def qmldir_imports(text: str) -> set[str]:
    """Modules a qmldir pulls in: ``import``, ``default import`` and ``depends`` lines."""
    found = set()
    for line in text.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0] in ("import", "depends"):
            found.add(words[1])
        elif len(words) >= 3 and words[:2] == ["default", "import"]:
            found.add(words[2])
    return found


def qml_modules(app_qml: Path, qml_root: Path, style: str = STYLE) -> set[str]:
    """Module directories (relative to ``qml_root``, '/'-separated) the app's QML needs."""
    todo: set[str] = {style}
    for f in app_qml.glob("*.qml"):
        if not is_qml_test(f):
            todo |= qml_imports(f.read_text(encoding="utf-8"))
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        rel = module.replace(".", "/")
        folder = qml_root / rel
        if module in seen or not (folder / "qmldir").is_file():
            continue  # the app's own modules and built-ins (QML) have no folder here
        seen.add(module)
        todo |= qmldir_imports((folder / "qmldir").read_text(encoding="utf-8"))
        for f in folder.glob("*.qml"):
            todo |= qml_imports(f.read_text(encoding="utf-8"))
    return {m.replace(".", "/") for m in seen}


def keep_plugin(rel: PurePath) -> bool:
    """``rel``: a plugin file's path below Qt's plugins folder, e.g. ``platforms/libqxcb.so``."""
    if len(rel.parts) != 2:
        return False
    kind, name = rel.parts
    if kind not in PLUGINS:
        return False
    wanted = PLUGINS[kind]
    return not wanted or any(w in name.lower() for w in wanted)


def _under(path: PurePath, root: PurePath) -> PurePath | None:
    try:
        return path.relative_to(root)
    except ValueError:
        return None


def _owner(qml_root: Path, rel: PurePath) -> str:
    """The module a file under the qml folder belongs to: its nearest folder with a qmldir."""
    for folder in rel.parents:
        if folder.parts and (qml_root / folder / "qmldir").is_file():
            return folder.as_posix()
    return ""


def _key(name: str) -> str:
    base = PurePath(name.replace("\\", "/")).name
    return base.lower() if sys.platform == "win32" else base


def trim(
    datas: Iterable[Entry],
    binaries: Iterable[Entry],
    *,
    qml_root: Path,
    plugins_root: Path,
    translations_root: Path,
    app_qml: Path,
    get_imports: Callable[[str], Iterable[tuple[str, str | None]]],
) -> tuple[list[Entry], list[Entry], list[str]]:
    """(datas, binaries) without what the app does not use, and a list of what was dropped."""
    modules = qml_modules(app_qml, qml_root)
    roots = [Path(p).resolve() for p in (qml_root, plugins_root, translations_root)]
    qml_root, plugins_root, translations_root = roots
    dropped: list[str] = []

    def keep_qt_file(src: str) -> bool | None:
        """True/False for a file from Qt's qml, plugins or translations folder; else None."""
        path = Path(src).resolve()
        rel = _under(path, qml_root)
        if rel is not None:  # (designer/: Qt Design Studio's metadata, never loaded)
            return _owner(qml_root, rel) in modules and "designer" not in rel.parts
        rel = _under(path, plugins_root)
        if rel is not None:
            return keep_plugin(rel)
        if _under(path, translations_root) is not None:
            return False
        return None

    datas, binaries = list(datas), list(binaries)
    # A SYMLINK entry's src is the dest of the entry it points to.
    data_links = [e for e in datas if e[2] == "SYMLINK"]
    bin_links = [e for e in binaries if e[2] == "SYMLINK"]
    datas = [e for e in datas if e[2] != "SYMLINK"]
    binaries = [e for e in binaries if e[2] != "SYMLINK"]
    kept_datas = []
    for entry in datas:
        if keep_qt_file(entry[1]) is False:
            dropped.append(entry[0])
        else:
            kept_datas.append(entry)

    # Binaries: Qt's plugin files by the rules above; libraries by what links them.
    libraries: list[Entry] = []
    kept_bins: list[Entry] = []
    for entry in binaries:
        dest, src, typecode = entry
        verdict = keep_qt_file(src)
        if verdict is False:
            dropped.append(dest)
        elif verdict is True or typecode == "EXTENSION" or ALWAYS.match(_key(dest)):
            kept_bins.append(entry)
        else:
            libraries.append(entry)
    needed: set[str] = set()
    for _, src, _ in kept_bins:
        needed |= {_key(name) for name, _ in get_imports(src)}
    # ldd lists the whole closure; macOS and Windows list direct imports: walk until stable.
    by_key = {_key(e[0]): e for e in libraries}
    frontier = set(needed)
    while frontier:
        found: set[str] = set()
        for key in frontier:
            lib = by_key.get(key)
            if lib is not None:
                found |= {_key(name) for name, _ in get_imports(lib[1])}
        frontier = found - needed
        needed |= frontier
    for entry in libraries:
        if _key(entry[0]) in needed:
            kept_bins.append(entry)
        else:
            dropped.append(entry[0])
    # A link stays only with what it points to.
    kept = {PurePath(e[0]).as_posix() for e in kept_datas + kept_bins}
    for links, out in ((data_links, kept_datas), (bin_links, kept_bins)):
        for entry in links:
            if PurePath(entry[1]).as_posix() in kept:
                out.append(entry)
            else:
                dropped.append(entry[0])
    return kept_datas, kept_bins, sorted(dropped)
