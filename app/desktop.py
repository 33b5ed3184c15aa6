"""Before Qt opens a window on Linux/X11: the system libraries Qt's xcb platform plugin loads.

Without one of them Qt aborts with a long plugin message that names no package; this check
names the package to install instead (one line, Debian/Ubuntu and Fedora names).
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable, Mapping

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
