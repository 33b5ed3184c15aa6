"""The app on the desktop: before Qt opens a window on Linux/X11, the system libraries Qt's
xcb platform plugin loads (without one Qt aborts with a long plugin message that names no
package; this check names the package to install instead, Debian/Ubuntu and Fedora names);
and the system's requests to end (SIGTERM, SIGINT) as a clean quit.
"""

from __future__ import annotations

import contextlib
import ctypes
import sys
from collections.abc import Callable, Mapping
from typing import Any

# the shared libraries Qt 6's xcb plugin needs beyond a plain X11 desktop, with the package that
# holds each: (soname, Debian/Ubuntu, Fedora)
XCB_LIBRARIES: tuple[tuple[str, str, str], ...] = (
    ("libxcb-cursor.so.0", "libxcb-cursor0", "xcb-util-cursor"),
    ("libxcb-icccm.so.4", "libxcb-icccm4", "xcb-util-wm"),
    ("libxcb-keysyms.so.1", "libxcb-keysyms1", "xcb-util-keysyms"),
    ("libxcb-image.so.0", "libxcb-image0", "xcb-util-image"),
    ("libxcb-render-util.so.0", "libxcb-render-util0", "xcb-util-renderutil"),
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0", "libxkbcommon-x11"),
)


def _loads(soname: str) -> bool:
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def uses_xcb(env: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether Qt will pick its xcb plugin: asked for, or the default on Linux without Wayland."""
    asked = env.get("QT_QPA_PLATFORM", "")
    if asked:
        return asked.split(":")[0].split(";")[0] == "xcb"
    return platform.startswith("linux") and not env.get("WAYLAND_DISPLAY")


def missing_xcb_libraries(
    env: Mapping[str, str], loads: Callable[[str], bool] = _loads, platform: str = sys.platform
) -> str | None:
    """One line naming the packages to install, or None when Qt's xcb plugin can load (or is not
    the plugin Qt will use)."""
    if not uses_xcb(env, platform):
        return None
    missing = [lib for lib in XCB_LIBRARIES if not loads(lib[0])]
    if not missing:
        return None
    names = ", ".join(lib[0] for lib in missing)
    debian = " ".join(lib[1] for lib in missing)
    fedora = " ".join(lib[2] for lib in missing)
    return (
        f"tuolaji: Qt cannot open a window: {names} {'is' if len(missing) == 1 else 'are'} "
        f"missing; install with "
        f"`sudo apt install {debian}` (Debian/Ubuntu) or `sudo dnf install {fedora}` (Fedora)"
    )


def quit_on_signals(qt_app: Any) -> None:
    """SIGTERM (a logout, ``kill``, a service manager) and SIGINT quit the app as its window's
    close does — the game saved, a hosted server stopped with its players told — instead of
    Python's default of dying on the spot. Qt's loop runs no Python until an event comes, so
    the signal is also written to a socket that Qt watches (``set_wakeup_fd``)."""
    import signal
    import socket

    from PySide6.QtCore import QSocketNotifier

    ours, theirs = socket.socketpair()
    for end in (ours, theirs):
        end.setblocking(False)
    signal.set_wakeup_fd(theirs.fileno())
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: qt_app.quit())

    def woken() -> None:
        with contextlib.suppress(OSError):
            ours.recv(64)  # Python's handler above runs as soon as Python code does

    notifier = QSocketNotifier(ours.fileno(), QSocketNotifier.Type.Read, qt_app)
    notifier.activated.connect(woken)
    _KEEP.extend((ours, theirs, notifier))


_KEEP: list[Any] = []  # the wake-up sockets and their notifier, for the app's lifetime
