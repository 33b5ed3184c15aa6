"""The app's tests run offscreen with a private data folder; any Qt/QML warning fails a test."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["TUOLAJI_HOME"] = tempfile.mkdtemp(prefix="tuolaji-test-")
os.environ["TUOLAJI_LAN_INTERFACES"] = "127.0.0.1"  # hosting and Nearby tables: loopback only

from helpers import start_server, stop_server
from PySide6.QtCore import QtMsgType, qInstallMessageHandler

MESSAGES: list[tuple[QtMsgType, str]] = []


def _handler(mode: QtMsgType, context: Any, message: str) -> None:
    MESSAGES.append((mode, message))


qInstallMessageHandler(_handler)


def warnings() -> list[str]:
    return [
        m for mode, m in MESSAGES if mode != QtMsgType.QtDebugMsg and mode != QtMsgType.QtInfoMsg
    ]


@pytest.fixture(scope="session")
def qapp() -> Iterator[Any]:
    """The app, with its asyncio loop over Qt (qasync) and its AI worker processes, as long as
    the test run: one loop per process, never closed while the app runs. Its threads
    (``asyncio.to_thread``) are QThreads that end with the run: still running at the process's
    exit, Qt would abort it."""
    import qasync

    from app import players
    from app.main import create_app, driven_loop

    app = create_app(["tuolaji-test"])
    threads = qasync.QThreadExecutor()
    driven_loop(app).set_default_executor(threads)
    yield app
    threads.shutdown()
    players.shutdown()


@pytest.fixture
def server(tmp_path: Any) -> Iterator[str]:
    """The real server on 127.0.0.1 for one test: its ``host:port``."""
    proc, address = start_server(tmp_path)
    yield address
    stop_server(proc)


@pytest.fixture
def quick_server(tmp_path: Any) -> Iterator[str]:
    """The real server at a quick pace, for a test that plays whole hands through it: at the
    default pace (an AI action 0.3-0.7 s after the last, 1.7 s after a trick before an AI
    leads) a classic hand takes about 40 s, over a minute on a loaded machine."""
    proc, address = start_server(tmp_path, "--bot-delay", "0,0.05", "--trick-pause", "0.1")
    yield address
    stop_server(proc)


class UI:
    def __init__(self, app_vm: Any, engine: Any) -> None:
        self.app = app_vm
        self.engine = engine
        self.window = engine.rootObjects()[0]
        self.table = app_vm.table
        self.settings = app_vm.settings


@pytest.fixture(scope="session")
def ui_session(qapp: Any) -> Iterator[UI]:
    from app.main import create_engine, make_app_vm

    app_vm = make_app_vm("en")
    engine = create_engine(app_vm)
    assert engine.rootObjects(), "Main.qml did not load"
    yield UI(app_vm, engine)
    app_vm.set_session(None)


@pytest.fixture
def ui(ui_session: UI, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[UI]:
    """The running app, back at Home in English at instant speed, with a data folder of the
    test's own (no saved game, records or statistics of an earlier test's), no server's games
    listed and no table hosted; no warnings allowed."""
    monkeypatch.setenv("TUOLAJI_HOME", str(tmp_path / "home"))
    ui_session.settings.language = "en"
    ui_session.settings.speed = "instant"
    MESSAGES.clear()
    yield ui_session
    ui_session.app.hosting.shutdown()  # a hosted server an assertion left running ends here
    ui_session.app.set_session(None)
    ui_session.app.online.set_games([])
    ui_session.window.setProperty("screen", "home")
    found = warnings()
    MESSAGES.clear()
    assert not found, "Qt/QML warnings:\n" + "\n".join(found)
