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
from engine.rules import RuleSet
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
    """Negotiate a version and log in: ``name`` makes a new guest, ``token`` resumes one (a
    guest's, or an account session's access token), ``refresh`` signs an account in.
    ``batch``: the client reads a JSON array of frames as those frames in order, so the server
    may send what it has queued for it in one message."""

    protocols: list[int] = msgspec.field(default_factory=lambda: [PROTOCOL])
    name: str | None = None
    token: str | None = None
    refresh: str | None = None  # an account's refresh token (SignedIn), exchanged here
    batch: bool = False


class Lobby(Request, tag="lobby"):
    """List the public rooms and subscribe to lobby updates (``subscribe=false`` stops). The
    list comes in pages: ``limit`` rooms from ``offset`` (the answer says the ``total``)."""

    subscribe: bool = True
    offset: Annotated[int, Meta(ge=0)] = 0
    limit: Annotated[int, Meta(ge=1, le=200)] = 50
    # the private rooms I may enter instead: mine, where I sit, those I am invited to (a
    # page of its own, not pushed; ``subscribe`` is left as it was)
    private: bool = False


Side = Literal["any", "positive", "negative"]
RoomStatus = Literal["waiting", "playing", "between", "over"]


class Create(Request, tag="create"):
    """A room from a preset name or ``{"preset": name, option: value...}``. ``side``: a
    multiplied room (2-5x) is a positive-rating room (ratings >= 0 may sit) or a
    negative-rating one (ratings < 0); left out, it takes the creator's side (seed 002,
    正负分房间). A 1x room is "any"."""

    rules: str | dict[str, Any] = "classic"
    multiplier: Annotated[int, Meta(ge=1, le=5)] = 1
    private: bool = False
    side: Side | None = None
    # moves (plays, bids, deal steps) every spectator sees the table late by (0: live; else
    # at least one trick, 4); only at an unrated room (rules changed from their preset)
    spectator_delay: Annotated[int, Meta(ge=0, le=40)] = 0


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
    """The owner starts the match when four seats are filled and ready; a running match's
    next hand starts by itself once every seat is ready again (``ready``), whoever owns the
    room."""

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
    """A chat line: ``text``, or a quick ``phrase`` (engine.messages.PHRASES: each reader sees
    it in their language; not counted by the flood rule)."""

    room: RoomId
    text: str = ""
    phrase: str | None = None


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


# -- rematch, leaderboards and profiles (net/rematch.py, net/leaderboard.py) ----------------
class Rematch(Request, tag="rematch"):
    """After the match, a seated player offers the same four a new match in this room (same
    rules, seats and spectators), or accepts the offer standing: two offers that cross accept
    each other (the first one's terms stand). ``accept=false`` declines it. ``rotate``: seats
    1-3 move round one place (seat 0 stays), so that each rematch pairs new partners."""

    room: RoomId
    accept: bool = True
    rotate: bool = False


class Leaderboard(Request, tag="leaderboard"):
    """A preset's leaderboard as last recomputed: rated hands only, and only the players who
    pass its gate (``BoardReply``); ``limit`` entries from ``offset``."""

    preset: Annotated[str, Meta(min_length=1, max_length=32)]
    offset: Annotated[int, Meta(ge=0)] = 0
    limit: Annotated[int, Meta(ge=1, le=100)] = 50


class Profile(Request, tag="profile"):
    """A player's profile by user id (left out: mine): ratings per preset with their graphs,
    recent hands I may replay, and their record with and against their frequent partners."""

    user: Annotated[int, Meta(ge=1, le=2**63 - 1)] | None = None


# -- friends, presence, invitations, civility (net/social.py, net/civility.py) -------------
UserId = Annotated[int, Meta(ge=1, le=2**63 - 1)]
Reason = Annotated[str, Meta(min_length=1, max_length=200)]
ReportReason = Literal["abuse", "cheating", "spam", "other"]


class Friends(Request, tag="friends"):
    """My friends with their presence, my friend requests (sent and received), the players I
    blocked and my seat invitations (sent and received, pending)."""


class FriendRequest(Request, tag="friend-request"):
    """Ask a player (by ``user`` id, or ``name`` when one player has it) to be friends; if
    they had asked me, we are friends at once."""

    user: UserId | None = None
    name: str | None = None


class FriendAnswer(Request, tag="friend-answer"):
    """Accept or decline ``user``'s friend request."""

    user: UserId
    accept: bool


class Unfriend(Request, tag="unfriend"):
    """End a friendship, or withdraw my request to ``user``."""

    user: UserId


class Block(Request, tag="block"):
    """Block ``user`` (``on``) or lift it: no friend request, invitation or chat line between
    us, and never seated at one table; a friendship and requests between us end."""

    user: UserId
    on: bool = True


class AppearOffline(Request, tag="appear-offline"):
    """Friends see me offline (``on``), or as I am."""

    on: bool


class Invite(Request, tag="invite"):
    """Invite a friend into free ``seat`` of ``room`` (I watch it)."""

    room: RoomId
    seat: SeatNo
    user: UserId


class InviteAnswer(Request, tag="invite-answer"):
    """Accept (answered with where to join and sit) or decline invitation ``invite``; its
    sender withdraws it with ``accept=false`` too."""

    invite: Annotated[int, Meta(ge=1)]
    accept: bool


class Mute(Request, tag="mute"):
    """Hide ``user``'s chat at ``room`` from me (``on``), or show it again."""

    room: RoomId
    user: UserId
    on: bool = True


class Report(Request, tag="report"):
    """Report ``user`` to the moderators; the last chat lines of ``room`` and its latest game
    id go with it."""

    user: UserId
    reason: ReportReason
    text: Annotated[str, Meta(max_length=200)] = ""
    room: RoomId | None = None


ModAction = Literal["timeout", "ban", "lift-timeout", "lift-ban"]


class Moderate(Request, tag="moderate"):
    """A moderator's action on ``user``: a chat ``timeout`` or a ``ban`` for ``minutes``, or
    lift one; logged with ``reason``."""

    action: ModAction
    user: UserId
    reason: Reason
    minutes: Annotated[int, Meta(ge=0)] = 0


class ModLog(Request, tag="mod-log"):
    """Moderators: the newest moderation log entries and reports."""

    limit: Annotated[int, Meta(ge=1, le=200)] = 50


# -- accounts and sessions (net/accounts.py, net/account_handlers.py) ----------------------
Secret = Annotated[str, Meta(max_length=512)]  # a password, code or token as typed


class Register(Request, tag="register"):
    """Make this guest an account called ``account`` (what signs in; the name shown at tables
    stays), with a ``password`` (8-128 characters, or empty: none). The answer carries the
    recovery codes, shown only this once, and signs this device in."""

    account: str
    password: Secret = ""


class SignIn(Request, tag="sign-in"):
    """Sign in to ``account`` with its password (no hello needed first)."""

    account: str
    password: Secret


class Recover(Request, tag="recover"):
    """Sign in to ``account`` with one of its recovery codes (no hello needed first): every
    session of the account ends and its password becomes ``password`` (empty: none)."""

    account: str
    code: Secret
    password: Secret = ""


class LinkStart(Request, tag="link-start"):
    """A short code that signs another device in to this account for a few minutes."""


class LinkEnter(Request, tag="link-enter"):
    """Sign in with the code a signed-in device shows (no hello needed first)."""

    code: Secret


class SignOut(Request, tag="sign-out"):
    """End this device's session, or (``everywhere``) every session of the account."""

    everywhere: bool = False


class AccountStatus(Request, tag="account"):
    """This connection's account, if any: its name, password, recovery codes left, sessions."""


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
    | Rematch
    | Leaderboard
    | Profile
    | Record
    | Ping
    | Friends
    | FriendRequest
    | FriendAnswer
    | Unfriend
    | Block
    | AppearOffline
    | Invite
    | InviteAnswer
    | Mute
    | Report
    | Moderate
    | ModLog
    | Register
    | SignIn
    | Recover
    | LinkStart
    | LinkEnter
    | SignOut
    | AccountStatus
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
    rules: RuleSet
    multiplier: int
    private: bool
    status: RoomStatus
    seats: list[SeatInfo | None]
    spectators: int
    v: int
    hand_no: int
    levels: list[str]
    winners: list[int] | None = None
    side: Side = "any"  # who may sit, by the sign of their rating
    rematch: RematchOffer | None = None  # the rematch offer standing (after the match)
    spectator_delay: int = 0  # moves the spectators see the table late by (Create)


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
    ``actions`` and ``bids``: what the recipient may do as of the newest version sent with this
    frame. With them a client folds the events into its view (``engine.fold``)."""

    room: str
    v: int
    event: EventBody | None
    actions: list[str] = msgspec.field(default_factory=list)  # what the recipient may do now
    bids: list[tuple[str, ...]] = msgspec.field(default_factory=list)  # and the bids it may make


class Snapshot(Frame, tag="snapshot"):
    """The recipient's whole view (``engine.views.View``) as of version ``v``."""

    room: str
    v: int
    view: View | None
    seat: int | None = None


class SeatClock(Struct):
    """A person's turn clock: ``left`` seconds of ``length`` when the frame was sent."""

    seat: int
    left: float
    length: float


class TurnClock(Frame, tag="clock"):
    """The turn clocks running at table ``room`` as of version ``v``, sent whenever they change
    (a clock starts, stops or restarts); ``expired``: the seat whose clock just ran out (the AI
    plays it now: 托管), so every screen can say so."""

    room: str
    v: int
    clocks: list[SeatClock] = msgspec.field(default_factory=list)
    expired: int | None = None


class ChatLine(Frame, tag="chat"):
    """``phrase``: the quick phrase's code (``text`` is its English)."""

    room: str
    user: int
    name: str
    text: str
    phrase: str | None = None


Presence = Literal["offline", "online", "playing", "watching"]


class Person(Struct, omit_defaults=True):
    """A player as the friends panel shows them. ``presence`` (friends only): ``playing`` or
    ``watching`` at ``room`` (None for a private room, which strangers do not learn)."""

    user: int
    name: str
    presence: Presence | None = None
    room: str | None = None
    seat: int | None = None


class Invitation(Struct, omit_defaults=True):
    """A pending seat invitation: from ``sender`` to ``to`` into ``seat`` of ``room``."""

    invite: int
    sender: Person
    to: Person
    room: str
    seat: int
    at: float


SocialKind = Literal[
    "friend-request",
    "friend-accepted",
    "invitation",
    "invitation-accepted",
    "invitation-declined",
    "invitation-withdrawn",
    "moderated",
    "presence",
]


class SocialNotice(Frame, tag="social"):
    """Something for me from another player (or a moderator): ``who``; an invitation's
    details with ``invitation``; a moderation's ``reason`` and ``until`` (a Unix time).
    ``presence``: a friend's presence changed; ``who`` is them as ``friends`` lists them now
    (their presence, room and seat)."""

    kind: SocialKind
    who: Person | None = None
    invitation: Invitation | None = None
    reason: str | None = None
    until: float | None = None


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
    """Who the connection is now; ``token`` only for a new guest or a new access token (keep
    it to resume); ``seats``: the seats this user holds at open tables (rejoin them).
    ``refresh``: the account's new refresh token when the hello gave one (keep it instead of
    the old, which no longer works); ``account``: the account's name (None: a guest)."""

    protocol: int
    user: int
    name: str
    rating: int
    titles: Titles
    seats: list[HeldSeat]
    token: str | None = None
    refresh: str | None = None
    account: str | None = None


class LobbyPage(_Reply, tag="lobby"):
    """``rooms``: the public rooms from ``offset``, of ``total``, those where a friend sits
    (or owns the room) first; ``friends``: the asker's friends' ids, to mark their rooms."""

    rooms: list[RoomInfo]
    offset: int
    total: int
    friends: list[int] = msgspec.field(default_factory=list)


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


class GameSummary(Struct, omit_defaults=True):
    """One finished hand: its score, each seat's rating change (``deltas``); ``seat`` and
    ``delta`` are the asker's (their own games only)."""

    game: int
    room: str
    hand_no: int
    result: HandEnd
    deltas: tuple[int, ...]
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


class RematchOffer(Struct):
    """A rematch offer standing at a table: the seat that made it, its terms, the seats that
    accepted (AI seats accept at once), and ``left`` seconds of ``length`` when sent."""

    by: int
    rotate: bool
    accepted: list[int]
    left: float
    length: float


class RematchReply(_Reply, tag="rematch"):
    """After a ``rematch`` request: ``started`` (every seat has accepted: the new match is
    dealt), else the ``offer`` standing (None: declined)."""

    started: bool = False
    offer: RematchOffer | None = None


class RematchEnd(Frame, tag="rematch-end"):
    """Pushed to everyone at the table when a rematch offer ends: ``started`` (all accepted),
    ``declined`` (by ``seat``, called ``name``), ``expired`` (not all accepted in time), or
    ``void`` (someone left or changed seats)."""

    room: str
    outcome: Literal["started", "declined", "expired", "void"]
    seat: int | None = None
    name: str | None = None


class BoardEntry(Struct):
    rank: int
    user: int
    name: str
    rating: int  # the sum of the rating changes of this preset's rated hands
    games: int  # rated hands of this preset


class BoardReply(_Reply, tag="leaderboard"):
    """``preset``'s board as recomputed at ``computed`` (None: not yet): ``entries`` from
    ``offset`` of ``total``. A player is listed with at least ``min_games`` rated hands of
    the preset, one of them in the last ``active_days`` days, and not provisional: at least
    ``min_opponents`` different opponents met in them. A rated hand: four people, the
    preset's rules unchanged."""

    preset: str
    entries: list[BoardEntry]
    offset: int
    total: int
    min_games: int
    active_days: float
    min_opponents: int
    computed: float | None = None


class PresetRecord(Struct):
    """A player's rating in one preset: the sum of its rated hands' changes over ``games``
    hands (the last at ``last``), ``opponents`` met, ``provisional`` (too few of them),
    ``rank`` on the board as last recomputed (None: not listed), and ``graph``: the rating
    after each rated hand, (time, rating), the latest ones."""

    preset: str
    rating: int
    games: int
    opponents: int
    last: float
    provisional: bool
    graph: list[tuple[float, int]]
    rank: int | None = None


class PartnerRecord(Struct):
    """Hands played with ``user`` on the same side (``with_games``, ``with_won`` of them won)
    and on opposite sides (``against_games``, ``against_won`` won by the profile's player)."""

    user: int
    name: str
    with_games: int
    with_won: int
    against_games: int
    against_won: int


class ProfileReply(_Reply, tag="profile"):
    """A player's profile: ``presets`` they have rated hands in, ``recent`` hands (only those
    the asker may replay), ``partners``: the players they met most, with their records."""

    user: int
    name: str
    rating: int
    titles: Titles
    presets: list[PresetRecord]
    recent: list[GameSummary]
    partners: list[PartnerRecord]


class FriendsReply(_Reply, tag="friends"):
    """``friends`` with their presence; friend requests ``sent`` and ``received``; the players
    I ``blocked``; pending ``invitations`` (both ways); whether I ``appear_offline``."""

    friends: list[Person]
    sent: list[Person]
    received: list[Person]
    blocked: list[Person]
    invitations: list[Invitation]
    appear_offline: bool


class FriendReply(_Reply, tag="friend"):
    """A friend request's outcome: ``requested`` (pending) or ``friends`` (they had asked)."""

    state: Literal["requested", "friends"]
    who: Person


class InviteReply(_Reply, tag="invite"):
    """An invitation sent (``accepted=false``), or accepted: join ``room`` (with ``code``, a
    private room's invite) and sit at ``seat``."""

    invite: int
    room: str
    seat: int
    code: str | None = None


class ReportReply(_Reply, tag="report"):
    report: int


class ReportEntry(Struct):
    report: int
    at: float
    reporter: Person
    reported: Person
    reason: str
    text: str
    room: str | None
    game: int | None
    chat: list[str]


class ModEntry(Struct):
    """One line of the append-only moderation log; ``actor`` None: the server's operator."""

    entry: int
    at: float
    actor: str | None
    action: str
    target: Person
    reason: str
    until: float | None


class ModLogReply(_Reply, tag="mod-log"):
    log: list[ModEntry]
    reports: list[ReportEntry]


class SignedIn(_Reply, tag="signed-in"):
    """A session for ``account``: say hello with ``token`` (the access token, for reconnecting)
    or later with ``refresh`` (exchanged at each connect for a new one; keep only the newest).
    ``recovery``: the recovery codes, only when the account was just made."""

    account: str
    token: str
    refresh: str
    recovery: list[str] = msgspec.field(default_factory=list)


class LinkCode(_Reply, tag="link-code"):
    """The code to type on the other device, good for ``seconds``, once."""

    code: str
    seconds: float


class AccountReply(_Reply, tag="account"):
    """``account``: None for a guest."""

    account: str | None = None
    password: bool = False
    recovery_left: int = 0
    sessions: int = 0


Reply = (
    HelloReply
    | LobbyPage
    | CreateReply
    | JoinReply
    | VersionReply
    | SeatReply
    | LeaveReply
    | GamesReply
    | RematchReply
    | BoardReply
    | ProfileReply
    | RecordReply
    | PingReply
    | FriendsReply
    | FriendReply
    | InviteReply
    | ReportReply
    | ModLogReply
    | SignedIn
    | LinkCode
    | AccountReply
)

ServerMessage = (
    Ok
    | Error
    | LobbyUpdate
    | RoomUpdate
    | TableEvent
    | Snapshot
    | TurnClock
    | ChatLine
    | RematchEnd
    | SocialNotice
)


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
