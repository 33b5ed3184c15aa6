"""TLS for ``wss://``: the server's context, and the client's, which always verifies.

A client verifies the server's certificate against the system's authorities (or a given CA
file), or, for a server with a self-signed certificate, against one SHA-256 fingerprint the
player chose to trust: the handshake then skips the chain check, and the connection is
refused before a single byte of ours is sent unless the certificate is exactly that one.
There is no "ignore all errors".
"""

from __future__ import annotations

import hashlib
import hmac
import ssl


class CertificateMismatch(ssl.SSLError):
    """The server's certificate is not the one whose fingerprint the player trusts."""


def server_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(certfile, keyfile)
    return ctx


def client_context(cafile: str | None = None, pinned: str | None = None) -> ssl.SSLContext:
    """Verification by the system's (or ``cafile``'s) authorities, or by ``pinned``
    fingerprint alone (checked by ``check_pin`` after the handshake)."""
    ctx = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile=cafile)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    if pinned:
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


def fingerprint(der: bytes) -> str:
    """``AB:CD:...``: SHA-256 of a DER certificate, as browsers and ``openssl x509
    -fingerprint -sha256`` show it."""
    return ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())


def normal(text: str) -> str:
    """A fingerprint as people paste it (any case, with or without colons or a prefix)."""
    text = text.strip().upper().removeprefix("SHA256:").removeprefix("SHA256 FINGERPRINT=")
    digits = text.replace(":", "").replace(" ", "")
    if len(digits) != 64 or any(c not in "0123456789ABCDEF" for c in digits):
        raise ValueError(f"not a SHA-256 fingerprint: {text!r}")
    return ":".join(digits[i : i + 2] for i in range(0, 64, 2))


def check_pin(ssl_object: ssl.SSLObject | None, pinned: str) -> None:
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    if der is None:
        raise CertificateMismatch("the server sent no certificate")
    got = fingerprint(der)
    if not hmac.compare_digest(got, normal(pinned)):
        raise CertificateMismatch(f"certificate fingerprint {got} is not the trusted one")
