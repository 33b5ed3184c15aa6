"""Package the bundle (``python packaging/build_bundle.py`` first) as a .deb with dpkg-deb.

    python packaging/build_deb.py            # dist/tuolaji/ -> dist/tuolaji_<version>_<arch>.deb

Installs the bundle into /opt/tuolaji, a /usr/bin/tuolaji launcher, the .desktop file, the icons
into the hicolor theme and the AppStream metainfo; dpkg's triggers refresh the menu and icon
caches, so there are no maintainer scripts. It carries the engine the bundle carries: compiled
(``build_bundle.py`` compiles it from the sources it packages) or pure Python; it says which.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from build_bundle import engine_note
from compile_engine import bundled

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
APP_ID = "io.github.tuolaji.Tuolaji"
LINUX = HERE / "linux"
ICONS = HERE / "icons" / "hicolor"

# What the windowing plugins link and the bundle may not carry: the system's GL/EGL, the X11/xcb
# and Wayland client libraries (PyInstaller bundles those the build machine has, the rest must
# come from here), and the data the bundled fontconfig and xkbcommon read. Debian 12 names.
DEPENDS = [
    "libegl1",
    "libgl1",
    "libfontconfig1",
    "libxkbcommon0",
    "libxkbcommon-x11-0",
    "libx11-6",
    "libx11-xcb1",
    "libxcb1",
    "libxcb-cursor0",
    "libxcb-glx0",
    "libxcb-icccm4",
    "libxcb-image0",
    "libxcb-keysyms1",
    "libxcb-randr0",
    "libxcb-render0",
    "libxcb-render-util0",
    "libxcb-shape0",
    "libxcb-shm0",
    "libxcb-sync1",
    "libxcb-util1",
    "libxcb-xfixes0",
    "libxcb-xkb1",
    "libwayland-client0",
    "libwayland-cursor0",
    "libwayland-egl1",
]

LAUNCHER = """#!/bin/sh
exec /opt/tuolaji/tuolaji "$@"
"""

COPYRIGHT = """Tuolaji, packaged from its own PyInstaller bundle.

Files: *
License: GPL-3.0-or-later

Files: opt/tuolaji/_internal/resources/cards/*
License: LGPL-2.1 (the SVG deck; see opt/tuolaji/_internal/resources/cards/)

Files: opt/tuolaji/_internal/resources/fonts/*
License: OFL-1.1 (Noto Sans SC; see opt/tuolaji/_internal/resources/fonts/OFL.txt)

Files: opt/tuolaji/_internal/PySide6/* opt/tuolaji/_internal/shiboken6/*
License: LGPL-3.0-only (Qt for Python and Qt)

Files: opt/tuolaji/_internal/libpython* opt/tuolaji/_internal/base_library.zip
License: PSF-2.0 (Python)

License: GPL-3.0-or-later
 On Debian systems the full text is in /usr/share/common-licenses/GPL-3.
"""


def version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def architecture() -> str:
    try:
        out = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    except OSError:
        pass
    return {"x86_64": "amd64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())


def glibc() -> str | None:
    """The build machine's glibc: the bundle's system libraries need no newer one."""
    found = os.confstr("CS_GNU_LIBC_VERSION") if hasattr(os, "confstr") else None
    return found.split()[-1] if found and found.startswith("glibc") else None


def control(size_kib: int) -> str:
    depends = list(DEPENDS)
    libc = glibc()
    if libc:
        depends.insert(0, f"libc6 (>= {libc})")
    return (
        "Package: tuolaji\n"
        f"Version: {version()}\n"
        f"Architecture: {architecture()}\n"
        "Maintainer: The Tuolaji developers <tuolaji@invalid>\n"
        f"Installed-Size: {size_kib}\n"
        f"Depends: {', '.join(depends)}\n"
        "Section: games\n"
        "Priority: optional\n"
        "Description: Shengji / Tuolaji (升级 / 拖拉机) card game\n"
        " Play Shengji (also called Tuolaji, Tractor or 80 points), the Chinese\n"
        " trick-taking game for four players in two partnerships, against computer\n"
        " players or online, with every common rule variant, hints and replays.\n"
        " .\n"
        " The app and the Python and Qt it runs on are in /opt/tuolaji.\n"
    )


def _install(src: Path, dest: Path, mode: int = 0o644) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)
    dest.chmod(mode)


def stage(bundle: Path, root: Path) -> None:
    """Lay out the package's files under ``root`` with Debian's modes."""
    shutil.copytree(bundle, root / "opt" / "tuolaji", symlinks=True)
    launcher = root / "usr" / "bin" / "tuolaji"
    launcher.parent.mkdir(parents=True)
    launcher.write_text(LAUNCHER, encoding="utf-8")
    share = root / "usr" / "share"
    _install(LINUX / f"{APP_ID}.desktop", share / "applications" / f"{APP_ID}.desktop")
    _install(LINUX / f"{APP_ID}.metainfo.xml", share / "metainfo" / f"{APP_ID}.metainfo.xml")
    for icon in sorted(ICONS.rglob("*")):
        if icon.is_file():
            _install(icon, share / "icons" / "hicolor" / icon.relative_to(ICONS))
    doc = share / "doc" / "tuolaji"
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(COPYRIGHT, encoding="utf-8")
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames:
            (Path(dirpath) / name).chmod(0o755)
        for name in filenames:
            path = Path(dirpath) / name
            if not path.is_symlink():
                executable = path.stat().st_mode & 0o111 or path == launcher
                path.chmod(0o755 if executable else 0o644)


def installed_kib(root: Path) -> int:
    total = 0
    for dirpath, _, filenames in os.walk(root):
        for name in filenames:
            path = Path(dirpath) / name
            if not path.is_symlink():
                total += (path.stat().st_size + 1023) // 1024
    return total


def build_deb(bundle: Path, out_dir: Path) -> Path:
    if not (bundle / "tuolaji").is_file():
        raise SystemExit(f"no bundle at {bundle}: run python packaging/build_bundle.py first")
    out_dir.mkdir(parents=True, exist_ok=True)
    deb = out_dir / f"tuolaji_{version()}_{architecture()}.deb"
    with tempfile.TemporaryDirectory(prefix="tuolaji-deb-") as tmp:
        root = Path(tmp) / "root"
        stage(bundle, root)
        (root / "DEBIAN").mkdir()
        (root / "DEBIAN" / "control").write_text(control(installed_kib(root)), encoding="utf-8")
        # zstd: dpkg reads it from Debian 12 / Ubuntu 21.10 on, older than the glibc we need
        cmd = ["dpkg-deb", "--root-owner-group", "-Zzstd", "-z9", "--build", str(root), str(deb)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return deb


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bundle", type=Path, default=ROOT / "dist" / "tuolaji")
    p.add_argument("--out", type=Path, default=ROOT / "dist")
    args = p.parse_args(argv)
    deb = build_deb(args.bundle, args.out)
    print(f"deb: {deb}: {deb.stat().st_size / 1e6:.1f} MB")
    print(f"engine in the package: {engine_note(bundled(args.bundle))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
