"""List models for QML: rows with named roles, updated in place so delegates keep their state.

``RowsModel`` holds a fixed-role list of dict rows (seats, trick slots, bid buttons);
``HandModel`` holds the player's cards with a stable id per physical card, so a re-sort only
changes each card's ``slot`` (QML animates ``x``) and a play removes just the cards played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import (
    Property,
    QAbstractListModel,
    QByteArray,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from engine.cards import Card

_USER = int(Qt.ItemDataRole.UserRole)
Index = QModelIndex | QPersistentModelIndex


class RowsModel(QAbstractListModel):
    countChanged = Signal()

    def __init__(self, roles: Iterable[str], parent: Any = None) -> None:
        super().__init__(parent)
        self._roles = list(roles)
        self._rows: list[dict[str, Any]] = []

    def roleNames(self) -> dict[int, QByteArray]:
        return {_USER + i: QByteArray(name.encode()) for i, name in enumerate(self._roles)}

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = _USER) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        name_i = role - _USER
        if not 0 <= name_i < len(self._roles):
            return None
        return self._rows[index.row()].get(self._roles[name_i])

    def rows(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self._rows]

    def set_rows(self, rows: list[dict[str, Any]]) -> None:
        """Replace the rows; same-length updates only signal the rows that changed."""
        if len(rows) != len(self._rows):
            self.beginResetModel()
            self._rows = [dict(r) for r in rows]
            self.endResetModel()
            self.countChanged.emit()
            return
        for i, row in enumerate(rows):
            if row != self._rows[i]:
                self._rows[i] = dict(row)
                idx = self.index(i, 0)
                self.dataChanged.emit(idx, idx)

    def _count(self) -> int:
        return len(self._rows)

    count = Property(int, _count, notify=countChanged)


class HandModel(RowsModel):
    """The player's cards. Roles: uid, card, slot, gaps, picked, fromKitty, returned (a failed
    throw's cards, back in the hand), isTrump, legal, name.

    (Role names differ from CardView's own properties so delegates can bind them by name.)
    """

    ROLES = (
        "uid",
        "card",
        "slot",
        "gaps",
        "picked",
        "fromKitty",
        "returned",
        "isTrump",
        "legal",
        "name",
    )

    def __init__(self, parent: Any = None) -> None:
        super().__init__(self.ROLES, parent)
        self._next_uid = 0

    def cards(self) -> list[Card]:
        """The cards in display order."""
        return [r["card"] for r in sorted(self._rows, key=lambda r: r["slot"])]

    def selected(self) -> list[Card]:
        return [r["card"] for r in sorted(self._rows, key=lambda r: r["slot"]) if r["picked"]]

    def uid_at_slot(self, slot: int) -> int | None:
        for r in self._rows:
            if r["slot"] == slot:
                return int(r["uid"])
        return None

    def update(
        self,
        cards: list[Card],
        group: Callable[[Card], str],
        info: Callable[[Card, int], dict[str, Any]],
    ) -> None:
        """Show ``cards`` (display order). Cards already shown keep their row and selection."""
        free: dict[Card, list[int]] = {}
        for i, r in enumerate(self._rows):
            free.setdefault(r["card"], []).append(i)
        keep: dict[int, int] = {}  # row -> new slot
        new: list[tuple[int, Card]] = []
        for slot, card in enumerate(cards):
            rows = free.get(card)
            if rows:
                keep[rows.pop(0)] = slot
            else:
                new.append((slot, card))
        gone = [i for i in range(len(self._rows)) if i not in keep]
        for i in reversed(gone):
            self.beginRemoveRows(QModelIndex(), i, i)
            del self._rows[i]
            self.endRemoveRows()
            keep = {(k - 1 if k > i else k): v for k, v in keep.items()}
        gaps_at = _gaps(cards, group)
        for i, slot in keep.items():
            row = self._rows[i]
            updated = {**row, "slot": slot, "gaps": gaps_at[slot], **info(row["card"], row["uid"])}
            if updated != row:
                self._rows[i] = updated
                idx = self.index(i, 0)
                self.dataChanged.emit(idx, idx)
        if new:
            start = len(self._rows)
            self.beginInsertRows(QModelIndex(), start, start + len(new) - 1)
            for slot, card in new:
                uid = self._next_uid
                self._next_uid += 1
                row = {"uid": uid, "card": card, "slot": slot, "gaps": gaps_at[slot]}
                row.update(
                    {"picked": False, "fromKitty": False, "returned": False, **info(card, uid)}
                )
                self._rows.append(row)
            self.endInsertRows()
        if gone or new:
            self.countChanged.emit()

    def set_selected(self, uids: set[int]) -> None:
        for i, r in enumerate(self._rows):
            sel = r["uid"] in uids
            if r["picked"] != sel:
                r["picked"] = sel
                idx = self.index(i, 0)
                self.dataChanged.emit(idx, idx)

    def selected_uids(self) -> set[int]:
        return {r["uid"] for r in self._rows if r["picked"]}

    def row_of(self, uid: int) -> dict[str, Any] | None:
        return next((r for r in self._rows if r["uid"] == uid), None)


def _gaps(cards: list[Card], group: Callable[[Card], str]) -> list[int]:
    """For each slot, how many suit changes come before it (the fan leaves a gap at each)."""
    out, n, prev = [], 0, None
    for card in cards:
        g = group(card)
        if prev is not None and g != prev:
            n += 1
        out.append(n)
        prev = g
    return out
