"""The table's message line: what just happened that the player did not do, or why a move was
refused (a failed throw, a refusal, a hint's reason). A message given as a function is worded
again when the language is switched."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Property, QObject, QTimer, Signal

from app.table.state import TableState
from engine.events import ThrowFailed

THROW_MESSAGE_MS = 9000  # a failed throw's message: long enough to read who beat what


class NoticePart(QObject):
    changed = Signal()

    def __init__(self, state: TableState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self._text = ""
        self._say: Callable[[], str] | None = None  # how the message on show is worded
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(lambda: self.show(""))

    def show(
        self, say: str | Callable[[], str], sticky: bool = False, duration: int = 4000
    ) -> None:
        """Show a message (until the next one when ``sticky``, else for ``duration`` ms)."""
        self._say = say if callable(say) else None
        text = say() if callable(say) else say
        if text != self._text:
            self._text = text
            self.changed.emit()
        if text and not sticky:
            self._timer.start(duration)
        else:
            self._timer.stop()

    def reword(self) -> None:
        """The language was switched: the message on show, in the new one."""
        if self._say is not None and self._text:
            self._text = self._say()  # its timer, if any, runs on
            self.changed.emit()

    def engine(self, en: str, zh: str, sticky: bool = False) -> None:
        """One of the engine's bilingual messages (a refusal, a notice, a hint's reason)."""
        self.show(lambda: self.state.engine_text(en, zh), sticky=sticky)

    def redeal(self) -> None:
        self.show(lambda: self.tr("Nobody bid: the cards are dealt again"))

    def throw_failed(self, e: ThrowFailed) -> None:
        """Say what failed, what beat it, what is played instead and the penalty."""
        st = self.state
        mine = st.session is not None and st.session.seat == e.seat

        def said() -> str:
            if mine:
                text = self.tr("Your throw %1 failed.")
            else:
                text = self.tr("%2's throw %1 failed.").replace("%2", st.seat_name(e.seat))
            parts = [text.replace("%1", st.cards_text(e.attempted))]
            if e.beater and e.beaten_by is not None:
                parts.append(
                    self.tr("%1 beats %2 with %3.")
                    .replace("%1", st.seat_name(e.beaten_by))
                    .replace("%2", st.cards_text(e.forced))
                    .replace("%3", st.cards_text(e.beater))
                )
            parts.append(self.tr("Only %1 is played.").replace("%1", st.cards_text(e.forced)))
            if e.penalty:
                parts.append(self.tr("Penalty: %1 points.").replace("%1", str(e.penalty)))
            return " ".join(parts)

        self.show(said, duration=THROW_MESSAGE_MS)

    text = Property(str, lambda self: self._text, notify=changed)
