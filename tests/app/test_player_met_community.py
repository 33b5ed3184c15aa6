"""What a QA play-through met on the community screens, on the real QML offscreen against the real
server on 127.0.0.1: the Friends panel is opaque and leaves the lobby's Reconnect and status in
reach; the lobby's words are all in 简体中文; the Account screen forgets typed passwords on
sign-out, drops an error when another way to sign in is chosen, copies the recovery codes, and
says what a server's own failure means; an empty profile and leaderboard say so, the rank title
has its English name, and the Chat button counts the lines that came while the chat was closed."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

from helpers import on_loop, run, seated_in_a_new_room, start_with_bots, until
from PySide6.QtGui import QGuiApplication
from tablekit import click, item, items, scene_rect, texts

from app import tokens
from net.client import Client
from net.protocol import Chat


def _connected(ui: Any, qtbot: Any, server: str, name: str = "Ann") -> None:
    online = ui.app.online
    ui.window.setProperty("screen", "lobby")
    online.connectTo(server, name)
    assert on_loop(qtbot, until(lambda: online.status == "connected", 10)), online.error


def _close_lobby(ui: Any, qtbot: Any) -> None:
    from app.online import lobby_of

    on_loop(qtbot, lobby_of(ui.app.online).close())


def test_the_friends_panel_is_opaque_and_leaves_reconnect_and_the_status_in_reach(
    ui: Any, qtbot: Any, server: str
) -> None:
    _connected(ui, qtbot, server)
    try:
        click(qtbot, ui, item(ui, "toFriends"))
        panel = item(ui, "friendsPanel")
        assert panel.property("color").alpha() == 255  # nothing of the lobby shows through
        box = scene_rect(panel)
        for name in ("lobbyConnect", "lobbyStatus", "toFriends"):
            assert not box.intersects(scene_rect(item(ui, name))), name
        assert box.bottom() <= ui.window.height()
        click(qtbot, ui, item(ui, "lobbyConnect"))  # Reconnect takes the click, not the panel
        assert on_loop(qtbot, until(lambda: ui.app.online.status == "connected", 10))
    finally:
        _close_lobby(ui, qtbot)


def test_the_lobby_reads_wholly_in_simplified_chinese(ui: Any, qtbot: Any, server: str) -> None:
    """The lobby's words, public and private lists alike (the server's address and the player's
    name aside), with a friend's room marked."""
    ui.settings.language = "zh_CN"
    _connected(ui, qtbot, server, "Ann")
    try:
        qtbot.wait(50)
        shown = texts(ui.window.contentItem())
        click(qtbot, ui, item(ui, "togglePrivate"))
        qtbot.wait(50)
        shown += texts(ui.window.contentItem())
        words = [t for t in shown if server not in t and t != "Ann"]
        english = [t for t in words if re.search(r"[A-Za-z]{2,}", t)]
        assert english == [], english
        assert "我的私人房间" in shown and "公开房间" in shown
    finally:
        ui.settings.language = "en"
        _close_lobby(ui, qtbot)


def _wait(ui: Any, qtbot: Any) -> None:
    vm = ui.app.account
    on_loop(qtbot, until(lambda: not vm.busy, 20), 30)
    qtbot.wait(20)


def test_the_account_screen_forgets_passwords_clears_errors_and_copies_the_codes(
    ui: Any, qtbot: Any, server: str
) -> None:
    vm = ui.app.account
    ui.settings.serverAddress = server
    ui.window.setProperty("screen", "account")
    item(ui, "newAccountName").setProperty("text", "Ann")
    item(ui, "newAccountPassword").setProperty("text", "correct horse")
    click(qtbot, ui, item(ui, "createAccount"))
    _wait(ui, qtbot)
    assert vm.signedIn, vm.error
    codes = list(vm.recoveryCodes)
    assert "Copy the codes" in texts(item(ui, "recoveryCodes"))
    QGuiApplication.clipboard().clear()
    click(qtbot, ui, item(ui, "copyCodes"))
    assert QGuiApplication.clipboard().text().split("\n") == codes
    assert str(item(ui, "copyCodes").property("text")) == "Copied"
    click(qtbot, ui, item(ui, "codesSaved"))

    click(qtbot, ui, item(ui, "signOut"))
    _wait(ui, qtbot)
    assert not vm.signedIn
    for field in ("newAccountPassword", "signInPassword"):
        assert item(ui, field).property("text") == "", field

    item(ui, "signInName").setProperty("text", "Ann")
    item(ui, "signInPassword").setProperty("text", "wrong horse")
    click(qtbot, ui, item(ui, "signInButton"))
    _wait(ui, qtbot)
    assert vm.error.startswith("Wrong account name or password"), vm.error
    # the error on show follows a change of language
    wrong = vm.error
    ui.settings.language = "zh_CN"
    shown = lambda: str(item(ui, "accountError").property("text"))  # noqa: E731
    qtbot.waitUntil(lambda: shown() not in ("", wrong) and "密码" in shown())
    ui.settings.language = "en"
    qtbot.waitUntil(lambda: shown() == wrong)
    click(qtbot, ui, item(ui, "mode-recovery"))
    assert vm.error == "" and not str(item(ui, "accountError").property("text"))
    tokens.forget(server)


def test_a_sign_up_the_server_fails_says_the_fault_is_the_servers(
    ui: Any, qtbot: Any, server: str, tmp_path: Path
) -> None:
    """The QA's sign-up met a database missing a column: the player is told it is the server's
    error, not theirs, in their language, rather than only 'the server failed'. As there, the
    lobby is connected and the sign-up goes over its connection."""
    vm = ui.app.account
    ui.settings.serverAddress = server
    _connected(ui, qtbot, server, "Ann")
    with sqlite3.connect(tmp_path / "s.db") as db:
        db.execute("ALTER TABLE sessions DROP COLUMN pair")
    ui.window.setProperty("screen", "account")
    try:
        for lang, expected in (("en", "an error of its own"), ("zh_CN", "服务器自身出错")):
            ui.settings.language = lang
            item(ui, "newAccountName").setProperty("text", "Ann")
            click(qtbot, ui, item(ui, "createAccount"))
            _wait(ui, qtbot)
            assert not vm.signedIn
            assert expected in vm.error, vm.error
            assert vm.error in texts(ui.window.contentItem())
    finally:
        ui.settings.language = "en"
        _close_lobby(ui, qtbot)


def test_an_empty_profile_and_board_say_so_and_the_title_has_its_english_name(
    ui: Any, qtbot: Any, server: str
) -> None:
    profile = ui.app.profile
    _connected(ui, qtbot, server, "Ann")
    try:
        click(qtbot, ui, item(ui, "toLeaderboards"))
        assert on_loop(qtbot, until(lambda: not profile.loading and items(ui, "boardEmpty"), 10))
        empty = scene_rect(item(ui, "boardEmpty"))
        assert abs(empty.center().x() - ui.window.width() / 2) <= 1  # in the page's middle
        assert empty.top() > scene_rect(item(ui, "boardList")).top()

        click(qtbot, ui, item(ui, "toMyProfile"))
        assert on_loop(qtbot, until(lambda: profile.name == "Ann" and not profile.loading, 10))
        qtbot.wait(50)
        # the overall rating, which every hand moves (bots' too), unlike the boards: said so
        rating = str(item(ui, "profileRating").property("text"))
        assert rating == "Overall rating 0 · Scholar (秀才)"
        assert "against the AI too" in str(item(ui, "profileRatingNote").property("text"))
        for name, words in (
            ("graphEmpty", "No rated hands yet"),
            ("recentEmpty", "No hands played yet"),
            ("partnersEmpty", "Nobody met yet"),
        ):
            assert str(item(ui, name).property("text")) == words
        ui.settings.language = "zh_CN"
        qtbot.wait(50)
        assert profile.title == "秀才"
        assert str(item(ui, "graphEmpty").property("text")) == "还没有计分的牌局"
        assert str(item(ui, "profileRating").property("text")) == "总积分 0 · 秀才"
        assert "与电脑对局也算" in str(item(ui, "profileRatingNote").property("text"))
    finally:
        ui.settings.language = "en"
        _close_lobby(ui, qtbot)


def _badge(ui: Any) -> list[str]:
    """The Chat button's unread count as shown ([] while it shows none)."""
    return texts(item(ui, "chatUnread")) if items(ui, "chatUnread") else []


def test_the_chat_button_counts_lines_that_came_while_the_chat_was_closed(
    ui: Any, qtbot: Any, server: str
) -> None:
    online = ui.app.online

    async def play() -> None:
        await seated_in_a_new_room(ui, server)
        await start_with_bots(ui)
        room = str(online.room["id"])
        bo = Client(f"ws://{server}", name="Bo")
        await bo.connect()
        try:
            await bo.join(room)  # watching, and chatting
            assert _badge(ui) == []
            await bo.request(Chat(bo.next_id(), room, "hello"))
            assert await until(lambda: _badge(ui) == ["1"], 10)
            await bo.request(Chat(bo.next_id(), room, phrase="phrase-hello"))
            assert await until(lambda: _badge(ui) == ["2"], 10)
            toggle = scene_rect(item(ui, "chatToggle"))
            assert toggle.intersects(scene_rect(item(ui, "chatUnread")))  # on the button
            item(ui, "chatToggle").clicked.emit()  # the chat opens: the lines are read
            assert await until(lambda: _badge(ui) == [], 5)
            await bo.request(Chat(bo.next_id(), room, "seen at once"))
            assert await until(lambda: online.chat.count == 3, 10)
            await until(lambda: False, 0.2)
            assert _badge(ui) == []  # open: nothing unread
            item(ui, "chatToggle").clicked.emit()
            await bo.request(Chat(bo.next_id(), room, "while closed"))
            assert await until(lambda: _badge(ui) == ["1"], 10)
        finally:
            await bo.close()

    run(ui, qtbot, play)


def test_a_room_is_named_for_its_owner_and_its_changed_rules_are_shown(
    ui: Any, qtbot: Any, server: str
) -> None:
    """Dan's classic room ending at level 2: the lobby row and the waiting room say so (in the
    player's language), and the waiting room is "Dan's room", not its id."""
    online = ui.app.online

    async def play() -> None:
        dan = Client(f"ws://{server}", name="Dan")
        await dan.connect()
        try:
            room = (await dan.create({"preset": "classic", "end_level": "2"})).room
            ui.window.setProperty("screen", "lobby")
            online.connectTo(server, "Ann")
            assert await until(lambda: bool(items(ui, "roomChanges")), 10), online.error
            assert texts(item(ui, "roomChanges")) == ["Changed rules: Levels: 2 → 2"]
            online.joinRoom(room)
            assert await until(lambda: ui.window.property("screen") == "room", 10), online.error
            await until(lambda: False, 0.1)
            shown = texts(ui.window.contentItem())
            assert "Dan's room  ·  Classic (2 decks)" in shown and room not in " ".join(shown)
            assert texts(item(ui, "roomRulesChanged")) == ["Changed rules: Levels: 2 → 2"]
            ui.settings.language = "zh_CN"
            await until(lambda: False, 0.1)
            assert texts(item(ui, "roomRulesChanged")) == ["改动的规则：级数：2 → 2"]
        finally:
            ui.settings.language = "en"
            await dan.close()

    run(ui, qtbot, play)
