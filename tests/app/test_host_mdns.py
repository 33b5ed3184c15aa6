"""Nearby tables by mDNS, end to end: host_mdns_scenario.py runs in a network namespace of its
own (unshare: only a loopback, with multicast on), where an offscreen app hosts, a second client
finds it by mDNS alone and joins, the counts in the announcement move, the app's Nearby tables
list it live, an invite link opens into the room, and the server's goodbye removes it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SETUP = "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo"


def namespace() -> list[str]:
    """``unshare`` for a new network namespace (as root, or mapped to root in a user one)."""
    if not (shutil.which("unshare") and shutil.which("ip")):
        pytest.skip("needs unshare (util-linux) and ip (iproute2)")
    cmd = ["unshare", "--net"] if os.geteuid() == 0 else ["unshare", "--map-root-user", "--net"]
    probe = subprocess.run([*cmd, "sh", "-c", SETUP], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"the kernel refuses a network namespace here: {probe.stderr.strip()}")
    return cmd


def test_a_hosted_table_is_found_by_mdns_joined_and_its_counts_move(tmp_path: Path) -> None:
    cmd = namespace()
    shots = Path(os.environ.get("TUOLAJI_SHOTS", tmp_path / "shots"))
    script = f'{SETUP} && exec "{sys.executable}" "{HERE / "host_mdns_scenario.py"}" "{shots}"'
    proc = subprocess.run([*cmd, "sh", "-c", script], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    assert seen["warnings"] == []
    assert seen["found"]["name"] == "Ann"  # the host's name, heard before anything else
    room = seen["invite"].rsplit("/", 1)[1]
    assert seen["lobby"] == [room]  # the client found by mDNS reached the host's server
    assert seen["moved"] == {"players": 2, "spectators": 1}  # Bo sat, Cai watched
    [nearby] = seen["nearby"]
    assert (nearby["name"], nearby["rooms"], nearby["players"]) == ("Ann", 1, 2)
    assert nearby["url"] == seen["invite"].replace("tuolaji://", "ws://").rsplit("/", 1)[0]
    assert seen["saved"][0]["reach"] == "ok" and seen["saved"][0]["version"]
    assert seen["reopened"][:2] == ["Ann", "Bo"]  # back in the room by the link, in a seat
    assert seen["gone"] is True
    names = sorted(p.name for p in shots.glob("*.png"))
    assert names == sorted(
        f"{n}-{lang}.png"
        for n in ("hosting", "invite-pasted", "invite-opened")
        for lang in ("en", "zh_CN")
    )
