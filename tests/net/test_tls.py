"""``wss://``: a server with a test CA's certificate accepts a client that trusts that CA or
pins the certificate's fingerprint, and every other client is refused before it says hello."""

from __future__ import annotations

import asyncio
import ssl
from pathlib import Path

import pytest
import trustme
from netkit import ServerProcess

from net import tls
from net.client import Client


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, ca: trustme.CA):
    tmp = tmp_path_factory.mktemp("tls")
    cert = ca.issue_cert("127.0.0.1", "localhost")
    cert.private_key_pem.write_to_path(str(tmp / "key.pem"))
    cert.cert_chain_pems[0].write_to_path(str(tmp / "cert.pem"))
    ca.cert_pem.write_to_path(str(tmp / "ca.pem"))
    args = ("--certfile", str(tmp / "cert.pem"), "--keyfile", str(tmp / "key.pem"))
    proc = ServerProcess(tmp / "server.sqlite3", *args).start()
    yield proc, tmp
    proc.stop()


def der_of(pem: Path) -> bytes:
    return ssl.PEM_cert_to_DER_cert(pem.read_text())


async def hello(url: str, **kw: object) -> dict[str, object]:
    c = Client(url, name="Ann", reconnect=False, **kw)  # type: ignore[arg-type]
    try:
        return await c.connect()
    finally:
        await c.close()


def test_a_client_trusting_the_ca_logs_in_over_wss(server) -> None:
    proc, tmp = server
    me = asyncio.run(hello(f"wss://127.0.0.1:{proc.port}", cafile=str(tmp / "ca.pem")))
    assert me.name == "Ann" and me.token


def test_a_client_with_only_the_system_authorities_is_refused(server) -> None:
    proc, _tmp = server
    with pytest.raises(ssl.SSLCertVerificationError):
        asyncio.run(hello(f"wss://127.0.0.1:{proc.port}"))


def test_a_certificate_for_another_name_is_refused(tmp_path: Path, ca: trustme.CA, server) -> None:
    _proc, tmp = server
    other = ca.issue_cert("tables.example.org")
    other.private_key_pem.write_to_path(str(tmp_path / "key.pem"))
    other.cert_chain_pems[0].write_to_path(str(tmp_path / "cert.pem"))
    args = ("--certfile", str(tmp_path / "cert.pem"), "--keyfile", str(tmp_path / "key.pem"))
    wrong = ServerProcess(tmp_path / "s.sqlite3", *args).start()
    try:
        with pytest.raises(ssl.SSLCertVerificationError, match="match"):
            asyncio.run(hello(f"wss://127.0.0.1:{wrong.port}", cafile=str(tmp / "ca.pem")))
    finally:
        wrong.stop()


def test_a_pinned_fingerprint_trusts_that_certificate_and_no_other(server) -> None:
    proc, tmp = server
    url = f"wss://127.0.0.1:{proc.port}"
    mine = tls.fingerprint(der_of(tmp / "cert.pem"))
    assert asyncio.run(hello(url, pinned=mine.lower().replace(":", ""))).name == "Ann"
    other = tls.fingerprint(der_of(tmp / "ca.pem"))
    with pytest.raises(tls.CertificateMismatch, match="not the trusted one"):
        asyncio.run(hello(url, pinned=other))


def test_a_fingerprint_that_is_not_one_is_refused() -> None:
    with pytest.raises(ValueError, match="not a SHA-256 fingerprint"):
        tls.normal("AB:CD")
