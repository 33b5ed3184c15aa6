"""The cycle collector runs on the UI thread only (``app.gcguard``): a QObject in a reference
cycle must never be destroyed on the AI worker thread while the UI thread has its timers."""

from __future__ import annotations

import gc
import threading
from typing import Any

from app.screenshots import wait_until


def test_cycles_are_collected_on_the_ui_thread_not_the_worker(qapp: Any) -> None:
    where: list[str] = []

    class Node:
        def __init__(self) -> None:
            self.me = self

        def __del__(self) -> None:
            where.append(threading.current_thread().name)

    gc.collect()
    Node()  # garbage held only by its own cycle

    def churn() -> None:  # allocates like a search: enough to fill every generation
        for _ in range(100_000):
            a: list[Any] = []
            a.append(a)

    worker = threading.Thread(target=churn, name="ai-worker")
    worker.start()
    worker.join()
    assert not gc.isenabled()
    assert where == []  # the worker's allocations collected nothing
    assert wait_until(lambda: bool(where), 5)
    assert where == [threading.main_thread().name]
