"""One concern of the table as its own QObject: its values are worked out from the state at each
change of the session and published (its ``changed`` signal) only when they differ from those
on show, so QML re-evaluates only the bindings that depend on what moved.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from PySide6.QtCore import Property, QObject, Signal

from app.table.state import TableState

T = TypeVar("T")


def shown(kind: type[T] | str, name: str, notify: Signal) -> T:
    """A property read from the values a part last published (typed as the value Python code
    reads through it: mypy does not see through a Qt ``Property``)."""
    return cast(T, Property(cast(Any, kind), lambda self: self._shown[name], notify=notify))


class Part(QObject):
    """A subclass declares ``changed = Signal()``, its properties with ``shown``,
    ``values`` (every published value by property name), and publishes at the end of its
    ``__init__`` (QML reads the published values)."""

    changed: Signal

    def __init__(self, state: TableState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self._shown: dict[str, Any] = {}

    def values(self) -> dict[str, Any]:
        raise NotImplementedError

    def publish(self) -> None:
        new = self.values()
        if new != self._shown:
            self._shown = new
            self.changed.emit()
