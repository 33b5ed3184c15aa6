"""The wire protocol: one msgspec schema per message, shared by the server and the client.

Every frame is a JSON text frame, an object whose ``type`` names its schema (msgspec tagged
unions: decoding validates in one step, unknown fields are ignored, new fields get defaults).
Requests carry a client id (``id``) answered by ``ok``/``error`` with the same id; a repeated
id is answered again and never applied twice. Table events carry the table's version ``v``.
``python -m net.protocol`` prints the JSON Schema written to docs/protocol.schema.json, and
``python -m net.protocol --markdown`` the contract table in docs/PROTOCOL.md. The game's own
values (actions, events, the view) are the engine's structs (``engine.actions``,
``engine.events``, ``engine.views``), so the schema covers the whole contract.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from engine import codec
from engine.actions import Action
from engine.errors import RulesError
from engine.events import EventBody, HandEnd
from engine.views import View

PROTOCOL = 1  # the versions this build speaks: (PROTOCOL,)
MAX_FRAME = 64 * 1024  # bytes in one client frame; more is abuse (1008)
MAX_CHAT = 200  # characters in one chat line

ReqId = Annotated[int, Meta(ge=0, le=2**53)]
RoomId = Annotated[str, Meta(min_length=1, max_length=32)]
SeatNo = Annotated[int, Meta(ge=0, le=3)]
Version = Annotated[int, Meta(ge=0)]


# -- client -> server --------------------------------------------------------------------
class Request(Struct, tag_field="type", forbid_unknown_fields=False):
    id: ReqId


class Hello(Request, tag="hello"):
    """Negotiate a version and log in: ``name`` makes a new guest, ``token`` resumes one.
    ``batch``: the client reads a JSON array of frames as those frames in order, so the server
    may send what it has queued for it in one message."""

    protocols: list[int] = msgspec.field(default_factory=lambda: [PROTOCOL])
    name: str | None = None
    token: str | None = None
    batch: bool = False


class Lobby(Request, tag="lobby"):
    """List the public rooms and subscribe to lobby updates (``subscribe=false`` stops). The
    list comes in pages: ``limit`` rooms from ``offset`` (the answer says the ``total``)."""

    subscribe: bool = True
    offset: Annotated[int, Meta(ge=0)] = 0
    limit: Annotated[int, Meta(ge=1, le=200)] = 50


Side = Literal["any", "positive", "negative"]


class Create(Request, tag="create"):
    """A room from a preset name or ``{"preset": name, option: value...}``. ``side``: a
    multiplied room (2-5x) is a positive-rating room (ratings >= 0 may sit) or a
    negative-rating one (ratings < 0); left out, it takes the creator's side (seed 002,
    正负分房间). A 1x room is "any"."""

    rules: str | dict[str, Any] = "classic"
    multiplier: Annotated[int, Meta(ge=1, le=5)] = 1
    private: bool = False
    side: Side | None = None


class Join(Request, tag="join"):
    """Watch a table (and resume a seat held there). ``since``: the last version seen."""

    room: RoomId
    invite: str | None = None
    since: Version | None = None


class Sync(Request, tag="sync"):
    """Ask again for what was missed since ``since`` (or a snapshot)."""

    room: RoomId
    since: Version | None = None


class Sit(Request, tag="sit"):
    room: RoomId
    seat: SeatNo


class Stand(Request, tag="stand"):
    room: RoomId


class Ready(Request, tag="ready"):
    room: RoomId
    ready: bool = True


class Start(Request, tag="start"):
    """The owner starts the match (or its next hand) when four seats are filled and ready."""

    room: RoomId


class AddBot(Request, tag="bot"):
    """The owner puts an AI player of ``level`` in an empty seat."""

    room: RoomId
    seat: SeatNo
    level: str = "normal"


class Act(Request, tag="act"):
    """A game action (``engine.actions``), e.g. ``{"type": "play", "seat": 1, ...}``."""

    room: RoomId
    action: Action


class Trustee(Request, tag="trustee"):
    """托管: let the AI play this seat (``on``) or take it back."""

    room: RoomId
    on: bool


class Chat(Request, tag="chat"):
    room: RoomId
    text: str


class Leave(Request, tag="leave"):
    room: RoomId


class Games(Request, tag="games"):
    """Finished hands, newest first: mine, or (``room``) a room's — any public room's, or a
    private room's where I played."""

    limit: Annotated[int, Meta(ge=1, le=200)] = 50
    room: RoomId | None = None


class Record(Request, tag="record"):
    """One finished hand's full record (engine.records format: every hand's cards) by its game
    id: for that hand's players, and for anyone when the room is public (replays teach)."""

    game: int


class Ping(Request, tag="ping"):
    pass


ClientMessage = (
    Hello
    | Lobby
    | Create
    | Join
    | Sync
    | Sit
    | Stand
    | Ready
    | Start
    | AddBot
    | Act
    | Trustee
    | Chat
    | Leave
    | Games
    | Record
    | Ping
)


# -- server -> client --------------------------------------------------------------------
class Frame(Struct, tag_field="type", omit_defaults=False):
    pass


class Ok(Frame, tag="ok"):
    """The answer to request ``id``: its reply struct (below), or None for a request that
    answers with nothing (stand, ready, trustee, chat)."""

    id: int
    data: Reply | None = None


class Error(Frame, tag="error"):
    id: int | None
    code: str
    en: str
    zh: str


class SeatInfo(Struct):
    name: str
    user: int | None = None  # None: a bot
    bot: str | None = None  # the bot's level
    ready: bool = False
    away: bool = False  # disconnected
    trustee: bool = False  # 托管: the AI plays it
    left: bool = False  # the player left mid-hand: the AI finishes the hand, then the seat frees


class RoomInfo(Struct):
    room: str
    owner: int
    owner_name: str
    rules: dict[str, Any]
    multiplier: int
    private: bool
    status: str  # waiting | playing | between | over
    seats: list[SeatInfo | None]
    spectators: int
    v: int
    hand_no: int
    levels: list[str]
    winners: list[int] | None = None
    side: str = "any"  # any | positive | negative (who may sit, by rating sign)


class LobbyUpdate(Frame, tag="lobby"):
    """Pushed to lobby subscribers: the public rooms that changed, and the ids of rooms no
    longer listed (closed). The ``lobby`` request's answer has the whole list."""

    rooms: list[RoomInfo]
    gone: list[str] = msgspec.field(default_factory=list)


class RoomUpdate(Frame, tag="room"):
    room: RoomInfo


class TableEvent(Frame, tag="event"):
    """Version ``v`` of table ``room``: the event as this recipient may see it, or None (a
    version bump with no data: something happened that this recipient may not see).
    ``actions``: what the recipient may do as of the newest version sent with this frame."""

    room: str
    v: int
    event: EventBody | None
    actions: list[str] = msgspec.field(default_factory=list)  # what the recipient may do now


class Snapshot(Frame, tag="snapshot"):
    """The recipient's whole view (``engine.views.View``) as of version ``v``."""

    room: str
    v: int
    view: View | None
    seat: int | None = None


class ChatLine(Frame, tag="chat"):
    room: str
    user: int
    name: str
    text: str


# -- replies: the ``data`` of an ``ok``, tagged on ``type`` ---------------------------------
class _Reply(Struct, tag_field="type", omit_defaults=True, forbid_unknown_fields=False):
    pass


class Titles(Struct):
    """The rating's title on each ladder (net.auth: 联众 and 潮汕)."""

    lianzhong: str
    chaoshan: str


class HeldSeat(Struct):
    room: str
    seat: int


class HelloReply(_Reply, tag="hello"):
    """Who the connection is now; ``token`` only for a new guest (keep it to resume);
    ``seats``: the seats this user holds at open tables (rejoin them)."""

    protocol: int
    user: int
    name: str
    rating: int
    titles: Titles
    seats: list[HeldSeat]
    token: str | None = None


class LobbyPage(_Reply, tag="lobby"):
    """``rooms``: the public rooms from ``offset``, of ``total``."""

    rooms: list[RoomInfo]
    offset: int
    total: int


class CreateReply(_Reply, tag="create"):
    """The new room's id, its side, and (a private room's) the invite others join with."""

    room: str
    side: Side
    invite: str | None = None


class JoinReply(_Reply, tag="join"):
    """Watching ``room`` as of version ``v``; ``seat``: the seat held there, if any."""

    room: str
    seat: int | None  # sent as null when none: the answer always says
    v: int


class VersionReply(_Reply, tag="version"):
    """The table's version after the request (act, start; sync: the newest one)."""

    v: int


class SeatReply(_Reply, tag="seat"):
    """The seat taken (sit) or given to the AI (bot)."""

    seat: int


class LeaveReply(_Reply, tag="leave"):
    """Leaving a running hand's seat (强退): the ``penalty`` paid and the ``rating`` after."""

    penalty: int | None = None
    rating: int | None = None


class HandResult(HandEnd, frozen=True, tag="hand-end"):
    """A finished hand's result as stored: its last event and each seat's rating change."""

    deltas: tuple[int, ...]


class GameSummary(Struct, omit_defaults=True):
    """One finished hand; ``seat`` and ``delta`` are the asker's (their own games only)."""

    game: int
    room: str
    hand_no: int
    result: HandResult
    finished: float
    seat: int | None = None
    delta: int | None = None


class GamesReply(_Reply, tag="games"):
    games: list[GameSummary]


class RecordReply(_Reply, tag="record"):
    """``record``: the hand's record in engine.records format (every hand's cards)."""

    game: int
    v0: int
    record: dict[str, Any]


class PingReply(_Reply, tag="ping"):
    time: float


Reply = (
    HelloReply
    | LobbyPage
    | CreateReply
    | JoinReply
    | VersionReply
    | SeatReply
    | LeaveReply
    | GamesReply
    | RecordReply
    | PingReply
)

ServerMessage = Ok | Error | LobbyUpdate | RoomUpdate | TableEvent | Snapshot | ChatLine


def decode_request(data: bytes | str) -> Request:
    """Decode and validate one client frame; a ``RulesError('malformed')`` says why not."""
    try:
        return codec.decode(data, ClientMessage)  # type: ignore[arg-type]
    except msgspec.DecodeError as e:
        raise RulesError("malformed", why=str(e)) from None
    except RecursionError:  # nesting deeper than any message of ours
        raise RulesError("malformed", why="nested too deeply") from None


def request_id(data: bytes | str) -> int | None:
    """The id of a frame that did not decode, when one can be read, to address the error."""
    try:
        obj = json.loads(data)
    except (ValueError, TypeError, RecursionError):
        return None
    rid = obj.get("id") if isinstance(obj, dict) else None
    return rid if isinstance(rid, int) and not isinstance(rid, bool) and rid >= 0 else None


def decode_frame(data: bytes | str) -> Frame:
    return codec.decode(data, ServerMessage)  # type: ignore[arg-type]


def split_batch(data: bytes | str) -> list[bytes]:
    """A message's frames, each its own JSON text: a batch (``Hello.batch``) is an array."""
    raw = data.encode() if isinstance(data, str) else data
    if raw[:1] != b"[":
        return [raw]
    return [bytes(r) for r in codec.decode(raw, list[msgspec.Raw])]


def join_batch(frames: list[bytes]) -> bytes:
    return b"[" + b",".join(frames) + b"]"


def encode(msg: Struct) -> bytes:
    return codec.encode(msg)


def error(rid: int | None, e: RulesError) -> Error:
    return Error(rid, e.code, e.en, e.zh)


def json_schema() -> dict[str, Any]:
    """Both directions' schemas (JSON Schema 2020-12, from the msgspec types)."""
    (client, server), components = msgspec.json.schema_components(
        [ClientMessage, ServerMessage], ref_template="#/$defs/{name}"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"Tuolaji online protocol v{PROTOCOL}",
        "$defs": components,
        "properties": {"client": client, "server": server},
    }


def contract_markdown() -> str:
    """The whole contract as a Markdown table, one row per struct, from ``json_schema`` (what
    docs/PROTOCOL.md carries between its ``contract`` markers; a test keeps it current)."""
    rows = ["| struct | `type` | fields (`?`: may be left out) |", "|---|---|---|"]
    for name, d in json_schema()["$defs"].items():
        props: dict[str, Any] = d.get("properties", {})
        tag = props.get("type", {}).get("enum", [""])[0] if "type" in props else ""
        required = set(d.get("required", ()))
        fields = [
            f"`{f}{'' if f in required else '?'}`: {_type_text(t)}"
            for f, t in props.items()
            if f != "type" or not tag
        ]
        rows.append(f"| {name} | {f'`{tag}`' if tag else ''} | {', '.join(fields)} |")
    return "\n".join(rows) + "\n"


def _type_text(t: dict[str, Any]) -> str:
    if "$ref" in t:
        return str(t["$ref"]).rsplit("/", 1)[-1]
    if "anyOf" in t:
        return " \\| ".join(_type_text(x) for x in t["anyOf"])
    if "enum" in t:
        return " \\| ".join(f'"{v}"' for v in t["enum"])
    kind = t.get("type", "any")
    if kind == "array":
        if "prefixItems" in t:
            return "[" + ", ".join(_type_text(x) for x in t["prefixItems"]) + "]"
        return f"[{_type_text(t.get('items', {}))}…]"
    if kind == "object" and "additionalProperties" in t:
        return "object"
    return str(kind)


def main() -> None:
    if sys.argv[1:] == ["--markdown"]:
        sys.stdout.write(contract_markdown())
        return
    json.dump(json_schema(), sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
