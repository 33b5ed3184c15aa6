"""The moderators' panel of the online lobby (``App.online.moderation``): the newest reports
(with the chat lines and game id they carry) and moderation log entries, a chat timeout or a
ban of a reported player for a duration the moderator chooses (a number of minutes, hours or
days, within the server's limits: ``net.civility``), with a reason, and lifting a timeout or
a ban still in force early. Shown to moderators only: whether the player is one is asked of
the server (a ``mod-log`` it refuses to others) when the friends panel opens.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlUncreatable

from app.i18n import sentence
from app.models import RowsModel
from app.online import signed_in_client, spawn_in
from net.civility import BAN_DAYS_MAX, TIMEOUT_DAYS_MAX

if TYPE_CHECKING:
    from app.viewmodels import OnlineViewModel
    from net.client import Client
    from net.protocol import ModEntry, ModLogReply

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1


UNIT_MINUTES = {"minutes": 1, "hours": 60, "days": 1440}
DURATION_DIGITS = 7  # a longer number is out of range in any unit


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(at))


def minutes_of(amount: str, unit: str) -> int:
    """``amount`` (digits, as typed) ``unit``s in minutes; 0 for no whole number."""
    amount = amount.strip()
    if not amount.isascii() or not amount.isdigit() or len(amount) > DURATION_DIGITS:
        return 0
    return int(amount) * UNIT_MINUTES.get(unit, 0)


def in_force(log: list[ModEntry], now: float) -> set[int]:
    """The entries (by ``entry``) of ``log`` (newest first) whose timeout or ban still holds:
    each the newest action of its kind on its player, its end still to come."""
    seen: set[tuple[int, str]] = set()
    out: set[int] = set()
    for m in log:
        kind = m.action.removeprefix("lift-")
        if kind not in ("timeout", "ban") or (m.target.user, kind) in seen:
            continue
        seen.add((m.target.user, kind))
        if m.action == kind and m.until is not None and m.until > now:
            out.add(m.entry)
    return out


@QmlElement
@QmlUncreatable("App.online.moderation")
class ModerationViewModel(QObject):  # type: ignore[operator]  # QmlUncreatable (app.viewmodels)
    changed = Signal()

    def __init__(self, online: OnlineViewModel) -> None:
        super().__init__(online)
        self._online = online
        self._reports = RowsModel(
            ("report", "when", "reporter", "reported", "user", "reason", "text", "game", "chat"),
            self,
        )
        self._log = RowsModel(
            ("when", "actor", "action", "target", "user", "reason", "until", "lift"), self
        )
        self._available = False
        self._error = ("", "")  # the refusal on show (English, 简体), worded when read
        self._tasks: set[asyncio.Task[Any]] = set()

    def _client(self) -> Client | None:
        return signed_in_client(self._online)

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        spawn_in(coro, self._tasks)

    async def _load(self) -> None:
        from net.client import ServerError
        from net.protocol import ModLog, ModLogReply

        c = self._client()
        if c is None:
            return
        try:
            got = await c.ask(ModLog(c.next_id()), ModLogReply)
        except ServerError as e:
            self._set(e.code != "not-moderator" and self._available, ("", ""))
            return
        except (ConnectionError, OSError):
            return
        self.show(got)
        self._set(True, self._error)

    def _set(self, available: bool, error: tuple[str, str]) -> None:
        if (available, error) != (self._available, self._error):
            self._available, self._error = available, error
            self.changed.emit()

    def show(self, got: ModLogReply) -> None:
        self._reports.set_rows(
            [
                {
                    "report": r.report,
                    "when": _when(r.at),
                    "reporter": r.reporter.name,
                    "reported": r.reported.name,
                    "user": r.reported.user,
                    "reason": r.reason,
                    "text": r.text,
                    "game": -1 if r.game is None else r.game,
                    "chat": "\n".join(r.chat),
                }
                for r in got.reports
            ]
        )
        holding = in_force(got.log, time.time())
        self._log.set_rows(
            [
                {
                    "when": _when(m.at),
                    "actor": m.actor or "",
                    "action": m.action,
                    "target": m.target.name,
                    "user": m.target.user,
                    "reason": m.reason,
                    "until": "" if m.until is None else _when(m.until),
                    # what lifts it early ("": nothing to lift)
                    "lift": f"lift-{m.action}" if m.entry in holding else "",
                }
                for m in got.log
            ]
        )

    async def _act(self, user: int, action: str, minutes: int, reason: str) -> None:
        from net.client import ServerError
        from net.protocol import Moderate

        c = self._client()
        if c is None:
            return
        try:
            await c.request(Moderate(c.next_id(), action, user, reason, minutes))  # type: ignore[arg-type]
        except ServerError as e:
            self._set(self._available, (e.en, e.zh))
            return
        except (ConnectionError, OSError):
            return
        self._set(self._available, ("", ""))
        await self._load()

    # -- QML -------------------------------------------------------------------------------
    reports = Property(QObject, lambda self: self._reports, constant=True)
    log = Property(QObject, lambda self: self._log, constant=True)
    available = Property(bool, lambda self: self._available, notify=changed)
    error = Property(
        str,
        lambda self: sentence(self._online.engine_text(*self._error)) if self._error[0] else "",
        notify=changed,
    )
    # the server's limits (net.civility), in days and in minutes
    timeoutDaysMax = Property(int, lambda self: TIMEOUT_DAYS_MAX, constant=True)
    banDaysMax = Property(int, lambda self: BAN_DAYS_MAX, constant=True)
    timeoutMinutesMax = Property(int, lambda self: TIMEOUT_DAYS_MAX * 1440, constant=True)
    banMinutesMax = Property(int, lambda self: BAN_DAYS_MAX * 1440, constant=True)

    @Slot(str, str, result=int)
    def minutesOf(self, amount: str, unit: str) -> int:
        """A duration as typed (a whole number of ``minutes``, ``hours`` or ``days``) in
        minutes; 0 for none."""
        return minutes_of(amount, unit)

    @Slot()
    def refresh(self) -> None:
        """Ask for the reports and the log (and so whether the player is a moderator)."""
        self._spawn(self._load())

    @Slot(int, str, int, str)
    def act(self, user: int, action: str, minutes: int, reason: str) -> None:
        """``timeout`` or ``ban`` ``user`` for ``minutes``, or lift one (``lift-timeout``,
        ``lift-ban``; minutes 0), with ``reason``."""
        self._spawn(self._act(user, action, minutes, reason))
