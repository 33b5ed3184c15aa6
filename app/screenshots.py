"""``tuolaji --screenshots DIR``: the main screens rendered offscreen to PNG files.

The player's moves are made through the table's view-model, as clicks would make them.
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QEventLoop, QObject, QTimer

from app.online import OnlineSession
from app.session import ReplaySession, list_records, read_record, save_record
from app.standing_shots import standing_shots
from engine.leads import check_lead
from engine.rules import preset

if TYPE_CHECKING:
    from net.client import Client

ROOT = Path(__file__).resolve().parent.parent  # where ``python -m net.server`` runs

SHOTS = (
    "trust-bid",
    "trust-throw",
    "trust-throw-800x600",
    "trust-last-trick",
    "trust-online-clock",
    "trust-online-clock-800x600",
    "trust-trick-held-after-resize",
    "trust-replay-end",
    "home",
    "setup",
    "settings",
    "table-deal",
    "table-kitty",
    "table-play",
    "table-counter",
    "table-result",
    "lobby",
    "room",
    "spectator",
    "lessons",
    "lesson-wrong",
    "lesson-right",
    "lesson-question",
    "practice-result",
    "practice-table",
    "practice-replay",
    "practice-code",
    "review",
    "puzzle",
    "puzzle-wrong",
    "puzzle-burial",
    "replay-eval",
    "account",
    "account-codes",
    "account-link",
    "rematch-offer",
    "leaderboard",
    "profile",
)


def wait_until(pred: Callable[[], bool], timeout: float = 20.0) -> bool:
    """Run Qt's events (and the app's asyncio loop over them) until ``pred()`` holds, checked
    every 10 ms, or ``timeout`` seconds pass; whether it holds."""
    if pred():
        return True
    loop = QEventLoop()

    def check() -> None:
        if pred():
            loop.quit()

    poll = QTimer(interval=10)
    poll.timeout.connect(check)
    QTimer.singleShot(int(timeout * 1000), loop, loop.quit)
    poll.start()
    loop.exec()
    poll.stop()
    return pred()


def pump(seconds: float) -> None:
    """Run Qt's events for ``seconds`` (animations, the AI's pace)."""
    wait_until(lambda: False, seconds)


def select(table: Any, cards: list[str]) -> None:
    """Click the given cards in the hand (clearing the selection first)."""
    table.hand.clearSelection()
    want = Counter(cards)
    for row in sorted(table.hand.cards.rows(), key=lambda r: r["slot"]):
        if want[row["card"]] > 0:
            want[row["card"]] -= 1
            table.hand.toggle(row["uid"])


def human_step(table: Any, bid: bool = False) -> bool:
    """One move for the person at the table, as clicks; False when nothing is theirs to do."""
    session = table.session
    v = session.view if session is not None else None
    if v is None or session.seat is None:
        return False
    if v.phase == "deal":
        if bid:
            for row in table.bidding.options.rows():
                if row["allowed"]:
                    table.bidding.bid(row["suit"])
                    return True
        if table.bidding.canPass:
            table.bidding.passBid()
            return True
        return False
    if "bury" in v.actions:
        trumps = v.trumps
        low = sorted(v.hand, key=lambda c: (trumps.is_trump(c), c[0] in "5TK", trumps.position(c)))
        select(table, low[: v.kitty_size])
        table.hand.bury()
        return True
    if "call-friend" in v.actions:
        held = set(v.hand)
        table.bidding.callFriend(next((c for c in ("AS", "AH", "AC", "AD") if c not in held), "KS"))
        return True
    if "play" in v.actions:
        select(table, list(v.play_candidates(limit=1)[0]))
        table.hand.play()
        return True
    return False


def take_screenshots(qt_app: Any, engine: Any, app_vm: Any, out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    window = engine.rootObjects()[0]
    settings = app_vm.settings
    table = app_vm.table
    saved_speed = settings.speed

    def grab(name: str) -> None:
        window.grabWindow().save(str(out / f"{name}.png"))
        print(out / f"{name}.png")

    def shot(name: str) -> None:
        pump(0.25)
        grab(name)

    window.setProperty("screen", "home")
    shot("home")
    window.setProperty("screen", "setup")
    shot("setup")
    window.setProperty("screen", "settings")
    shot("settings")

    # The deal, at the normal pace: about a third of the cards out, a bid on the table.
    settings.speed = "normal"
    app_vm.start_rules(preset("classic"), seat=0, seed=7)
    wait_until(lambda: table.session.view.dealt >= 40, 30)
    for _ in range(3):
        human_step(table, bid=True)
    wait_until(lambda: table.session.view.dealt >= 48, 10)
    shot("table-deal")

    # The kitty exchange: find a seed where the player ends up the dealer.
    settings.speed = "instant"
    for seed in range(1, 40):
        app_vm.start_rules(preset("classic"), seat=0, seed=seed)
        wait_until(lambda: _me_to_act(table) or table.hud.phase != "deal", 20)
        while table.hud.phase == "deal" and wait_until(lambda: _me_to_act(table), 2):
            human_step(table, bid=True)
        if wait_until(lambda: table.hud.phase == "bury", 5) and table.session.view.dealer == 0:
            break
    v = table.session.view
    select(table, list(v.kitty[:5]))
    shot("table-kitty")
    human_step(table)

    # Play, with a trick in the centre when it is the player's turn.
    settings.speed = "fast"
    wait_until(lambda: table.hud.phase == "play", 10)
    for _ in range(60):
        wait_until(lambda: _me_to_act(table), 20)
        if len(table.session.view.trick) >= 2:
            break
        human_step(table)
        pump(0.3)
    cands = table.session.view.play_candidates(limit=1)
    if cands:
        select(table, list(cands[0]))
    shot("table-play")
    _help_shot(window, shot)

    # The card counter, a few tricks further on (voids show under the seats)
    settings.showCounter = True
    for _ in range(12):
        if len(table.session.view.tricks) >= 8:
            break
        wait_until(lambda: _me_to_act(table), 20)
        human_step(table)
    wait_until(lambda: _me_to_act(table) and len(table.session.view.trick) >= 1, 20)
    shot("table-counter")
    settings.showCounter = False

    # To the end of the hand, quickly.
    settings.speed = "instant"
    while table.hud.phase != "done":
        if not wait_until(lambda: _me_to_act(table) or table.hud.phase == "done", 20):
            break
        human_step(table)
    wait_until(lambda: table.hud.phase == "done", 5)
    shot("table-result")

    app_vm.leaveTable()
    settings.speed = "fast"
    if not _online_shots(app_vm, window, grab):
        window.setProperty("screen", "lobby")
        shot("lobby")
        app_vm.watchOffline("classic")
        wait_until(lambda: table.hud.phase == "play" and len(table.session.view.trick) >= 2, 60)
        shot("spectator")
    app_vm.set_session(None)
    saved_language = settings.language
    # the learning screens (issue 35) in all three languages, the rest in English and 简体
    for lang in ("en", "zh_CN", "zh_TW"):
        settings.language = lang
        suffix = "" if lang == "en" else "." + lang

        def trust_shot(name: str, suffix: str = suffix) -> None:
            shot(name + suffix)

        _lesson_shots(app_vm, window, trust_shot)
        _practice_shots(app_vm, window, trust_shot)
        _review_shots(app_vm, window, trust_shot)
        _puzzle_shots(app_vm, window, trust_shot)
        if lang == "zh_TW":
            continue
        _trust_shots(app_vm, window, trust_shot)
        _account_shots(app_vm, window, trust_shot)

        # issue 37: grabbed from inside the app's loop (a pump there would re-enter it)
        def grab_shot(name: str, suffix: str = suffix) -> None:
            grab(name + suffix)

        standing_shots(app_vm, window, grab_shot)
    settings.language = saved_language
    app_vm.set_session(None)
    settings.speed = saved_speed
    window.setProperty("screen", "home")
    return 0


def _lesson_shots(app_vm: Any, window: Any, shot: Callable[[str], None]) -> None:
    """Learn (issue 35): the stages, a trick answered wrong with the engine's reason, a tractor
    led right, a question answered; each at 1280×720 and 800×600."""
    from engine.lessons import STAGES

    lessons = app_vm.lessons
    keys = [st.key for st in STAGES]

    def answer(stage: str, level: int, cards: list[str]) -> None:
        lessons.openStage(keys.index(stage))
        lessons.openLevel(level)
        left = list(cards)
        for i, row in enumerate(lessons.cards):
            if row["code"] in left:
                left.remove(row["code"])
                lessons.toggle(i)
        lessons.submit()

    window.setProperty("screen", "lessons")
    for (w, h), suffix in (((1280, 720), ""), ((800, 600), "-800x600")):
        window.resize(w, h)
        lessons.closeStage()
        shot("lessons" + suffix)
        answer("ruffing", 1, ["4S"])
        shot("lesson-wrong" + suffix)
        answer("tractors", 0, ["6D", "6D", "8D", "8D"])
        shot("lesson-right" + suffix)
        lessons.openStage(keys.index("scoring"))
        lessons.openLevel(2)
        lessons.choose(1)
        shot("lesson-question" + suffix)
    window.resize(1280, 720)
    lessons.closeStage()
    window.setProperty("screen", "home")


def _practice_shots(app_vm: Any, window: Any, shot: Callable[[str], None]) -> None:
    """Practice (issue 35), each at 1280×720 and 800×600: a result with its deal code and "Play
    this deal again", a practice table (badge, Take back) after a move taken back, a replay with
    "Play from here", a mistyped deal code refused on the setup page."""
    table = app_vm.table
    for (w, h), suffix in (((1280, 720), ""), ((800, 600), "-800x600")):
        window.resize(w, h)
        app_vm.start_rules(preset("classic"), seat=0, seed=8)
        while table.hud.phase != "done":
            if not wait_until(lambda: _me_to_act(table) or table.hud.phase == "done", 20):
                break
            human_step(table)
        wait_until(lambda: table.hud.phase == "done", 5)
        shot("practice-result" + suffix)
        app_vm.playAgain()
        for _ in range(60):  # into the play, two tricks on
            wait_until(lambda: _me_to_act(table), 20)
            if len(table.session.view.tricks) >= 2 and table.hud.phase == "play":
                break
            human_step(table)
        human_step(table)
        app_vm.takeBack()
        shot("practice-table" + suffix)
        path = next(p for p in list_records() if not p.name.startswith("practice-"))
        app_vm.openReplay(str(path))
        for _ in range(40):
            if len(table.session.view.tricks) >= 3:
                break
            table.hud.replayStep(1)
        window.setProperty("screen", "table")
        shot("practice-replay" + suffix)
        app_vm.set_session(None)
        window.setProperty("screen", "setup")
        wrong = "84DY-8EJY-F8AD-3MRZ-7GNF"
        field = window.findChild(QObject, "dealCodeField")
        field.setProperty("text", wrong)
        window.findChild(QObject, "dealCodeError").setProperty("text", app_vm.playDealCode(wrong))
        shot("practice-code" + suffix)
        field.setProperty("text", "")
        window.findChild(QObject, "dealCodeError").setProperty("text", "")
    window.resize(1280, 720)
    window.setProperty("screen", "home")


def _review_shots(app_vm: Any, window: Any, shot: Callable[[str], None]) -> None:
    """The hand review (issue 35) of seat 1 in an AI-vs-AI hand with a mistake and
    inaccuracies, judged at the default budget (cached after the first language), and its
    replay halfway with the evaluation bar, at 1280×720 and 800×600."""
    from engine.puzzles.mine import ai_hand

    path = save_record(ai_hand("classic", 2), 1)
    app_vm.set_session(None)
    app_vm.review.openPath(str(path))
    wait_until(lambda: app_vm.review.state == "ready", 120)
    window.setProperty("screen", "review")
    for (w, h), suffix in (((1280, 720), ""), ((800, 600), "-800x600")):
        window.resize(w, h)
        shot("review" + suffix)
    # the same hand's replay, halfway: the evaluation bar from the review
    app_vm.openReplay(str(path))
    hud = app_vm.table.hud
    hud.replayGo(hud.replaySteps // 2)
    pump(0.8)  # the trick's cards land (and are not swept yet) before the picture
    for (w, h), suffix in (((1280, 720), ""), ((800, 600), "-800x600")):
        window.resize(w, h)
        shot("replay-eval" + suffix)
    app_vm.set_session(None)
    window.resize(1280, 720)
    window.setProperty("screen", "home")


def _puzzle_shots(app_vm: Any, window: Any, shot: Callable[[str], None]) -> None:
    """Puzzles (issue 35), each at 1280×720 and 800×600: a puzzle on show with the cards
    played, one answered wrong (the rating moved, the reason given), a burial with its answer
    shown. The tries go to the shots' own data folder."""
    puzzles = app_vm.puzzles
    window.setProperty("screen", "puzzles")
    for (w, h), suffix in (((1280, 720), ""), ((800, 600), "-800x600")):
        window.resize(w, h)
        puzzles.reload()
        puzzles.openPuzzle("classic-2-143")
        shot("puzzle" + suffix)
        hand = [row["code"] for row in puzzles.cards]
        puzzles.toggle(hand.index("QH"))
        puzzles.submit()
        shot("puzzle-wrong" + suffix)
        puzzles.setTheme("burial")
        puzzles.showAnswer()
        shot("puzzle-burial" + suffix)
        puzzles.setTheme("")
    window.resize(1280, 720)
    window.setProperty("screen", "home")


def _account_shots(app_vm: Any, window: Any, shot: Callable[[str], None]) -> None:
    """The Account screen (issue 37) against a local server: a guest's choices, a new
    account's recovery codes, a link code on show. Nothing goes to the player's keychain: the
    sign-in is kept in the shots' own settings file."""
    import keyring
    from keyring.backends import fail

    from app import online, tokens

    if not online.available():
        return
    account, settings = app_vm.account, app_vm.settings
    saved_address, saved_keyring = settings.serverAddress, keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())  # type: ignore[no-untyped-call]
    with local_server() as address:
        if address is None:
            return
        settings.serverAddress = address
        window.setProperty("screen", "account")
        shot("account")
        account.create("Mei", "")
        wait_until(lambda: not account.busy, 20)
        shot("account-codes")
        account.codesSaved()
        account.showLinkCode()
        wait_until(lambda: not account.busy, 20)
        shot("account-link")
        tokens.forget(address)
    settings.serverAddress = saved_address
    keyring.set_keyring(saved_keyring)
    window.setProperty("screen", "home")


@contextlib.contextmanager
def local_server(db: Path | None = None, *options: str) -> Iterator[str | None]:
    """``net.server`` on 127.0.0.1 with ``db`` (else a database of its own) and ``options``,
    for as long as the block runs: its ``host:port``, or None when it cannot be started."""
    import re
    import subprocess
    import sys
    import tempfile

    if db is None:
        db = Path(tempfile.mkdtemp(prefix="tuolaji-shots-server-")) / "server.db"
    cmd = [sys.executable, "-m", "net.server", "--port", "0", "--db", str(db), *options]
    try:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    except OSError:
        yield None
        return
    try:
        m = re.search(r":(\d+)$", (proc.stdout.readline() if proc.stdout else "").strip())
        yield f"127.0.0.1:{m.group(1)}" if m else None
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


def _help_shot(window: Any, shot: Callable[[str], None]) -> None:
    """The keys-and-mouse overlay ("?") over the table."""
    window.setProperty("helpShown", True)
    shot("help")
    window.setProperty("helpShown", False)


class ShownOnline(OnlineSession):
    """An online seat shown from a real view with no connection behind it (the pictures and
    the layout test show the online table's parts: its clock, its chat, its banner)."""

    def __init__(self, room: str, seat: int | None) -> None:
        super().__init__(cast("Client", None), room, seat)  # never asked for anything

    def close(self) -> None:
        self._closed = True


def failing_throw(table: Any) -> list[str] | None:
    """A throw from the player's hand (their best and worst card of a suit) that the rules
    will not let stand, judged against the other hands; None when there is none."""
    hand = table.session.match.hand
    v = table.session.view
    me = table.session.seat
    mine = hand.hands[me]
    others = [hand.hands[s] for s in range(4) if s != me]
    by_suit: dict[str, list[str]] = {}
    for c in sorted(mine.elements(), key=v.trumps.position, reverse=True):
        by_suit.setdefault(v.trumps.suit(c), []).append(c)
    for cards in by_suit.values():
        distinct = list(dict.fromkeys(cards))
        if len(distinct) < 2:
            continue
        play = [distinct[0], distinct[-1]]
        if check_lead(Counter(mine), play, v.trumps, v.rules, others).attempted is not None:
            return play
    return None


def to_failed_throw(app_vm: Any, seeds: range = range(1, 40)) -> list[str]:
    """Offline hands at instant speed until the player leads holding a throw that fails;
    returns that throw, not yet played."""
    table = app_vm.table
    app_vm.settings.speed = "instant"
    for seed in seeds:
        app_vm.start_rules(preset("classic"), seat=0, seed=seed)
        while table.hud.phase != "done":
            if not wait_until(lambda: _me_to_act(table) or table.hud.phase == "done", 30):
                break
            v = table.session.view
            if v.phase == "play" and "play" in v.actions and not v.trick:
                throw = failing_throw(table)
                if throw is not None:
                    return throw
            human_step(table, bid=True)
    raise RuntimeError("no failing throw found")


def _trust_shots(app_vm: Any, window: Any, shot: Callable[[str], None]) -> None:
    """Issue #13's moments: a bid standing, a failed throw's message (also at 800×600), the
    last trick on demand, the online turn clock (also at 800×600), a replay at its last step."""
    table = app_vm.table
    settings = app_vm.settings
    settings.speed = "instant"
    for seed in range(1, 60):  # the deal's end: someone has bid, and the player may overcall
        app_vm.start_rules(preset("classic"), seat=0, seed=seed)
        wait_until(lambda: _me_to_act(table), 20)
        bids = [r for r in table.bidding.options.rows() if r["allowed"]]
        if bids and table.hud.phase == "deal" and table.bidding.bidText:
            break
    shot("trust-bid")

    throw = to_failed_throw(app_vm)
    select(table, throw)
    settings.speed = "normal"  # the others wait a moment: the forced card is still alone
    table.hand.play()
    shot("trust-throw")
    window.resize(800, 600)
    shot("trust-throw-800x600")
    window.resize(1280, 720)
    settings.speed = "instant"

    def following() -> bool:
        v = table.session.view
        return _me_to_act(table) and v.phase == "play" and bool(v.trick) and bool(v.tricks)

    while table.hud.phase == "play" and not following():
        wait_until(lambda: _me_to_act(table) or table.hud.phase != "play", 20)
        if not following():
            human_step(table)
    table.trick.setPeek("last")
    shot("trust-last-trick")
    table.trick.setPeek("")

    app_vm.online.set_state("offline")  # no reconnect banner left from the online pictures
    online = ShownOnline("shots", 0)
    online.view, online.clock = table.session.view, 30
    online.names = ["Ann", "Mei", "Bo", "Lin"]
    online.deadlines = {0: time.monotonic() + 23.5}  # the server's clock at the seat to act
    app_vm.set_session(online)
    shot("trust-online-clock")
    window.resize(800, 600)  # the compact seats: the clock in your seat, the side's colour
    online.deadlines = {0: time.monotonic() + 4.5}  # five seconds or less: urgent
    online.changed.emit()
    shot("trust-online-clock-800x600")
    window.resize(1280, 720)
    app_vm.set_session(None)

    app_vm.start_rules(preset("classic"), seat=0, seed=8)
    while table.hud.phase != "done":
        if not wait_until(lambda: _me_to_act(table) or table.hud.phase == "done", 20):
            break
        human_step(table, bid=True)
    _held_after_resize(app_vm, window, shot)
    app_vm.leaveTable()
    app_vm.set_session(ReplaySession(read_record(list_records()[0])))
    table.hud.replayGo(table.hud.replaySteps - 1)
    shot("trust-replay-end")


def _held_after_resize(app_vm: Any, window: Any, shot: Callable[[str], None]) -> None:
    """The next hand, the window resized on the way: a trick the player finishes is held
    whole (before the fix no trick was held after the first hand: it cleared at once)."""
    table, settings = app_vm.table, app_vm.settings
    table.result.nextHand()

    def my_play() -> bool:
        v = table.session.view
        return _me_to_act(table) and v.phase == "play" and len(v.trick) == 3 and bool(v.tricks)

    for size in ((800, 600), (1920, 1080), (1000, 700), (1280, 720)):
        window.resize(*size)
        pump(0.05)
    while table.hud.phase != "done" and not my_play():
        if not wait_until(lambda: _me_to_act(table) or table.hud.phase == "done", 20):
            return
        if not my_play():
            human_step(table, bid=True)
    if table.hud.phase == "done":
        return
    settings.speed = "normal"
    finished = len(table.session.view.tricks) + 1
    human_step(table)  # the trick's last play
    wait_until(lambda: len(table.session.view.tricks) == finished and table.trick.holding, 5)
    pump(0.35)  # the play has landed; the hold has most of its time to run
    shot("trust-trick-held-after-resize")
    settings.speed = "instant"


def _online_shots(app_vm: Any, window: Any, shot: Callable[[str], None]) -> bool:
    """The lobby with a public table of four bots, and that table watched, from a local server
    (``net.server`` on 127.0.0.1). False when the server cannot be started."""
    import asyncio

    from app import online

    if not online.available():
        return False
    with local_server() as address:
        return address is not None and _online_run(app_vm, window, shot, address, asyncio)


def _online_run(
    app_vm: Any, window: Any, shot: Callable[[str], None], address: str, asyncio: Any
) -> bool:
    from net.client import Client

    table = app_vm.table
    vm = app_vm.online

    async def until(pred: Callable[[], bool], timeout: float) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end and not pred():
            await asyncio.sleep(0.02)
        return pred()

    async def run() -> bool:
        host = Client(f"ws://{address}", name="Mei")
        await host.connect()
        room = (await host.create("classic")).room
        await host.join(room)
        for seat in range(4):
            await host.add_bot(room, seat)
        await host.start(room)
        window.setProperty("screen", "lobby")
        vm.connectTo(address, "Ann")
        if not await until(lambda: vm.rooms.count > 0, 10):
            return False
        await asyncio.sleep(0.3)  # let the list settle (Qt's events run on this loop)
        shot("lobby")
        # The waiting room of a room of Ann's: an AI seat, Mei seated, a word in the chat
        vm.createRoom("classic")
        if not await until(lambda: vm.room.get("seated") is True, 10):
            return False
        mine = vm.room["id"]
        vm.addBot(1, "easy")
        await host.join(mine)
        await host.sit(mine, 2)
        await host.ready(mine)
        await host.chat(mine, "你好! Ready when you are.")
        vm.sendChat("Hi Mei, one more seat to fill")
        await until(lambda: vm.chat.count >= 2 and vm.roomSeats.rows()[2]["ready"], 10)
        await asyncio.sleep(0.3)
        shot("room")
        await host.leave(mine)
        app_vm.leaveTable()
        window.setProperty("screen", "lobby")
        # The server's bots play without pauses: show each play where it lands, not in flight.
        app_vm.settings.reduceMotion = True
        vm.watchRoom(room)

        def mid_trick() -> bool:
            v = table.session.view if table.session is not None else None
            return table.hud.kind == "spectator" and v is not None and len(v.trick) >= 2

        if not await until(mid_trick, 60):
            return False
        shot("spectator")
        app_vm.settings.reduceMotion = False
        app_vm.set_session(None)
        await host.close()
        return True

    async def run_and_close() -> bool:
        from app.online import lobby_of

        try:
            return await run()
        finally:  # left connected, the app would say it is reconnecting once the server stops
            await lobby_of(vm).close()

    task = asyncio.ensure_future(asyncio.wait_for(run_and_close(), 120))  # on the app's loop
    if not wait_until(task.done, 130):
        task.cancel()
    try:
        return bool(task.result())
    except Exception as e:  # the pictures of the offline screens are still worth having
        print("online screenshots skipped:", e)
        return False


def _me_to_act(table: Any) -> bool:
    v = table.session.view if table.session is not None else None
    if v is None or not v.actions:
        return False
    if v.phase == "deal":
        return "pass-bid" in v.actions
    return True
