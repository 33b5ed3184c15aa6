"""The packaging's own files, without building anything: the self-test from the source tree, the
QML/plugin trimming rules, the icons, the .desktop file and the AppStream metainfo."""

from __future__ import annotations

import configparser
import re
import shutil
import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path, PurePath

import pytest
from pkgkit import APP_ID, PACKAGING, ROOT, SUMMARY_OK, offscreen_env, run

sys.path.insert(0, str(PACKAGING))
import make_icons
import trim

DESKTOP = PACKAGING / "linux" / f"{APP_ID}.desktop"
METAINFO = PACKAGING / "linux" / f"{APP_ID}.metainfo.xml"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_self_test_from_the_source_tree() -> None:
    cmd = [sys.executable, "-m", "app.main", "--self-test"]
    proc = run(cmd, timeout=300, cwd=ROOT, env=offscreen_env())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1, proc.stdout  # one summary line
    assert re.match(SUMMARY_OK, lines[0]), lines[0]
    pages = len(list((ROOT / "resources" / "Tuolaji").glob("*Page.qml")))
    assert f"; {pages} screens;" in lines[0], lines[0]
    for part in ("1 hand vs AI", "card faces", "font Noto Sans SC", "zh_CN zh_TW", "qasync"):
        assert part in lines[0], part


def test_qml_modules_follow_the_apps_imports() -> None:
    from PySide6.QtCore import QLibraryInfo

    qml_root = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.QmlImportsPath))
    modules = trim.qml_modules(ROOT / "resources" / "Tuolaji", qml_root)
    app_imports = set()
    for f in (ROOT / "resources" / "Tuolaji").glob("*.qml"):
        if not trim.is_qml_test(f):
            app_imports |= trim.qml_imports(f.read_text(encoding="utf-8"))
    for name in app_imports:
        if name.split(".")[0] != "Tuolaji":  # the app's own modules
            assert name.replace(".", "/") in modules, name
    assert "QtTest" not in modules  # only the app's tst_*.qml import it
    # Basic style and what its controls import; not the other styles
    assert {"QtQuick/Controls/Basic", "QtQuick/Controls/impl", "QtQuick/Templates"} <= modules
    assert not {m for m in modules if re.search(r"Material|Fusion|Universal|Imagine|Fluent", m)}
    assert not any(m.startswith(("QtWayland", "Qt/labs", "QtQuick/Dialogs")) for m in modules)


def test_qmldir_lines_that_pull_in_modules() -> None:
    text = "module A\nimport QtQml auto\noptional import QtQuick.Controls.Material auto\n"
    text += "default import QtQuick.Controls.Basic auto\ndepends QtQuick\nplugin x\n"
    assert trim.qmldir_imports(text) == {"QtQml", "QtQuick.Controls.Basic", "QtQuick"}
    assert trim.qml_imports("import QtQuick 2.15\nimport QtQuick.Templates as T\n") == {
        "QtQuick",
        "QtQuick.Templates",
    }


@pytest.mark.parametrize(
    ("path", "kept"),
    [
        ("platforms/libqxcb.so", True),
        ("platforms/libqwayland.so", True),
        ("platforms/libqoffscreen.so", True),
        ("platforms/qwindows.dll", True),
        ("platforms/libqcocoa.dylib", True),
        ("platforms/libqeglfs.so", False),
        ("platforms/libqvnc.so", False),
        ("platformthemes/libqgtk3.so", False),
        ("imageformats/libqsvg.so", True),
        ("imageformats/libqtiff.so", False),
        ("sqldrivers/libqsqlite.so", False),
        ("qmltooling/libqmldbg_debugger.so", False),
        ("wayland-shell-integration/libxdg-shell.so", True),
        ("wayland-shell-integration/libivi-shell.so", False),
    ],
)
def test_plugins_kept(path: str, kept: bool) -> None:
    assert trim.keep_plugin(PurePath(path)) is kept


def test_trim_keeps_libraries_by_what_links_them(tmp_path: Path) -> None:
    qml, plugins, translations = (tmp_path / d for d in ("qml", "plugins", "translations"))
    for folder in (qml / "QtQuick", qml / "QtQuick/Particles", plugins / "platforms"):
        folder.mkdir(parents=True)
    (qml / "QtQuick/qmldir").write_text("module QtQuick\n")
    (qml / "QtQuick/Particles/qmldir").write_text("module QtQuick.Particles\n")
    app_qml = tmp_path / "app"
    app_qml.mkdir()
    (app_qml / "Main.qml").write_text("import QtQuick\nItem {}\n")
    links = {
        "ext.so": ["libA.so"],
        str(plugins / "platforms/libqxcb.so"): ["libB.so"],
        str(qml / "QtQuick/libquick.so"): ["libA.so"],
        str(qml / "QtQuick/Particles/libparticles.so"): ["libP.so"],
        "/lib/libA.so": ["libA2.so"],
    }
    binaries = [
        ("ext.so", "ext.so", "EXTENSION"),
        ("libA.so", "/lib/libA.so", "BINARY"),
        ("libA2.so", "/lib/libA2.so", "BINARY"),
        ("libB.so", "/lib/libB.so", "BINARY"),
        ("libP.so", "/lib/libP.so", "BINARY"),
        ("libunused.so", "/lib/libunused.so", "BINARY"),
        ("libpython3.11.so.1.0", "/lib/libpython3.11.so.1.0", "BINARY"),
        ("p/platforms/libqxcb.so", str(plugins / "platforms/libqxcb.so"), "BINARY"),
        ("p/platforms/libqvnc.so", str(plugins / "platforms/libqvnc.so"), "BINARY"),
        ("q/QtQuick/libquick.so", str(qml / "QtQuick/libquick.so"), "BINARY"),
        ("q/Particles/libparticles.so", str(qml / "QtQuick/Particles/libparticles.so"), "BINARY"),
    ]
    datas = [
        ("q/QtQuick/qmldir", str(qml / "QtQuick/qmldir"), "DATA"),
        ("q/Particles/qmldir", str(qml / "QtQuick/Particles/qmldir"), "DATA"),
        ("t/qt_de.qm", str(translations / "qt_de.qm"), "DATA"),
        ("resources/x.svg", "/src/resources/x.svg", "DATA"),
        ("libP.so.link", "libP.so", "SYMLINK"),
        ("libA.so.link", "libA.so", "SYMLINK"),
    ]

    def imports(path: str) -> list[tuple[str, str]]:
        return [(name, "/lib/" + name) for name in links.get(path, [])]

    kept_datas, kept_bins, dropped = trim.trim(
        datas,
        binaries,
        qml_root=qml,
        plugins_root=plugins,
        translations_root=translations,
        app_qml=app_qml,
        get_imports=imports,
    )
    assert sorted(e[0] for e in kept_bins) == sorted(
        [
            "ext.so",
            "libA.so",
            "libA2.so",
            "libB.so",
            "libpython3.11.so.1.0",
            "p/platforms/libqxcb.so",
            "q/QtQuick/libquick.so",
        ]
    )
    kept = sorted(e[0] for e in kept_datas)
    assert kept == ["libA.so.link", "q/QtQuick/qmldir", "resources/x.svg"]
    assert "libP.so" in dropped and "libP.so.link" in dropped and "t/qt_de.qm" in dropped


def test_icons_have_every_size_and_the_installers_formats() -> None:
    for n in make_icons.SIZES:
        png = PACKAGING / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png"
        assert png_size(png.read_bytes()) == (n, n), png
    ET.parse(PACKAGING / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg")
    ico = (PACKAGING / "icons" / "tuolaji.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    for i in range(count):
        w, _, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i : 22 + 16 * i])
        assert png_size(ico[offset : offset + length]) == (w or 256, w or 256)
    icns = (PACKAGING / "icons" / "tuolaji.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    pos, kinds = 8, []
    while pos < len(icns):
        kind, length = icns[pos : pos + 4], struct.unpack(">I", icns[pos + 4 : pos + 8])[0]
        kinds.append(kind)
        png_size(icns[pos + 8 : pos + length])
        pos += length
    assert set(kinds) == {*make_icons.ICNS_TYPES.values(), make_icons.ICNS_RETINA_1024}


def test_icon_containers_round_trip() -> None:
    pngs = {16: make_icons.render(16), 256: make_icons.render(256)}
    assert png_size(pngs[16]) == (16, 16) and png_size(pngs[256]) == (256, 256)
    ico = make_icons.ico(pngs)
    assert ico[6] == 16 and ico[22] == 0  # 256 is written as 0
    assert make_icons.icns({b"ic08": pngs[256]})[8:12] == b"ic08"


def test_desktop_file() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(DESKTOP, encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Exec"].split()[0] == "tuolaji"
    assert entry["Icon"] == APP_ID
    assert "CardGame" in entry["Categories"].split(";")
    assert entry["Name[zh_CN]"] == "拖拉机"
    if shutil.which("desktop-file-validate"):
        proc = run(["desktop-file-validate", str(DESKTOP)])
        assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout


def test_metainfo() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.findtext("project_license") == "GPL-3.0-or-later"
    assert root.find("content_rating") is not None and root.find("releases/release") is not None


def test_metainfo_validates() -> None:
    if shutil.which("appstreamcli") is None:
        pytest.skip("appstreamcli is not installed (apt-get install appstream)")
    proc = run(["appstreamcli", "validate", "--no-net", str(METAINFO)])
    assert proc.returncode == 0, proc.stdout + proc.stderr
