"""``tuolaji --self-test``: is this install whole? Runs offscreen; touches no file of the player.

Loads every screen (each ``*Page.qml`` beside Main.qml), plays one offline hand against the AI at
instant speed, renders the card art, checks the bundled fonts and translations, and runs a
coroutine on the qasync loop the app runs in (with the online client imported). Prints one
line — ``tuolaji self-test: OK ...`` with the start-up time to the first frame, or ``tuolaji
self-test: FAILED: <reasons>`` — and returns 0 or 1. Any QML warning is a failure.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

T0 = time.monotonic()
SEED = 3  # any seed: the hand must finish whoever wins it
HAND_SECONDS = 60.0
WATCHDOG_SECONDS = 180  # a hang anywhere becomes a failure with every thread's traceback
CJK_PROBE = "拖拉机升级红桃黑桃主牌"


class Failed(Exception):
    """One check failed; the message says why."""


def process_age() -> tuple[float, str]:
    """Seconds since this process started (Linux), else since the self-test module loaded."""
    try:
        stat = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        started = int(stat[19]) / os.sysconf("SC_CLK_TCK")
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return uptime - started, "process start"
    except (OSError, ValueError, IndexError, AttributeError):
        return time.monotonic() - T0, "self-test start"


class SelfTest:
    def __init__(self) -> None:
        self.failures: list[str] = []
        self.notes: list[str] = []
        self.qml_warnings: list[str] = []
        self.first_frame: float | None = None  # process age at the first frame
        self.since = "process start"

    # -- plumbing --------------------------------------------------------------------------
    def check(self, name: str, fn: Callable[[], str]) -> bool:
        try:
            self.notes.append(fn())
        except Exception as e:  # every failure is reported, none aborts the others
            reason = str(e) if isinstance(e, Failed) else f"{type(e).__name__}: {e}"
            self.failures.append(f"{name}: {reason}")
            return False
        return True

    def on_message(self, mode: Any, context: Any, message: str) -> None:
        from PySide6.QtCore import QtMsgType

        if mode in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
            return
        file = context.file if context is not None else None
        text = message if not file or file in message else f"{file}:{context.line}: {message}"
        if ".qml" in text or "qrc:" in text or (context is not None and "qml" in context.category):
            self.qml_warnings.append(text)
        else:
            print(f"Qt: {text}", file=sys.stderr)

    # -- the run -----------------------------------------------------------------------------
    def run(self) -> int:
        import faulthandler

        if sys.stderr is not None:
            faulthandler.dump_traceback_later(WATCHDOG_SECONDS, exit=True)
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        home = tempfile.mkdtemp(prefix="tuolaji-selftest-")
        os.environ["TUOLAJI_HOME"] = home  # no saves, records or settings of the player's
        started = time.monotonic()
        try:
            self._run()
        finally:
            shutil.rmtree(home, ignore_errors=True)
            faulthandler.cancel_dump_traceback_later()
        if self.qml_warnings:
            unique = list(dict.fromkeys(self.qml_warnings))
            self.failures.append("QML warnings: " + " | ".join(unique[:5]))
        took = time.monotonic() - started
        frame = (
            f"first frame {self.first_frame:.2f} s after {self.since}"
            if self.first_frame is not None
            else "no frame"
        )
        if self.failures:
            print(f"tuolaji self-test: FAILED: {'; '.join(self.failures)} ({frame})", flush=True)
            return 1
        print(f"tuolaji self-test: OK: {frame}; {'; '.join(self.notes)}; {took:.1f} s", flush=True)
        return 0

    def _run(self) -> None:
        from PySide6.QtCore import qInstallMessageHandler

        from app.main import create_app, driven_loop, make_app_vm

        qInstallMessageHandler(self.on_message)
        self.qt_app = create_app(["tuolaji"], software=True)
        self.loop = driven_loop(self.qt_app)
        self.app_vm = make_app_vm("en")
        self.app_vm.settings.speed = "instant"
        self.engine = None
        if not self.check("boot", self._boot):
            return
        try:
            self.check("event loop", self._event_loop)
            self.check("fonts", self._fonts)
            self.check("translations", self._translations)
            self.check("card art", self._card_art)
            self.check("screens", self._screens)
            self.check("offline hand", self._hand)
            self.check("one record", self._one_record)
            self.check("replays", self._replays)
        finally:
            from app import players

            self.app_vm.set_session(None)
            self.window.setProperty("screen", "home")
            self._pump(0.05)
            players.shutdown()
            qInstallMessageHandler(None)

    @staticmethod
    def _pump(seconds: float) -> None:
        from app.screenshots import pump

        pump(seconds)

    @staticmethod
    def _wait(pred: Callable[[], bool], timeout: float) -> bool:
        from app.screenshots import wait_until

        return wait_until(pred, timeout)

    # -- the checks ----------------------------------------------------------------------------
    def _boot(self) -> str:
        from PySide6.QtQuick import QQuickWindow

        from app.main import create_engine, start_ai_after_first_frame

        self.engine = create_engine(self.app_vm)
        start_ai_after_first_frame(self.qt_app, self.engine)
        roots = self.engine.rootObjects()
        if not roots or not isinstance(roots[0], QQuickWindow):
            raise Failed("Main.qml did not load (missing QML modules or plugins?)")
        self.window = roots[0]
        frames: list[float] = []

        def on_frame() -> None:
            if not frames:
                frames.append(time.monotonic())

        self.window.frameSwapped.connect(on_frame)
        if not self._wait(lambda: bool(frames), 20):
            raise Failed("no frame rendered in 20 s")
        self.window.frameSwapped.disconnect(on_frame)
        age, self.since = process_age()
        self.first_frame = age - (time.monotonic() - frames[0])
        platform = self.qt_app.platformName()
        return f"platform {platform}"

    def _event_loop(self) -> str:
        """The asyncio loop over Qt that ``tuolaji`` runs in (qasync), and the online client."""
        import asyncio

        import net.client  # noqa: F401  (websockets, msgspec: what the lobby connects with)

        task = self.loop.create_task(asyncio.sleep(0.01, result="ok"))
        if not self._wait(task.done, 5) or task.result() != "ok":
            raise Failed("qasync ran no coroutine")
        return "qasync loop and online client ok"

    def _fonts(self) -> str:
        from PySide6.QtGui import QFontDatabase, QFontInfo, QFontMetrics

        from app.main import RESOURCES

        files = sorted((RESOURCES / "fonts").glob("*.ttf"))
        if not files:
            raise Failed(f"no fonts in {RESOURCES / 'fonts'}")
        font = self.qt_app.font()
        family = QFontInfo(font).family()
        if family not in QFontDatabase.families():
            raise Failed(f"the app font {family!r} is not installed")
        if not family.startswith("Noto Sans"):
            raise Failed(f"the app font resolved to {family!r}, not the bundled Noto Sans SC")
        metrics = QFontMetrics(font)
        missing = [ch for ch in CJK_PROBE if not metrics.inFontUcs4(ord(ch))]
        if missing:
            raise Failed(f"{family} lacks {''.join(missing)}")
        return f"font {family} ({len(files)} files, CJK ok)"

    def _translations(self) -> str:
        from PySide6.QtCore import QTranslator

        from app.i18n import ENGINE_PHRASES, I18N, LANGUAGES, to_traditional

        if not ENGINE_PHRASES.exists() or to_traditional("红桃") != "紅桃":
            raise Failed(f"the engine's 繁體 phrase table did not load from {I18N}")
        loaded = []
        for lang in LANGUAGES:
            if lang == "en":
                continue
            translator = QTranslator()
            if not translator.load(str(I18N / f"tuolaji_{lang}.qm")) or translator.isEmpty():
                raise Failed(f"tuolaji_{lang}.qm did not load from {I18N}")
            loaded.append(lang)
        return f"translations {' '.join(loaded)}"

    def _card_art(self) -> str:
        from PySide6.QtCore import QSize

        from app.cards import CardImageProvider
        from engine.cards import deck

        provider = CardImageProvider()
        cards = [*sorted(set(deck(1))), "back"]
        seen: set[bytes] = set()
        for colours in ("2", "4"):
            for card in cards:
                img = provider.requestImage(f"{colours}/{card}", QSize(), QSize(52, 75))
                if img.isNull() or img.width() != 52 or img.height() != 75:
                    raise Failed(f"{colours}/{card} rendered as {img.width()}x{img.height()}")
                inked = sum(
                    1
                    for y in range(0, 75, 3)
                    for x in range(0, 52, 3)
                    if img.pixelColor(x, y).lightness() < 200
                )
                if inked < 10:
                    raise Failed(f"{colours}/{card} is blank (the deck SVG did not render)")
                seen.add(bytes(img.constBits()))
        if len(seen) < len(cards) + 26:  # four-colour clubs and diamonds differ from two-colour
            raise Failed(f"only {len(seen)} distinct faces for {len(cards)} cards x 2 colourings")
        return f"{len(seen)} card faces"

    def _loader(self) -> Any:
        from PySide6.QtCore import QObject

        for obj in self.window.findChildren(QObject):
            if obj.metaObject().className() == "QQuickLoader":
                return obj
        raise Failed("Main.qml has no page Loader")

    def _show(self, screen: str, page: str) -> None:
        self.window.setProperty("screen", screen)
        self._pump(0.05)
        loader = self._loader()
        source = loader.property("source").toString()
        if not source.endswith("/" + page) and source != page:
            raise Failed(f"screen {screen!r} loaded {source or 'nothing'}, not {page}")
        item = loader.property("item")
        kind = item.metaObject().className() if item is not None else "nothing"
        if not kind.startswith(page.removesuffix(".qml")):
            raise Failed(f"{page} did not load (the Loader holds {kind})")

    def _screens(self) -> str:
        from app.main import RESOURCES

        pages = sorted(p.name for p in (RESOURCES / "Tuolaji").glob("*Page.qml"))
        if not pages:
            raise Failed(f"no *Page.qml in {RESOURCES / 'Tuolaji'}")
        self.pages = pages
        for page in pages:
            if page != "TablePage.qml":  # the table needs a game: the hand shows it
                self._show(page.removesuffix("Page.qml").lower(), page)
        self._show("home", "HomePage.qml")
        return f"{len(pages)} screens"

    def _card_images(self) -> int:
        """Card images on the table that the image provider filled."""
        ready = 0
        items = [self.window.contentItem()]
        while items:
            obj = items.pop()
            items += obj.childItems()
            if obj.metaObject().className() != "QQuickImage":
                continue
            if not obj.property("source").toString().startswith("image://cards/"):
                continue
            if obj.property("progress") < 1 or obj.property("paintedWidth") <= 0:
                raise Failed(f"{obj.property('source').toString()} did not load")
            ready += 1
        return ready

    def _hand(self) -> str:
        from app.screenshots import human_step
        from app.session import list_records
        from engine.rules import preset

        before = len(list_records())
        table = self.app_vm.table
        session = self.app_vm.start_rules(preset("classic"), seat=0, seed=SEED)
        self._pump(0.05)
        if self.window.property("screen") != "table":
            raise Failed(f"a new game opened {self.window.property('screen')!r}, not the table")
        self._show("table", "TablePage.qml")
        if not self._wait(lambda: table.hand.cards.rowCount() >= 10, 20):
            raise Failed("the deal did not reach the hand")
        shown = self._card_images()
        if shown < 10:
            raise Failed(f"only {shown} card images on the table")
        moves = 0
        end = time.monotonic() + HAND_SECONDS
        while table.hud.phase != "done":
            if time.monotonic() > end:
                raise Failed(
                    f"the hand did not end in {HAND_SECONDS:.0f} s (phase {table.hud.phase})"
                )
            if not self._wait(lambda: _my_turn(table) or table.hud.phase == "done", 20):
                raise Failed(
                    f"stuck in phase {table.hud.phase!r}: neither the AI nor the player moves"
                    f" (waiting on {session.waiting_on()})"
                )
            if table.hud.phase != "done":
                if not human_step(table, bid=True):
                    raise Failed(f"no move for the player in phase {table.hud.phase!r}")
                moves += 1
        self._pump(0.05)
        outcome = session.view.outcome if session.view is not None else None
        if outcome is None or not table.result.summary:
            raise Failed("the hand ended without an outcome")
        self._wait(lambda: len(list_records()) > before, 2)
        if len(list_records()) <= before:
            raise Failed("the finished hand was not kept as a record")
        return (
            f"1 hand vs AI (classic seed {SEED}, {moves} moves of ours, "
            f"attackers {outcome.attacker_points} points, {shown} card images)"
        )

    def _one_record(self) -> str:
        """A watched table (four AIs, this app's offline session at instant speed) plays the
        same hand, action for action, as the engine's arena with the same seed and players:
        both offer the decisions of ``Hand.pending`` in its order."""
        from app.session import OfflineSession
        from engine.arena import match_hand
        from engine.records import hand_record
        from engine.rules import preset

        rules, levels = preset("classic"), ("normal",) * 4
        session = OfflineSession(self.app_vm.settings, rules, None, levels, SEED, save=False)
        session.start()
        try:
            first = session.match.hands[0]
            if not self._wait(lambda: first.outcome is not None, HAND_SECONDS):
                raise Failed(f"the watched hand did not end in {HAND_SECONDS:.0f} s")
            played = hand_record(first).actions
        finally:
            session.close()
        expected = hand_record(match_hand(rules, SEED, levels)).actions
        if played != expected:
            pairs = enumerate(zip(played, expected, strict=False))
            at = next((i for i, (a, b) in pairs if a != b), min(len(played), len(expected)))
            raise Failed(f"the watched hand left the engine's record at action {at}")
        return f"a watched hand's record = the arena's ({len(played)} actions)"

    def _replays(self) -> str:
        self.app_vm.leaveTable()
        self.app_vm.refreshRecords()  # as Main.qml's go("replays") does
        self._show("replays", "ReplaysPage.qml")
        rows = self.app_vm.records.rowCount()
        if rows < 1:
            raise Failed("the replays screen lists no record")
        return f"{rows} replay listed"


def _my_turn(table: Any) -> bool:
    v = table.session.view if table.session is not None else None
    if v is None or not v.actions:
        return False
    return v.phase != "deal" or "pass-bid" in v.actions


def self_test() -> int:
    # loading the hosting screen looks for tables nearby: on this computer only, while testing
    os.environ.setdefault("TUOLAJI_LAN_INTERFACES", "127.0.0.1")
    return SelfTest().run()
