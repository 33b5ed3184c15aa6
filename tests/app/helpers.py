"""Waiting in the app's tests: pytest-qt runs Qt's events (and the app's asyncio loop over them)
while it waits, so the AI's results, timers and animations arrive."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def until(qtbot: Any, pred: Callable[[], bool], seconds: float) -> bool:
    """Whether ``pred()`` comes to hold within ``seconds`` (for a loop that goes on either way);
    ``qtbot.waitUntil`` where a timeout is a failure."""
    try:
        qtbot.waitUntil(pred, timeout=int(seconds * 1000))
    except qtbot.TimeoutError:
        return False
    return True
