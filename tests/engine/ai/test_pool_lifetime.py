"""The workers of ``engine.ai.pool`` end with the process that started them, even when it is
killed and never shuts its pool down."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
OWNER = """
import os, time
from engine.ai import pool
if __name__ == "__main__":
    workers = pool.make_pool(2)
    print(*(workers.submit(os.getpid).result() for _ in range(4)), flush=True)
    time.sleep(120)
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_workers_end_when_their_owner_is_killed(tmp_path) -> None:
    script = tmp_path / "owner.py"
    script.write_text(OWNER)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    owner = subprocess.Popen(
        [sys.executable, str(script)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    assert owner.stdout is not None
    pids = {int(p) for p in owner.stdout.readline().split()}
    assert pids and owner.pid not in pids
    owner.send_signal(signal.SIGKILL)
    owner.wait(10)
    end = time.monotonic() + 10
    while any(_alive(p) for p in pids) and time.monotonic() < end:
        time.sleep(0.05)
    left = [p for p in pids if _alive(p)]
    for p in left:  # never leave them behind, even when the check fails
        os.kill(p, signal.SIGKILL)
    assert not left, f"workers {left} outlived their owner"
    owner.stdout.close()
