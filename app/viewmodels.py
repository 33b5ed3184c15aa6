"""QML-facing objects: the ``App`` singleton (screens' verbs and sessions) and its parts.

Registered under ``import Tuolaji.Backend``. The App instance is made in Python (``main``) and
handed to the QML engine by ``App.create``, so tests and the screenshot mode hold the very object
QML binds to.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Property, QObject, QTimer, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QmlUncreatable

from app import players, stats
from app.account import AccountViewModel
from app.branches import BranchesViewModel
from app.friends import FriendsViewModel
from app.hosting import HostingViewModel
from app.i18n import Translations, engine_text, sentence
from app.lessons import GUIDED_SEED, LessonsViewModel
from app.models import RowsModel
from app.moderation import ModerationViewModel
from app.notify import Notifier
from app.practice import PracticeSession, start_code, start_practice
from app.profile import ProfileViewModel
from app.puzzles import PuzzlesViewModel
from app.rematch import RematchViewModel
from app.review import ReviewViewModel
from app.session import (
    OfflineSession,
    ReplaySession,
    Session,
    list_records,
    read_record,
    save_path,
)
from app.settings import Settings
from app.sounds import CALLS, SoundPlayer
from app.table import TableViewModel, rank_text
from engine.errors import RulesError
from engine.events import HandEnd, HandStart
from engine.records import HandRecord
from engine.rules import PRESETS, RuleSet, preset

if TYPE_CHECKING:
    from app.online import Lobby
    from net.protocol import GameSummary

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1
CHIME_REPEAT_MS = 6000  # the turn chime repeats this often while the window is in the background
CHIME_REPEATS = 4

PRESET_NAMES: dict[str, str] = {  # translated in the App context
    "classic": str(QT_TRANSLATE_NOOP("App", "Classic (2 decks)")),
    "lianzhong": str(QT_TRANSLATE_NOOP("App", "Lianzhong")),
    "find-friend": str(QT_TRANSLATE_NOOP("App", "Find a friend")),
    "one-deck": str(QT_TRANSLATE_NOOP("App", "One deck (40 points)")),
    "three-deck": str(QT_TRANSLATE_NOOP("App", "Three decks (Titanic)")),
    "four-deck": str(QT_TRANSLATE_NOOP("App", "Four decks")),
    "chaoshan": str(QT_TRANSLATE_NOOP("App", "Chaoshan")),
}

# PySide6's stubs type QmlUncreatable as a class, not the decorator factory it is.
QmlElement(TableViewModel)
QmlUncreatable("the App singleton owns the table")(TableViewModel)  # type: ignore[operator]
QmlElement(Settings)
QmlUncreatable("App.settings")(Settings)  # type: ignore[operator]


@QmlElement
@QmlUncreatable("App.online")
class OnlineViewModel(QObject):  # type: ignore[operator]  # QmlUncreatable (see above)
    """The online screens: connection, lobby, the waiting room and its chat, server records
    (filled by app.online when net.client exists)."""

    changed = Signal()
    roomChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        roles: tuple[str, ...] = ("id", "name", "preset", "players", "spectators", "status")
        roles += ("friend", "rules", "delay")  # delay: the moves its spectators see it late by
        self._rooms = RowsModel(roles, self)
        self._private_rooms = RowsModel(roles, self)  # the private ones the player may enter
        self._seats = RowsModel(
            ("seat", "name", "taken", "bot", "ready", "away", "trustee", "mine"), self
        )
        self._chat = RowsModel(("name", "text", "mine", "user"), self)
        self._games = RowsModel(("game", "title", "detail"), self)
        self._game_list: list[GameSummary] = []  # worded again when the language changes
        self._status = "disconnected"
        self._error = ("", "")  # the server's last refusal (English, 简体), worded when read
        self._banner = ""
        self._problem: tuple[str, str] | None = None  # a network failure: (kind, address)
        self._server = ""  # the server the lobby is connected (or connecting) to
        self._room: dict[str, Any] = {}
        self._lobby: Lobby | None = None
        self.rematch = RematchViewModel(lambda: self.lobby, self)  # after a match (issue 37)
        self.on_invitation: Callable[[str], object] = lambda _name: None  # someone invites me
        self._friends = FriendsViewModel(self)
        self._moderation = ModerationViewModel(self)

    @property
    def lobby(self) -> Lobby:
        """The connection behind these screens (made on first use: it needs the app's loop)."""
        if self._lobby is None:
            from app.online import Lobby

            self._lobby = Lobby(self)
        return self._lobby

    @property
    def has_lobby(self) -> bool:
        return self._lobby is not None

    def friends_panel(self) -> FriendsViewModel:
        return self._friends

    def set_private_rooms(self, rows: list[dict[str, Any]]) -> None:
        self._private_rooms.set_rows(rows)

    def set_rooms(self, rows: list[dict[str, Any]]) -> None:
        """The lobby's list of rooms."""
        self._rooms.set_rows(rows)

    def set_state(
        self, status: str, error: tuple[str, str] | None = None, banner: str = ""
    ) -> None:
        """``error``: the server's refusal (English, 简体), worded in the player's language
        whenever it is read; ("", "") clears it; None keeps the last. ``banner``: why the
        connection is being restored ("lost", or "shut-down" on purpose), "" when it is not."""
        before = (self._status, self._error_text(), self._banner)
        if error is not None:
            self._error, self._problem = error, None
        self._status, self._banner = status, banner
        if (status, self._error_text(), banner) != before:
            self.changed.emit()

    def set_server(self, address: str) -> None:
        """The server the connection is to, as the lobby names it ("" when none)."""
        shown = address.removeprefix("ws://")
        if shown != self._server:
            self._server = shown
            self.changed.emit()

    def set_problem(self, status: str, kind: str, address: str) -> None:
        """A network failure (``app.online.failure_kind``), worded in the current language
        whenever it is read."""
        self._status, self._error, self._problem = status, ("", ""), (kind, address)
        self.changed.emit()

    def _error_text(self) -> str:
        if self._problem is None:
            return sentence(self.engine_text(*self._error)) if self._error[0] else ""
        kind, address = self._problem
        texts = {
            "unreachable": self.tr("Cannot reach %1 — is the server running?"),
            "unknown-host": self.tr("Cannot find %1 — check the server's name."),
            "timeout": self.tr("%1 does not answer — check the address and your network."),
            "not-server": self.tr("%1 is not a Tuolaji server — check the address and port."),
            "address": self.tr("“%1” is not a server address — write it as host:port."),
            "lost": self.tr("The connection to %1 was lost — connect again."),
            "not-installed": self.tr("Online play is not installed in this copy of Tuolaji."),
            "failed": self.tr("Cannot connect to %1 — try again."),
        }
        return texts.get(kind, texts["failed"]).replace("%1", address)

    def _available(self) -> bool:
        from app import online

        return online.available()

    def _banner_text(self) -> str:
        if self._banner == "shut-down":  # on purpose (a host that stopped, a server restarting)
            return self.tr("The server was shut down: back at the table when it runs again…")
        return self.tr("Connection lost: reconnecting…") if self._banner else ""

    def engine_text(self, en: str, zh: str) -> str:
        app = self.parent()
        lang = str(app._settings.language) if isinstance(app, App) else "en"
        return engine_text(en, zh, lang)

    def open_session(self, session: Session) -> None:
        app = self.parent()
        if isinstance(app, App):
            app.set_session(session)

    def open_record(self, data: dict[str, Any], watching: bool = False) -> None:
        """A server's hand record (its JSON form) in the replay viewer (``watching``: from
        another player's seat)."""
        app = self.parent()
        if isinstance(app, App):
            app.open_record_data(data, watching)

    # -- the waiting room ------------------------------------------------------------------
    def set_room(self, info: Any, me: int | None, my_seat: int | None) -> None:
        from app.online import _flags

        rows = []
        for i, s in enumerate(info.seats):
            f = _flags(s)
            rows.append(
                {
                    "seat": i,
                    "name": s.name if s is not None else "",
                    "taken": s is not None,
                    "bot": f.get("bot", ""),
                    "ready": f.get("ready", False),
                    "away": f.get("away", False),
                    "trustee": f.get("trustee", False),
                    "mine": i == my_seat,
                }
            )
        self._seats.set_rows(rows)
        room = {
            "id": info.room,
            "preset": info.rules.preset,
            "rules": info.rules.to_dict(),  # App.rulesChanged words what differs from the preset
            "owner": info.owner == me,
            "ownerName": info.owner_name,
            "status": info.status,
            "spectators": int(info.spectators),
            "spectatorDelay": int(info.spectator_delay),
            "seated": my_seat is not None,
            "ready": my_seat is not None and rows[my_seat]["ready"],
            "full": all(r["taken"] and r["ready"] for r in rows),
        }
        if room != self._room:
            self._room = room
            self.roomChanged.emit()

    def add_chat(self, name: str, text: str, mine: bool, user: int = 0) -> None:
        rows = self._chat.rows()[-99:]
        rows.append({"name": name, "text": text, "mine": mine, "user": user})
        self._chat.set_rows(rows)

    def hide_chat_of(self, user: int) -> None:
        """A player muted or blocked: their lines so far go too."""
        self._chat.set_rows([r for r in self._chat.rows() if r["user"] != user])

    def clear_room(self) -> None:
        """No room any more (left, another joined, disconnected): its seats, chat and state
        go, so nothing of it is read as the next room's."""
        self._chat.set_rows([])
        self._seats.set_rows([])
        self.rematch.clear()
        if self._room:
            self._room = {}
            self.roomChanged.emit()

    def set_games(self, games: list[GameSummary]) -> None:
        self._game_list = list(games)
        rows = []
        for g in games:
            detail = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.finished))
            if g.delta is not None:
                detail += f"  {'+' if g.delta >= 0 else ''}{g.delta}"
            won = g.result.winner == "defenders"
            side = self.tr("The defenders win") if won else self.tr("The attackers win")
            title = self.tr("Room %1 · hand %2").replace("%1", g.room)
            rows.append(
                {
                    "game": g.game,
                    "title": title.replace("%2", str(g.hand_no)),
                    "detail": f"{detail}  · {side}",
                }
            )
        self._games.set_rows(rows)

    def reword(self) -> None:
        """The language changed: the rows worded here, and every sentence, in the new one."""
        self.set_games(self._game_list)
        self._moderation.changed.emit()
        self.changed.emit()

    def _waiting(self) -> bool:
        return self._room.get("status") == "waiting"

    rooms = Property(QObject, lambda self: self._rooms, constant=True)
    roomSeats = Property(QObject, lambda self: self._seats, constant=True)
    chat = Property(QObject, lambda self: self._chat, constant=True)
    games = Property(QObject, lambda self: self._games, constant=True)
    friends = Property(QObject, lambda self: self._friends, constant=True)
    privateRooms = Property(QObject, lambda self: self._private_rooms, constant=True)
    moderation = Property(QObject, lambda self: self._moderation, constant=True)
    status = Property(str, lambda self: self._status, notify=changed)
    error = Property(str, _error_text, notify=changed)
    banner = Property(str, _banner_text, notify=changed)
    server = Property(str, lambda self: self._server, notify=changed)
    available = Property(bool, _available, constant=True)
    room = Property("QVariantMap", lambda self: dict(self._room), notify=roomChanged)  # type: ignore[arg-type]
    waiting = Property(bool, _waiting, notify=roomChanged)
    rematchOffer = Property(QObject, lambda self: self.rematch, constant=True)

    @Slot(str, str)
    def connectTo(self, address: str, name: str) -> None:
        from app import online

        online.connect(self, address, name)

    @Slot(str)
    @Slot(str, int)
    def createRoom(self, preset_name: str, delay: int = 0) -> None:
        """``delay``: the moves the room's spectators see the table late by (0: none)."""
        from app import online

        online.create_room(self, preset_name, delay)

    @Slot(str)
    def joinRoom(self, room: str) -> None:
        from app import online

        online.join_room(self, room, watch=False)

    @Slot(str)
    def watchRoom(self, room: str) -> None:
        from app import online

        online.join_room(self, room, watch=True)

    def _call(self, verb: str, *args: Any) -> None:
        from app import online

        if online.available():
            online.lobby_of(self).room_call(verb, *args)

    @Slot(int)
    def sit(self, seat: int) -> None:
        self._call("sit", seat)

    @Slot()
    def stand(self) -> None:
        self._call("stand")

    @Slot(bool)
    def setReady(self, ready: bool) -> None:
        self._call("ready", ready)

    @Slot(int, str)
    def addBot(self, seat: int, level: str) -> None:
        self._call("bot", seat, level or "normal")

    @Slot()
    def startMatch(self) -> None:
        self._call("start")

    @Slot(result="QVariantList")
    def phrases(self) -> list[list[str]]:
        """The quick phrases, [code, text in the player's language] (exempt from the flood
        rule: net/civility.py)."""
        from engine.messages import PHRASES

        return [[code, self.engine_text(en, zh)] for code, (en, zh) in PHRASES.items()]

    @Slot(int)
    def mutePlayer(self, user: int) -> None:
        """Hide ``user``'s chat at this table from me (net/moderation.py)."""
        self._call("mute", user)

    @Slot(int, str)
    def reportPlayer(self, user: int, reason: str) -> None:
        """Report ``user`` (abuse, cheating, spam, other) with this room's last chat lines."""
        self._call("report", user, reason)

    @Slot(int)
    def blockPlayer(self, user: int) -> None:
        self._friends.block(user, True)
        self.hide_chat_of(user)

    @Slot(str)
    def sendPhrase(self, code: str) -> None:
        self._call("phrase", code)

    @Slot(str)
    def sendChat(self, text: str) -> None:
        text = text.strip()
        if text:
            self._call("chat", text[:200])

    @Slot()
    def refreshPrivate(self) -> None:
        """Ask for the private rooms the player may enter."""
        from app import online

        online.refresh_private(self)

    @Slot()
    def refreshGames(self) -> None:
        from app import online

        online.refresh_games(self)

    @Slot(int)
    def openGame(self, game: int) -> None:
        from app import online

        online.open_game(self, game)


@QmlElement
@QmlSingleton
class App(QObject):
    """Screens' verbs: start, resume, watch, replay; owns the settings and the table."""

    instance: App | None = None

    sessionChanged = Signal()
    recordsChanged = Signal()
    languageApplied = Signal()

    def __init__(self, settings: Settings | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings or Settings(self)
        self._translations = Translations()
        self._translations.install(str(self._settings.language))
        self._settings.languageChanged.connect(self._apply_language)
        self._table = TableViewModel(self._settings, self, self.levelTitle)
        self._online = OnlineViewModel(self)
        self._hosting = HostingViewModel(self)
        self._lessons = LessonsViewModel(self._settings, self)
        # the lessons' guided hand: an offline table (its Hint button says why) on one deal
        self._lessons.guidedWanted.connect(lambda: self.startOffline({"seed": GUIDED_SEED}))
        self.languageApplied.connect(self._lessons.reword)
        self._puzzles = PuzzlesViewModel(self._settings, self)
        self._branches = BranchesViewModel(self)  # a practice replay's lines
        self._branches.openWanted.connect(self.open_record)
        self.sessionChanged.connect(lambda: self._branches.follow(self._session))
        self.languageApplied.connect(self._puzzles.reword)
        self.languageApplied.connect(self._branches.changed)  # the lines' names
        self._review = ReviewViewModel(self._settings, self)
        self._profile = ProfileViewModel(lambda: self._online.lobby, self._online.engine_text, self)
        self.languageApplied.connect(self._profile.reword)
        self._account = AccountViewModel(self._settings, self._online, self)
        self.languageApplied.connect(self._account.changed)  # its error in the new language
        self._review.jumpWanted.connect(self._review_jump)
        self._review.retryWanted.connect(self._review_retry)
        self.languageApplied.connect(self._review.changed)  # its sentences in the new language
        self.languageApplied.connect(self._online.reword)  # its sentences in the new language
        self.languageApplied.connect(self._online.friends_panel().changed)  # its refusal too
        self.languageApplied.connect(self._online.rematch.changed)  # the offer's line
        self.languageApplied.connect(self._table.reword)
        self._session: Session | None = None
        self._records = RowsModel(("path", "title", "detail", "result"), self)
        self.engine: Any = None
        # offscreen (tests, screenshots) nothing is heard; what was asked is still recorded
        self.sounds = SoundPlayer(enabled=os.environ.get("QT_QPA_PLATFORM") != "offscreen")
        self._table.sound_wanted.connect(self._play_sound)
        self._table.yourTurn.connect(self._your_turn)
        self._chime = QTimer(self)
        self._chime.setInterval(CHIME_REPEAT_MS)
        self._chime.timeout.connect(self._chime_again)
        self._chimes_left = 0
        self.alerts = 0  # taskbar flashes asked for (tests)
        self.notifier = Notifier(self._settings, self._window, self._play_sound, self)
        self._online.rematch.on_offer = self.notifier.rematch
        self._online.on_invitation = self.notifier.invitation
        App.instance = self

    # -- sounds and the turn alert -------------------------------------------------------
    def _play_sound(self, name: str) -> None:
        volume = {"card": self._settings.cardVolume, "trick": self._settings.trickVolume}
        if name in CALLS:
            volume[name] = self._settings.voiceVolume
        self.sounds.play(name, int(volume.get(name, self._settings.chimeVolume)))

    def _window(self) -> Any:
        roots = self.engine.rootObjects() if self.engine is not None else []
        return roots[0] if roots else None

    def _your_turn(self) -> None:
        """The turn chime; while the window is in the background it repeats (a few times) and
        the taskbar entry flashes (QWindow.alert)."""
        self._play_sound("turn")
        if self.notifier.turn():  # the window is elsewhere (and notifying is on)
            self.alerts += 1
            self._chimes_left = CHIME_REPEATS
            self._chime.start()

    def _chime_again(self) -> None:
        window = self._window()
        if (
            self._chimes_left <= 0
            or not self._table.my_turn_now()
            or window is None
            or window.isActive()
        ):
            self._chime.stop()
            return
        self._chimes_left -= 1
        self._play_sound("turn")

    # -- statistics ----------------------------------------------------------------------
    @Slot(result=list)
    def statistics(self) -> list[dict[str, Any]]:
        data = stats.load()

        def row(label: str, played: str, won: str) -> dict[str, Any]:
            p, w = data[played], data[won]
            rate = f"{round(100 * w / p)}%" if p else "—"
            return {"label": label, "played": p, "won": w, "rate": rate}

        return [
            row(self.tr("Hands"), "hands", "handsWon"),
            # the sides as the table names them (docs/RULES.md §2); kept under the old keys
            row(self.tr("As defenders"), "dealerHands", "dealerWon"),
            row(self.tr("As attackers"), "attackerHands", "attackerWon"),
            row(self.tr("Matches"), "matches", "matchesWon"),
        ]

    @Slot()
    def resetStatistics(self) -> None:
        stats.reset()
        self.recordsChanged.emit()

    @staticmethod
    def create(engine: Any) -> App:
        assert App.instance is not None, "make the App before loading QML"
        App.instance.engine = engine
        return App.instance

    # -- language ------------------------------------------------------------------------
    def _apply_language(self) -> None:
        self._translations.install(str(self._settings.language))
        if self.engine is not None:
            self.engine.retranslate()
        self.languageApplied.emit()
        self.recordsChanged.emit()

    # -- sessions ------------------------------------------------------------------------
    @property
    def session(self) -> Session | None:
        return self._session

    def set_session(self, session: Session | None) -> None:
        old = self._session
        if old is not None and old is not session:
            old.close()
            old.deleteLater()
            lobby = self._online.lobby if self._online.has_lobby else None
            if lobby is not None and lobby.session is old:
                lobby.session = None
                self._online.clear_room()
        if old is not session:
            self._review.stop_background()
            if isinstance(session, OfflineSession):
                session.handSaved.connect(self._review.queue_path)
        self._session = session
        self._table.bind(session)
        if isinstance(session, OfflineSession):
            session.start()
        self.sessionChanged.emit()

    def _has_saved(self) -> bool:
        return save_path().exists()

    @Slot(result=bool)
    def resumeGame(self) -> bool:
        session = OfflineSession.restore(self._settings)
        if session is None:
            return False
        self.set_session(session)
        return True

    @Slot("QVariantMap", result=bool)
    def startOffline(self, setup: dict[str, Any]) -> bool:
        """Setup keys: preset, seat, ai (list of 4 levels), options (rule overrides), seed."""
        try:
            rules = preset(str(setup.get("preset", "classic")))
            options = dict(setup.get("options") or {})
            if options:
                rules = rules.with_options(**options)
        except RulesError:
            return False
        seat = int(setup.get("seat", 0))
        levels = list(setup.get("ai") or ["normal"] * 4)
        known = players.levels()
        levels = [
            lv if lv in known else known[-1 if "normal" not in known else known.index("normal")]
            for lv in levels
        ]
        seed = setup.get("seed")
        # offline the seats are named as seen from yours (You, Right, ...): the online name
        # in the settings is for other players
        session = OfflineSession(
            self._settings,
            rules,
            seat=seat,
            ai_levels=tuple(levels),
            seed=int(seed) if seed is not None else None,
        )
        self.set_session(session)
        return True

    def start_rules(self, rules: RuleSet, seat: int = 0, seed: int | None = None) -> OfflineSession:
        session = OfflineSession(
            self._settings, rules, seat=seat, ai_levels=("normal",) * 4, seed=seed
        )
        self.set_session(session)
        return session

    @Slot(str)
    def watchOffline(self, preset_name: str) -> None:
        """A table of four AIs to watch (the spectator table without a server)."""
        session = OfflineSession(
            self._settings,
            preset(preset_name or "classic"),
            seat=None,
            ai_levels=("normal",) * 4,
            save=False,
        )
        self.set_session(session)

    @Slot()
    def leaveTable(self) -> None:
        if isinstance(self._session, OfflineSession) and self._session.save_enabled:
            self._session.save()
        self.set_session(None)

    @Slot()
    def abandonGame(self) -> None:
        if isinstance(self._session, OfflineSession):
            self._session.discard_save()
        else:
            save_path().unlink(missing_ok=True)
        self.set_session(None)
        self.sessionChanged.emit()

    # -- replays -------------------------------------------------------------------------
    @Slot()
    def refreshRecords(self) -> None:
        rows = []
        for path in list_records()[:200]:
            try:
                rec = read_record(path)
            except (OSError, ValueError, RulesError):
                continue
            name = self.presetTitle(rec.rules.preset)
            hand_no = rec.setup.hand_no
            stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
            rows.append(
                {
                    "path": str(path),
                    "title": f"{name} · #{hand_no}"
                    + (" · " + self.tr("Practice") if rec.practice is not None else ""),
                    "detail": stamp,
                    "result": self._record_result(rec),
                }
            )
        self._records.set_rows(rows)
        self.recordsChanged.emit()

    def _record_result(self, rec: HandRecord) -> str:
        """The replay list's line on a hand: its level, who won and the levels gained."""
        bodies = [e.body for e in rec.events]
        start = next((b for b in bodies if isinstance(b, HandStart)), None)
        end = next((b for b in bodies if isinstance(b, HandEnd)), None)
        level = start.level if start is not None else "2"
        parts = [self.tr("Level %1").replace("%1", rank_text(level))]
        if end is not None:
            won = end.winner == "defenders"
            parts.append(self.tr("The defenders win") if won else self.tr("The attackers win"))
            if end.levels:
                parts.append(self.tr("Levels +%1").replace("%1", str(end.levels)))
        return " · ".join(parts)

    @Slot(str, result=bool)
    def openReplay(self, path: str) -> bool:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            self._table.say(str(e))
            return False
        return self.open_record_data(data)

    def open_record_data(self, data: Any, watching: bool = False) -> bool:
        """A hand record's JSON form (an offline file or a server's) in the replay viewer."""
        try:
            record = HandRecord.from_dict(data)
        except RulesError as e:
            self._table.say(str(e))
            return False
        return self.open_record(record, watching)

    def open_record(self, record: HandRecord, watching: bool = False) -> bool:
        """A hand record in the replay viewer (``watching``: seen from another player's seat,
        and spoken of as theirs)."""
        try:
            session = ReplaySession(record, watching)
        except RulesError as e:  # its actions do not replay
            self._table.say(str(e))
            return False
        self.set_session(session)
        return True

    # -- practice (issue 35): offline only; the online session has none of it -----------------
    @Slot()
    def playAgain(self) -> None:
        """Play this deal again: the offline hand on the table, from its start."""
        s = self._session
        if isinstance(s, OfflineSession):  # a practice hand too
            start_practice(self, s.record(), None, s.seat or 0)

    @Slot()
    def playFromHere(self) -> None:
        """The replay's "Play from here": the deal as far as this step, then the player's."""
        s = self._session
        if isinstance(s, ReplaySession):
            record, applied = s.branch_point()
            start_practice(self, record, applied, s.seat or 0)

    @Slot()
    def takeBack(self) -> None:
        s = self._session
        if isinstance(s, PracticeSession) and s.take_back():
            self._table.bind(s)  # the table is drawn afresh from the rebuilt hand

    @Slot(str, result=str)
    def playDealCode(self, code: str) -> str:
        """A practice table on the deal a code names; "" on success, else why not (in the
        app's language)."""
        try:
            start_code(self, code)
        except RulesError as e:
            return sentence(engine_text(e.en, e.zh, str(self._settings.language)))
        return ""

    # -- the hand review (issue 35) -----------------------------------------------------
    @Slot(result=bool)
    def reviewHand(self) -> bool:
        """The review of the hand just played at the offline table (cached when the background
        review is done)."""
        s = self._session
        if not isinstance(s, OfflineSession) or s.seat is None:
            return False
        self._review.open(s.record(), s.seat)
        return True

    def _keep_offline(self) -> None:
        """An offline game left for the review's replay or practice is saved to resume."""
        if isinstance(self._session, OfflineSession) and self._session.save_enabled:
            self._session.save()

    def _review_jump(self, record: HandRecord, actions: int) -> None:
        """The replay of the reviewed hand, at the decision after its first ``actions``."""
        self._keep_offline()
        if self.open_record(record):
            assert isinstance(self._session, ReplaySession)
            self._session.go(self._session.step_at(actions))

    def _review_retry(self, record: HandRecord, actions: int, seat: int) -> None:
        """Practice from just before the reviewed decision (app.practice)."""
        self._keep_offline()
        try:
            start_practice(self, record, actions, seat)
        except RulesError as e:
            self._table.say(str(e))

    # -- texts for the setup and rules screens -------------------------------------------

    @Slot(result=list)
    def aiLevels(self) -> list[str]:
        return list(players.levels())

    @Slot(str, result=list)
    def rulesSummary(self, preset_name: str) -> list[dict[str, str]]:
        try:
            r = preset(preset_name)
        except RulesError:
            return []
        return self._rules_rows(r)

    @Slot(int, result=str)
    def spectatorDelay(self, moves: int) -> str:
        """How late a room's spectators see its table, in tricks where it is whole tricks;
        "" for no delay."""
        trick = 4  # plays: one from each seat
        if moves <= 0:
            return ""
        if moves == trick:
            return self.tr("Spectators: 1 trick behind")
        if moves % trick == 0:
            return self.tr("Spectators: %1 tricks behind").replace("%1", str(moves // trick))
        return self.tr("Spectators: %1 moves behind").replace("%1", str(moves))

    @Slot("QVariant", result=str)
    def rulesChanged(self, rules: Any) -> str:
        """What a room's rules (RuleSet.to_dict) change of its preset's, worded as the rules
        summary words them ("Levels: 2 → 2"); "" when none or unreadable."""
        try:
            r = RuleSet.from_dict(dict(rules))
        except (RulesError, TypeError, ValueError):
            return ""
        base = self._rules_rows(preset(r.preset))
        changed = [row for row, was in zip(self._rules_rows(r), base, strict=True) if row != was]
        pair = self.tr("%1: %2")  # (Chinese puts a full-width colon)
        return "  ·  ".join(
            pair.replace("%1", row["label"]).replace("%2", row["value"]) for row in changed
        )

    @Slot(str, result=str)
    def levelTitle(self, key: str) -> str:
        names = {
            "random": self.tr("Random"),
            "easy": self.tr("Easy"),
            "normal": self.tr("Normal"),
            "hard": self.tr("Hard"),
            "master": self.tr("Master"),
        }
        return names.get(key, key)

    @Slot(str, result=str)
    def presetTitle(self, key: str) -> str:
        return self.tr(PRESET_NAMES[key]) if key in PRESET_NAMES else key

    def _rules_rows(self, r: RuleSet) -> list[dict[str, str]]:
        yes, no = self.tr("yes"), self.tr("no")
        partners = {
            "fixed": self.tr("fixed: opposite seats"),
            "called-card": self.tr("called card (find a friend)"),
        }
        bidding = {
            "overcall": self.tr("show level cards while dealing; stronger bids overcall"),
            "three-deck-ladder": self.tr("three-deck ladder: single, pair, jokers, triple"),
            "first-bid": self.tr("the first level card shown sets the trump"),
            "hidden": self.tr("hidden bids, +1 card to change"),
        }
        fixed_suit = {
            "S": self.tr("spades are trump"),
            "H": self.tr("hearts are trump"),
            "C": self.tr("clubs are trump"),
            "D": self.tr("diamonds are trump"),
        }
        no_bid = {
            "redeal": self.tr("redeal"),
            "no-trump": self.tr("play with no trump suit"),
            "flip-kitty": self.tr("flip the kitty to find the trump"),
            "fixed-suit": fixed_suit[r.no_bid_suit],
        }
        capture = {
            "structure": self.tr("×2 single, ×4 pair, ×8 tractor…"),
            "double": self.tr("×2"),
            "points": self.tr("the kitty's points, no multiplier"),
            "none": self.tr("no kitty"),
        }
        return [
            {"label": self.tr("Decks"), "value": str(r.decks)},
            {"label": self.tr("Cards each"), "value": str(r.hand_size)},
            {"label": self.tr("Kitty"), "value": str(r.kitty_size)},
            {"label": self.tr("Partners"), "value": partners[r.partners]},
            {"label": self.tr("Bidding"), "value": bidding[r.bidding]},
            {"label": self.tr("No bid"), "value": no_bid[r.no_bid]},
            {
                "label": self.tr("Levels"),
                "value": f"{rank_text(r.start_level)} → {rank_text(r.end_level)}",
            },
            {"label": self.tr("Kitty capture"), "value": capture[r.kitty_capture]},
            {"label": self.tr("Every 2 is trump"), "value": yes if r.twos_trump else no},
            {
                "label": self.tr("Throw penalty"),
                "value": str(r.throw_penalty) if r.throw_penalty else no,
            },
            {"label": self.tr("Points"), "value": str(r.total_points)},
        ]

    if TYPE_CHECKING:  # what Python code reads of them (a Property is untyped to mypy)
        settings: Settings
        table: TableViewModel
        online: OnlineViewModel
        hosting: HostingViewModel
    else:
        settings = Property(QObject, lambda self: self._settings, constant=True)
        table = Property(QObject, lambda self: self._table, constant=True)
        online = Property(QObject, lambda self: self._online, constant=True)
        hosting = Property(QObject, lambda self: self._hosting, constant=True)
    lessons = Property(QObject, lambda self: self._lessons, constant=True)
    puzzles = Property(QObject, lambda self: self._puzzles, constant=True)
    branches = Property(QObject, lambda self: self._branches, constant=True)
    review = Property(QObject, lambda self: self._review, constant=True)
    profile = Property(QObject, lambda self: self._profile, constant=True)
    account = Property(QObject, lambda self: self._account, constant=True)
    if TYPE_CHECKING:
        records: RowsModel
    else:
        records = Property(QObject, lambda self: self._records, constant=True)
    hasSavedGame = Property(bool, _has_saved, notify=sessionChanged)
    inGame = Property(bool, lambda self: self._session is not None, notify=sessionChanged)
    presetKeys = Property(list, lambda self: list(PRESETS), constant=True)
    # Bindings that call a slot worded in Python (presetTitle, rulesSummary) read this too, to
    # be worded again once a language is applied (retranslate renews only QML's own qsTr).
    language = Property(str, lambda self: str(self._settings.language), notify=languageApplied)
