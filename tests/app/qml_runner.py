"""Runs the QML component tests (``resources/Tuolaji/tst_*.qml``) with Qt Quick Test.

    python3 tests/app/qml_runner.py -input resources/Tuolaji/tst_HandFan.qml   # offscreen

The tests import ``Tuolaji`` (the components) and ``Tuolaji.Testing`` (``TestRows``: a list
model with the roles a test names, so a test feeds a component the same kind of model the
view-model gives it). The App singleton exists (settings, card images) at instant speed.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TUOLAJI_HOME", tempfile.mkdtemp(prefix="tuolaji-qmltest-"))

from PySide6.QtCore import Property, QObject, Signal, Slot  # noqa: E402
from PySide6.QtQml import QmlElement, QQmlEngine  # noqa: E402
from PySide6.QtQuickTest import QUICK_TEST_MAIN_WITH_SETUP  # noqa: E402

from app.models import RowsModel  # noqa: E402

QML_IMPORT_NAME = "Tuolaji.Testing"
QML_IMPORT_MAJOR_VERSION = 1


@QmlElement
class TestRows(RowsModel):
    """A ``RowsModel`` whose roles and rows a QML test sets."""

    rolesChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((), parent)

    def _get_roles(self) -> list[str]:
        return list(self._roles)

    def _set_roles(self, roles: list[str]) -> None:
        self.beginResetModel()
        self._roles = [str(r) for r in roles]
        self.endResetModel()
        self.rolesChanged.emit()

    roles = Property(list, _get_roles, _set_roles, notify=rolesChanged)

    @Slot(list)
    def setRows(self, rows: list[Any]) -> None:
        self.set_rows([dict(r) for r in rows])

    @Slot(int, result="QVariantMap")
    def get(self, i: int) -> dict[str, Any]:
        return dict(self._rows[i])

    @Slot(int, str, "QVariant")
    def setValue(self, i: int, role: str, value: Any) -> None:
        rows = self.rows()
        rows[i][role] = value
        self.set_rows(rows)


class Setup(QObject):
    @Slot(QQmlEngine)
    def qmlEngineAvailable(self, engine: QQmlEngine) -> None:
        from app.cards import CardImageProvider

        engine.addImportPath(str(ROOT / "resources"))
        engine.addImageProvider("cards", CardImageProvider())


def main() -> int:
    from app.main import create_app, make_app_vm

    create_app(["qmltest"], software=True)
    app_vm = make_app_vm("en")
    app_vm.settings.speed = "instant"
    return QUICK_TEST_MAIN_WITH_SETUP("tuolaji", Setup, sys.argv, str(ROOT / "resources"))


if __name__ == "__main__":
    sys.exit(main())
