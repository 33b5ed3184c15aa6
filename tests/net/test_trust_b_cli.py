"""The command-line tools speak to their user: ``tuolaji-server --help`` to an operator with the
defaults, ``tuolaji-bot`` says what it joined and each hand's result (against the real server on
127.0.0.1), and the terminal table shows the hand while it is dealt, asks about a bid only when
there is a new one to make, and plays against the AI levels."""

from __future__ import annotations

import asyncio
import os
import queue
import socket
import subprocess
import sys
import threading

from netkit import ROOT, ServerProcess, until

from net.bot import play_seat
from net.client import Client
from net.players import make_ai

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=ENV,
        timeout=120,
    )


def test_server_help_speaks_to_an_operator_with_defaults() -> None:
    out = _run("-m", "net.server", "--help")
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert "players connect with the desktop app" in text
    for shown in (
        "address to listen on (0.0.0.0 or :: for every interface) (default: 127.0.0.1)",
        "(default: 8765)",
        "server.sqlite3 in the user's data dir) (default: none)",
        "(default: 15.0)",
        "(0: each room's own rules) (default: 0.0)",
        "(default: 0.3,0.7)",
        "(default: WARNING)",
    ):
        assert shown in text, shown
    assert "None" not in text and "override the preset" not in text


def _lines(proc: subprocess.Popen[str]) -> queue.Queue[str]:
    """The process's stdout, line by line, read on a thread."""
    q: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            q.put(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return q


async def _next_line(q: queue.Queue[str], prefix: str, timeout: float) -> str:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        try:
            line = q.get_nowait()
        except queue.Empty:
            await asyncio.sleep(0.05)
            continue
        if line.startswith(prefix):
            return line
    raise TimeoutError(f"no line starting {prefix!r}")


def test_the_bot_says_what_it_joined_and_each_hands_result(tmp_path) -> None:
    server = ServerProcess(tmp_path / "s.sqlite3", "--deal-delay", "0").start()

    async def play() -> tuple[str, str]:
        owner = Client(server.url, name="Su")
        await owner.connect()
        room = (await owner.create("classic")).room
        await owner.join(room)
        await owner.sit(room, 0)
        for seat in (1, 2):
            await owner.add_bot(room, seat, "random")
        cmd = ["-m", "net.bot", "--server", server.url, "--room", room, "--name", "Botty"]
        proc = subprocess.Popen(
            [sys.executable, *cmd, "--level", "easy"],
            cwd=ROOT,
            env=ENV,
            stdout=subprocess.PIPE,
            text=True,
        )
        lines = _lines(proc)
        try:
            joined = await _next_line(lines, "tuolaji-bot: joined", 30)
            await until(lambda: (s := owner.rooms[room].seats[3]) is not None and s.ready, 20)
            await owner.ready(room)
            await owner.start(room)
            await asyncio.wait_for(play_seat(owner, room, make_ai("random", 0)), 60)
            result = await _next_line(lines, "tuolaji-bot: hand 1:", 30)
        finally:
            proc.terminate()
            proc.wait(5)
            await owner.close()
        return joined.replace(room, "ROOM"), result

    try:
        joined, result = asyncio.run(play())
    finally:
        server.stop()
    assert joined == (
        f"tuolaji-bot: joined room ROOM on {server.url} as 'Botty', seat 4, AI easy (classic)"
    )
    assert " as attackers;" in result or " as defenders;" in result
    assert ("won as" in result or "lost as" in result) and "attackers' points" in result


def test_the_bot_says_plainly_when_it_cannot_reach_the_server() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    out = _run("-m", "net.bot", "--server", f"ws://127.0.0.1:{port}", "--room", "r1")
    assert out.returncode != 0
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr
    assert lines[0].startswith(f"tuolaji-bot: cannot reach ws://127.0.0.1:{port} — is the server")


def test_the_terminal_table_shows_the_hand_while_dealing_and_asks_only_new_bids() -> None:
    out = _run("-m", "engine.play", "--preset", "classic", "--seed", "5", stdin="\n" * 80)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    dealt = [ln for ln in out.stdout.split("\n") if ln.startswith("you are dealt")]
    assert dealt[0].endswith("· your hand (1): " + dealt[0].split()[3])
    assert any("your hand (25):" in ln for ln in dealt)
    # a bid is asked for only when the bids I can make change (or the deal ends)
    asked = out.stdout.count("bid (")
    offers = [ln for ln in lines if ln.startswith("you can bid:")]
    assert 1 <= asked == len(offers) <= 4
    assert asked < len(dealt) // 3


def test_the_terminal_table_never_asks_a_hand_without_a_bid() -> None:
    for seed in (2, 3):
        out = _run("-m", "engine.play", "--preset", "classic", "--seed", str(seed), stdin="")
        assert out.returncode == 0, out.stderr
        if "you can bid:" not in out.stdout:
            assert "bid (" not in out.stdout
            return
    raise AssertionError("every seed tried had a bid")


def test_the_terminal_table_plays_against_the_ai_levels() -> None:
    runs = {
        level: _run("-m", "engine.play", "--seed", "4", "--ai", level, "--auto")
        for level in ("random", "normal")
    }
    for level, out in runs.items():
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith(f"preset classic, seed 4, AI {level}")
        assert "HAND OVER" in out.stdout
    assert runs["random"].stdout.split("\n", 1)[1] != runs["normal"].stdout.split("\n", 1)[1]
    bad = _run("-m", "engine.play", "--ai", "genius")
    assert bad.returncode == 2 and "random" in bad.stderr and "master" in bad.stderr
