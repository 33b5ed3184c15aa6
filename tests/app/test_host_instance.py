"""The ``tuolaji://`` URL scheme: a second launch with a link hands it to the running app (a
local socket) and exits at once; with none running, ``hand_over`` says so. A link that cannot
be opened sends the player to the hosting screen, which says why."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from app.instance import Instance, hand_over
from app.screenshots import wait_until

ROOT = Path(__file__).resolve().parents[2]
LINK = "tuolaji://127.0.0.1:8765/3f9a21c0?invite=7b2e11d4"


def test_nobody_listening_means_no_hand_over(qapp) -> None:
    assert hand_over(LINK) is False


def test_a_second_launch_hands_its_link_over_and_exits(qapp) -> None:
    got: list[str] = []
    instance = Instance()
    assert instance.listen()
    instance.linkReceived.connect(got.append)
    try:
        assert hand_over(LINK)
        assert wait_until(lambda: got == [LINK], 5), got
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        t = time.monotonic()
        second = subprocess.Popen(
            [sys.executable, "-m", "app.main", LINK.replace("7b2e11d4", "00000000")],
            cwd=ROOT,
            env=env,
        )
        assert wait_until(lambda: len(got) == 2, 60), got
        assert second.wait(30) == 0 and time.monotonic() - t < 60
        assert got[1].endswith("invite=00000000")
    finally:
        instance.deleteLater()


def test_a_link_that_fails_shows_the_hosting_screen_and_why(ui) -> None:
    ui.app.hosting.openLink("tuolaji://nowhere/3f9a21c0")
    assert ui.window.property("screen") == "host"
    assert ui.app.hosting.error == "This invite link is incomplete: ask for it again."
