"""The client's real address: the peer's, or, when the peer is a configured reverse proxy,
the last address in ``X-Forwarded-For`` that is not itself one of those proxies."""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(entries: Sequence[str]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(e, strict=False) for e in entries)


def _trusted(address: str, proxies: Sequence[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in proxies)


def real_address(peer: str, forwarded: str | None, proxies: Sequence[Network]) -> str:
    """Walk ``X-Forwarded-For`` from the right (the hops our proxies appended) while the hop is
    trusted; the first untrusted hop is the client. A header from anyone else is ignored: a
    client cannot choose its own address."""
    if not forwarded or not _trusted(peer, proxies):
        return peer
    hops = [h.strip() for h in forwarded.split(",") if h.strip()]
    address = peer
    for hop in reversed(hops):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return address  # a garbled hop: trust nothing before it
        address = hop
        if not _trusted(hop, proxies):
            break
    return address
