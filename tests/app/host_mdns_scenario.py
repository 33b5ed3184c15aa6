"""The mDNS scenario, run by test_host_mdns.py inside a network namespace of its own (only a
loopback with multicast): an app (offscreen) hosts; a second client finds it by mDNS, sees
its counts move, and joins; the app's own Nearby tables list it; screenshots of the hosting
screen, Nearby tables and an invite opening, in English and Chinese, go to OUT.

    unshare -n sh -c 'ip link set lo up multicast on && ip route add 224.0.0.0/4 dev lo &&
        python tests/app/host_mdns_scenario.py OUT'

Prints one JSON object of what it saw; any Qt/QML warning fails it.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ["TUOLAJI_HOME"] = tempfile.mkdtemp(prefix="tuolaji-mdns-")
os.environ["TUOLAJI_LAN_INTERFACES"] = "127.0.0.1"

from PySide6.QtCore import QtMsgType, qInstallMessageHandler  # noqa: E402

WARNINGS: list[str] = []
QUIET = (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg)
qInstallMessageHandler(lambda mode, _ctx, msg: None if mode in QUIET else WARNINGS.append(msg))

from helpers import until  # noqa: E402  (this folder: the script's own)


async def scenario(ui: Any, window: Any, out: Path) -> dict[str, Any]:
    from app.invite import parse
    from net.client import Client
    from net.discovery import Browser

    hosting, online, settings = ui.hosting, ui.online, ui.settings
    seen: dict[str, Any] = {}

    def shot(name: str) -> None:
        window.grabWindow().save(str(out / f"{name}.png"))

    async def both(name: str) -> None:
        for lang in ("en", "zh_CN"):
            settings.language = lang
            await asyncio.sleep(0.4)
            shot(f"{name}-{lang}")
        settings.language = "en"

    settings.playerName = "Ann"
    window.setProperty("screen", "host")
    hosting.startHosting(0, "classic")
    assert await until(lambda: hosting.status == "on", 30), hosting.error
    assert await until(lambda: online.room.get("seated") is True, 20), online.error
    room = online.room["id"]
    # a second player, on another "computer": it finds the table by mDNS alone
    heard: list[Any] = []
    browser = Browser(lambda found: heard.append(found), ["127.0.0.1"])
    assert await until(lambda: bool(browser.servers()), 15), "nothing heard"
    found = browser.servers()[0]
    seen["found"] = {"name": found.name, "rooms": found.rooms, "players": found.players}
    bo = Client(found.url, name="Bo")
    await bo.connect()
    lobby = await bo.lobby(subscribe=False)
    seen["lobby"] = [r.room for r in lobby.rooms]
    await bo.join(room)
    await bo.sit(room, 1)
    watcher = Client(found.url, name="Cai")
    await watcher.connect()
    await watcher.join(room)
    assert await until(lambda: bool(browser.servers()) and browser.servers()[0].players == 2, 15), (
        "the counts did not move"
    )
    assert await until(lambda: browser.servers()[0].spectators == 1, 15)
    seen["moved"] = {"players": browser.servers()[0].players, "spectators": 1}
    # the app's own Nearby tables, live
    window.setProperty("screen", "host")
    assert await until(lambda: hosting.nearby.rowCount() == 1, 15), "Nearby is empty"
    await until(lambda: hosting.nearby.rows()[0]["players"] == 2, 10)
    seen["nearby"] = hosting.nearby.rows()
    seen["invite"] = hosting.inviteLink
    hosting.saveServer("Ann's table", found.url, "")
    assert await until(lambda: hosting.servers.rows()[0]["reach"] == "ok", 10)
    seen["saved"] = hosting.servers.rows()
    await both("hosting")
    # an invite opening: Bo's link, pasted into the field, before it is followed
    link = parse(hosting.inviteLink)
    window.setProperty("screen", "lobby")
    await asyncio.sleep(0.2)
    window.setProperty("screen", "host")
    await asyncio.sleep(0.3)
    field = window.findChild(object, "openLink")
    if field is not None:
        field.setProperty("text", link.link())
    await both("invite-pasted")
    ui.set_session(None)  # Ann leaves her room (Bo keeps it open) and follows the link back
    window.setProperty("screen", "home")
    await asyncio.sleep(0.5)
    hosting.openLink(link.link())
    assert await until(lambda: window.property("screen") == "room", 10)
    assert await until(lambda: online.room.get("seated") is True, 10)
    seen["reopened"] = [r["name"] for r in online.roomSeats.rows()]
    await both("invite-opened")
    await bo.close()
    await watcher.close()
    hosting.stopHosting()
    assert await until(lambda: hosting.status == "off", 20)
    assert await until(lambda: not browser.servers(), 10), "the goodbye was not heard"
    seen["gone"] = True
    browser.close()
    hosting.browse(False)
    return seen


def main() -> int:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    import qasync

    from app.main import create_app, create_engine, make_app_vm

    qt = create_app(["mdns"])
    ui = make_app_vm("en")
    ui.settings.speed = "instant"
    engine = create_engine(ui)
    window = engine.rootObjects()[0]
    loop = qasync.QEventLoop(qt)
    asyncio.set_event_loop(loop)
    with loop:
        seen = loop.run_until_complete(asyncio.wait_for(scenario(ui, window, out), 150))
    seen["warnings"] = WARNINGS
    print(json.dumps(seen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
