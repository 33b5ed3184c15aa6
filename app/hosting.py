"""The hosting screen's view-model: host a table (``app.host``), the tables nearby
(``net.discovery``), invite links and codes (``app.invite``) and the saved servers
(``app.servers``, their reachability by ``net.probe``). Exposed to QML as ``App.hosting``.

Its sentences for the player are the app's own (``QT_TRANSLATE_NOOP("Hosting", …)``, an invite's
``BadLink``): kept as such, the one on show is worded again when the language is switched.
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Property, QObject, QTimer, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtQml import QmlElement, QmlUncreatable

from app.host import HostOptions, HostProcess, port_in_use
from app.i18n import words
from app.invite import BadLink, Invite, parse
from app.models import RowsModel
from app.online import available, lobby_of, spawn_in
from app.servers import Servers, normal_url
from app.settings import data_dir

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1

# Restricts hosting and Nearby tables to these addresses (comma-separated), e.g. 127.0.0.1 in
# tests; unset: the host listens on every interface and both look on every network.
INTERFACES_ENV = "TUOLAJI_LAN_INTERFACES"


def lan_interfaces() -> list[str] | None:
    chosen = [a.strip() for a in os.environ.get(INTERFACES_ENV, "").split(",") if a.strip()]
    return chosen or None


def lan_addresses() -> list[str]:
    """The addresses other players on the network can reach this computer at."""
    from zeroconf import get_all_addresses

    chosen = lan_interfaces()
    return chosen if chosen else sorted(a for a in get_all_addresses() if not a.startswith("127."))


@QmlElement
# PySide6's stubs type QmlUncreatable as a class, not the decorator factory it is.
@QmlUncreatable("App.hosting")
class HostingViewModel(QObject):  # type: ignore[operator]
    changed = Signal()
    linkFailed = Signal()  # an invite could not be opened: the hosting screen says why
    _heard = Signal(object)  # from zeroconf's thread: the servers found

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self._app = app
        self._process: HostProcess | None = None
        self._status = "off"  # off, starting, on, stopping
        self._error: Callable[[str], str] | None = None  # the sentence on show, in a language
        self._error_about = "host"  # "link": an invite that could not be opened
        self._port = 8765
        self._preset = "classic"
        self._addresses: list[str] = []
        self._nearby = RowsModel(
            ("key", "name", "url", "rooms", "players", "spectators", "version"), self
        )
        self._servers_file = Servers(data_dir() / "servers.json")
        self._servers = RowsModel(("name", "url", "pinned", "reach", "version", "last"), self)
        self._reach: dict[str, tuple[str, str]] = {}  # url -> (reach, version)
        self._browser: Any = None
        self._tasks: set[asyncio.Task[Any]] = set()  # this page's requests in flight
        self._heard.connect(self._show_nearby)
        self._watch = QTimer(self)
        self._watch.timeout.connect(self._check)
        self._show_servers()
        app.online.changed.connect(self.changed)
        app._settings.languageChanged.connect(self.changed)  # the sentence on show, reworded
        app.online.roomChanged.connect(self.changed)
        qt = QGuiApplication.instance()
        if qt is not None:
            qt.aboutToQuit.connect(self.shutdown)

    # -- sentences -------------------------------------------------------------------------
    def _say(self, text: object, *args: object, about: str = "host") -> None:
        """Show ``text``, marked ``QT_TRANSLATE_NOOP("Hosting", text)`` (a str, typed object),
        its ``%1``… filled with ``args``."""
        self._show(lambda lang: words(lang, "Hosting", str(text), *args), about)

    def _show(self, say: Callable[[str], str], about: str = "host") -> None:
        self._error, self._error_about = say, about
        self.changed.emit()

    def _clear(self) -> None:
        if self._error is not None:
            self._error = None
            self.changed.emit()

    def _error_text(self) -> str:
        return self._error(str(self._app._settings.language)) if self._error else ""

    # -- hosting ---------------------------------------------------------------------------
    def _host_name(self) -> str:
        name = str(self._app._settings.playerName).strip()
        return name or socket.gethostname().split(".")[0] or "Tuolaji"

    @Slot(int, str)
    def startHosting(self, port: int, preset: str) -> None:
        if self._process is not None:
            return
        if port != 0 and not 1024 <= port <= 65535:  # 0: any free port
            self._say(QT_TRANSLATE_NOOP("Hosting", "Choose a port from 1024 to 65535."))
            return
        interfaces = lan_interfaces()
        opts = HostOptions(
            db=str(data_dir() / "hosted.sqlite3"),
            name=self._host_name(),
            port=port,
            host=interfaces[0] if interfaces else "0.0.0.0",
            interfaces=interfaces,
            # the turn clock: one silent player cannot hold up three (0: the rules' own)
            server={"turn_timer": float(self._app._settings.hostTurnTimer)},
        )
        self._port, self._preset = port, preset or "classic"
        self._addresses = lan_addresses()
        self._process = HostProcess(opts)
        self._process.start()
        self._status = "starting"
        self._error = None
        self.changed.emit()
        self._watch.start(100)

    def _check(self) -> None:
        proc = self._process
        if proc is None:
            self._watch.stop()
            return
        got = proc.poll()
        if got is None:
            return
        kind, value = got
        if kind == "ready":
            self._status, self._port = "on", int(value)
            self._watch.start(1000)  # from now on only to notice the server dying
            self.changed.emit()
            spawn_in(self._enter(int(value)), self._tasks)
            return
        self._watch.stop()
        self._process = None
        proc.stop(0)
        self._status = "off"
        if kind == "error" and port_in_use(value):
            self._say(
                QT_TRANSLATE_NOOP("Hosting", "Port %1 is in use on this computer: choose another."),
                self._port,
            )
        else:
            self._say(
                QT_TRANSLATE_NOOP(
                    "Hosting", "The table server stopped unexpectedly; the records are kept."
                )
            )

    async def _enter(self, port: int) -> None:
        """The host joins its own server and opens a new room there."""
        lobby = lobby_of(self._app.online)
        here = self._addresses[0] if lan_interfaces() else "127.0.0.1"
        await lobby.connect(f"ws://{here}:{port}", self._host_name())
        if lobby.client is not None:
            await lobby.create(self._preset)

    @Slot()
    def stopHosting(self) -> None:
        if self._process is not None and self._status != "stopping":
            self._status = "stopping"
            self.changed.emit()
            spawn_in(self._stop(), self._tasks)

    async def _stop(self) -> None:
        import asyncio

        await self._leave_own_server()
        proc, self._process = self._process, None
        self._watch.stop()
        if proc is not None:
            await asyncio.to_thread(proc.stop)  # the server's own shutdown, off the UI thread
        self._status = "off"
        self.changed.emit()

    async def _leave_own_server(self) -> None:
        lobby = lobby_of(self._app.online)
        if lobby.client is not None and self._is_own(lobby.client.url):
            self._app.set_session(None)
            await lobby.close()

    def _is_own(self, url: str) -> bool:
        return self._process is not None and url.endswith(f":{self._process.port}")

    def shutdown(self) -> None:
        """The app is quitting: end the hosted tables cleanly (players are told)."""
        self.browse(False)
        self._watch.stop()
        proc, self._process = self._process, None
        if proc is not None:
            proc.stop()
            self._status = "off"
            self.changed.emit()

    # -- invites ---------------------------------------------------------------------------
    def _invite(self) -> Invite | None:
        lobby = self._app.online.lobby if self._app.online.has_lobby else None
        room = self._app.online.room.get("id")
        client = lobby.client if lobby is not None else None
        if not room or client is None:
            return None
        url = client.url
        inv = parse(f"tuolaji://{url.split('://', 1)[1]}/{room}")
        host = inv.host
        if self._is_own(url) and self._addresses:
            host = self._addresses[0]  # friends reach the host by its LAN address
        return Invite(
            room=str(room),
            invite=client.invite_of(room),
            host=host,
            port=inv.port,
            tls=url.startswith("wss:"),
        )

    def _link(self) -> str:
        inv = self._invite()
        return inv.link() if inv is not None else ""

    def _code(self) -> str:
        inv = self._invite()
        return inv.code() if inv is not None else ""

    @Slot()
    def copyInvite(self) -> None:
        link = self._link()
        if link:
            QGuiApplication.clipboard().setText(link)

    @Slot(str)
    def openLink(self, text: str) -> None:
        """Open an invite link or code: connect to its server and go into its room."""
        try:
            inv = parse(text)
        except BadLink as e:
            self._show(e.said, "link")
            self.linkFailed.emit()
            return
        self._clear()
        if available():
            spawn_in(self._open(inv), self._tasks)

    async def _open(self, inv: Invite) -> None:
        lobby = lobby_of(self._app.online)
        current = lobby.client.url if lobby.client is not None else None
        nearby = [r["url"] for r in self._nearby.rows()]
        url = inv.url or current or (nearby[0] if len(nearby) == 1 else None)
        if url is None:
            self._say(
                QT_TRANSLATE_NOOP(
                    "Hosting", "Connect to the server first, or paste the whole invite link."
                ),
                about="link",
            )
            self.linkFailed.emit()
            return
        if url != current:
            saved = self._servers_file.find(url)
            await lobby.connect(url, self._host_name(), saved.pinned if saved else None)
        if lobby.client is not None:
            await lobby.join(inv.room, watch=inv.watch, invite=inv.invite)
        session, client = lobby.session, lobby.client
        if session is None:  # not reached, or refused: the online view-model says why
            error = str(self._app.online.error)  # already in the player's language
            self._show(lambda _lang: error, "link")
            self.linkFailed.emit()
            return
        if inv.watch or client is None or session.seat is not None:
            return
        info = client.rooms.get(inv.room)
        free = [i for i, s in enumerate(info.seats) if s is None] if info is not None else []
        if free and info is not None and info.status != "playing":
            lobby.room_call("sit", free[0])  # a free seat: as a player, else as a spectator

    # -- nearby tables ---------------------------------------------------------------------
    @Slot(bool)
    def browse(self, on: bool) -> None:
        """Listen for tables on the network while the screen shows them."""
        if on and self._browser is None:
            from net.discovery import Browser

            try:
                self._browser = Browser(self._heard.emit, lan_interfaces())
            except OSError as e:
                self._say(
                    QT_TRANSLATE_NOOP("Hosting", "Cannot look for tables on this network (%1)."),
                    e.strerror or e,
                )
        elif not on and self._browser is not None:
            browser, self._browser = self._browser, None
            if not spawn_in(browser.aclose(), self._tasks):  # no loop any more: the app quits
                browser.close()
            self._nearby.set_rows([])

    def _show_nearby(self, found: list[Any]) -> None:
        if self._browser is None:
            return
        self._nearby.set_rows(
            [
                {
                    "key": f.key,
                    "name": f.name,
                    "url": f.url,
                    "rooms": f.rooms,
                    "players": f.players,
                    "spectators": f.spectators,
                    "version": f.version,
                }
                for f in found
            ]
        )

    # -- saved servers ---------------------------------------------------------------------
    def _show_servers(self) -> None:
        last = str(self._app._settings.serverAddress)
        rows = []
        for s in self._servers_file.items:
            reach, version = self._reach.get(s.url, ("unknown", ""))
            rows.append(
                {
                    "name": s.name,
                    "url": s.url,
                    "pinned": bool(s.pinned),
                    "reach": reach,
                    "version": version,
                    "last": s.url == last or s.url == _maybe_url(last),
                }
            )
        self._servers.set_rows(rows)

    @Slot(str, str, str)
    def saveServer(self, name: str, address: str, pinned: str) -> None:
        try:
            saved = self._servers_file.save(name, address, pinned)
        except BadLink as e:
            self._show(e.said)
            return
        self._clear()
        self._show_servers()
        spawn_in(self._probe(saved.url), self._tasks)

    @Slot(str)
    def removeServer(self, url: str) -> None:
        self._servers_file.remove(url)
        self._reach.pop(url, None)
        self._show_servers()

    @Slot(str)
    def connectServer(self, url: str) -> None:
        if not available():
            return
        saved = self._servers_file.find(url)
        self._app._settings.serverAddress = url
        self._show_servers()
        lobby = lobby_of(self._app.online)
        lobby.spawn(lobby.connect(url, self._host_name(), saved.pinned if saved else None))

    @Slot()
    def refreshServers(self) -> None:
        for s in self._servers_file.items:
            spawn_in(self._probe(s.url), self._tasks)

    async def _probe(self, url: str) -> None:
        from net.probe import probe

        saved = self._servers_file.find(url)
        got = await probe(url, saved.pinned if saved and saved.pinned else None)
        reach = "ok" if got.ok else ("certificate" if got.certificate else "down")
        self._reach[url] = (reach, got.version)
        self._show_servers()

    # -- for QML ---------------------------------------------------------------------------
    status = Property(str, lambda self: self._status, notify=changed)
    error = Property(str, _error_text, notify=changed)
    errorAbout = Property(str, lambda self: self._error_about, notify=changed)
    port = Property(int, lambda self: self._port, notify=changed)
    addresses = Property(
        list, lambda self: [f"{a}:{self._port}" for a in self._addresses], notify=changed
    )
    hostName = Property(str, _host_name, notify=changed)
    inviteLink = Property(str, _link, notify=changed)
    inviteCode = Property(str, _code, notify=changed)
    nearby = Property(QObject, lambda self: self._nearby, constant=True)
    servers = Property(QObject, lambda self: self._servers, constant=True)


def _maybe_url(address: str) -> str:
    try:
        return normal_url(address)
    except BadLink:
        return ""
