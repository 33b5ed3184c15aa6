"""Leaderboards and profiles on the online screens (``App.profile``, issue 37 part 5; the server's
side is net/leaderboard.py).

The leaderboard: a preset's listed players as the server last recomputed them, and the gate a
player passes to be listed. A profile: the overall rating and title, each preset's rating with
its rank or "provisional", a graph of the rating over the rated hands of one preset, the recent
hands (each opens in the replay viewer from the player's seat) and the record with and against
the players met most. Names on the board and among the partners open their own profiles.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlUncreatable

from app.i18n import sentence
from app.models import RowsModel

if TYPE_CHECKING:
    from app.online import Lobby
    from net.protocol import BoardReply, ProfileReply

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1

log = logging.getLogger(__name__)

# The English names of the 联众 titles (net.auth.LIANZHONG): an English player reads the name
# and the title as the server gives it, e.g. "Scholar (秀才)".
TITLES_EN = {
    "庶民": "Commoner",
    "秀才": "Scholar",
    "举人": "Provincial graduate",
    "九品芝麻官": "Official of the 9th rank",
    "八品县丞": "County deputy, 8th rank",
    "七品知县": "County magistrate, 7th rank",
    "六品通判": "Assistant prefect, 6th rank",
    "五品知州": "Department magistrate, 5th rank",
    "四品知府": "Prefect, 4th rank",
    "三品按察使": "Provincial judge, 3rd rank",
    "二品巡抚": "Provincial governor, 2nd rank",
    "一品大学士": "Grand secretary, 1st rank",
    "宰相": "Chancellor",
    "王爷": "Prince",
    "皇帝": "Emperor",
}


@QmlElement
@QmlUncreatable("App.profile")
class ProfileViewModel(QObject):  # type: ignore[operator]  # QmlUncreatable is a decorator
    """The leaderboard and the profile shown, fetched from the server the lobby is on."""

    changed = Signal()

    def __init__(
        self,
        lobby: Callable[[], Lobby],
        words: Callable[[str, str], str],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._lobby = lobby
        self._words = words  # a server's (English, 简体) message in the player's language
        self._board = RowsModel(("rank", "name", "rating", "games", "user", "mine"), self)
        self._presets = RowsModel(("preset", "rating", "games", "rank", "provisional"), self)
        self._recent = RowsModel(("game", "seat", "title", "detail"), self)
        self._partners = RowsModel(("user", "name", "together", "against"), self)
        self._board_reply: BoardReply | None = None
        self._profile: ProfileReply | None = None
        # what was asked for last, (the client, preset / user): a reply to an earlier ask is
        # dropped, and what another server or player showed is cleared while it is fetched
        self._board_wanted: tuple[object, str] | None = None
        self._profile_wanted: tuple[object, int | None] | None = None
        self._graph_preset = ""
        self._loading = False
        self._error: Callable[[], str] | None = None  # worded when read: follows the language

    # -- fetching ---------------------------------------------------------------------------
    def _fetch(self, coro: Callable[[], Coroutine[Any, Any, None]]) -> None:
        lobby = self._lobby()
        if lobby.client is None:
            self._error = lambda: self.tr("Connect to a server first.")
            self.changed.emit()
            return
        self._loading, self._error = True, None
        self.changed.emit()
        lobby.spawn(self._guarded(coro))

    async def _guarded(self, coro: Callable[[], Coroutine[Any, Any, None]]) -> None:
        from net.client import ServerError

        try:
            await coro()
        except ServerError as e:
            en, zh = e.en, e.zh
            self._error = lambda: sentence(self._words(en, zh))
        except (ConnectionError, OSError) as e:
            log.info("profile: %s", e)
            self._error = lambda: self.tr("The server cannot be reached: try again.")
        finally:
            self._loading = False
            self.changed.emit()

    @Slot(str)
    def showBoard(self, preset: str) -> None:
        """The leaderboard of ``preset``."""
        lobby = self._lobby()
        wanted = (lobby.client, preset)

        async def load() -> None:
            assert lobby.client is not None
            board = await lobby.client.leaderboard(preset, limit=100)
            if self._board_wanted == wanted:  # not a board asked for before the last
                self.set_board(board)

        if self._board_wanted != wanted:  # another preset's or server's: not shown meanwhile
            self.set_board(None)
        self._board_wanted = wanted
        self._fetch(load)

    @Slot(int)
    def showProfile(self, user: int) -> None:
        """``user``'s profile (0: the player's own)."""
        lobby = self._lobby()
        wanted = (lobby.client, user or lobby.me)

        async def load() -> None:
            assert lobby.client is not None
            profile = await lobby.client.profile(user or None)
            if self._profile_wanted == wanted:  # not a profile asked for before the last
                self.set_profile(profile)

        if self._profile_wanted != wanted:  # another player's or server's: not shown meanwhile
            self.set_profile(None)
        self._profile_wanted = wanted
        self._fetch(load)

    @Slot(int)
    def openGame(self, game: int) -> None:
        """A recent hand of the profile in the replay viewer, from the profile player's seat."""
        seat = next((r["seat"] for r in self._recent.rows() if r["game"] == game), None)
        lobby = self._lobby()
        mine = self._profile is not None and self._profile.user == lobby.me

        async def load() -> None:
            client = lobby.client
            assert client is not None
            found = await client.record(game)
            lobby.vm.open_record({**found.record, "seat": seat}, watching=not mine)

        self._fetch(load)

    @Slot(str)
    def showGraph(self, preset: str) -> None:
        self._graph_preset = preset
        self.changed.emit()

    # -- what came back ---------------------------------------------------------------------
    def set_board(self, board: BoardReply | None) -> None:
        """Show ``board`` (None: none, while another is fetched)."""
        me = self._lobby().me
        self._board_reply = board
        if board is None:
            self._board.set_rows([])
            self.changed.emit()
            return
        self._board.set_rows(
            [
                {
                    "rank": e.rank,
                    "name": e.name,
                    "rating": e.rating,
                    "games": e.games,
                    "user": e.user,
                    "mine": e.user == me,
                }
                for e in board.entries
            ]
        )
        self.changed.emit()

    def set_profile(self, profile: ProfileReply | None) -> None:
        """Show ``profile`` (None: nobody's, while another is fetched)."""
        self._profile = profile
        if profile is None:
            for rows in (self._presets, self._recent, self._partners):
                rows.set_rows([])
            self.changed.emit()
            return
        self._presets.set_rows(
            [
                {
                    "preset": p.preset,
                    "rating": p.rating,
                    "games": p.games,
                    "rank": p.rank or 0,
                    "provisional": p.provisional,
                }
                for p in profile.presets
            ]
        )
        self._recent.set_rows(
            [
                {
                    "game": g.game,
                    "seat": g.seat,
                    "title": self.tr("Room %1 · hand %2")
                    .replace("%1", g.room)
                    .replace("%2", str(g.hand_no)),
                    "detail": time.strftime("%Y-%m-%d %H:%M", time.localtime(g.finished))
                    + (f"  {g.delta:+d}" if g.delta is not None else ""),
                }
                for g in profile.recent
            ]
        )
        self._partners.set_rows(
            [
                {
                    "user": p.user,
                    "name": p.name,
                    "together": self._record(p.with_won, p.with_games),
                    "against": self._record(p.against_won, p.against_games),
                }
                for p in profile.partners
            ]
        )
        presets = [p.preset for p in profile.presets]
        if self._graph_preset not in presets:
            self._graph_preset = presets[0] if presets else ""
        self.changed.emit()

    def reword(self) -> None:
        """The language changed: the rows worded here, and the notes, in the new one."""
        if self._profile is not None:
            self.set_profile(self._profile)
        else:
            self.changed.emit()

    def _record(self, won: int, games: int) -> str:
        if not games:
            return "—"
        return self.tr("%1 won of %2").replace("%1", str(won)).replace("%2", str(games))

    # -- properties -------------------------------------------------------------------------
    def _board_note(self) -> str:
        b = self._board_reply
        if b is None:
            return ""
        note = self.tr(
            "Rated hands only: four players and the preset's rules unchanged. Listed: %1 rated"
            " hands or more, one in the last %2 days, and %3 different opponents met."
        )
        days = f"{b.active_days:g}"
        return (
            note.replace("%1", str(b.min_games))
            .replace("%2", days)
            .replace("%3", str(b.min_opponents))
        )

    def _board_time(self) -> str:
        b = self._board_reply
        if b is None:
            return ""
        if b.computed is None:
            return self.tr("Not computed yet: the server recomputes the boards every few minutes.")
        at = time.strftime("%Y-%m-%d %H:%M", time.localtime(b.computed))
        return self.tr("Recomputed at %1").replace("%1", at)

    def _graph(self) -> list[int]:
        p = self._profile
        found = [x for x in p.presets if x.preset == self._graph_preset] if p else []
        return [rating for _at, rating in found[0].graph] if found else []

    def _field(self, name: str) -> Any:
        return getattr(self._profile, name) if self._profile is not None else None

    board = Property(QObject, lambda self: self._board, constant=True)
    presets = Property(QObject, lambda self: self._presets, constant=True)
    recent = Property(QObject, lambda self: self._recent, constant=True)
    partners = Property(QObject, lambda self: self._partners, constant=True)
    boardPreset = Property(
        str, lambda self: self._board_reply.preset if self._board_reply else "", notify=changed
    )
    boardNote = Property(str, _board_note, notify=changed)
    boardTime = Property(str, _board_time, notify=changed)
    loading = Property(bool, lambda self: self._loading, notify=changed)
    error = Property(str, lambda self: self._error() if self._error else "", notify=changed)
    shown = Property(bool, lambda self: self._profile is not None, notify=changed)
    name = Property(str, lambda self: self._field("name") or "", notify=changed)
    rating = Property(int, lambda self: self._field("rating") or 0, notify=changed)

    def _title(self) -> str:
        if self._profile is None:
            return ""
        zh = self._profile.titles.lianzhong
        english = TITLES_EN.get(zh)
        return self._words(f"{english} ({zh})" if english else zh, zh)

    title = Property(str, _title, notify=changed)
    mine = Property(
        bool,
        lambda self: self._profile is not None and self._profile.user == self._lobby().me,
        notify=changed,
    )
    graphPreset = Property(str, lambda self: self._graph_preset, notify=changed)
    graph = Property(list, _graph, notify=changed)
