"""A headless player: sits at a table and plays with the engine's AI.

    tuolaji-bot --server ws://127.0.0.1:8765 --room ROOM --level hard

``play_seat`` is the loop the bot, the tests and the load bench share: it acts on the prompts
the server sends (a snapshot of this seat's view whenever it must act), always from the newest.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable
from typing import Any

from engine.events import HandEnd
from net.client import Client, ServerError
from net.players import LEVELS, make_ai
from net.protocol import Snapshot, TableEvent
from net.tables import REQUIRED


async def play_seat(
    client: Client,
    room: str,
    ai: Any,
    *,
    hands: int | None = 1,
    on_act: Callable[[Any, float], None] | None = None,
    bid_during_deal: bool = False,
    think: Callable[[], float] | None = None,
) -> None:
    """Play ``room`` until ``hands`` hands have ended (None: forever). ``think``: seconds to
    wait before each action (the load bench's human pace).

    The server sends a seat its prompt (a snapshot of its view) once per change of its legal
    actions; events in between carry ``actions`` and leave the prompt valid while they match.
    The bot acts on the newest valid prompt once every frame received so far is read."""
    loop = asyncio.get_running_loop()
    prompt: Snapshot | None = None  # the newest Snapshot asking this seat to act, while valid
    acted: Snapshot | None = None
    resynced: int | None = None  # the version of the last prompt refused and asked again
    ended = 0
    while hands is None or ended < hands:
        frame = await client.frames.get()
        if isinstance(frame, TableEvent) and frame.room == room:
            if isinstance(frame.event, HandEnd):
                ended += 1
            if prompt is not None and prompt.view and list(prompt.view.actions) != frame.actions:
                prompt = None  # what this seat may do changed; a new prompt follows if any
            if bid_during_deal and "bid" in frame.actions and prompt is None:
                await client.sync(room)
        elif isinstance(frame, Snapshot) and frame.room == room and frame.view is not None:
            acts = frame.view.actions
            wanted = any(a in REQUIRED for a in acts) or (bid_during_deal and "bid" in acts)
            prompt = frame if wanted else None
        if prompt is None or prompt is acted or not client.frames.empty():
            continue
        if think is not None:
            await asyncio.sleep(think())
            if not client.frames.empty():
                continue  # the table moved while thinking: read on first
        acted = prompt
        action = await loop.run_in_executor(None, ai.act, prompt.view)
        if action is None:
            continue
        sent = loop.time()
        try:
            await client.act(room, action)
        except ServerError:
            # the table moved on (a newer prompt follows) or the AI erred: ask once more
            if resynced != prompt.v and client.frames.empty():
                resynced = prompt.v
                await client.sync(room)
            continue
        if on_act is not None:
            on_act(action, loop.time() - sent)


async def run_bot(url: str, room: str, level: str, name: str, seat: int | None) -> None:
    client = Client(url, name=name)
    await client.connect()
    joined = await client.join(room)
    if joined["seat"] is None:
        info = client.rooms.get(room)
        free = [i for i, s in enumerate(info.seats) if s is None] if info else [0, 1, 2, 3]
        for i in [seat] if seat is not None else free:
            try:
                await client.sit(room, i)
                break
            except ServerError:
                continue
        else:
            raise SystemExit("no free seat")
    ai = make_ai(level, seed=hash((room, name)) & 0xFFFF)
    while True:
        await client.ready(room)
        await play_seat(client, room, ai, hands=1)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="tuolaji-bot", description=__doc__)
    p.add_argument("--server", default="ws://127.0.0.1:8765")
    p.add_argument("--room", required=True)
    p.add_argument("--level", default="normal", choices=LEVELS)
    p.add_argument("--name", default="bot")
    p.add_argument("--seat", type=int, default=None)
    a = p.parse_args(argv)
    asyncio.run(run_bot(a.server, a.room, a.level, a.name, a.seat))


if __name__ == "__main__":
    main()
