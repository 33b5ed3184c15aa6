"""Commits only append to the WAL; a thread of the store's own copies it back into the
database file (a real SQLite file), so no commit waits for a checkpoint's fsync."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

import net.store
from net.store import Store


def _users_in_the_database_file(path: Path) -> int:
    """Users in the main file alone: ``immutable`` reads it as it is, ignoring the WAL."""
    db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'users'").fetchone():
            return 0  # even the schema is only in the WAL so far
        return int(db.execute("SELECT count(*) FROM users").fetchone()[0])
    finally:
        db.close()


def test_the_checkpointer_copies_commits_into_the_database_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(net.store, "CHECKPOINT_EVERY", 0.05)
    path = tmp_path / "t.db"
    store = Store(str(path))
    store.start()
    try:
        assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0

        async def sign_up() -> None:
            for i in range(50):
                await store.call(store.create_user, f"u{i}", f"h{i}")

        asyncio.run(sign_up())
        deadline = time.monotonic() + 10
        while _users_in_the_database_file(path) < 50 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _users_in_the_database_file(path) == 50
    finally:
        store.close()
    assert not (tmp_path / "t.db-wal").exists()  # the last connection folded the rest in
    reopened = Store(str(path))
    try:
        assert reopened.db.execute("SELECT count(*) FROM users").fetchone()[0] == 50
    finally:
        reopened.close()
