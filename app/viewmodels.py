"""QML-facing objects: the ``App`` singleton (screens' verbs and sessions) and its parts.

Registered under ``import Tuolaji.Backend``. The App instance is made in Python (``main``) and
handed to the QML engine by ``App.create``, so tests and the screenshot mode hold the very object
QML binds to.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QmlUncreatable

from app import players
from app.i18n import Translations
from app.models import RowsModel
from app.session import OfflineSession, ReplaySession, Session, list_records, save_path
from app.settings import Settings
from app.table import TableViewModel, rank_text
from engine.errors import RulesError
from engine.rules import PRESETS, RuleSet, preset

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1

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
    """Lobby state for the online screens (filled by app.online when net.client exists)."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rooms = RowsModel(("id", "name", "preset", "players", "spectators", "status"), self)
        self._status = "disconnected"
        self._error = ""
        self._banner = ""
        self.client: Any = None

    def set_state(self, status: str, error: str = "", banner: str = "") -> None:
        if (status, error, banner) != (self._status, self._error, self._banner):
            self._status, self._error, self._banner = status, error, banner
            self.changed.emit()

    def _available(self) -> bool:
        from app import online

        return online.available()

    def reconnecting_text(self) -> str:
        return self.tr("Connection lost: reconnecting…")

    def open_session(self, session: Session) -> None:
        app = self.parent()
        if isinstance(app, App):
            app.set_session(session)

    rooms = Property(QObject, lambda self: self._rooms, constant=True)
    status = Property(str, lambda self: self._status, notify=changed)
    error = Property(str, lambda self: self._error, notify=changed)
    banner = Property(str, lambda self: self._banner, notify=changed)
    available = Property(bool, _available, constant=True)

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
        App.instance = self

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
        if self._session is not None and self._session is not session:
            self._session.close()
            self._session.deleteLater()
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
            session = ReplaySession(record)
        except (OSError, ValueError, RulesError, KeyError) as e:
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
