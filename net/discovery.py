"""Tables nearby: a server announces itself on the local network by mDNS / DNS-SD (service
``_tuolaji._tcp``), with its host's name and live counts of rooms, players and spectators in
the TXT record; a browser lists the servers it hears, and hears them leave.

Interfaces: ``None`` means every interface (a LAN host); tests pass ``["127.0.0.1"]`` inside
a network namespace of their own with multicast on loopback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from zeroconf import (
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
    get_all_addresses,
)
from zeroconf.asyncio import AsyncZeroconf

if TYPE_CHECKING:
    from net.host import Host

SERVICE = "_tuolaji._tcp.local."
UPDATE_EVERY = 2.0  # seconds between looks at the counts (a change re-announces them)
log = logging.getLogger("tuolaji.discovery")


@dataclass(frozen=True)
class Found:
    """One server heard on the network."""

    key: str  # the DNS-SD instance name (unique on the network)
    name: str  # the host's name, as it announced itself
    address: str
    port: int
    version: str
    rooms: int
    players: int
    spectators: int
    tls: bool

    @property
    def url(self) -> str:
        return f"{'wss' if self.tls else 'ws'}://{self.address}:{self.port}"


def counts(server: Host) -> dict[str, int]:
    """Open rooms, seated people (not bots) and spectators of a server, for its TXT record."""
    tables = [t for t in server.tables.values() if not t.closed]
    return {
        "rooms": len(tables),
        "players": sum(1 for t in tables for s in t.seats if s is not None and s.user is not None),
        "spectators": sum(1 for t in tables for seat in t.watchers.values() if seat is None),
    }


def _addresses(interfaces: Sequence[str] | None) -> list[bytes]:
    chosen = list(interfaces) if interfaces else [a for a in get_all_addresses() if a[:4] != "127."]
    return [socket.inet_aton(a) for a in chosen]


async def announce(
    server: Host,
    name: str,
    port: int,
    version: str,
    interfaces: Sequence[str] | None = None,
    tls: bool = False,
) -> None:
    """Announce ``server`` until cancelled, then say goodbye (browsers drop it at once).
    zeroconf's ``async_*_service`` return a task to await for the packets to go out."""
    zc = AsyncZeroconf(interfaces=_choice(interfaces))
    props: dict[str, Any] = {"name": name, "v": version, "tls": "1" if tls else "0"}
    label = name.replace(".", " ")[:50] or "Tuolaji"
    host = f"{socket.gethostname().split('.')[0] or 'tuolaji'}.local."

    def record(now: dict[str, int], instance: str) -> ServiceInfo:
        return ServiceInfo(
            SERVICE,
            instance,
            port=port,
            addresses=_addresses(interfaces),
            properties={**props, **{k: str(v) for k, v in now.items()}},
            server=host,
        )

    now = counts(server)
    info = record(now, f"{label} ({port}).{SERVICE}")
    try:
        await (await zc.async_register_service(info, allow_name_change=True))
        while True:
            await asyncio.sleep(UPDATE_EVERY)
            fresh = counts(server)
            if fresh != now:
                now = fresh
                info = record(now, info.name)  # the name registered (it may have changed)
                await (await zc.async_update_service(info))
    finally:
        with contextlib.suppress(Exception):  # the goodbye: browsers drop the server now
            await (await zc.async_unregister_service(info))
        await zc.async_close()


def _choice(interfaces: Sequence[str] | None) -> Any:
    return list(interfaces) if interfaces else InterfaceChoice.All


def _found(zc: Zeroconf, key: str) -> Found | None:
    info = zc.get_service_info(SERVICE, key, timeout=3000)
    if info is None:
        return None
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or info.port is None:
        return None
    props = {
        (k.decode() if isinstance(k, bytes) else str(k)): (v.decode() if v else "")
        for k, v in info.properties.items()
    }

    def number(key: str) -> int:
        try:
            return max(0, int(props.get(key, "0")))
        except ValueError:
            return 0

    return Found(
        key=key,
        name=props.get("name") or key.removesuffix("." + SERVICE),
        address=addresses[0],
        port=int(info.port),
        version=props.get("v", ""),
        rooms=number("rooms"),
        players=number("players"),
        spectators=number("spectators"),
        tls=props.get("tls") == "1",
    )


class Browser:
    """Listen for servers; ``on_change`` gets the whole list (sorted by name) after each
    arrival, update or departure. It is called from zeroconf's thread."""

    def __init__(
        self,
        on_change: Callable[[list[Found]], None],
        interfaces: Sequence[str] | None = None,
    ) -> None:
        self.on_change = on_change
        self._servers: dict[str, Found] = {}
        self._lock = threading.Lock()
        self._zc = Zeroconf(interfaces=_choice(interfaces))
        self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])

    def _changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        found = None if state_change is ServiceStateChange.Removed else _found(zeroconf, name)
        with self._lock:
            if found is None:
                self._servers.pop(name, None)
            else:
                self._servers[name] = found
            servers = sorted(self._servers.values(), key=lambda f: (f.name.lower(), f.key))
        self.on_change(servers)

    def servers(self) -> list[Found]:
        with self._lock:
            return sorted(self._servers.values(), key=lambda f: (f.name.lower(), f.key))

    def close(self) -> None:
        self._browser.cancel()
        self._zc.close()

    async def aclose(self) -> None:
        """``close`` from inside the event loop zeroconf runs its sockets on (the app's, which
        runs for good): closed synchronously there, zeroconf shuts its sockets under the loop's
        readers (Qt then warns of an invalid socket)."""
        from zeroconf.asyncio import AsyncZeroconf

        self._browser.cancel()
        await AsyncZeroconf(zc=self._zc).async_close()
