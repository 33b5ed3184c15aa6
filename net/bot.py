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

from websockets.exceptions import InvalidHandshake, InvalidURI

from engine.driver import REQUIRED
from engine.events import HandEnd
from net.client import Client, ServerError
from net.players import LEVELS, make_ai
from net.protocol import Snapshot, TableEvent


async def play_seat(
    client: Client,
    room: str,
    ai: Any,
    *,
    hands: int | None = 1,
    on_act: Callable[[Any, float], None] | None = None,
    bid_during_deal: bool = False,
    think: Callable[[], float] | None = None,
    on_hand_end: Callable[[HandEnd], None] | None = None,
) -> None:
    """Play ``room`` until ``hands`` hands have ended (None: forever). ``think``: seconds to
    wait before each action (the load bench's human pace); ``on_hand_end`` gets each
    ``hand-end`` event.

    The server sends a seat its prompt (a snapshot of its view) once per change of its legal
    actions; events in between carry ``actions`` and leave the prompt valid while they match.
    The bot acts on the newest valid prompt once every frame received so far is read. A hand
    ends once: by its ``hand-end`` event, or by the snapshot of a rejoin after it ended."""
    loop = asyncio.get_running_loop()
    prompt: Snapshot | None = None  # the newest Snapshot asking this seat to act, while valid
    acted: Snapshot | None = None
    resynced: int | None = None  # the version of the last prompt refused and asked again
    ended = 0
    counted: int | None = None  # the version of the last hand end counted

    def hand_over(end: HandEnd, v: int) -> None:
        nonlocal ended, counted
        if v != counted:  # once a hand, whether seen as its event or as a snapshot
            counted = v
            ended += 1
            if on_hand_end is not None:
                on_hand_end(end)

    while hands is None or ended < hands:
        frame = await client.frames.get()
        if isinstance(frame, Snapshot) and frame.room == room and frame.view is not None:
            # the hand ended while this seat was away, its event never received (a snapshot
            # after a received end, read late by the call for the next hand, is not one)
            end = frame.view.outcome
            if end is not None and frame.v not in client.hand_ends.get(room, ()):
                hand_over(end, frame.v)
        if isinstance(frame, TableEvent) and frame.room == room:
            if isinstance(frame.event, HandEnd):
                hand_over(frame.event, frame.v)
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


def hand_line(event: HandEnd, seat: int, hand_no: int) -> str:
    """One line for the operator: a finished hand's result, from this bot's seat."""
    defending = seat in event.defenders
    won = (event.winner == "defenders") == defending
    levels = event.levels
    up = f"+{levels} level{'s' if levels != 1 else ''}" if levels else "no level change"
    return (
        f"hand {hand_no}: {'won' if won else 'lost'} as "
        f"{'defenders' if defending else 'attackers'}; the {event.winner} win ({up}); "
        f"attackers' points {event.attacker_points}"
    )


def say(text: str) -> None:
    print(f"tuolaji-bot: {text}", flush=True)


async def run_bot(url: str, room: str, level: str, name: str, seat: int | None) -> None:
    client = Client(url, name=name, reconnect=False)
    try:
        await client.connect()
    except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as e:
        raise SystemExit(f"tuolaji-bot: cannot reach {url} — is the server running? ({e})") from e
    try:
        joined = await client.join(room)
    except ServerError as e:
        raise SystemExit(f"tuolaji-bot: cannot join room {room}: {e.en}") from e
    my_seat = joined.seat
    if my_seat is None:
        info = client.rooms.get(room)
        free = [i for i, s in enumerate(info.seats) if s is None] if info else [0, 1, 2, 3]
        for i in [seat] if seat is not None else free:
            try:
                await client.sit(room, i)
                my_seat = i
                break
            except ServerError:
                continue
        else:
            wanted = f"seat {seat + 1}" if seat is not None else "a free seat"
            raise SystemExit(f"tuolaji-bot: room {room} has no {wanted} to sit at")
    client.reconnect_enabled = True  # seated: ride out a dropped connection from here on
    info = client.rooms.get(room)
    rules = info.rules.preset if info is not None else "?"
    # seats counted from 1, as the app's waiting room and table number them ("AI 4 (Easy)")
    say(f"joined room {room} on {url} as {name!r}, seat {my_seat + 1}, AI {level} ({rules})")
    ai = make_ai(level, seed=hash((room, name)) & 0xFFFF)
    hands = 0

    def report(event: HandEnd) -> None:
        nonlocal hands
        hands += 1
        say(hand_line(event, my_seat, hands))

    while True:
        await client.ready(room)
        await play_seat(client, room, ai, hands=1, on_hand_end=report)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(
        prog="tuolaji-bot",
        description="Sit an AI player at a room of a Tuolaji server and play on until stopped; "
        "prints the room and seat it took and each hand's result. Seats are numbered 1-4, as "
        "the app's waiting room numbers them.",
    )
    p.add_argument(
        "--server",
        default="ws://127.0.0.1:8765",
        help="the server's address (default: %(default)s)",
    )
    p.add_argument(
        "--room",
        required=True,
        help="the room's id: the app's waiting room shows it in its title (Room <id>)",
    )
    p.add_argument(
        "--level",
        default="normal",
        choices=LEVELS,
        help="the AI's strength (default: %(default)s)",
    )
    p.add_argument("--name", default="bot", help="the name the table shows (default: %(default)s)")
    p.add_argument(
        "--seat",
        type=int,
        choices=range(1, 5),
        metavar="1-4",
        help="the seat to take (default: the first free one)",
    )
    a = p.parse_args(argv)
    seat = a.seat - 1 if a.seat is not None else None
    asyncio.run(run_bot(a.server, a.room, a.level, a.name, seat))


if __name__ == "__main__":
    main()
