"""Invite links and codes, saved servers, and the reachability probe against real servers
(``ws://`` and ``wss://`` with a test CA's certificate) on 127.0.0.1."""

from __future__ import annotations

import re
import ssl
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import trustme
from helpers import on_loop

from app.invite import BadLink, Invite, parse
from app.servers import Servers, normal_url
from net import tls
from net.probe import probe

ROOT = Path(__file__).resolve().parents[2]


def test_a_link_names_server_room_and_invite() -> None:
    inv = parse("tuolaji://192.168.1.20:8765/3f9a21c0?invite=7b2e11d4")
    assert inv == Invite("3f9a21c0", "7b2e11d4", "192.168.1.20", 8765)
    assert inv.url == "ws://192.168.1.20:8765"
    assert inv.link() == "tuolaji://192.168.1.20:8765/3f9a21c0?invite=7b2e11d4"
    assert inv.code() == "3F9A-21C0-7B2E-11D4"
    secure = parse("TUOLAJI://tables.example.org:443/3F9A21C0?tls=1&watch=1")
    assert (secure.url, secure.watch, secure.invite) == ("wss://tables.example.org:443", True, None)
    assert parse(secure.link()) == secure
    assert parse("tuolaji://[::1]:9000/3f9a21c0").url == "ws://[::1]:9000"


def test_a_code_is_read_out_and_typed_back() -> None:
    assert parse(" 3f9a-21C0 ") == Invite("3f9a21c0")  # an older server's 32-bit room
    assert parse("3F9A 21C0 7B2E 11D4") == Invite("3f9a21c07b2e11d4")
    private = Invite("3f9a21c07b2e11d4", "0123456789abcdef")
    assert private.code() == "3F9A-21C0-7B2E-11D4-0123-4567-89AB-CDEF"
    assert parse(private.code()) == private
    assert Invite("3f9a21c0").code() == "3F9A-21C0"


def test_a_64_bit_room_and_invite_travel_in_a_link() -> None:
    inv = Invite("3f9a21c07b2e11d4", "0123456789abcdef", "tables.example.org", 8765)
    assert parse(inv.link()) == inv


@pytest.mark.parametrize(
    ("text", "en", "zh"),
    [
        ("", "Paste an invite link", "请粘贴"),
        ("https://example.org/3f9a21c0", "should start with tuolaji://", "tuolaji://"),
        ("tuolaji://host/3f9a21c0", "incomplete", "不完整"),
        ("tuolaji://host:8765/room", "incomplete", "不完整"),
        ("tuolaji://host:8765/3f9a21c0?invite=x", "not valid", "无效"),
        ("3f9a", "16 or 32 letters", "16 或 32"),
        # damaged or out of range: the app's own sentence, never a bare ValueError
        ("tuolaji://[::1:8765/3fa1c2d0", "damaged", "损坏"),
        ("tuolaji://host:0/3f9a21c0", "1 to 65535", "65535"),
        ("tuolaji://host:99999/3f9a21c0", "1 to 65535", "65535"),
    ],
)
def test_a_bad_link_is_a_sentence_in_both_languages(text: str, en: str, zh: str) -> None:
    with pytest.raises(BadLink) as e:
        parse(text)
    assert en in e.value.said("en") and zh in e.value.said("zh_CN")


def test_saved_servers_persist_and_refuse_nonsense(tmp_path: Path) -> None:
    path = tmp_path / "servers.json"
    servers = Servers(path)
    servers.save("Club", "tables.example.org:9000")
    servers.save("", "wss://secure.example.org", "ab" * 32)
    again = Servers(path)
    assert [(s.name, s.url) for s in again.items] == [
        ("Club", "ws://tables.example.org:9000"),
        ("secure.example.org", "wss://secure.example.org:443"),
    ]
    assert again.items[1].pinned == ":".join(["AB"] * 32)
    again.save("Club again", "ws://tables.example.org:9000")  # same address: replaced
    assert [s.name for s in again.items] == ["secure.example.org", "Club again"]
    again.remove("wss://secure.example.org:443")
    assert [s.url for s in Servers(path).items] == ["ws://tables.example.org:9000"]
    with pytest.raises(BadLink, match=r"192\.168\.1\.20:8765"):
        servers.save("x", "http://example.org")
    with pytest.raises(BadLink, match="64 hexadecimal"):
        servers.save("x", "example.org:1", "12:34")
    assert normal_url("127.0.0.1") == "ws://127.0.0.1:8765"
    # a port out of range is refused, not quietly replaced by the default one
    for bad in ("host:99999", "host:0", "ws://host:65536"):
        with pytest.raises(BadLink) as refused:
            normal_url(bad)
        assert "65535" in refused.value.said("en") and "65535" in refused.value.said("zh_CN")
    with pytest.raises(BadLink, match=r"192\.168\.1\.20:8765"):
        normal_url("[::1:8765")


def _start(db: Path, *args: str) -> tuple[subprocess.Popen[str], int]:
    cmd = [sys.executable, "-m", "net.server", "--port", "0", "--db", str(db)]
    proc = subprocess.Popen([*cmd, *args], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    m = re.search(r":(\d+)$", proc.stdout.readline().strip())
    assert m
    return proc, int(m.group(1))


def test_probe_reports_version_and_refuses_an_untrusted_certificate(
    qtbot: Any, tmp_path: Path
) -> None:
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1")
    cert.private_key_pem.write_to_path(str(tmp_path / "key.pem"))
    cert.cert_chain_pems[0].write_to_path(str(tmp_path / "cert.pem"))
    plain, plain_port = _start(tmp_path / "plain.sqlite3")
    secure, port = _start(
        tmp_path / "secure.sqlite3",
        "--certfile",
        str(tmp_path / "cert.pem"),
        "--keyfile",
        str(tmp_path / "key.pem"),
    )
    pin = tls.fingerprint(ssl.PEM_cert_to_DER_cert((tmp_path / "cert.pem").read_text()))
    try:
        ok = on_loop(qtbot, probe(f"ws://127.0.0.1:{plain_port}"))
        assert ok.ok and re.match(r"\d+\.\d+", ok.version) and ok.status == "ok"
        untrusted = on_loop(qtbot, probe(f"wss://127.0.0.1:{port}"))
        assert not untrusted.ok and untrusted.certificate
        pinned = on_loop(qtbot, probe(f"wss://127.0.0.1:{port}", pin))
        assert pinned.ok and pinned.version == ok.version
        wrong = on_loop(qtbot, probe(f"wss://127.0.0.1:{port}", "00" * 32))
        assert not wrong.ok and wrong.certificate
    finally:
        for p in (plain, secure):
            p.terminate()
            p.wait(15)
    down = on_loop(qtbot, probe(f"ws://127.0.0.1:{plain_port}", timeout=2))
    assert not down.ok and not down.certificate
