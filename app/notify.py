"""Your turn, wherever you are (issue 37 part 3): when a turn, an invitation or a rematch offer
comes while the app's window is not focused, a sound and a desktop notification (the system
tray's message where the desktop has a tray), else a taskbar flash (``QWindow.alert``).

Switched off in Settings (``notifyAway``): the window is then left alone (the turn chime still
plays, at its own volume). A focused window gets nothing from here: the table shows it all.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Literal

from PySide6.QtCore import QObject
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QSystemTrayIcon

from app.settings import Settings

log = logging.getLogger(__name__)

Kind = Literal["turn", "invitation", "rematch"]


class Notifier(QObject):
    """Tells a player who is looking elsewhere that something waits for them."""

    def __init__(
        self,
        settings: Settings,
        window: Callable[[], Any],
        play: Callable[[str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._window = window  # the app's window (None before it is shown)
        self._play = play  # plays one of app.sounds' sounds at its volume
        self._tray: QSystemTrayIcon | None = None
        self.sent: list[tuple[Kind, str, str]] = []  # (kind, text, how) as told (tests)

    def turn(self) -> bool:
        """It is the player's turn (the table plays the turn chime itself)."""
        return self.away("turn", self.tr("It is your turn at the table."), sound=False)

    def rematch(self, name: str) -> bool:
        """``name`` offers the player a rematch."""
        return self.away("rematch", self.tr("%1 offers a rematch.").replace("%1", name))

    def invitation(self, name: str) -> bool:
        """``name`` invites the player to a seat at a table."""
        return self.away(
            "invitation", self.tr("%1 invites you to a seat at their table.").replace("%1", name)
        )

    def away(self, kind: Kind, text: str, sound: bool = True) -> bool:
        """Tell the player ``text`` unless the window has the focus or they switched this off;
        whether they were told. ``sound``: play the chime (the turn's caller plays its own)."""
        window = self._window()
        if window is None or window.isActive() or not self._settings.notifyAway:
            return False
        if sound:
            self._play("turn")
        how = "tray" if self._tray_message(text) else "alert"
        if how == "alert":
            window.alert(0)  # the taskbar entry flashes until the window is activated
        self.sent.append((kind, text, how))
        return True

    def _tray_message(self, text: str) -> bool:
        """A desktop notification from the tray icon, where the desktop has a tray."""
        if not QSystemTrayIcon.isSystemTrayAvailable() or not QSystemTrayIcon.supportsMessages():
            return False
        if self._tray is None:
            window = self._window()
            icon = window.icon() if window is not None else QIcon()
            self._tray = QSystemTrayIcon(icon, self)
            self._tray.activated.connect(self._raise)
            self._tray.messageClicked.connect(self._raise)
            self._tray.show()
        self._tray.showMessage("Tuolaji 拖拉机", text, QSystemTrayIcon.MessageIcon.Information)
        return True

    def _raise(self, *_args: Any) -> None:
        window = self._window()
        if window is not None:
            window.show()
            window.raise_()
            window.requestActivate()
