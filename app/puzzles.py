"""The puzzle screen (``App.puzzles``, issue 35 part 6): a shipped puzzle's position from the
solver's seat, the answer picked by clicking cards and checked by ``engine.puzzles.check``, and
ratings as lichess keeps them (``engine.puzzles.rating``: Glicko-2 for the solver and for each
puzzle), kept in ``puzzles.sqlite3`` beside the settings with every try.

A puzzle is rated once: its first try ever. Trying again after a wrong answer, or a puzzle met
again once all of a theme are tried, is practice. The next puzzle is an untried one rated near
the solver, of the theme chosen.

Two signals, as on the lessons' screen: ``changed`` when another puzzle (or language) is shown,
``answerChanged`` when a card is picked or an answer judged.
"""

from __future__ import annotations

import logging
import random
import sqlite3
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlUncreatable

from app.i18n import engine_text
from app.settings import Settings, data_dir
from app.table import rank_text
from engine.cards import SUIT_SYMBOLS, Card
from engine.lessons.check import cards_text
from engine.lessons.model import Verdict
from engine.order import TRUMP
from engine.puzzles import Puzzle, check, legal, load, puzzle_view
from engine.puzzles.rating import Rating, pick, play, prior
from engine.views import View

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1

log = logging.getLogger(__name__)
SHIPPED = Path(__file__).resolve().parent.parent / "resources" / "puzzles"
PROVISIONAL_RD = 110  # a rating this unsure is shown with a "?", as lichess does
SOLVER = "solver"  # the solver's row among the ratings


def store_path() -> Path:
    return data_dir() / "puzzles.sqlite3"


class PuzzleStore:
    """Ratings (the solver's and each puzzle's tried) and every try, in one SQLite file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with self._db() as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS rating (name TEXT PRIMARY KEY, rating REAL NOT NULL,"
                " rd REAL NOT NULL, vol REAL NOT NULL)"
            )
            db.execute(
                "CREATE TABLE IF NOT EXISTS try (puzzle TEXT NOT NULL, at REAL NOT NULL,"
                " solved INTEGER NOT NULL, rated INTEGER NOT NULL)"
            )

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(self.path)) as db, db:  # one transaction, then closed
            yield db

    def ratings(self) -> dict[str, Rating]:
        with self._db() as db:
            rows = db.execute("SELECT name, rating, rd, vol FROM rating").fetchall()
        return {name: Rating(r, rd, vol) for name, r, rd, vol in rows}

    def tried(self) -> Counter[str]:
        """Each puzzle tried: how many of its tries were solved (0: tried, never solved)."""
        with self._db() as db:
            rows = db.execute("SELECT puzzle, solved FROM try").fetchall()
        out: Counter[str] = Counter()
        for puzzle, solved in rows:
            out[puzzle] += int(solved)
        return out

    def record(self, puzzle: str, solved: bool, rated: dict[str, Rating] | None) -> None:
        """A try, and (a rated one) the ratings after it, in one transaction."""
        with self._db() as db:
            db.execute(
                "INSERT INTO try (puzzle, at, solved, rated) VALUES (?, ?, ?, ?)",
                (puzzle, time.time(), int(solved), int(rated is not None)),
            )
            for name, r in (rated or {}).items():
                db.execute(
                    "INSERT OR REPLACE INTO rating (name, rating, rd, vol) VALUES (?, ?, ?, ?)",
                    (name, r.rating, r.rd, r.vol),
                )


def _prior(p: Puzzle) -> Rating:
    return prior(p.gain, len(p.scores), "burial" in p.themes)


@QmlElement
@QmlUncreatable("App.puzzles")
class PuzzlesViewModel(QObject):  # type: ignore[operator]  # QmlUncreatable (see viewmodels)
    changed = Signal()
    answerChanged = Signal()

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._puzzles: dict[str, Puzzle] = {}  # read on first use: the app starts without them
        self._store: PuzzleStore | None = None
        self._rng = random.Random()
        self._theme = ""  # "": every theme
        self._current: Puzzle | None = None
        self._view: View | None = None
        self._hand: list[Card] = []
        self._picked: set[int] = set()
        self._verdict: Verdict | None = None
        self._tries = 0  # this puzzle's tries since it was shown
        self._revealed = False
        self._delta: float | None = None  # the solver's rating change of the rated try
        self._rated_before = False  # shown again: tried before, so this is practice
        self._counted = ""  # the last answer: "rated", "again", "before", "" (refused)

    # -- the puzzles and the store ---------------------------------------------------------
    def _all(self) -> dict[str, Puzzle]:
        if not self._puzzles:
            for path in sorted(SHIPPED.glob("*.jsonl")):
                self._puzzles.update((p.id, p) for p in load(path))
        return self._puzzles

    def _db(self) -> PuzzleStore:
        if self._store is None or self._store.path != store_path():
            self._store = PuzzleStore(store_path())
        return self._store

    def reload(self) -> None:
        """Read the store again (another data folder, tests) and show a fresh puzzle."""
        self._store = None
        self._current = None
        self.start()

    def _solver(self) -> Rating:
        return self._db().ratings().get(SOLVER, Rating())

    def _rating_of(self, p: Puzzle, ratings: dict[str, Rating]) -> Rating:
        return ratings.get(p.id) or _prior(p)

    # -- words -----------------------------------------------------------------------------
    def _say(self, en: str, zh: str) -> str:
        return engine_text(en, zh, str(self._settings.language))

    def reword(self) -> None:
        self.changed.emit()
        self.answerChanged.emit()

    def _theme_title(self, key: str) -> str:
        titles = {
            "": self.tr("All themes"),
            "lead": self.tr("Leading"),
            "throw": self.tr("Throws"),
            "failed-throw": self.tr("Throws that fail"),
            "trump-lead": self.tr("Leading trumps"),
            "ruff": self.tr("Ruffing"),
            "winning": self.tr("Winning the trick"),
            "point-feeding": self.tr("Feeding points"),
            "ducking": self.tr("Ducking"),
            "following": self.tr("Following"),
            "endgame": self.tr("Endgame"),
            "burial": self.tr("Burial"),
        }
        return titles.get(key, key)

    def _rating_text(self, r: Rating) -> str:
        return f"{round(r.rating)}{'?' if r.rd > PROVISIONAL_RD else ''}"

    # -- properties --------------------------------------------------------------------------
    def _themes(self) -> list[dict[str, Any]]:
        counts = Counter(t for p in self._all().values() for t in p.themes)
        keys = ["", *sorted(counts, key=lambda t: (-counts[t], t))]
        return [
            {"key": k, "title": self._theme_title(k), "count": counts[k] or len(self._all())}
            for k in keys
        ]

    def _rating(self) -> str:
        return self.tr("Your rating: %1").replace("%1", self._rating_text(self._solver()))

    def _delta_text(self) -> str:
        """How the last answer moved the solver's rating, or why it did not."""
        if self._verdict is None or self._counted == "":
            return ""
        if self._counted == "before":
            return self.tr("Not rated: tried before")
        if self._counted == "again":
            return self.tr("Not rated: only the first try counts")
        step = round(self._delta or 0.0)
        return f"+{step}" if step >= 0 else str(step)

    def _puzzle_rating(self) -> str:
        """The puzzle's rating, once answered (before, it would say how hard it is)."""
        p = self._current
        if p is None or self._verdict is None:
            return ""
        r = self._rating_of(p, self._db().ratings())
        return self.tr("Puzzle rating: %1").replace("%1", self._rating_text(r))

    def _score(self) -> str:
        tried = self._db().tried()
        solved = sum(1 for n in tried.values() if n)
        return (
            self.tr("%1 solved of %2 tried · %3 puzzles")
            .replace("%1", str(solved))
            .replace("%2", str(len(tried)))
            .replace("%3", str(len(self._all())))
        )

    def _goal(self) -> str:
        v = self._view
        if v is None:
            return ""
        if v.phase == "bury":
            return self.tr("Bury %1 cards: find the best burial").replace("%1", str(v.kitty_size))
        if not v.trick:
            return self.tr("Your lead: find the best play")
        return self.tr("Find the best play")

    def _seat_name(self, seat: int) -> str:
        assert self._current is not None
        names = [self.tr("You"), self.tr("Right"), self.tr("Partner"), self.tr("Left")]
        return names[(seat - self._current.seat) % 4]

    def _setting(self) -> str:
        v = self._view
        if v is None or v.seat is None:
            return ""
        parts = [self.tr("Level %1").replace("%1", rank_text(v.level))]
        if v.trump is None or v.trump.lower() == "none":
            parts.append(self.tr("No trump"))
        else:
            parts.append(self.tr("Trump %1").replace("%1", SUIT_SYMBOLS[v.trump.upper()]))
        if v.dealer == v.seat:
            parts.append(self.tr("You are the dealer"))
        elif v.dealer is not None:
            dealer = self._seat_name(v.dealer)
            parts.append(self.tr("Dealer: %1").replace("%1", dealer))
        if v.phase != "bury":
            points = v.attacker_points if v.attacker_points is not None else 0
            parts.append(self.tr("Attackers' points: %1").replace("%1", str(points)))
        return " · ".join(parts)

    def _trick(self) -> list[dict[str, Any]]:
        v = self._view
        if v is None or v.trumps is None:
            return []
        return [
            {"who": self._seat_name(seat), "cards": v.trumps.sorted(cards), "lead": i == 0}
            for i, (seat, cards) in enumerate(v.trick)
        ]

    def _played(self) -> list[dict[str, Any]]:
        """The cards out in finished tricks, a row for trumps and one for each other suit."""
        v = self._view
        trumps = v.trumps if v is not None else None
        if v is None or trumps is None:
            return []
        out = [c for t in v.tricks for _, cards in t.plays for c in cards]
        rows = []
        for suit in (TRUMP, "S", "H", "C", "D"):
            cards = trumps.sorted([c for c in out if trumps.suit(c) == suit])
            if cards:
                label = self.tr("Trumps") if suit == TRUMP else SUIT_SYMBOLS[suit]
                rows.append({"label": label, "cards": cards})
        return rows

    def _cards(self) -> list[dict[str, Any]]:
        v = self._view
        if v is None or v.trumps is None:
            return []
        return [{"code": c, "trump": v.trumps.is_trump(c)} for c in self._hand]

    def _verdict_text(self) -> str:
        return self._say(self._verdict.en, self._verdict.zh) if self._verdict else ""

    def _verdict_ok(self) -> bool:
        return self._verdict is not None and self._verdict.ok

    themes = Property(list, _themes, notify=changed)
    theme = Property(str, lambda self: self._theme, notify=changed)
    rating = Property(str, _rating, notify=answerChanged)
    ratingDelta = Property(str, _delta_text, notify=answerChanged)
    puzzleRating = Property(str, _puzzle_rating, notify=answerChanged)
    score = Property(str, _score, notify=answerChanged)
    puzzleId = Property(str, lambda self: self._current.id if self._current else "", notify=changed)
    goal = Property(str, _goal, notify=changed)
    burial = Property(
        bool, lambda self: self._view is not None and self._view.phase == "bury", notify=changed
    )
    setting = Property(str, _setting, notify=changed)
    trick = Property(list, _trick, notify=changed)
    played = Property(list, _played, notify=changed)
    cards = Property(list, _cards, notify=changed)
    picked = Property(list, lambda self: sorted(self._picked), notify=answerChanged)
    pickedCount = Property(int, lambda self: len(self._picked), notify=answerChanged)
    verdict = Property(str, _verdict_text, notify=answerChanged)
    verdictOk = Property(bool, _verdict_ok, notify=answerChanged)
    answered = Property(bool, lambda self: self._verdict is not None, notify=answerChanged)
    revealed = Property(bool, lambda self: self._revealed, notify=answerChanged)

    # -- verbs -------------------------------------------------------------------------------
    @Slot()
    def start(self) -> None:
        """The screen opens: the puzzle on show stays, else the next one."""
        if self._current is None:
            self.nextPuzzle()
        else:
            self.reword()

    @Slot()
    def nextPuzzle(self) -> None:
        pool = [p for p in self._all().values() if not self._theme or self._theme in p.themes]
        ratings = self._db().ratings()
        tried = set(self._db().tried())
        if self._current is not None:
            tried.add(self._current.id)  # never the same one twice running
        chosen = pick(
            {p.id: self._rating_of(p, ratings) for p in pool},
            ratings.get(SOLVER, Rating()),
            tried,
            self._rng,
        )
        if chosen is not None:
            self.openPuzzle(chosen)

    @Slot(str)
    def openPuzzle(self, puzzle_id: str) -> None:
        p = self._all().get(puzzle_id)
        if p is None:
            return
        self._current = p
        self._view = puzzle_view(p)
        assert self._view.trumps is not None
        self._hand = self._view.trumps.sorted(self._view.hand)
        self._picked = set()
        self._verdict = None
        self._tries = 0
        self._revealed = False
        self._delta = None
        self._rated_before = p.id in self._db().tried()
        self._counted = ""
        self.changed.emit()
        self.answerChanged.emit()

    @Slot(str)
    def setTheme(self, key: str) -> None:
        if key != self._theme and (not key or any(key in p.themes for p in self._all().values())):
            self._theme = key
            if self._current is None or (key and key not in self._current.themes):
                self._current = None
                self.nextPuzzle()
            else:
                self.changed.emit()

    @Slot(int)
    def toggle(self, index: int) -> None:
        if self._verdict is not None and (self._verdict.ok or self._revealed):
            return  # the answer stays on show
        if 0 <= index < len(self._hand):
            self._picked ^= {index}
            self._verdict = None
            self.answerChanged.emit()

    @Slot()
    def retry(self) -> None:
        self._picked = set()
        self._verdict = None
        self.answerChanged.emit()

    @Slot()
    def submit(self) -> None:
        p = self._current
        if p is None or not self._picked or (self._verdict is not None and self._verdict.ok):
            return
        cards = [self._hand[i] for i in sorted(self._picked)]
        verdict = check(p, cards)
        self._verdict = verdict
        # a play the rules refuse is no answer: the solver tries again, nothing is counted
        self._counted = ""
        if verdict.ok or legal(p, cards):
            self._tries += 1
            rated = None
            if self._rated_before:
                self._counted = "before"
            elif self._tries > 1:
                self._counted = "again"
            else:
                ratings = self._db().ratings()
                before = ratings.get(SOLVER, Rating())
                solver, puzzle = play(before, self._rating_of(p, ratings), verdict.ok)
                rated = {SOLVER: solver, p.id: puzzle}
                self._delta = solver.rating - before.rating
                self._counted = "rated"
            try:
                self._db().record(p.id, verdict.ok, rated)
            except (OSError, sqlite3.Error):
                log.exception("the puzzle's try could not be saved")
        self.answerChanged.emit()

    @Slot()
    def showAnswer(self) -> None:
        """The best play picked in the hand, with why."""
        p = self._current
        if p is None:
            return
        left = list(p.best)
        picked = set()
        for i, c in enumerate(self._hand):
            if c in left:
                left.remove(c)
                picked.add(i)
        self._picked = picked
        self._revealed = True
        why = check(p, p.best)
        assert self._view is not None and self._view.trumps is not None
        en, zh = cards_text(self._view.trumps.sorted(p.best))
        if self._view.phase == "bury":
            en, zh = f"The best burial: {en}. ", f"最好的扣底：{zh}。"
        else:
            en, zh = f"The best play: {en}. ", f"最好的出法：{zh}。"
        self._verdict = Verdict(False, en + why.en, zh + why.zh)
        self.answerChanged.emit()
