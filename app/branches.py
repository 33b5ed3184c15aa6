"""The lines of a practice hand in the replay viewer (``App.branches``, issue 35): a practice
record keeps every line a take back abandoned (``HandRecord.branches``, docs/RECORDS.md); its
replay offers them beside the line played, and opening one shows it from where it parted.

It follows the App's session: a replay of a record with branches makes that record the root;
opening one of its lines (``open``) replays that line and keeps the root, so the others stay
offered; any other session clears it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlUncreatable

from app.session import ReplaySession
from engine.records import HandRecord, branch_records

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1


@QmlElement
@QmlUncreatable("App.branches")
class BranchesViewModel(QObject):  # type: ignore[operator]  # QmlUncreatable (see viewmodels)
    changed = Signal()
    openWanted = Signal(object)  # a line's record: the App opens it in the replay viewer

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._root: HandRecord | None = None
        self._lines: list[HandRecord] = []  # the root's branches as records
        self._line = -1  # the line on show: -1 the line played, else a branch's index
        self._opening: HandRecord | None = None  # the line being opened by ``open``

    def follow(self, session: Any) -> None:
        """The App's session changed (``App.sessionChanged``)."""
        record = session.branch_point()[0] if isinstance(session, ReplaySession) else None
        if record is None:
            self._root, self._lines, self._line = None, [], -1
        elif record is self._opening:
            self._opening = None  # one of the root's lines, opened here: the root stays
        elif record.branches:
            self._root, self._lines, self._line = record, branch_records(record), -1
        else:
            self._root, self._lines, self._line = None, [], -1
        self.changed.emit()

    def _titles(self) -> list[str]:
        if self._root is None:
            return []
        session = getattr(self.parent(), "session", None)
        if not isinstance(session, ReplaySession):
            return []
        titles = [self.tr("The line played")]
        for i, b in enumerate(self._root.branches):
            # the replay's step where the lines part, numbered as the replay shows its steps
            # (every line shares the actions before it, so the steps up to there too)
            step = session.step_at(b.at) + 1
            text = self.tr("Taken back %1 · from step %2")
            titles.append(text.replace("%1", str(i + 1)).replace("%2", str(step)))
        return titles

    lines = Property(list, _titles, notify=changed)
    line = Property(int, lambda self: self._line + 1, notify=changed)  # the index in ``lines``

    @Slot(int)
    def open(self, index: int) -> None:
        """Replay line ``index`` of ``lines`` (0: the line played), from where it parted."""
        if self._root is None or not 0 <= index <= len(self._lines) or index == self._line + 1:
            return
        record = self._root if index == 0 else self._lines[index - 1]
        at = self._root.branches[index - 1].at if index else self._parted()
        self._opening = record
        self._line = index - 1
        self.openWanted.emit(record)
        app: Any = self.parent()  # the App (app.viewmodels imports this module)
        session = getattr(app, "session", None)
        if isinstance(session, ReplaySession) and session.branch_point()[0] is record:
            app.table.hud.replayGo(session.step_at(at))
        self.changed.emit()

    def _parted(self) -> int:
        """Where the line on show parted from the line played (the line played: its start)."""
        assert self._root is not None
        return self._root.branches[self._line].at if self._line >= 0 else 0


__all__ = ["BranchesViewModel"]
