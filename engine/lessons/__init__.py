"""Lessons for newcomers (issue 35, part 5): stages of levels, each a fixed position, a goal,
and the engine checking the answer and saying why a wrong one is wrong.

Pure Python: the app's view-model (app/lessons.py) shows them and keeps the progress.
"""

from engine.lessons.check import cards_text, check, right_choice, table
from engine.lessons.model import (
    BID,
    BURY,
    CHOICE,
    PLAY,
    SELECT,
    TABLE,
    Level,
    Position,
    Stage,
    Text,
    Verdict,
)
from engine.lessons.stages import STAGES

__all__ = [
    "BID",
    "BURY",
    "CHOICE",
    "PLAY",
    "SELECT",
    "STAGES",
    "TABLE",
    "Level",
    "Position",
    "Stage",
    "Text",
    "Verdict",
    "cards_text",
    "check",
    "right_choice",
    "table",
]
