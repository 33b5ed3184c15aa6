"""A rematch with the same four, as the result panel shows it (``App.online.rematch``, issue 37
part 4; the server's side is net/rematch.py).

Once an online match is over, a seated player offers a rematch (seats as they are, or rotated so
partners change); the others see who offered, how many accepted and the seconds left, and
accept or decline. The server's room updates carry the offer standing; its ``rematch-end``
frame says how it ended, shown here in the player's words until the next offer or match.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, QTimer, Signal, Slot
from PySide6.QtQml import QmlElement, QmlUncreatable

if TYPE_CHECKING:
    from app.online import Lobby
    from net.protocol import RoomInfo

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1


@QmlElement
@QmlUncreatable("App.online.rematchOffer")
class RematchViewModel(QObject):  # type: ignore[operator]  # QmlUncreatable is a decorator
    """The rematch offer at the player's online table, and the requests about it."""

    changed = Signal()

    def __init__(self, lobby: Callable[[], Lobby], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lobby = lobby
        self.on_offer: Callable[[str], object] = lambda _name: None  # someone else offered
        self._room = ""
        self._seat: int | None = None
        self._over = False  # the match is over
        self._offer: dict[str, Any] | None = None
        self._until = 0.0  # when the offer runs out (time.monotonic)
        self._end: tuple[str, str] | None = None  # how the last offer ended, and by whom
        self._tick = QTimer(self)
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self.changed.emit)

    def set_room(self, info: RoomInfo, seat: int | None) -> None:
        """The room as the server last told it, and the player's seat there."""
        offer = info.rematch
        before = self._offer
        if info.room != self._room:
            self._end = None
        self._room, self._seat, self._over = info.room, seat, info.status == "over"
        if offer is None:
            self._offer = None
            self._tick.stop()
        else:
            by = info.seats[offer.by]
            self._offer = {
                "by": by.name if by is not None else "",
                "rotate": offer.rotate,
                "accepted": len(offer.accepted),
                "mine": seat in offer.accepted,
            }
            self._until = time.monotonic() + offer.left
            self._end = None
            self._tick.start()
            if before is None and seat is not None and offer.by != seat:
                self.on_offer(self._offer["by"])
        if info.status == "playing":
            self._end = None
        self.changed.emit()

    def ended(self, outcome: str, name: str | None) -> None:
        """The server's word on how the offer ended (a ``rematch-end`` frame)."""
        self._offer = None
        self._tick.stop()
        self._end = None if outcome == "started" else (outcome, name or "")
        self.changed.emit()

    def clear(self) -> None:
        """No online table any more."""
        self._room, self._seat, self._over, self._offer, self._end = "", None, False, None, None
        self._tick.stop()
        self.changed.emit()

    # -- what the result panel shows -------------------------------------------------------
    def _can_offer(self) -> bool:
        return self._over and self._seat is not None and self._offer is None

    def _text(self) -> str:
        """The offer standing, or how the last one ended, in the player's words."""
        o = self._offer
        if o is not None:
            left = max(0, round(self._until - time.monotonic()))
            if o["mine"]:
                text = self.tr("Rematch: %1 of 4 accepted, %2 s left")
            elif o["rotate"]:
                text = self.tr("%3 offers a rematch (seats rotated): %1 of 4 accepted, %2 s left")
            else:
                text = self.tr("%3 offers a rematch: %1 of 4 accepted, %2 s left")
            return (
                text.replace("%1", str(o["accepted"]))
                .replace("%2", str(left))
                .replace("%3", o["by"])
            )
        if self._end is None:
            return ""
        outcome, name = self._end
        texts = {
            "declined": self.tr("%1 declined the rematch."),
            "expired": self.tr("The rematch offer ran out of time."),
            "void": self.tr("The seats changed: the rematch offer was withdrawn."),
        }
        return texts.get(outcome, "").replace("%1", name)

    canOffer = Property(bool, _can_offer, notify=changed)
    offered = Property(bool, lambda self: self._offer is not None, notify=changed)
    canAnswer = Property(  # a seated player, with an offer standing
        bool, lambda self: self._offer is not None and self._seat is not None, notify=changed
    )
    accepted = Property(
        bool, lambda self: self._offer is not None and bool(self._offer["mine"]), notify=changed
    )
    text = Property(str, _text, notify=changed)

    # -- the player's requests ---------------------------------------------------------------
    def _send(self, accept: bool, rotate: bool) -> None:
        self._lobby().room_call("rematch", accept, rotate)  # a refusal shows as its error

    @Slot(bool)
    def offer(self, rotate: bool) -> None:
        """Offer the same four a rematch (``rotate``: seats 1-3 move round)."""
        self._send(True, rotate)

    @Slot()
    def accept(self) -> None:
        self._send(True, False)

    @Slot()
    def decline(self) -> None:
        self._send(False, False)
