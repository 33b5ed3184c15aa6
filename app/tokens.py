"""Where the app keeps an account's sign-in for each server: the account's name and its newest
refresh token (net/accounts.py). In the OS keychain where one works (the ``keyring`` library:
macOS Keychain, Windows Credential Manager, the Secret Service on Linux), else in the settings
file, which is then readable by its owner only (0600).

A refresh token is a password's equal: whoever holds it signs in. Only the newest is kept (an
older one presented again ends the session), so it is saved each time the server exchanges it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import stat
from typing import Any

import keyring
from keyring.errors import KeyringError
from PySide6.QtCore import QSettings

from app.settings import settings_store

log = logging.getLogger(__name__)

SERVICE = "Tuolaji"
GROUP = "signIn"


def _key(server: str) -> str:
    """The settings key for ``server`` (an address may hold '/' or ':', which QSettings reads
    as a group or escapes)."""
    return server.encode().hex()


def load(server: str) -> tuple[str, str] | None:
    """(account name, refresh token) kept for ``server``, or None: a guest there."""
    raw: Any = None
    with contextlib.suppress(KeyringError):  # no usable keychain: the settings file, below
        raw = keyring.get_password(SERVICE, server)
    if raw is None:
        store = settings_store()
        raw = store.value(f"{GROUP}/{_key(server)}", None)
    try:
        data = json.loads(str(raw)) if raw else None
        return (str(data["account"]), str(data["refresh"])) if data else None
    except (ValueError, KeyError, TypeError):
        return None


def save(server: str, account: str, refresh: str) -> str:
    """Keep the sign-in for ``server``; where it went: "keychain" or "settings"."""
    raw = json.dumps({"account": account, "refresh": refresh})
    try:
        keyring.set_password(SERVICE, server, raw)
        _settings_forget(server)  # a copy from when there was no keychain goes
        return "keychain"
    except KeyringError as e:
        log.info("no keychain (%s): the sign-in goes in the settings file", e)
    store = settings_store()
    store.setValue(f"{GROUP}/{_key(server)}", raw)
    store.sync()
    owner_only(store)
    return "settings"


def renewed(server: str, refresh: str) -> None:
    """The server exchanged the refresh token for ``refresh``: keep it instead."""
    kept = load(server)
    if kept is not None:
        save(server, kept[0], refresh)


def forget(server: str) -> None:
    """Sign out of ``server`` on this device (as a guest from now on)."""
    with contextlib.suppress(KeyringError):  # none kept there (or no keychain)
        keyring.delete_password(SERVICE, server)
    _settings_forget(server)


def _settings_forget(server: str) -> None:
    store = settings_store()
    if store.contains(f"{GROUP}/{_key(server)}"):
        store.remove(f"{GROUP}/{_key(server)}")
        store.sync()


def owner_only(store: QSettings) -> None:
    """Make the settings file readable and writable by its owner alone (it holds a token).
    A registry (Windows' native settings) has no file: its key is the user's already."""
    path = store.fileName()
    if os.path.isfile(path):
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)
