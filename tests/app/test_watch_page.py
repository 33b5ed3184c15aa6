"""The Watch screen, not connected to a server: it says where to connect and takes the player
there in one click (it used to leave them to go back Home and on to Play online)."""

from __future__ import annotations

from typing import Any

from tablekit import click, item, items, texts


def test_watch_takes_a_player_who_is_not_connected_to_play_online(ui: Any, qtbot: Any) -> None:
    assert ui.app.online.status != "connected"
    ui.window.setProperty("screen", "watch")
    qtbot.waitUntil(lambda: bool(items(ui, "watchToLobby")))
    shown = texts(ui.window.contentItem())
    assert "Connect on the Play online screen to see the public tables" in shown
    click(qtbot, ui, item(ui, "watchToLobby"))
    qtbot.waitUntil(lambda: ui.window.property("screen") == "lobby")
