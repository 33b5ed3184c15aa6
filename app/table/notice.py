"""The table's message line: what just happened that the player did not do, or why a move was
refused (a failed throw, a refusal, a hint's reason, a session's notice). A message given as a
function is worded again when the language is switched."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Property, QObject, QTimer, Signal

from app.i18n import words
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
        # the session's 托管 when the refusal or notice on show came (None: not such a message):
        # "Auto-play is on" is no longer true once it is switched off, so it goes then
        self._trustee: bool | None = None
        # another seat's 托管 the notice on show is about (its seat, the hand it came in, and
        # whether the AI played the seat then): it goes once its player is back, or with the hand
        self._about: tuple[int, int, bool] | None = None
        # the message on show is the session's notice (托管 on or off, a clock run out, away):
        # a state, not a reaction to a play, shown in one place (the table keeps it put)
        self._status = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(lambda: self.show(""))

    def show(
        self, say: str | Callable[[], str], sticky: bool = False, duration: int = 4000
    ) -> None:
        """Show a message (until the next one when ``sticky``, else for ``duration`` ms)."""
        self._say = say if callable(say) else None
        self._trustee = self._about = None
        text = say() if callable(say) else say
        if text != self._text or self._status:
            self._text, self._status = text, False
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
        """One of the engine's bilingual messages (a refusal, a hint's reason)."""
        self.show(lambda: self.state.engine_text(en, zh), sticky=sticky)
        self._mark_trustee()

    def notice(self, text: str, args: list[str], about: int = -1) -> None:
        """The session's notice (``QT_TRANSLATE_NOOP("Notices", text)``, its ``%1``… ``args``):
        shown until the next message; ``about``: the seat whose 托管 it tells of (-1: none)."""
        self.show(lambda: words(self.state.lang(), "Notices", text, *args), sticky=True)
        self._status = True
        self.changed.emit()
        self._mark_trustee()
        s, v = self.state.session, self.state.view
        if about >= 0 and s is not None:
            auto = bool(s.seat_flags[about].get("trustee"))
            self._about = (about, v.hand_no if v is not None else 0, auto)

    def _mark_trustee(self) -> None:
        s = self.state.session
        self._trustee = s.trustee if s is not None else None

    def sync(self) -> None:
        """The session changed: a message that came under the other 托管 setting goes."""
        s, v = self.state.session, self.state.view
        if self._trustee is not None and s is not None and s.trustee != self._trustee:
            self.show("")
        elif self._about is not None and s is not None:
            seat, hand_no, auto = self._about
            back = auto and not s.seat_flags[seat].get("trustee")
            if back or (v is not None and v.hand_no != hand_no):
                self.show("")

    def redeal(self) -> None:
        self.show(lambda: self.tr("Nobody bid: the cards are dealt again"))

    def throw_failed(self, e: ThrowFailed) -> None:
        """Say what failed, what beat it, what is played instead and the penalty."""
        st = self.state
        mine = st.speaks_to_seat() and st.session is not None and st.session.seat == e.seat

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
            # sentences ended with "。" follow on without a space; English ones after one
            return "".join(parts) if all(p.endswith("。") for p in parts) else " ".join(parts)

        self.show(said, duration=THROW_MESSAGE_MS)

    text = Property(str, lambda self: self._text, notify=changed)
    status = Property(bool, lambda self: self._status, notify=changed)
