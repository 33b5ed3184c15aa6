"""What the request handlers share: the tables this server runs, who sits where, the open
connections, the answers remembered per user, what the lobby has still to hear, the friends'
presence still to be told, and the server's store, settings and AI. Handlers (``net.rooms``,
``net.lobby``, ...) take the hub as their first argument; ``net.server.Server`` is the hub,
with the process around it.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection

from net import config
from net.civility import ChatMemory, FloodRule
from net.config import Settings
from net.conn import WRITE_MAX, Conn
from net.http import peer
from net.leaderboard import Boards
from net.players import Thinker
from net.rematch import Rematches
from net.stats import Stats
from net.storage import Storage
from net.tables import Table

if TYPE_CHECKING:
    from net.cluster.serving import Cluster
    from net.cluster.social import SocialLink


class LobbyNews:
    """The public rooms that changed or closed since the lobby's last push (``net.lobby``)."""

    def __init__(self) -> None:
        self.changed: set[str] = set()
        self.gone: set[str] = set()
        self.due = asyncio.Event()  # something to push

    def take(self) -> tuple[set[str], set[str]]:
        """The changed and the closed rooms, forgotten here."""
        self.due.clear()
        changed, gone, self.changed, self.gone = self.changed, self.gone, set(), set()
        return changed, gone


class Social:
    """What the social requests share (``net.notices``): the chat flood rule, the rooms'
    recent chat, the link to the other nodes, and the players whose friends are still to be
    told of their presence."""

    def __init__(self) -> None:
        self.flood = FloodRule()
        self.chat = ChatMemory()
        self.link: SocialLink | None = None  # in a cluster (net.cluster.social)
        self.due: dict[int, bool] = {}  # user -> they toggled "appear offline" (told even so)
        self.timer: asyncio.TimerHandle | None = None  # the next telling, once due
        self.telling: asyncio.Task[None] | None = None


class Hub:
    """The server's shared state; ``net.server.Server`` adds the process around it."""

    def __init__(
        self,
        store: Storage,
        settings: Settings | None = None,
        rate: float = 20.0,
        burst: float = 60.0,
        write_max: int = WRITE_MAX,
        rooms_per_user: int = config.ROOMS_PER_USER,
        thinker: Thinker | None = None,
    ) -> None:
        self.store = store
        self.rooms_per_user = rooms_per_user
        self.thinker = thinker
        self.settings = settings or Settings()
        seed = self.settings.seed
        self.seeds = random.Random(seed) if seed is not None else None  # tests: --seed
        self.rate = rate
        self.burst = burst
        self.write_max = write_max
        self.stats = Stats()
        self.cluster: Cluster | None = None  # one node of several (net.cluster.serving)
        self.token_ttl = 0.0  # seconds a login token lasts (0: for ever; config token_days)
        self.tables: dict[str, Table] = {}
        self.parked: dict[str, str] = {}  # room -> why its log did not replay at the start
        # user -> the rooms where they sit (insertion-ordered), so hello need not scan tables
        self.seated: dict[int, dict[str, None]] = {}
        self._indexed: dict[str, set[int]] = {}  # room -> the users ``seated`` has for it
        self.conns: set[Conn] = set()
        # user -> request id -> its answer (net.dispatch: a repeated id is answered again)
        self.replies: dict[int, OrderedDict[int, asyncio.Future[bytes]]] = {}
        self.lobby_news = LobbyNews()
        # the client's real address (behind a trusted proxy: its X-Forwarded-For)
        self.address_of: Callable[[ServerConnection], str] = peer
        # --stats: (wall time, seconds) of every act from its frame's arrival to its answer
        # (its events are queued before it), and of the event loop's lag
        self.act_times: list[tuple[float, float]] | None = None
        self.lags: list[tuple[float, float]] = []
        self.gc_pauses: list[tuple[float, float, int]] = []  # (wall time, seconds, generation)
        self.frames_sent: list[tuple[float, int]] = []  # (wall time, Conn.sent) with each lag
        self.gc_start = 0.0  # when the collector's pass began
        self.rematches = Rematches(self.new_seed)  # offers after a match (net.rematch)
        self.boards = Boards(store)  # the leaderboards (net.leaderboard)
        self.social = Social()

    def new_seed(self) -> int:
        """A new match's seed (tests' ``--seed``: drawn from theirs)."""
        return self.seeds.getrandbits(62) if self.seeds else secrets.randbits(62)

    def index_seats(self, table: Table) -> None:
        """Bring ``seated`` up to date with who sits at ``table`` now (and void a rematch
        offer whose four no longer sit)."""
        self.rematches.seats_changed(table)
        now = table.seated_users()
        before = self._indexed.pop(table.id, set())
        for user in before - now:
            rooms = self.seated.get(user)
            if rooms is not None:
                rooms.pop(table.id, None)
                if not rooms:
                    del self.seated[user]
        for user in now - before:
            self.seated.setdefault(user, {})[table.id] = None
        if now:
            self._indexed[table.id] = now
        for user in before ^ now:
            self.seat_moved(user)

    def seat_moved(self, user: int) -> None:
        """``user`` sat down or left a seat (``net.server.Server`` tells their friends)."""

    def table_changed(self, table: Table) -> None:
        if not table.private:
            self.lobby_news.changed.add(table.id)
            self.lobby_news.due.set()

    def table_gone(self, table: Table) -> None:
        if not table.private:
            self.lobby_news.gone.add(table.id)
            self.lobby_news.due.set()
