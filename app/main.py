"""``tuolaji``: start the desktop table (PySide6 + QML + qasync).

``tuolaji --screenshots DIR`` renders the main screens offscreen into PNGs and exits.
``tuolaji tuolaji://HOST:PORT/ROOM?invite=CODE`` opens an invite (in the app already running,
if there is one).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from PySide6.QtGui import QGuiApplication, QIcon
    from PySide6.QtQml import QQmlApplicationEngine
    from PySide6.QtQuick import QQuickWindow

    from app.viewmodels import App

RESOURCES = Path(__file__).resolve().parent.parent / "resources"
DESKTOP_ID = "io.github.tuolaji.Tuolaji"  # packaging/linux's .desktop file and icon name
ICONS = RESOURCES.parent / "packaging" / "icons" / "hicolor"


def _parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="tuolaji", description="Shengji / Tuolaji card table")
    p.add_argument("--screenshots", metavar="DIR", help="write PNGs of the main screens and exit")
    p.add_argument("--lang", choices=("en", "zh_CN", "zh_TW"), help="the language for this run")
    p.add_argument("--software", action="store_true", help="use Qt Quick's software renderer")
    p.add_argument("--self-test", action="store_true", help="check the install offscreen, exit")
    p.add_argument(
        "--offline", action="store_true", help="go straight to an offline table against the AI"
    )
    p.add_argument("link", nargs="?", help="a tuolaji:// invite link to open")
    return p.parse_args(argv)


def create_app(argv: list[str] | None = None, software: bool | None = None) -> QGuiApplication:
    """The QGuiApplication with fonts, style and the renderer set; once per process."""
    from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication
    from PySide6.QtQuick import QQuickWindow, QSGRendererInterface
    from PySide6.QtQuickControls2 import QQuickStyle

    existing = QGuiApplication.instance()
    if isinstance(existing, QGuiApplication):
        app = existing
    else:
        offscreen = os.environ.get("QT_QPA_PLATFORM") == "offscreen"
        if software or (software is None and offscreen):
            QQuickWindow.setGraphicsApi(QSGRendererInterface.GraphicsApi.Software)
        QQuickStyle.setStyle("Basic")
        # X11's WM_CLASS instance name is argv[0]'s ("python3" run from source) unless this says
        os.environ.setdefault("RESOURCE_NAME", "tuolaji")
        # widgets' application: the tray's desktop notifications need one (app.notify)
        from PySide6.QtWidgets import QApplication

        app = QApplication(argv or sys.argv[:1])
        app.setOrganizationName("Tuolaji")
        app.setApplicationName("Tuolaji")  # WM_CLASS's class, the .desktop's StartupWMClass
        app.setApplicationDisplayName("Tuolaji 拖拉机")
        # Wayland's app id: the installed .desktop file's name, so the shell finds its icon
        app.setDesktopFileName(DESKTOP_ID)
        app.setWindowIcon(app_icon())
    families = []
    for font in sorted((RESOURCES / "fonts").glob("*.ttf")):
        fid = QFontDatabase.addApplicationFont(str(font))
        families += QFontDatabase.applicationFontFamilies(fid)
    if families:
        f = QFont(families[0])
        f.setPixelSize(15)
        app.setFont(f)
    return app


def app_icon() -> QIcon:
    """The window's icon: the source tree's (run from source); else the installed theme's."""
    from PySide6.QtGui import QIcon

    icon = QIcon()
    for png in sorted(ICONS.glob(f"*/apps/{DESKTOP_ID}.png")):
        icon.addFile(str(png))
    return icon if not icon.isNull() else QIcon.fromTheme(DESKTOP_ID)


_DRIVEN: list[asyncio.AbstractEventLoop] = []


def driven_loop(qt_app: QGuiApplication) -> asyncio.AbstractEventLoop:
    """The app's asyncio loop (qasync) for code that runs Qt's events itself instead of
    ``tuolaji``'s ``run_until_complete`` (the self-test, screenshots, tests, benches): it counts
    as running from here on, so sessions and the online client find it. One per process, never
    closed before the process ends: a closed loop's QObjects would be left to the cycle
    collector, on whichever thread it happens to run."""
    if not _DRIVEN:
        import qasync

        loop = qasync.QEventLoop(qt_app, already_running=True)
        asyncio.set_event_loop(loop)
        _DRIVEN.append(loop)
    return _DRIVEN[0]


def start_ai_after_first_frame(qt_app: QGuiApplication, engine: QQmlApplicationEngine) -> None:
    """Start the AI worker processes once the window has shown its first frame: they load in
    the background, in the way of nothing, and are ready before a game is started."""
    from PySide6.QtCore import Qt, QTimer

    from app import players

    def shown() -> None:  # on the render thread, maybe: the work goes to the UI thread
        QTimer.singleShot(0, qt_app, players.warm_up)

    window = cast("QQuickWindow", engine.rootObjects()[0])
    window.frameSwapped.connect(shown, Qt.ConnectionType.SingleShotConnection)


def create_engine(app_vm: App) -> QQmlApplicationEngine:
    """A QML engine with the card images and the Tuolaji module loaded (Main window)."""
    from PySide6.QtQml import QQmlApplicationEngine

    from app.cards import CardImageProvider

    engine = QQmlApplicationEngine()
    engine.addImportPath(str(RESOURCES))
    engine.addImageProvider("cards", CardImageProvider())
    app_vm.engine = engine
    engine.loadFromModule("Tuolaji", "Main")
    return engine


def make_app_vm(lang: str | None = None) -> App:
    import app.viewmodels as vm
    from app.settings import Settings

    settings = Settings()
    if lang:
        settings.language = lang
    return vm.App(settings)


def main(argv: list[str] | None = None) -> int:
    # A bundled app's AI worker (a spawned copy of the executable) runs its job here and exits.
    multiprocessing.freeze_support()
    args = _parse(sys.argv[1:] if argv is None else argv)
    if args.self_test:
        from app.selftest import self_test

        return self_test()
    if args.screenshots:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        # the games played for the pictures must not touch the player's own saves
        os.environ.setdefault("TUOLAJI_HOME", tempfile.mkdtemp(prefix="tuolaji-shots-"))
    from app.desktop import missing_xcb_libraries, quit_on_signals

    missing = missing_xcb_libraries(os.environ)
    if missing:  # instead of Qt's abort in its platform plugin, which names no package
        print(missing, file=sys.stderr)
        return 1
    qt_app = create_app(sys.argv[:1], software=True if args.software else None)
    app_vm = make_app_vm(args.lang)
    if args.screenshots:
        from app import players
        from app.screenshots import take_screenshots

        driven_loop(qt_app)
        engine = create_engine(app_vm)
        if not engine.rootObjects():
            return 1
        start_ai_after_first_frame(qt_app, engine)
        try:
            return take_screenshots(qt_app, engine, app_vm, Path(args.screenshots))
        finally:
            players.shutdown()
    from app.instance import Instance, hand_over

    if args.link and hand_over(args.link):
        return 0  # the app already running opens it
    import qasync

    from app import players

    loop = qasync.QEventLoop(qt_app)
    asyncio.set_event_loop(loop)
    engine = create_engine(app_vm)
    if not engine.rootObjects():
        return 1
    if args.offline and not app_vm.resumeGame():
        app_vm.startOffline({})
    quit_on_signals(qt_app)
    instance = Instance(app_vm)
    instance.listen()
    instance.linkReceived.connect(app_vm.hosting.openLink)
    if args.link:
        loop.call_soon(app_vm.hosting.openLink, args.link)
    start_ai_after_first_frame(qt_app, engine)
    closing = asyncio.Event()
    qt_app.aboutToQuit.connect(closing.set)
    try:
        with loop:
            loop.run_until_complete(closing.wait())
        app_vm.leaveTable()
    finally:
        players.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
