"""A desktop without the system libraries Qt's X11 plugin loads: ``tuolaji`` prints one line
naming the package to install instead of Qt's abort in its platform plugin."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.desktop import XCB_LIBRARIES, _loads, missing_xcb_libraries, uses_xcb

ROOT = Path(__file__).resolve().parents[2]


def test_one_line_names_the_missing_package() -> None:
    line = missing_xcb_libraries({}, loads=lambda so: so != "libxcb-cursor.so.0", platform="linux")
    assert line is not None and "\n" not in line
    assert "libxcb-cursor.so.0 is missing" in line
    assert "sudo apt install libxcb-cursor0" in line
    assert "sudo dnf install xcb-util-cursor" in line
    assert "icccm" not in line  # only what is missing


def test_no_complaint_when_xcb_is_not_the_plugin() -> None:
    def nothing(so: str) -> bool:
        return False

    assert missing_xcb_libraries({"QT_QPA_PLATFORM": "offscreen"}, nothing, "linux") is None
    assert missing_xcb_libraries({"WAYLAND_DISPLAY": "wayland-0"}, nothing, "linux") is None
    assert missing_xcb_libraries({}, nothing, "win32") is None
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb"}, "linux")
    assert missing_xcb_libraries({}, lambda so: True, "linux") is None


def test_the_real_command_prints_the_line_not_a_qt_abort() -> None:
    missing = [lib for lib in XCB_LIBRARIES if not _loads(lib[0])]
    if not missing:
        pytest.skip("every library Qt's xcb plugin needs is installed here")
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["DISPLAY"] = ":97"
    proc = subprocess.run(
        [sys.executable, "-m", "app.main", "--offline"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("tuolaji: Qt cannot open a window:")
    assert missing[0][1] in lines[0] and missing[0][2] in lines[0]
    assert "qt.qpa" not in proc.stderr


def test_sigterm_quits_the_app_cleanly_and_keeps_the_game(tmp_path: Path) -> None:
    """A logout or ``kill`` ends the app as closing its window does (the offline game saved
    for Resume); Python's default used to end it on the spot, saving nothing."""
    import signal
    import time

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TUOLAJI_HOME": str(tmp_path)}
    app = subprocess.Popen(
        [sys.executable, "-m", "app.main", "--offline", "--lang", "en"], cwd=ROOT, env=env
    )
    try:
        time.sleep(6)  # the window up and the first cards dealt
        assert app.poll() is None, "the app did not start"
        app.send_signal(signal.SIGTERM)
        assert app.wait(20) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
    assert (tmp_path / "offline-game.json").exists()
