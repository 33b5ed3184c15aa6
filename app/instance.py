"""One app per player: a second launch with a ``tuolaji://`` link (the browser or chat opening
an invite) hands the link to the app already running, over a local socket, and exits; with
none running it opens the link itself.
"""

from __future__ import annotations

import hashlib
import os

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from app.settings import data_dir

HAND_OVER_MS = 1000


def socket_name() -> str:
    """Per user and data folder (tests and portable installs with their own folder are apart)."""
    where = hashlib.sha256(str(data_dir().resolve()).encode()).hexdigest()[:12]
    return f"tuolaji-{os.getuid() if hasattr(os, 'getuid') else 0}-{where}"


def hand_over(link: str) -> bool:
    """Give ``link`` to the running app; False when none is running."""
    sock = QLocalSocket()
    sock.connectToServer(socket_name())
    if not sock.waitForConnected(HAND_OVER_MS):
        return False
    sock.write(link.encode() + b"\n")
    while sock.bytesToWrite() > 0 and sock.waitForBytesWritten(HAND_OVER_MS):
        pass
    sent = sock.bytesToWrite() == 0
    sock.disconnectFromServer()
    return sent


class Instance(QObject):
    """The running app's end: each line received is a link to open."""

    linkReceived = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._accept)
        self._buffers: dict[QLocalSocket, bytes] = {}

    def listen(self) -> bool:
        name = socket_name()
        if self._server.listen(name):
            return True
        QLocalServer.removeServer(name)  # a socket left by an app that crashed
        return self._server.listen(name)

    def _accept(self) -> None:
        while (sock := self._server.nextPendingConnection()) is not None:
            self._buffers[sock] = b""
            sock.readyRead.connect(lambda s=sock: self._read(s))
            sock.disconnected.connect(lambda s=sock: self._done(s))
            self._read(sock)

    def _read(self, sock: QLocalSocket) -> None:
        data = self._buffers.get(sock, b"") + bytes(sock.readAll().data())
        *lines, rest = data.split(b"\n")
        self._buffers[sock] = rest[:4096]  # a link is short: nobody fills our memory
        for line in lines:
            text = line.decode("utf-8", "replace").strip()
            if text:
                self.linkReceived.emit(text)

    def _done(self, sock: QLocalSocket) -> None:
        self._read(sock)
        self._buffers.pop(sock, None)
        sock.deleteLater()
