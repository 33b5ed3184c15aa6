"""The account screen's view-model: make this player an account on the server in Settings, sign
in on another computer (password, recovery code, or a link code shown by a signed-in device),
show the recovery codes once, show a link code, sign out (net/accounts.py says what each is).

The sign-in (account name and refresh token) is kept by app/tokens.py; the online lobby signs in
with it (app/online.py). Each step runs on the app's loop over its own short connection, or over
the lobby's when the lobby is connected to the same server (one holder of the refresh token: two
exchanging it in turn would look like a stolen one and end the session).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, QTimer, Signal, Slot
from PySide6.QtGui import QGuiApplication

from app import tokens
from app.i18n import engine_text, sentence
from app.online import failure_kind, spawn_in

if TYPE_CHECKING:
    from app.settings import Settings
    from app.viewmodels import OnlineViewModel
    from net.client import Client
    from net.protocol import SignedIn


class AccountViewModel(QObject):
    changed = Signal()

    def __init__(
        self, settings: Settings, online: OnlineViewModel, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._online = online
        self._tasks: set[asyncio.Task[Any]] = set()
        self._busy = False
        # the error on show, worded when read: it follows a change of language
        self._error: Callable[[], str] | None = None
        self._codes: list[str] = []  # the recovery codes, shown once
        self._copied = False  # and put on the clipboard
        self._link = ""  # a link code on show
        self._link_left = 0  # its seconds left
        self._tick = QTimer(self)
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self._count_down)
        settings.serverAddressChanged.connect(self._server_changed)
        self._kept = ""  # the account signed in to the server in Settings (app/tokens.py)
        self.reload()

    @Slot()
    def reload(self) -> None:
        """Read again who is signed in (the lobby may have found the sign-in ended)."""
        kept = tokens.load(self._server())
        self._kept = kept[0] if kept is not None else ""
        self.changed.emit()

    # -- what the page shows -------------------------------------------------------------
    def _server(self) -> str:
        return str(self._settings.serverAddress)

    server = Property(str, _server, notify=changed)
    account = Property(str, lambda self: self._kept, notify=changed)
    signedIn = Property(bool, lambda self: bool(self._kept), notify=changed)
    busy = Property(bool, lambda self: self._busy, notify=changed)
    error = Property(str, lambda self: self._error() if self._error else "", notify=changed)
    recoveryCodes = Property(list, lambda self: list(self._codes), notify=changed)
    codesCopied = Property(bool, lambda self: self._copied, notify=changed)
    linkCode = Property(str, lambda self: self._link, notify=changed)
    linkSecondsLeft = Property(int, lambda self: self._link_left, notify=changed)

    # -- what the player does ------------------------------------------------------------
    @Slot(str, str)
    def create(self, account: str, password: str) -> None:
        """Make this player (a guest on the server) the account ``account``."""

        async def go(c: Client) -> None:
            from net.protocol import Register, SignedIn

            made = await c.ask(Register(c.next_id(), account.strip(), password), SignedIn)
            c.signed_in(made)
            self._signed_in(made)
            self._codes, self._copied = list(made.recovery), False

        self._run(go, hello=True)

    @Slot(str, str)
    def signIn(self, account: str, password: str) -> None:
        from net.protocol import SignIn

        self._sign_in(lambda c: SignIn(c.next_id(), account.strip(), password))

    @Slot(str, str, str)
    def recover(self, account: str, code: str, password: str) -> None:
        from net.protocol import Recover

        self._sign_in(lambda c: Recover(c.next_id(), account.strip(), code, password))

    @Slot(str)
    def enterLinkCode(self, code: str) -> None:
        from net.protocol import LinkEnter

        self._sign_in(lambda c: LinkEnter(c.next_id(), code))

    @Slot()
    def showLinkCode(self) -> None:
        async def go(c: Client) -> None:
            from net.protocol import LinkCode, LinkStart

            shown = await c.ask(LinkStart(c.next_id()), LinkCode)
            self._link, self._link_left = shown.code, int(shown.seconds)
            self._tick.start()

        self._run(go, hello=True)

    @Slot(bool)
    def signOut(self, everywhere: bool) -> None:
        """Sign this device out (``everywhere``: every device); the lobby is a guest again."""

        async def go(c: Client) -> None:
            from net.protocol import SignOut

            await c.request(SignOut(c.next_id(), everywhere))

        server = self._server()

        def done() -> None:
            tokens.forget(server)
            self._link, self._link_left = "", 0
            self._lobby_again()

        self._run(go, hello=True, then=done)

    @Slot()
    def copyCodes(self) -> None:
        """The recovery codes on the clipboard, one a line (to paste into a password manager)."""
        QGuiApplication.clipboard().setText("\n".join(self._codes))
        self._copied = True
        self.changed.emit()

    @Slot()
    def codesSaved(self) -> None:
        """The player saved the recovery codes: they are not shown again."""
        self._codes, self._copied = [], False
        self.changed.emit()

    @Slot()
    def clearError(self) -> None:
        self._error = None
        self.changed.emit()

    # -- the work ------------------------------------------------------------------------
    def _sign_in(self, request: Callable[[Client], Any]) -> None:
        async def go(c: Client) -> None:
            from net.protocol import SignedIn

            self._signed_in(await c.ask(request(c), SignedIn))

        self._run(go, hello=False)

    def _signed_in(self, reply: SignedIn) -> None:
        tokens.save(self._server(), reply.account, reply.refresh)
        self._lobby_again()

    def _lobby_again(self) -> None:
        """The lobby, if connected to this server, connects again as who is signed in now."""
        lobby = self._online.lobby if self._online.has_lobby else None
        if lobby is not None and lobby.client is not None and lobby.address == self._server():
            lobby.spawn(lobby.connect(lobby.address, lobby.client.name or ""))

    def _run(
        self,
        step: Callable[[Client], Awaitable[None]],
        hello: bool,
        then: Callable[[], None] | None = None,
    ) -> None:
        if self._busy:
            return
        self._busy, self._error = True, None
        self.changed.emit()
        if not spawn_in(self._go(step, hello, then), self._tasks):
            self._busy = False
            self.changed.emit()

    async def _go(
        self,
        step: Callable[[Client], Awaitable[None]],
        hello: bool,
        then: Callable[[], None] | None,
    ) -> None:
        from net.client import Client, ServerError

        server = self._server()
        lobby = self._online.lobby if self._online.has_lobby else None
        shared = (
            lobby.client
            if lobby is not None
            and lobby.client is not None
            and lobby.client.connected
            and lobby.address == server
            else None
        )
        own: Client | None = None
        try:
            if shared is not None and hello:
                await step(shared)
            else:
                url = server if "://" in server else f"ws://{server}"
                kept = tokens.load(server)
                own = Client(
                    url,
                    name=str(self._settings.playerName) or "Player",
                    refresh=kept[1] if kept is not None and hello else None,
                    on_refresh=lambda r: tokens.renewed(server, r),
                    reconnect=False,
                )
                if hello:
                    await own.connect()
                else:
                    await own.open()
                await step(own)
            if then is not None:
                then()
        except ServerError as e:
            en, zh = e.en, e.zh
            self._error = (
                self._server_fault  # the server's own text says nothing a player can act on
                if e.code == "internal"
                else lambda: sentence(engine_text(en, zh, str(self._settings.language)))
            )
            if e.code in ("bad-refresh", "refresh-reused"):
                tokens.forget(server)  # that sign-in has ended: sign in again
        except (TimeoutError, OSError, ValueError) as e:
            kind = failure_kind(e)
            self._error = lambda: self._unreachable(kind).replace("%1", server)
        finally:
            if own is not None:
                await own.close()
            self._busy = False
            self.reload()

    def _server_fault(self) -> str:
        return self.tr(
            "The server met an error of its own, not one in what you typed. Try again later;"
            " if it goes on, tell whoever runs the server (its log says why)."
        )

    def _unreachable(self, kind: str) -> str:
        if kind == "address":
            return self.tr("“%1” is not a server address: set it in Settings as host:port.")
        return self.tr("Cannot reach %1: check the server address in Settings.")

    def _count_down(self) -> None:
        self._link_left = max(0, self._link_left - 1)
        if self._link_left == 0:
            self._link = ""
            self._tick.stop()
        self.changed.emit()

    def _server_changed(self) -> None:
        self._codes, self._link, self._link_left, self._error = [], "", 0, None
        self._tick.stop()
        self.reload()
