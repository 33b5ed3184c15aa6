"""``tuolaji-server backup DEST``: a consistent copy of the live SQLite file, taken with
SQLite's online backup API while the server runs (a few pages at a time, so the server's
writes wait at most one step), checked, then moved into place."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

PAGES_PER_STEP = 256


def backup(source: str, dest: str) -> int:
    """Copy ``source`` to ``dest`` (replaced atomically); the number of pages copied."""
    if not Path(source).exists():
        raise FileNotFoundError(f"no database at {source}")
    target = Path(dest)
    if target.is_dir():
        target = target / Path(source).name
    if not target.parent.is_dir():
        raise FileNotFoundError(f"no folder {target.parent} to write {target.name} into")
    tmp = target.with_name(target.name + ".part")
    tmp.unlink(missing_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(tmp)
    try:
        src.backup(dst, pages=PAGES_PER_STEP)
        dst.execute("PRAGMA journal_mode=DELETE")  # a backup is one self-contained file
        (check,) = dst.execute("PRAGMA integrity_check").fetchone()
        if check != "ok":
            raise RuntimeError(f"the copy failed its integrity check: {check}")
        (pages,) = dst.execute("PRAGMA page_count").fetchone()
    finally:
        dst.close()
        src.close()
    os.replace(tmp, target)
    return int(pages)
