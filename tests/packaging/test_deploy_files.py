"""The operator's files, without a VM or Docker: the systemd unit verifies and is hardened, the
Dockerfile installs the server's own dependencies as pyproject names them and runs as a user
with a health check, and the .desktop file registers the ``tuolaji://`` URL scheme."""

from __future__ import annotations

import configparser
import re
import shutil
import sys
import tomllib
from pathlib import Path

import pytest
from pkgkit import APP_ID, PACKAGING, ROOT, run

UNIT = PACKAGING / "systemd" / "tuolaji-server.service"
DOCKERFILE = PACKAGING / "docker" / "Dockerfile"
DESKTOP_ONLY = ("PySide6", "qasync", "zeroconf", "keyring")  # what the server does not import


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(UNIT, encoding="utf-8")
    return parser


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="systemd-analyze not installed")
def test_systemd_unit_verifies_without_a_warning(tmp_path: Path) -> None:
    """``systemd-analyze verify`` wants the ExecStart program to exist: the copy points at this
    Python's ``tuolaji-server`` (the unit's own path is the one DEPLOY.md installs)."""
    server = Path(sys.executable).parent / "tuolaji-server"
    if not server.exists():
        pytest.skip(f"{server} is not installed (pip install -e .)")
    text = UNIT.read_text(encoding="utf-8")
    assert "ExecStart=/opt/tuolaji-server/bin/tuolaji-server " in text
    copy = tmp_path / "tuolaji-server.service"
    copy.write_text(text.replace("/opt/tuolaji-server/bin/tuolaji-server", str(server)))
    proc = run(["systemd-analyze", "verify", str(copy)])
    assert proc.returncode == 0 and not proc.stdout.strip() and not proc.stderr.strip(), (
        proc.stdout + proc.stderr
    )


def test_systemd_unit_is_hardened() -> None:
    s = unit()["Service"]
    assert s["DynamicUser"] == "yes" and s["StateDirectory"] == "tuolaji"
    assert s["ProtectSystem"] == "strict" and s["ProtectHome"] == "yes"
    assert s["NoNewPrivileges"] == "yes" and s["CapabilityBoundingSet"] == "CAP_NET_BIND_SERVICE"
    assert s["KillSignal"] == "SIGTERM"
    grace = 10.0  # net.config's shutdown_grace default
    assert float(s["TimeoutStopSec"]) > grace
    assert "TUOLAJI_SERVER_DB=%S/tuolaji/" in s["Environment"]


def test_dockerfile_installs_the_servers_dependencies_and_runs_as_a_user() -> None:
    text = DOCKERFILE.read_text(encoding="utf-8")
    with open(ROOT / "pyproject.toml", "rb") as f:
        deps = tomllib.load(f)["project"]["dependencies"]
    server_deps = sorted(d for d in deps if not d.startswith(DESKTOP_ONLY))
    installed = sorted(re.findall(r'"([A-Za-z_][\w.-]*[<>=!~][^"]*)"', text))
    assert installed == server_deps
    assert "pip install --no-deps /src" in text
    user = re.search(r"^USER (\S+)$", text, re.M)
    assert user and user.group(1) not in ("root", "0")
    assert re.search(r"^HEALTHCHECK .*\n.*/livez", text, re.M)  # liveness (readiness: the balancer)
    assert "STOPSIGNAL SIGTERM" in text and "TUOLAJI_SERVER_DB=/data/" in text


def test_desktop_file_registers_the_url_scheme() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(PACKAGING / "linux" / f"{APP_ID}.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert "x-scheme-handler/tuolaji" in entry["MimeType"].split(";")
    assert entry["Exec"] == "tuolaji %u"  # the link reaches the app as its argument
    if not shutil.which("desktop-file-validate"):
        pytest.skip("desktop-file-validate not installed (apt-get install desktop-file-utils)")
    proc = run(["desktop-file-validate", str(PACKAGING / "linux" / f"{APP_ID}.desktop")])
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout
