"""Player settings, persisted with QSettings and exposed to QML as one object.

Each property emits its signal only on change. ``TUOLAJI_HOME`` puts the settings file and the
saved games in one folder (tests, portable installs); otherwise Qt's per-user locations are used.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar, TypeVar, cast

from PySide6.QtCore import Property, QObject, QSettings, QStandardPaths, Signal

from app.i18n import LANGUAGES, system_language

# Motion: deal per card, AI play spacing, trick hold, card flight (ms), per speed setting.
SPEEDS: dict[str, dict[str, int]] = {
    "slow": {"deal": 500, "ai": 700, "hold": 1500, "flight": 260},
    "normal": {"deal": 250, "ai": 500, "hold": 1200, "flight": 200},
    "fast": {"deal": 80, "ai": 300, "hold": 900, "flight": 150},
    "instant": {"deal": 0, "ai": 0, "hold": 0, "flight": 0},
}
CARD_SIZES = {"small": 128, "medium": 148, "large": 168}  # hand card height at 1280×720


def data_dir() -> Path:
    home = os.environ.get("TUOLAJI_HOME")
    if home:
        path = Path(home)
    else:
        loc = QStandardPaths.StandardLocation.AppDataLocation
        path = Path(QStandardPaths.writableLocation(loc) or Path.home() / ".tuolaji")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _store() -> QSettings:
    if os.environ.get("TUOLAJI_HOME"):
        return QSettings(str(data_dir() / "settings.ini"), QSettings.Format.IniFormat)
    return QSettings("Tuolaji", "Tuolaji")


def settings_store() -> QSettings:
    """The settings file (a registry key on Windows), for what is kept beside the settings
    (app/tokens.py)."""
    return _store()


T = TypeVar("T")


def _setting(name: str, kind: type[T], notify: Signal, choices: tuple[str, ...] = ()) -> T:
    """A stored setting as a Qt property (typed as the value Python code reads through it)."""

    def getter(self: Settings) -> object:
        return self._values[name]

    def setter(self: Settings, value: object) -> None:
        value = cast(Any, kind)(value)
        if choices and value not in choices:
            return
        if self._values[name] == value:
            return
        self._values[name] = value
        self._store.setValue(name, value)
        getattr(self, f"{name}Changed").emit()
        if name in ("speed", "reduceMotion"):
            self.motionChanged.emit()

    return cast(T, Property(kind, getter, setter, notify=notify))


class Settings(QObject):
    languageChanged = Signal()
    fourColourChanged = Signal()
    cardSizeChanged = Signal()
    speedChanged = Signal()
    reduceMotionChanged = Signal()
    trickHoldChanged = Signal()
    playerNameChanged = Signal()
    serverAddressChanged = Signal()
    motionChanged = Signal()
    cardVolumeChanged = Signal()
    trickVolumeChanged = Signal()
    chimeVolumeChanged = Signal()
    voiceVolumeChanged = Signal()
    showCounterChanged = Signal()
    hostTurnTimerChanged = Signal()
    notifyAwayChanged = Signal()

    DEFAULTS: ClassVar[dict[str, object]] = {
        "language": "",
        "fourColour": True,
        "cardSize": "medium",
        "speed": "normal",
        "reduceMotion": False,
        "trickHold": 1500,
        "playerName": "",
        "serverAddress": "127.0.0.1:8765",
        "cardVolume": 60,
        "trickVolume": 70,
        "chimeVolume": 80,
        "voiceVolume": 0,
        "showCounter": False,
        "hostTurnTimer": 30,  # seconds a turn at a table hosted here (0: no clock)
        "notifyAway": True,  # a turn, invitation or rematch offer while unfocused (app.notify)
    }

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._store = _store()
        self._values: dict[str, Any] = {}  # each of the type of its default
        for name, default in self.DEFAULTS.items():
            raw: Any = self._store.value(name, default)  # a string, from some backends
            if isinstance(default, bool):
                raw = raw in (True, "true", "1", 1)
            elif isinstance(default, int):
                try:
                    raw = int(raw)
                except (TypeError, ValueError):
                    raw = default
            self._values[name] = raw
        if self._values["language"] not in LANGUAGES:
            self._values["language"] = system_language()
        if self._values["speed"] not in SPEEDS:
            self._values["speed"] = "normal"
        if self._values["cardSize"] not in CARD_SIZES:
            self._values["cardSize"] = "medium"

    def timing(self, what: str) -> int:
        """Milliseconds for ``what`` (deal, ai, hold, flight) at the current speed."""
        if what == "hold" and self._values["speed"] != "instant":
            return int(self._values["trickHold"])
        return SPEEDS[str(self._values["speed"])][what]

    def _flight(self) -> int:
        return 0 if self._values["reduceMotion"] else self.timing("flight")

    def _card_height(self) -> int:
        return CARD_SIZES[str(self._values["cardSize"])]

    language = _setting("language", str, languageChanged, LANGUAGES)
    fourColour = _setting("fourColour", bool, fourColourChanged)
    cardSize = _setting("cardSize", str, cardSizeChanged, tuple(CARD_SIZES))
    speed = _setting("speed", str, speedChanged, tuple(SPEEDS))
    reduceMotion = _setting("reduceMotion", bool, reduceMotionChanged)
    trickHold = _setting("trickHold", int, trickHoldChanged)
    playerName = _setting("playerName", str, playerNameChanged)
    serverAddress = _setting("serverAddress", str, serverAddressChanged)
    cardVolume = _setting("cardVolume", int, cardVolumeChanged)  # percent, 0: off
    trickVolume = _setting("trickVolume", int, trickVolumeChanged)
    chimeVolume = _setting("chimeVolume", int, chimeVolumeChanged)
    voiceVolume = _setting("voiceVolume", int, voiceVolumeChanged)  # call-outs, off by default
    showCounter = _setting("showCounter", bool, showCounterChanged)  # 记牌器
    hostTurnTimer = _setting("hostTurnTimer", int, hostTurnTimerChanged)
    notifyAway = _setting("notifyAway", bool, notifyAwayChanged)

    flightMs = Property(int, _flight, notify=motionChanged)
    cardHeight = Property(int, _card_height, notify=cardSizeChanged)
