"""QML-facing objects: the ``App`` singleton (screens' verbs and sessions) and its parts.

Registered under ``import Tuolaji.Backend``. The App instance is made in Python (``main``) and
handed to the QML engine by ``App.create``, so tests and the screenshot mode hold the very object
QML binds to.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Property, QObject, QTimer, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QmlUncreatable

from app import players, stats
from app.i18n import Translations, engine_text
from app.models import RowsModel
from app.session import OfflineSession, ReplaySession, Session, list_records, save_path
from app.settings import Settings
from app.sounds import CALLS, SoundPlayer
from app.table import TableViewModel, rank_text
from engine.errors import RulesError
from engine.rules import PRESETS, RuleSet, preset

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1
CHIME_REPEAT_MS = 6000  # the turn chime repeats this often while the window is in the background
CHIME_REPEATS = 4

PRESET_NAMES = {  # English, 简体中文, 繁體中文
    "classic": ("Classic (2 decks)", "经典（两副牌）", "經典（兩副牌）"),
    "lianzhong": ("Lianzhong", "联众", "聯眾"),
    "find-friend": ("Find a friend", "找朋友", "找朋友"),
    "one-deck": ("One deck (40 points)", "一副牌（40分）", "一副牌（40分）"),
    "three-deck": ("Three decks (Titanic)", "三副牌（泰坦尼克）", "三副牌（泰坦尼克）"),
    "four-deck": ("Four decks", "四副牌", "四副牌"),
    "chaoshan": ("Chaoshan", "潮汕", "潮汕"),
}

QmlElement(TableViewModel)
QmlUncreatable("the App singleton owns the table")(TableViewModel)
QmlElement(Settings)
QmlUncreatable("App.settings")(Settings)


@QmlElement
@QmlUncreatable("App.online")
class OnlineViewModel(QObject):
    """The online screens: connection, lobby, the waiting room and its chat, server records
    (filled by app.online when net.client exists)."""

    changed = Signal()
    roomChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rooms = RowsModel(("id", "name", "preset", "players", "spectators", "status"), self)
        self._seats = RowsModel(
            ("seat", "name", "taken", "bot", "ready", "away", "trustee", "mine"), self
        )
        self._chat = RowsModel(("name", "text", "mine"), self)
        self._games = RowsModel(("game", "title", "detail"), self)
        self._status = "disconnected"
        self._error = ""
        self._banner = ""
        self._room: dict[str, Any] = {}
        self.client: Any = None

    def set_state(self, status: str, error: str | None = None, banner: str = "") -> None:
        error = self._error if error is None else error
        if (status, error, banner) != (self._status, self._error, self._banner):
            self._status, self._error, self._banner = status, error, banner
            self.changed.emit()

    def _available(self) -> bool:
        from app import online

        return online.available()

    def reconnecting_text(self) -> str:
        return self.tr("Connection lost: reconnecting…")

    def engine_text(self, en: str, zh: str) -> str:
        app = self.parent()
        lang = str(app._settings.language) if isinstance(app, App) else "en"
        return engine_text(en, zh, lang)

    def open_session(self, session: Session) -> None:
        app = self.parent()
        if isinstance(app, App):
            app.set_session(session)

    def open_record(self, record: dict[str, Any]) -> None:
        app = self.parent()
        if isinstance(app, App):
            app.open_record(record)

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
            "preset": str(info.rules.get("preset", "classic")),
            "owner": info.owner == me,
            "ownerName": info.owner_name,
            "status": info.status,
            "spectators": int(info.spectators),
            "seated": my_seat is not None,
            "ready": my_seat is not None and rows[my_seat]["ready"],
            "full": all(r["taken"] and r["ready"] for r in rows),
        }
        if room != self._room:
            self._room = room
            self.roomChanged.emit()

    def add_chat(self, name: str, text: str, mine: bool) -> None:
        rows = self._chat.rows()[-99:]
        rows.append({"name": name, "text": text, "mine": mine})
        self._chat.set_rows(rows)

    def clear_chat(self) -> None:
        self._chat.set_rows([])
        if self._room:
            self._room = {}
            self.roomChanged.emit()

    def set_games(self, games: list[dict[str, Any]]) -> None:
        rows = []
        for g in games:
            result = g.get("result") or {}
            delta = g.get("delta")
            won = result.get("winner")
            detail = str(g.get("finished", ""))[:16].replace("T", " ")
            if delta is not None:
                detail += f"  {'+' if delta >= 0 else ''}{delta}"
            title = self.tr("Room %1 · hand %2").replace("%1", str(g.get("room", "")))
            rows.append(
                {
                    "game": int(g["game"]),
                    "title": title.replace("%2", str(g.get("hand_no", ""))),
                    "detail": detail + (f"  ({won})" if won else ""),
                }
            )
        self._games.set_rows(rows)

    def _waiting(self) -> bool:
        return self._room.get("status") == "waiting"

    rooms = Property(QObject, lambda self: self._rooms, constant=True)
    roomSeats = Property(QObject, lambda self: self._seats, constant=True)
    chat = Property(QObject, lambda self: self._chat, constant=True)
    games = Property(QObject, lambda self: self._games, constant=True)
    status = Property(str, lambda self: self._status, notify=changed)
    error = Property(str, lambda self: self._error, notify=changed)
    banner = Property(str, lambda self: self._banner, notify=changed)
    available = Property(bool, _available, constant=True)
    room = Property("QVariantMap", lambda self: dict(self._room), notify=roomChanged)
    waiting = Property(bool, _waiting, notify=roomChanged)

    @Slot(str, str)
    def connectTo(self, address: str, name: str) -> None:
        from app import online

        online.connect(self, address, name)

    @Slot(str)
    def createRoom(self, preset_name: str) -> None:
        from app import online

        online.create_room(self, preset_name)

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

    @Slot(str)
    def sendChat(self, text: str) -> None:
        text = text.strip()
        if text:
            self._call("chat", text[:200])

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
        self._table = TableViewModel(self._settings, self)
        self._online = OnlineViewModel(self)
        self._session: Session | None = None
        self._records = RowsModel(("path", "title", "detail"), self)
        self.engine: Any = None
        # offscreen (tests, screenshots) nothing is heard; what was asked is still recorded
        self.sounds = SoundPlayer(enabled=os.environ.get("QT_QPA_PLATFORM") != "offscreen")
        self._table.soundWanted.connect(self._play_sound)
        self._table.yourTurn.connect(self._your_turn)
        self._chime = QTimer(self)
        self._chime.setInterval(CHIME_REPEAT_MS)
        self._chime.timeout.connect(self._chime_again)
        self._chimes_left = 0
        self.alerts = 0  # taskbar flashes asked for (tests)
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
        window = self._window()
        if window is not None and not window.isActive():
            window.alert(0)
            self.alerts += 1
            self._chimes_left = CHIME_REPEATS
            self._chime.start()

    def _chime_again(self) -> None:
        window = self._window()
        if (
            self._chimes_left <= 0
            or not self._table._my_turn_now()
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
        t = self.tr

        def row(label: str, played: str, won: str) -> dict[str, Any]:
            p, w = data[played], data[won]
            rate = f"{round(100 * w / p)}%" if p else "—"
            return {"label": label, "played": p, "won": w, "rate": rate}

        return [
            row(t("Hands"), "hands", "handsWon"),
            row(t("As the dealer's side"), "dealerHands", "dealerWon"),
            row(t("As attackers"), "attackerHands", "attackerWon"),
            row(t("Matches"), "matches", "matchesWon"),
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
            lobby = getattr(self._online, "_lobby", None)
            if lobby is not None and lobby.session is old:
                lobby.session = None
                self._online.clear_chat()
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
        names = ["", "", "", ""]
        name = str(self._settings.playerName)
        if name:
            names[seat] = name
        session = OfflineSession(
            self._settings,
            rules,
            seat=seat,
            ai_levels=tuple(levels),
            seed=int(seed) if seed is not None else None,
            names=names,
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
                rec = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            rules = rec.get("rules", {})
            name = _preset_title(str(rules.get("preset", "")), str(self._settings.language))
            hand_no = rec.get("setup", {}).get("hand_no", 1)
            stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
            rows.append({"path": str(path), "title": f"{name} · #{hand_no}", "detail": stamp})
        self._records.set_rows(rows)
        self.recordsChanged.emit()

    @Slot(str, result=bool)
    def openReplay(self, path: str) -> bool:
        try:
            record = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            self._table._set_message(str(e))
            return False
        return self.open_record(record)

    def open_record(self, record: dict[str, Any]) -> bool:
        """A hand record (offline file or a server's) in the replay viewer."""
        try:
            session = ReplaySession(record)
        except (ValueError, RulesError, KeyError, TypeError) as e:
            self._table._set_message(str(e))
            return False
        self.set_session(session)
        return True

    # -- texts for the setup and rules screens -------------------------------------------
    @Slot(result=list)
    def presets(self) -> list[dict[str, str]]:
        lang = str(self._settings.language)
        return [{"key": k, "title": _preset_title(k, lang)} for k in PRESETS]

    @Slot(result=list)
    def aiLevels(self) -> list[str]:
        return list(players.levels())

    @Slot(str, result=list)
    def rulesSummary(self, preset_name: str) -> list[dict[str, str]]:
        try:
            r = preset(preset_name)
        except RulesError:
            return []
        return _rules_rows(self, r)

    @Slot(str, result=str)
    def levelTitle(self, key: str) -> str:
        t = self.tr
        names = {
            "random": t("Random"),
            "easy": t("Easy"),
            "normal": t("Normal"),
            "hard": t("Hard"),
            "master": t("Master"),
        }
        return names.get(key, key)

    @Slot(str, result=str)
    def presetTitle(self, key: str) -> str:
        return _preset_title(key, str(self._settings.language))

    settings = Property(QObject, lambda self: self._settings, constant=True)
    table = Property(QObject, lambda self: self._table, constant=True)
    online = Property(QObject, lambda self: self._online, constant=True)
    records = Property(QObject, lambda self: self._records, constant=True)
    hasSavedGame = Property(bool, _has_saved, notify=sessionChanged)
    inGame = Property(bool, lambda self: self._session is not None, notify=sessionChanged)


def _preset_title(key: str, lang: str) -> str:
    en, zh_cn, zh_tw = PRESET_NAMES.get(key, (key, key, key))
    return {"zh_CN": zh_cn, "zh_TW": zh_tw}.get(lang, en)


def _rules_rows(app: App, r: RuleSet) -> list[dict[str, str]]:
    t = app.tr
    yes, no = t("yes"), t("no")
    partners = {
        "fixed": t("fixed: opposite seats"),
        "called-card": t("called card (find a friend)"),
    }
    bidding = {
        "overcall": t("show level cards while dealing; stronger bids overcall"),
        "three-deck-ladder": t("three-deck ladder: single, pair, jokers, triple"),
        "first-bid": t("the first level card shown sets the trump"),
        "hidden": t("hidden bids, +1 card to change"),
    }
    no_bid = {
        "redeal": t("redeal"),
        "no-trump": t("play with no trump suit"),
        "flip-kitty": t("flip the kitty to find the trump"),
        "fixed-suit": t("spades are trump"),
    }
    capture = {
        "structure": t("×2 single, ×4 pair, ×8 tractor…"),
        "double": t("×2"),
        "points": t("the kitty's points, no multiplier"),
        "none": t("no kitty"),
    }
    return [
        {"label": t("Decks"), "value": str(r.decks)},
        {"label": t("Cards each"), "value": str(r.hand_size)},
        {"label": t("Kitty"), "value": str(r.kitty_size)},
        {"label": t("Partners"), "value": partners[r.partners]},
        {"label": t("Bidding"), "value": bidding[r.bidding]},
        {"label": t("No bid"), "value": no_bid[r.no_bid]},
        {"label": t("Levels"), "value": f"{rank_text(r.start_level)} → {rank_text(r.end_level)}"},
        {"label": t("Kitty capture"), "value": capture[r.kitty_capture]},
        {"label": t("Every 2 is trump"), "value": yes if r.twos_trump else no},
        {"label": t("Throw penalty"), "value": str(r.throw_penalty) if r.throw_penalty else no},
        {"label": t("Points"), "value": str(r.total_points)},
    ]
