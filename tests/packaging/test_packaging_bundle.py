"""The bundle from a clean tree: it runs its self-test offscreen, fits in 200 MB, and the .deb
made from it installs the launcher, the menu entry, the icons and the metainfo."""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest
from pkgkit import APP_ID, SUMMARY_OK, Built, offscreen_env, run

pytestmark = pytest.mark.slow
MAX_BYTES = 200 * 10**6
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def self_test(binary: Path) -> tuple[int, str]:
    proc = run([str(binary), "--self-test"], timeout=300, env=offscreen_env())
    return proc.returncode, proc.stdout + proc.stderr


def folder_bytes(folder: Path) -> int:
    total = 0
    for dirpath, _, files in os.walk(folder):
        for name in files:
            path = Path(dirpath) / name
            if not path.is_symlink():
                total += path.stat().st_size
    return total


def test_bundled_app_passes_its_self_test(bundle: Built) -> None:
    rc, out = self_test(bundle.binary)
    assert rc == 0, out
    match = re.search(SUMMARY_OK, out, re.M)
    assert match, out
    pages = len(list((bundle.tree / "resources" / "Tuolaji").glob("*Page.qml")))
    assert f"; {pages} screens;" in out and "1 hand vs AI" in out and "Noto Sans SC" in out
    print(f"bundled first frame: {match.group(1)} s")


def test_bundled_app_starts_and_keeps_running(bundle: Built, tmp_path) -> None:
    """The real start (qasync loop, Main window), not the self-test: alive after 5 s."""
    import subprocess

    env = dict(offscreen_env(), TUOLAJI_HOME=str(tmp_path))
    proc = subprocess.Popen(
        [str(bundle.binary)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        exited = proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        exited = None
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    assert exited is None, f"tuolaji exited {exited}:\n{out}"
    assert "Traceback" not in out, out


def test_bundle_is_at_most_200_mb_and_trimmed(bundle: Built) -> None:
    size = folder_bytes(bundle.folder)
    print(f"bundle size: {size / 1e6:.1f} MB, built in {bundle.seconds:.0f} s")
    assert size <= MAX_BYTES, f"{size / 1e6:.1f} MB"
    assert re.search(r"^bundle: .*: \d+\.\d MB in \d+ files$", bundle.output, re.M)
    names = {p.name for p in bundle.folder.rglob("*")}
    unused = ("libQt6WaylandCompositor.so.6", "libQt6QuickControls2Material.so.6", "libqeglfs.so")
    for name in unused:
        assert name not in names, name
    qml = next(bundle.folder.rglob("qml/QtQuick/Controls"))
    assert sorted(p.name for p in qml.iterdir() if p.is_dir()) == ["Basic", "impl"]
    dangling = [p for p in bundle.folder.rglob("*") if p.is_symlink() and not p.exists()]
    assert not dangling, dangling[:5]


def test_bundle_carries_the_compiled_engine_built_from_its_sources(bundle: Built) -> None:
    """With a C compiler (CI has one) the bundle carries the mypyc-compiled hot modules, built
    from the tree packaged, which keeps none of them afterwards; its self-test plays with them."""
    sys.path.insert(0, str(bundle.tree / "packaging"))
    import compile_engine

    carried = compile_engine.bundled(bundle.folder)
    if compile_engine.missing() is not None:
        assert carried == [] and "engine in the bundle: pure Python" in bundle.output
        pytest.skip(f"built without the compiled engine: {compile_engine.missing()}")
    names = sorted(m.removesuffix(".py").replace("/", ".") for m in compile_engine.MODULES)
    assert carried == names
    n = len(names)
    built_line = rf"^compiled engine: {n} modules built with mypyc in \d+ s$"
    assert re.search(built_line, bundle.output, re.M)
    assert f"engine in the bundle: compiled ({n} modules, mypyc)" in bundle.output
    runtime = list(bundle.folder.rglob(f"*__mypyc{compile_engine.SUFFIX}"))
    assert len(runtime) == 1, runtime
    assert compile_engine.built(bundle.tree) == []


def _hardlink_copy(src: Path, dest: Path) -> Path:
    shutil.copytree(src, dest, symlinks=True, copy_function=os.link)
    return dest


def test_self_test_fails_with_the_reason_when_fonts_are_missing(bundle: Built, tmp_path) -> None:
    broken = _hardlink_copy(bundle.folder, tmp_path / "tuolaji")
    fonts = next(broken.rglob("resources/fonts"))
    for font in fonts.glob("*.ttf"):
        font.unlink()  # a hard link: the built bundle keeps its copy
    rc, out = self_test(broken / bundle.binary.name)
    assert rc == 1, out
    assert re.search(r"^tuolaji self-test: FAILED: .*fonts: no fonts in", out, re.M), out


def test_self_test_fails_when_a_qml_module_is_missing(bundle: Built, tmp_path) -> None:
    broken = _hardlink_copy(bundle.folder, tmp_path / "tuolaji")
    shutil.rmtree(next(broken.rglob("qml/QtQuick/Layouts")))
    rc, out = self_test(broken / bundle.binary.name)
    assert rc == 1, out
    assert re.search(r"^tuolaji self-test: FAILED: screens: \w+Page.qml did not load", out, re.M)
    assert 'module "QtQuick.Layouts" is not installed' in out, out


def test_pip_installed_app_passes_its_self_test(bundle: Built) -> None:
    """The venv the bundle was built in holds ``pip install .[package]``: the pipx route."""
    script = bundle.venv / ("Scripts/tuolaji.exe" if sys.platform == "win32" else "bin/tuolaji")
    proc = run([str(script), "--self-test"], timeout=300, env=offscreen_env(), cwd=bundle.venv)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(SUMMARY_OK, proc.stdout, re.M), proc.stdout


# -- the .deb ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def deb(bundle: Built, tmp_path_factory) -> Path:
    if shutil.which("dpkg-deb") is None:
        pytest.skip("dpkg-deb is not installed")
    out = tmp_path_factory.mktemp("deb")
    script = bundle.tree / "packaging" / "build_deb.py"
    proc = run([sys.executable, str(script), "--bundle", str(bundle.folder), "--out", str(out)])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    debs = list(out.glob("tuolaji_*.deb"))
    assert len(debs) == 1, proc.stdout
    engine = re.search(r"^engine in the bundle: (.+)$", bundle.output, re.M)
    assert engine and f"engine in the package: {engine.group(1)}" in proc.stdout, proc.stdout
    print(proc.stdout.strip())
    return debs[0]


def test_deb_lists_launcher_menu_entry_icons_and_metainfo(deb: Path) -> None:
    listing = run(["dpkg-deb", "-c", str(deb)], check=True).stdout
    entries = {}
    for line in listing.splitlines():
        fields = line.split(maxsplit=5)
        name = fields[5].split(" -> ")[0].removeprefix(".")
        entries[name] = (fields[0], fields[1])
    expected = [
        "/usr/bin/tuolaji",
        "/opt/tuolaji/tuolaji",
        f"/usr/share/applications/{APP_ID}.desktop",
        f"/usr/share/metainfo/{APP_ID}.metainfo.xml",
        f"/usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg",
        *(f"/usr/share/icons/hicolor/{n}x{n}/apps/{APP_ID}.png" for n in ICON_SIZES),
    ]
    missing = [e for e in expected if e not in entries]
    assert not missing, missing
    assert entries["/usr/bin/tuolaji"][0] == "-rwxr-xr-x"
    assert entries["/opt/tuolaji/tuolaji"][0] == "-rwxr-xr-x"
    assert all(owner == "root/root" for _, owner in entries.values())
    assert any(e.startswith("/opt/tuolaji/_internal/resources/Tuolaji/") for e in entries)


def test_deb_control_fields(deb: Path, bundle: Built) -> None:
    import tomllib

    fields = run(["dpkg-deb", "-f", str(deb), "Package", "Version", "Depends"], check=True).stdout
    control = dict(line.split(": ", 1) for line in fields.splitlines())
    project = tomllib.loads((bundle.tree / "pyproject.toml").read_text(encoding="utf-8"))
    assert control["Package"] == "tuolaji"
    assert control["Version"] == project["project"]["version"]
    depends = [d.strip().split()[0] for d in control["Depends"].split(",")]
    assert {"libc6", "libegl1", "libgl1", "libfontconfig1", "libxkbcommon0"} <= set(depends)


def test_unpacked_deb_runs_and_its_files_agree(deb: Path, tmp_path) -> None:
    root = tmp_path / "root"
    run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    launcher = (root / "usr/bin/tuolaji").read_text(encoding="utf-8")
    assert launcher.startswith("#!/bin/sh") and "exec /opt/tuolaji/tuolaji" in launcher
    desktop = (root / f"usr/share/applications/{APP_ID}.desktop").read_text(encoding="utf-8")
    keys = dict(line.split("=", 1) for line in desktop.splitlines() if "=" in line)
    assert keys["Exec"].split()[0] == "tuolaji"
    assert keys["Icon"] == APP_ID
    metainfo = (root / f"usr/share/metainfo/{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    assert f'<launchable type="desktop-id">{APP_ID}.desktop</launchable>' in metainfo
    rc, out = self_test(root / "opt/tuolaji/tuolaji")
    assert rc == 0, out
    assert re.search(SUMMARY_OK, out, re.M), out
