"""Python's cycle collector, run on the UI thread only.

The collector runs on whichever thread happens to allocate when a generation fills up: in this
app, often the AI worker thread. A QObject that ends up in a reference cycle (a closed qasync
loop's timer object, a view-model and the lambdas it connected) would then be destroyed on that
thread. Its timers stay registered with the UI thread's dispatcher, and the next timer event
there crashes the process. So automatic collection is switched off, and a timer on the UI thread
collects each generation when its count passes the threshold the collector would have used.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 200


class UIThreadCollector(QObject):
    """Owns the collection schedule; create it on the UI thread, once."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self.check)
        self._timer.start()

    def check(self) -> None:
        counts = gc.get_count()
        for gen in (2, 1, 0):
            if counts[gen] > self.thresholds[gen]:
                gc.collect(gen)
                return


def install(app: QObject) -> UIThreadCollector:
    """Move cycle collection onto ``app``'s (the UI) thread; idempotent."""
    found = app.findChild(UIThreadCollector)
    return found if found is not None else UIThreadCollector(app)
