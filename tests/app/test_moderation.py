"""The moderation panel through the real QML against the real server on 127.0.0.1: a duration of
the moderator's choosing (a number and a unit), held to the server's limits in the panel with a
clear message (English, 简体中文); a timeout and a ban for it; each lifted early from the log."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from helpers import run, until
from PySide6.QtCore import QPointF
from test_friends import _click, _connect, _reported, _texts, _visible

from net.civility import BAN_DAYS_MAX, TIMEOUT_DAYS_MAX
from net.client import Client, ServerError
from net.protocol import Chat


def _enabled(ui: Any, name: str) -> bool:
    return bool(_visible(ui, name)[0].isEnabled())


async def _click_in_list(qtbot: Any, ui: Any, name: str) -> None:
    """Scroll the panel's list (reports, then the log) to the first visible ``name``, click it."""
    (flick,) = _visible(ui, "modList")
    it = _visible(ui, name)[0]
    y = it.mapToItem(flick.property("contentItem"), QPointF(0, 0)).y()
    room = flick.property("contentHeight") - flick.height()
    flick.setProperty("contentY", max(0.0, min(y, room)))
    await asyncio.sleep(0.05)
    await _click(qtbot, ui, name)


def test_a_chosen_duration_within_the_limits_then_lifted_early(
    ui: Any, qtbot: Any, server: str, tmp_path: Any
) -> None:
    online = ui.app.online
    moderation = online.moderation
    others: list[Client] = []

    async def play() -> None:
        await _connect(ui, server, "Mod")
        rude, room = await _reported(server, tmp_path, others)
        rude_id = rude.user.user if rude.user else 0
        ui.window.setProperty("screen", "lobby")
        await _click(qtbot, ui, "toFriends")
        assert await until(lambda: _visible(ui, "toModeration"), 10), moderation.error
        await _click(qtbot, ui, "toModeration")
        assert await until(lambda: _visible(ui, "report"), 10), moderation.error
        _visible(ui, "modReason")[0].setProperty("text", "insults")
        amount, unit = _visible(ui, "modAmount")[0], _visible(ui, "modUnit")[0]
        limits = f"a chat timeout lasts 1 minute to {TIMEOUT_DAYS_MAX} days, a ban 1 minute to"
        assert limits in _texts(ui, "modLimits")[0].lower()
        assert _enabled(ui, "modTimeout") and _enabled(ui, "modBan")  # 1 hour, as it was
        # past a timeout's limit: a ban only, and the panel says why
        amount.setProperty("text", str(TIMEOUT_DAYS_MAX + 1))
        unit.setProperty("unit", "days")
        assert not _enabled(ui, "modTimeout") and _enabled(ui, "modBan")
        only_a_ban = f"at most {TIMEOUT_DAYS_MAX} days: this duration is for a ban only."
        assert _texts(ui, "modDurationError") == [f"A chat timeout lasts {only_a_ban}"]
        ui.settings.language = "zh_CN"  # (the unit chosen stays chosen)
        assert await until(lambda: "禁言" in _texts(ui, "modDurationError")[0], 5)
        assert f"{TIMEOUT_DAYS_MAX} 天" in _texts(ui, "modDurationError")[0]
        assert unit.property("currentIndex") == 2 and unit.property("unit") == "days"
        ui.settings.language = "en"
        # past a ban's limit too, and no duration at all: neither
        amount.setProperty("text", str(BAN_DAYS_MAX + 1))
        assert not _enabled(ui, "modTimeout") and not _enabled(ui, "modBan")
        assert _texts(ui, "modDurationError") == [
            f"Too long: a chat timeout lasts at most {TIMEOUT_DAYS_MAX} days, "
            f"a ban at most {BAN_DAYS_MAX} days."
        ]
        amount.setProperty("text", "0")
        assert not _enabled(ui, "modTimeout") and not _enabled(ui, "modBan")
        assert _texts(ui, "modDurationError") == [
            "Give a duration: a whole number, at least 1 minute."
        ]
        # 90 minutes: the timeout ends 90 minutes from now, as the player is told
        amount.setProperty("text", "90")
        unit.setProperty("unit", "minutes")
        assert _texts(ui, "modDurationError") == [] and _enabled(ui, "modTimeout")
        await _click(qtbot, ui, "modTimeout")
        entry = "chat timeout of Rude — insults (until"
        assert await until(lambda: any(entry in t for t in _texts(ui, "modLogEntry")), 10), (
            moderation.error,
            _texts(ui, "modLogEntry"),
        )
        try:
            await rude.request(Chat(rude.next_id(), room, "still here"))
        except ServerError as e:
            assert e.code == "chat-timeout"
            ends = time.strftime("%Y-%m-%d %H:%M", time.gmtime(time.time() + 90 * 60))
            assert ends[:-1] in e.en, e.en  # (to the ten minutes: a minute may turn)
        else:
            raise AssertionError("a timed-out player chatted")
        # lifted early from the log: the player chats again, and the log says so
        assert await until(lambda: len(_visible(ui, "modLift")) == 1, 5)
        assert _texts(ui, "modLift") == ["Lift the timeout now"]
        _visible(ui, "modReason")[0].setProperty("text", "apologised")
        await _click_in_list(qtbot, ui, "modLift")
        lifted = "timeout lifted of Rude — apologised"
        assert await until(lambda: any(lifted in t for t in _texts(ui, "modLogEntry")), 10), (
            moderation.error
        )
        assert not _visible(ui, "modLift")
        await rude.request(Chat(rude.next_id(), room, "sorry, everyone"))
        # a ban of 2 days, then lifted: the player's token works again
        token = rude.token
        rude.reconnect_enabled = False
        amount.setProperty("text", "2")
        unit.setProperty("unit", "days")
        await _click(qtbot, ui, "modBan")
        assert await until(lambda: rude.closed_with is not None, 10), moderation.error
        assert await until(lambda: _texts(ui, "modLift") == ["Lift the ban now"], 10), (
            _texts(ui, "modLift"),
            _texts(ui, "modLogEntry"),
            moderation.error,
        )
        banned = [t for t in _texts(ui, "modLogEntry") if "ban of Rude" in t]
        ends = time.strftime("%Y-%m-%d", time.localtime(time.time() + 2 * 86400))
        assert ends in banned[0], banned
        await _click_in_list(qtbot, ui, "modLift")
        assert await until(lambda: not _visible(ui, "modLift"), 10), moderation.error
        again = Client(f"ws://{server}", token=token, reconnect=False)
        others.append(again)
        assert (await again.connect()).user == rude_id
        # a refusal on show follows a change of language
        moderation.act(999_999, "timeout", 10, "nobody")
        assert await until(lambda: moderation.error == "No player '#999999'.", 10), moderation.error
        ui.settings.language = "zh_CN"
        assert await until(lambda: "没有玩家 '#999999'" in moderation.error, 5), moderation.error
        ui.settings.language = "en"

    async def everyone() -> None:
        try:
            await play()
        finally:
            for c in others:
                await c.close()

    run(ui, qtbot, everyone)
