"""The Account screen on the real QML offscreen against the real server on 127.0.0.1: make this
player an account and see the recovery codes once, link another device with the code shown,
sign out, sign in with a wrong then a right password (the refusal in English and 简体中文),
recover with a code; and where the sign-in is kept (the keychain, else the settings file,
owner-only) and that the online lobby signs in with it."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from typing import Any

import keyring
import pytest
from helpers import on_loop, until
from keyring.backend import KeyringBackend
from keyring.backends import fail

from app import tokens
from app.settings import settings_store
from tests.app.tablekit import click, item, items, texts


class MemoryKeyring(KeyringBackend):
    """A keychain that works (the OS's is not reachable from the tests): the keyring
    library's own backend interface, holding what it is given."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.kept: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.kept.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.kept[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.kept.pop((service, username), None) is None:
            raise keyring.errors.PasswordDeleteError(username)


@pytest.fixture
def no_keychain() -> Iterator[None]:
    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(before)


def test_without_a_keychain_the_sign_in_is_in_the_settings_file_for_its_owner_only(
    ui: Any, no_keychain: None
) -> None:
    assert tokens.save("example.org:8765", "Ann", "r1") == "settings"
    path = settings_store().fileName()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert tokens.load("example.org:8765") == ("Ann", "r1")
    tokens.renewed("example.org:8765", "r2")
    assert tokens.load("example.org:8765") == ("Ann", "r2")
    name = ui.settings.playerName
    ui.settings.playerName = "Someone else"  # the app rewriting its settings keeps it private
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    ui.settings.playerName = name
    tokens.forget("example.org:8765")
    assert tokens.load("example.org:8765") is None


def test_with_a_keychain_the_sign_in_stays_out_of_the_settings_file(ui: Any) -> None:
    before = keyring.get_keyring()
    kept = MemoryKeyring()
    keyring.set_keyring(kept)
    try:
        assert tokens.save("example.org:8765", "Ann", "secret-refresh") == "keychain"
        assert tokens.load("example.org:8765") == ("Ann", "secret-refresh")
        path = settings_store().fileName()
        if os.path.exists(path):  # (nothing else may have been written either)
            with open(path, encoding="utf-8") as f:
                assert "secret-refresh" not in f.read()
        tokens.forget("example.org:8765")
        assert kept.kept == {}
    finally:
        keyring.set_keyring(before)


def fill(ui: Any, name: str, text: str) -> None:
    item(ui, name).setProperty("text", text)


def wait_done(ui: Any, qtbot: Any) -> None:
    vm = ui.app.account
    on_loop(qtbot, until(lambda: not vm.busy, 20), 30)
    qtbot.wait(20)


def test_the_account_page_from_a_guest_to_an_account_on_two_devices(
    ui: Any, qtbot: Any, server: str, no_keychain: None
) -> None:
    vm = ui.app.account
    ui.settings.serverAddress = server
    click(qtbot, ui, item(ui, "accountButton"))
    assert ui.window.property("screen") == "account"
    assert not vm.signedIn
    assert any("play as a guest" in t for t in texts(ui.window.contentItem()))

    # a new account: the recovery codes, once
    fill(ui, "newAccountName", "Ann")
    fill(ui, "newAccountPassword", "correct horse")
    click(qtbot, ui, item(ui, "createAccount"))
    wait_done(ui, qtbot)
    assert vm.error == ""
    assert vm.signedIn and vm.account == "Ann"
    codes = list(vm.recoveryCodes)
    assert len(codes) == 8
    shown = texts(item(ui, "recoveryCodes"))
    assert all(code in shown for code in codes)
    click(qtbot, ui, item(ui, "codesSaved"))
    assert not items(ui, "recoveryCodes") and list(vm.recoveryCodes) == []

    # link another device: its code, then that device (this one, its sign-in forgotten)
    click(qtbot, ui, item(ui, "linkDevice"))
    wait_done(ui, qtbot)
    code = str(item(ui, "linkCode").property("text"))
    assert len(code) == 9 and code[4] == "-"
    left = str(item(ui, "linkLeft").property("text"))
    assert "5:00" in left or "4:5" in left, left  # counting down from five minutes
    tokens.forget(server)
    ui.window.setProperty("screen", "home")  # the page reads the sign-in afresh as it opens
    ui.window.setProperty("screen", "account")
    assert not vm.signedIn
    click(qtbot, ui, item(ui, "mode-link"))
    fill(ui, "linkCodeField", code.lower())
    click(qtbot, ui, item(ui, "signInButton"))
    wait_done(ui, qtbot)
    assert vm.error == "" and vm.signedIn and vm.account == "Ann"

    # sign out; a wrong password is refused in the player's language
    click(qtbot, ui, item(ui, "signOut"))
    wait_done(ui, qtbot)
    assert not vm.signedIn and tokens.load(server) is None
    click(qtbot, ui, item(ui, "mode-password"))
    fill(ui, "signInName", "ann")
    fill(ui, "signInPassword", "wrong horse")
    click(qtbot, ui, item(ui, "signInButton"))
    wait_done(ui, qtbot)
    assert vm.error.startswith("Wrong account name or password"), vm.error
    assert vm.error in texts(ui.window.contentItem())
    ui.settings.language = "zh_CN"
    qtbot.wait(50)
    click(qtbot, ui, item(ui, "signInButton"))
    wait_done(ui, qtbot)
    assert vm.error.startswith("账号名或密码错误"), vm.error
    ui.settings.language = "en"
    qtbot.wait(50)  # the page laid out again in English

    # a recovery code signs in and sets a new password
    click(qtbot, ui, item(ui, "mode-recovery"))
    fill(ui, "recoveryCode", codes[0])
    fill(ui, "recoveryPassword", "new password")
    click(qtbot, ui, item(ui, "signInButton"))
    wait_done(ui, qtbot)
    assert vm.error == "" and vm.signedIn

    # the online lobby signs in with the account
    online = ui.app.online

    async def lobby_as_account() -> str | None:
        from app.online import lobby_of

        online.connectTo(server, "Somebody")
        try:
            assert await until(lambda: online.status == "connected", 10), online.error
            client = lobby_of(online).client
            assert client is not None and client.user is not None
            return client.user.account
        finally:
            await lobby_of(online).close()

    assert on_loop(qtbot, lobby_as_account()) == "Ann"
    kept = tokens.load(server)
    assert kept is not None and kept[0] == "Ann"
    tokens.forget(server)


def test_the_account_screenshots_in_english_and_simplified_chinese(
    ui: Any, qtbot: Any, tmp_path: Any
) -> None:
    """``--screenshots`` pictures the Account screen (a guest's choices, the recovery codes, a
    link code) in English and 简体中文, each screen's words in its language."""
    from app.screenshots import _account_shots

    seen: dict[str, list[str]] = {}

    def shot(name: str) -> None:
        qtbot.wait(50)
        ui.window.grabWindow().save(str(tmp_path / f"{name}.png"))
        seen[name] = texts(ui.window.contentItem())

    try:
        for lang, suffix in (("en", ""), ("zh_CN", ".zh_CN")):
            ui.settings.language = lang
            _account_shots(ui.app, ui.window, lambda name, s=suffix: shot(name + s))
    finally:
        ui.settings.language = "en"
    for name in ("account", "account-codes", "account-link"):
        for suffix in ("", ".zh_CN"):
            assert (tmp_path / f"{name}{suffix}.png").stat().st_size > 10_000
    assert "New account" in seen["account"] and "新账号" in seen["account.zh_CN"]
    assert "Your recovery codes" in seen["account-codes"]
    assert "你的恢复码" in seen["account-codes.zh_CN"]
    assert any(t.startswith("只能用一次") for t in seen["account-link.zh_CN"])
    assert not any("New account" in t or "Sign out" in t for t in seen["account.zh_CN"])


def test_the_lobby_says_so_when_the_account_was_signed_out_elsewhere(
    ui: Any, qtbot: Any, server: str, no_keychain: None
) -> None:
    """Connected as an account when another device signs out everywhere and the connection
    drops: the online screen says the sign-in ended (not 'reconnecting' for ever), and the next
    connect is as a guest."""
    from net.client import Client
    from net.protocol import SignedIn, SignIn, SignOut

    online = ui.app.online
    vm = ui.app.account
    ui.settings.serverAddress = server
    vm.create("Ann", "correct horse")
    on_loop(qtbot, until(lambda: not vm.busy, 20), 30)
    assert vm.signedIn, vm.error
    vm.codesSaved()

    async def go() -> None:
        from app.online import lobby_of

        lobby = lobby_of(online)
        online.connectTo(server, "Ann")
        try:
            assert await until(lambda: online.status == "connected", 10), online.error
            assert lobby.client is not None and lobby.client.user is not None
            assert lobby.client.user.account == "Ann"
            other = Client(f"ws://{server}", reconnect=False)
            await other.open()
            got = await other.ask(SignIn(other.next_id(), "Ann", "correct horse"), SignedIn)
            await other.close()
            elsewhere = Client(f"ws://{server}", refresh=got.refresh, reconnect=False)
            await elsewhere.connect()
            await elsewhere.request(SignOut(elsewhere.next_id(), everywhere=True))
            await elsewhere.close()
            await lobby.client.drop()
            assert await until(lambda: online.status == "disconnected", 15), online.status
            assert "sign-in has ended" in online.error, online.error
            assert tokens.load(server) is None
            online.connectTo(server, "Ann")
            assert await until(lambda: online.status == "connected", 10), online.error
            assert lobby.client is not None and lobby.client.user is not None
            assert lobby.client.user.account is None  # a guest again
        finally:
            await lobby.close()

    on_loop(qtbot, go())
