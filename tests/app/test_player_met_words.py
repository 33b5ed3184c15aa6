"""What the player met in the words and the window (issue 33, part 7): the Chinese failed-throw
message has no space after "。"; the window has the app's icon and id (not "python3"); the
commands' help says what is true, once (tuolaji-bot, tuolaji-play)."""

from __future__ import annotations

import subprocess
import sys

from PySide6.QtGui import QGuiApplication

from app.main import DESKTOP_ID
from tests.app.helpers import ROOT
from tests.app.tablekit import item, select, to_failed_throw


def test_the_chinese_failed_throw_message_has_no_space_after_a_full_stop(ui, qtbot) -> None:
    table = ui.table
    throw = to_failed_throw(ui)
    ui.settings.language = "zh_CN"
    try:
        select(table, throw)
        table.hand.play()
        qtbot.waitUntil(lambda: "失败" in table.notice.text, timeout=5000)
        shown = str(item(ui, "messageLine").property("text"))
        assert shown == table.notice.text and shown.count("。") >= 2
        assert "。 " not in shown and " 。" not in shown
        ui.settings.language = "en"  # worded again: English sentences a space apart
        assert ". Only " in table.notice.text
    finally:
        ui.settings.language = "en"


def test_the_window_has_the_apps_icon_and_id(ui) -> None:
    app = QGuiApplication.instance()
    assert isinstance(app, QGuiApplication)
    assert app.desktopFileName() == DESKTOP_ID  # Wayland's app id: the installed .desktop's
    assert not app.windowIcon().isNull()
    assert not ui.window.icon().isNull()
    assert app.applicationName() == "Tuolaji"  # X11's class, the .desktop's StartupWMClass


def _help(*module: str) -> str:
    out = subprocess.run(
        [sys.executable, "-m", *module, "--help"], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return " ".join(out.stdout.split())


def test_the_commands_help_says_what_is_true_once() -> None:
    bot = _help("net.bot")
    assert "(default: None)" not in bot and bot.count("(default:") == 4
    assert "lobby" not in bot and "waiting room" in bot  # where the room's id really shows
    assert "--seat 1-4" in bot  # numbered as the app numbers them
    play = _help("engine.play")
    assert play.startswith("usage: tuolaji-play ")
    assert "python -m" not in play and "``" not in play
