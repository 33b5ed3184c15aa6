"""The server's configuration: defaults, a TOML file, the environment and flags, each over
the one before; bad values are refused with the option's name; docs/DEPLOY.md lists every
option with its default."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest

from net import config

ROOT = Path(__file__).resolve().parents[2]


def test_defaults() -> None:
    c = config.load(env={})
    assert (c.host, c.port, c.tls, c.trusted_proxies, c.bot_delay) == (
        "127.0.0.1",
        8765,
        False,
        [],
        [0.3, 0.7],
    )
    assert c.settings().turn_timer is None and c.settings().bot_delay == (0.3, 0.7)


def test_file_then_environment_then_flags(tmp_path: Path) -> None:
    toml = tmp_path / "server.toml"
    toml.write_text(
        'host = "0.0.0.0"\nport = 9000\nrate = 5.0\ntrusted_proxies = ["10.0.0.0/8"]\n'
        "log_json = true\nbot_delay = [0.1, 0.2]\n"
    )
    env = {"TUOLAJI_SERVER_CONFIG": str(toml), "TUOLAJI_SERVER_PORT": "9100"}
    p = argparse.ArgumentParser()
    config.add_arguments(p)
    c = config.from_arguments(p.parse_args(["--rate", "7", "--no-log-json"]), env)
    assert (c.host, c.port, c.rate, c.log_json) == ("0.0.0.0", 9100, 7.0, False)
    assert c.trusted_proxies == ["10.0.0.0/8"] and c.bot_delay == [0.1, 0.2]
    c = config.load(env={"TUOLAJI_SERVER_TRUSTED_PROXIES": "127.0.0.1,::1"})
    assert c.trusted_proxies == ["127.0.0.1", "::1"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("port = 70000\n", "port: 70000 is not a TCP port"),
        ('port = "x"\n', "port: expected int"),
        ("colour = 1\n", "unknown options colour"),
        ('certfile = "c.pem"\n', "certfile and keyfile go together"),
        ('trusted_proxies = ["not-an-ip"]\n', "not-an-ip"),
        ("bot_delay = [0.7, 0.3]\n", "bot_delay"),
        ('log_json = "maybe"\n', "log_json: expected true or false"),
    ],
)
def test_bad_values_are_refused_by_name(tmp_path: Path, text: str, message: str) -> None:
    toml = tmp_path / "bad.toml"
    toml.write_text(text)
    with pytest.raises(ValueError, match=re.escape(message)):
        config.load(str(toml), env={})


def test_the_command_line_refuses_a_bad_option_in_a_sentence(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "net.server", "--port", "70000", "--db", str(tmp_path / "d")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and "port: 70000 is not a TCP port" in out.stderr


def test_deploy_md_documents_every_option_with_its_default() -> None:
    text = (ROOT / "docs" / "DEPLOY.md").read_text()
    rows = dict(re.findall(r"^\| `(\w+)` \| `([^`]*)` \|", text, re.M))
    for name, default, _doc in config.options():
        shown = str(default).lower() if isinstance(default, bool) else default
        if isinstance(default, list):
            shown = "[" + ", ".join(f'"{x}"' if isinstance(x, str) else str(x) for x in default)
            shown += "]"
        elif isinstance(default, str):
            shown = f'"{default}"'
        assert rows.get(name) == str(shown), (name, rows.get(name), shown)
    assert set(rows) == {name for name, _d, _doc in config.options()}
