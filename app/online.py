"""Online play over ``net.client`` (asyncio, run on the Qt loop by qasync).

The online screens call these functions; until ``net.client`` exists they report that online
play is not available.
"""

from __future__ import annotations

import importlib.util
from typing import Any


def available() -> bool:
    try:
        return importlib.util.find_spec("net.client") is not None
    except (ImportError, ValueError):
        return False


def connect(vm: Any, address: str, name: str) -> None:
    if not available():
        vm.set_state("disconnected", error="net.client is not installed")
        return


def create_room(vm: Any, preset: str) -> None:
    if not available():
        return


def join_room(vm: Any, room: str, watch: bool) -> None:
    if not available():
        return
