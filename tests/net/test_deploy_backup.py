"""``tuolaji-server backup DEST`` copies the live SQLite file while the server runs and
writes to it: the copy is whole, consistent and opens on its own."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

from netkit import ROOT, ServerProcess, seat_four

from net.backup import backup


def run_backup(db: Path, dest: Path) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "net.server", "backup", str(dest), "--db", str(db)]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)


async def _busy(url: str) -> list[str]:
    rooms = []
    for n in range(3):
        room, clients = await seat_four(url, names=(f"A{n}", f"B{n}", f"C{n}", f"D{n}"))
        rooms.append(room)
        for c in clients:
            await c.close()
    return rooms


def test_backup_of_a_running_server(tmp_path: Path) -> None:
    db = tmp_path / "server.sqlite3"
    server = ServerProcess(db).start()
    try:
        rooms = asyncio.run(_busy(server.url))
        out = run_backup(db, tmp_path / "copy.sqlite3")
        assert out.returncode == 0, out.stderr
        assert "pages" in out.stdout
    finally:
        server.stop()
    copy = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    assert copy.execute("SELECT count(*) FROM users").fetchone() == (12,)
    assert {r for (r,) in copy.execute("SELECT id FROM rooms")} == set(rooms)
    assert not (tmp_path / "copy.sqlite3.part").exists()


def test_backup_into_a_folder_keeps_the_name_and_a_missing_source_is_said(tmp_path: Path) -> None:
    db = tmp_path / "live.sqlite3"
    sqlite3.connect(db).executescript("CREATE TABLE t (x); INSERT INTO t VALUES (1);").close()
    (tmp_path / "out").mkdir()
    assert backup(str(db), str(tmp_path / "out")) > 0
    assert sqlite3.connect(tmp_path / "out" / "live.sqlite3").execute(
        "SELECT x FROM t"
    ).fetchall() == [(1,)]
    out = run_backup(tmp_path / "nothing.sqlite3", tmp_path / "c.sqlite3")
    assert out.returncode != 0 and "no database at" in out.stderr
