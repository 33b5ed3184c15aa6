"""The Learn screen (``App.lessons``): stages of levels from ``engine.lessons``, the learner's
answer checked by the engine, and the levels solved kept in ``lessons.json`` beside the
settings.

Two signals: ``changed`` when another level (or language) is shown, ``answerChanged`` when the
learner picks a card or an answer is judged, so a click does not rebuild the hand on show.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlUncreatable

from app.i18n import engine_text
from app.settings import Settings, data_dir
from app.table import rank_text
from engine.cards import SUIT_SYMBOLS, parse_cards
from engine.lessons import CHOICE, STAGES, TABLE, Level, Position, Stage, Text, Verdict, check
from engine.lessons.check import cards_text

QML_IMPORT_NAME = "Tuolaji.Backend"
QML_IMPORT_MAJOR_VERSION = 1

log = logging.getLogger(__name__)
GUIDED_SEED = 35  # the guided hand's deal: the same for everyone, so a hint reads the same


def progress_path() -> Path:
    return data_dir() / "lessons.json"


def load_progress() -> set[str]:
    """The keys of the levels solved (none when the file is missing or unreadable)."""
    try:
        data = json.loads(progress_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    return {str(k) for k in data.get("solved", [])} if isinstance(data, dict) else set()


def save_progress(solved: set[str]) -> None:
    path = progress_path()
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"solved": sorted(solved)}), encoding="utf-8")
    tmp.replace(path)


@QmlElement
@QmlUncreatable("App.lessons")
class LessonsViewModel(QObject):  # type: ignore[operator]  # QmlUncreatable (see viewmodels)
    changed = Signal()
    answerChanged = Signal()
    guidedWanted = Signal()  # the guided hand: the App opens an offline table with hints

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._solved = load_progress()
        self._stage = -1  # -1: the list of stages
        self._level = 0
        self._picked: set[int] = set()  # indexes into the hand as shown
        self._verdict: Verdict | None = None
        self._guided: tuple[Level, Any] | None = None  # the guided hand's level and session

    # -- words -----------------------------------------------------------------------------
    def _say(self, text: Text) -> str:
        return engine_text(text[0], text[1], str(self._settings.language))

    def reword(self) -> None:
        """The language changed: every text is read again."""
        self._emit_all()

    def _emit_all(self) -> None:
        self.changed.emit()
        self.answerChanged.emit()

    # -- where the learner is --------------------------------------------------------------
    def _current_stage(self) -> Stage | None:
        return STAGES[self._stage] if 0 <= self._stage < len(STAGES) else None

    def level(self) -> Level | None:
        stage = self._current_stage()
        return stage.levels[self._level] if stage is not None else None

    def _hand(self) -> list[str]:
        level = self.level()
        if level is None:
            return []
        pos = level.position
        return pos.trumps.sorted(pos.hand(0))

    def reload_progress(self) -> None:
        """Read the saved progress again (another data folder, tests)."""
        self._solved = load_progress()
        self._emit_all()

    # -- properties --------------------------------------------------------------------------
    def _stages(self) -> list[dict[str, Any]]:
        return [
            {
                "key": st.key,
                "title": self._say(st.title),
                "solved": sum(lv.key in self._solved for lv in st.levels),
                "total": len(st.levels),
            }
            for st in STAGES
        ]

    def _progress_text(self) -> str:
        total = sum(len(st.levels) for st in STAGES)
        done = sum(lv.key in self._solved for st in STAGES for lv in st.levels)
        return self.tr("%1 of %2 levels solved").replace("%1", str(done)).replace("%2", str(total))

    def _levels(self) -> list[dict[str, Any]]:
        stage = self._current_stage()
        if stage is None:
            return []
        return [
            {"solved": lv.key in self._solved, "current": i == self._level}
            for i, lv in enumerate(stage.levels)
        ]

    def _title(self) -> str:
        stage = self._current_stage()
        return self._say(stage.title) if stage is not None else ""

    def _intro(self) -> str:
        stage = self._current_stage()
        return self._say(stage.intro) if stage is not None else ""

    def _goal(self) -> str:
        level = self.level()
        return self._say(level.goal) if level is not None else ""

    def _task(self) -> str:
        level = self.level()
        return level.task if level is not None else ""

    def _cards(self) -> list[dict[str, Any]]:
        level = self.level()
        if level is None or level.task in (CHOICE, TABLE):
            return []
        trumps = level.position.trumps
        return [{"code": c, "trump": trumps.is_trump(c)} for c in self._hand()]

    def _picked_list(self) -> list[int]:
        return sorted(self._picked)

    def _trick(self) -> list[dict[str, Any]]:
        level = self.level()
        if level is None or level.task == TABLE:
            return []
        pos = level.position
        rows = []
        for i, text in enumerate(pos.plays):
            seat = (pos.leader + i) % 4
            rows.append(
                {
                    "who": self._seat_name(seat),
                    "cards": pos.trumps.sorted(parse_cards(text)),
                    "lead": i == 0,
                }
            )
        return rows

    def _seat_name(self, seat: int) -> str:
        return [self.tr("You"), self.tr("Right"), self.tr("Partner"), self.tr("Left")][seat]

    def _setting(self) -> str:
        """The level rank and the trump (and the rules, where they are not classic)."""
        level = self.level()
        if level is None or level.task == TABLE:
            return ""
        pos = level.position
        if level.task == CHOICE and replace(pos, preset="classic") == Position():
            return ""  # a question of numbers: no cards to describe (the rules are named)
        parts = [self.tr("Level %1").replace("%1", rank_text(pos.level))]
        if pos.trump.lower() == "none":
            parts.append(self.tr("No trump"))
        else:
            parts.append(self.tr("Trump %1").replace("%1", SUIT_SYMBOLS[pos.trump.upper()]))
        return " · ".join(parts)

    def _preset(self) -> str:
        level = self.level()
        return level.position.preset if level is not None else ""

    def _bid_text(self) -> str:
        level = self.level()
        if level is None or level.position.bid is None:
            return ""
        seat, cards = level.position.bid
        shown = self._say(cards_text(parse_cards(cards)))
        whose = {
            1: self.tr("Right-hand player's bid: %1"),
            2: self.tr("Partner's bid: %1"),
            3: self.tr("Left-hand player's bid: %1"),
        }
        return whose[seat].replace("%1", shown)

    def _choices(self) -> list[str]:
        level = self.level()
        return [self._say(c) for c in level.choices] if level is not None else []

    def _verdict_text(self) -> str:
        return self._say((self._verdict.en, self._verdict.zh)) if self._verdict else ""

    def _verdict_ok(self) -> bool:
        return self._verdict is not None and self._verdict.ok

    def _solved_now(self) -> bool:
        level = self.level()
        return level is not None and level.key in self._solved

    def _picked_count(self) -> int:
        return len(self._picked)

    def _last_level(self) -> bool:
        stage = self._current_stage()
        return stage is None or self._level >= len(stage.levels) - 1

    stages = Property(list, _stages, notify=answerChanged)
    progressText = Property(str, _progress_text, notify=answerChanged)
    stage = Property(int, lambda self: self._stage, notify=changed)
    levelIndex = Property(int, lambda self: self._level, notify=changed)
    levels = Property(list, _levels, notify=answerChanged)
    title = Property(str, _title, notify=changed)
    intro = Property(str, _intro, notify=changed)
    goal = Property(str, _goal, notify=changed)
    task = Property(str, _task, notify=changed)
    cards = Property(list, _cards, notify=changed)
    trick = Property(list, _trick, notify=changed)
    setting = Property(str, _setting, notify=changed)
    preset = Property(str, _preset, notify=changed)
    bidText = Property(str, _bid_text, notify=changed)
    choices = Property(list, _choices, notify=changed)
    picked = Property(list, _picked_list, notify=answerChanged)
    verdict = Property(str, _verdict_text, notify=answerChanged)
    verdictOk = Property(bool, _verdict_ok, notify=answerChanged)
    solved = Property(bool, _solved_now, notify=answerChanged)
    pickedCount = Property(int, _picked_count, notify=answerChanged)
    lastLevel = Property(bool, _last_level, notify=changed)

    # -- verbs -------------------------------------------------------------------------------
    @Slot(int)
    def openStage(self, index: int) -> None:
        if not 0 <= index < len(STAGES):
            return
        self._stage = index
        levels = STAGES[index].levels
        # back where the learner left off: the first level not solved yet
        self._level = next((i for i, lv in enumerate(levels) if lv.key not in self._solved), 0)
        self._fresh()

    @Slot(int)
    def openLevel(self, index: int) -> None:
        stage = self._current_stage()
        if stage is not None and 0 <= index < len(stage.levels):
            self._level = index
            self._fresh()

    @Slot()
    def closeStage(self) -> None:
        self._stage = -1
        self._fresh()

    @Slot()
    def next(self) -> None:
        stage = self._current_stage()
        if stage is None:
            return
        if self._level < len(stage.levels) - 1:
            self._level += 1
            self._fresh()
        elif self._stage < len(STAGES) - 1:
            self.openStage(self._stage + 1)

    @Slot()
    def retry(self) -> None:
        self._picked = set()
        self._verdict = None
        self.answerChanged.emit()

    def _fresh(self) -> None:
        self._picked = set()
        self._verdict = None
        self._emit_all()

    @Slot(int)
    def toggle(self, index: int) -> None:
        if self._verdict is not None and self._verdict.ok:
            return  # solved: the answer stays on show
        self._picked ^= {index}
        self._verdict = None
        self.answerChanged.emit()

    @Slot()
    def submit(self) -> None:
        """Check the cards picked."""
        level = self.level()
        if level is None or level.task in (CHOICE, TABLE):
            return
        hand = self._hand()
        self._judge(level, check(level, [hand[i] for i in sorted(self._picked)]))

    @Slot(int)
    def choose(self, index: int) -> None:
        level = self.level()
        if level is not None and level.task == CHOICE and 0 <= index < len(level.choices):
            self._judge(level, check(level, index))

    @Slot()
    def startGuided(self) -> None:
        level = self.level()
        if level is None or level.task != TABLE:
            return
        self.guidedWanted.emit()  # the App opens the table
        app: Any = self.parent()  # the App (app.viewmodels imports this module)
        table = getattr(app, "table", None)
        if table is None:
            return
        self._guided = (level, app.session)
        table.hud.changed.connect(self._guided_progress)

    def _guided_progress(self) -> None:
        """The guided hand counts as solved once it is played to its end, at its own table."""
        app: Any = self.parent()  # the App (app.viewmodels imports this module)
        level, session = self._guided or (None, None)
        table = getattr(app, "table", None)
        if table is None or level is None:
            return
        if app.session is not session or table.hud.phase == "done":
            table.hud.changed.disconnect(self._guided_progress)
            self._guided = None
            if app.session is session:
                self._mark(level)
                self._emit_all()

    def _judge(self, level: Level, verdict: Verdict) -> None:
        self._verdict = verdict
        if verdict.ok:
            self._mark(level)
        self.answerChanged.emit()

    def _mark(self, level: Level) -> None:
        if level.key in self._solved:
            return
        self._solved.add(level.key)
        try:
            save_progress(self._solved)
        except OSError:
            log.exception("the lessons' progress could not be saved")
