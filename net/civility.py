"""Keeping rooms civil: the chat flood rule, what a report carries, and moderation.

- **Flood rule** (``FloodRule``): at most ``count`` typed lines in ``seconds`` per player, and
  no line nearly the same as one of theirs in the last ``repeat_seconds``; quick phrases
  (engine.messages.PHRASES) are exempt, since they cannot carry abuse. Its memory is the
  server's; in a cluster, the player's in Redis for every node (``net.cluster.flood``), this
  node's own ``FloodRule`` standing in while Redis is away.
- **Reports** carry the last chat lines of the room (``ChatMemory``, kept by the node running
  the table) and the room's latest game id.
- **Moderation**: moderators and administrators (``roles``) time a player's chat out or ban an
  account for a duration, each with a reason; every action, and every role given, is appended
  to the moderation log, which the schema keeps append-only. A moderator may not act on another
  moderator or an administrator; an administrator may. The operator (``tuolaji-server mod``)
  acts as an administrator and is logged as ``actor`` None.
"""

from __future__ import annotations

import difflib
import time
import unicodedata
from collections import OrderedDict, deque

from engine.errors import RulesError
from net.storage import Storage

CHAT_KEPT = 20  # chat lines of a room a report carries
ROOMS_KEPT = 10_000  # rooms whose chat is remembered (the least recently used go first)
REASON_MAX = 200
TIMEOUT_DAYS_MAX = 30
BAN_DAYS_MAX = 3650
REPORTS_PER_HOUR = 10
ROLES = ("moderator", "admin")
FORGET_EVERY = 1000  # chat lines between two sweeps of the flood rule's quiet players
ROLE_ZH = {"moderator": "版主", "admin": "管理员"}
WHAT = {"timeout": "chat timeout", "ban": "ban"}  # (a refused duration says of which)
WHAT_ZH = {"timeout": "禁言", "ban": "封禁"}


class FloodRule:
    """Per player: the times and (normalised) texts of their recent typed lines."""

    def __init__(
        self,
        count: int = 4,
        seconds: float = 10.0,
        repeat_seconds: float = 30.0,
        similar: float = 0.85,
    ) -> None:
        self.count = count
        self.seconds = seconds
        self.repeat_seconds = repeat_seconds
        self.similar = similar
        self._said: dict[int, deque[tuple[float, str]]] = {}
        self._checks = 0

    def check(self, user: int, text: str, now: float) -> None:
        """Let the line through (and count it), or refuse it: too many lately, or a near
        repeat of a recent one."""
        if not self.count:  # the rule is off (the server's --chat-lines 0)
            return
        self._checks += 1
        if self._checks % FORGET_EVERY == 0:  # players gone quiet leave no memory behind
            self.forget_idle(now)
        said = self._said.setdefault(user, deque())
        while said and now - said[0][0] > max(self.seconds, self.repeat_seconds):
            said.popleft()
        recent = [t for t, _ in said if now - t < self.seconds]
        if len(recent) >= self.count:
            wait = max(1, int(recent[-self.count] + self.seconds - now + 0.999))
            raise RulesError("chat-flood", count=self.count, seconds=int(self.seconds), wait=wait)
        norm = normalise(text)
        for t, before in said:
            if now - t < self.repeat_seconds and self.alike(norm, before):
                raise RulesError("chat-repeat")
        said.append((now, norm))

    def remember(self, user: int, norm: str, now: float) -> None:
        """Count a (normalised) line let through elsewhere: in a cluster, by the rule's memory in
        Redis (``net.cluster.flood``), so that this node's memory is ready should Redis fail."""
        if self.count:
            self._said.setdefault(user, deque()).append((now, norm))

    def alike(self, a: str, b: str) -> bool:
        """Whether two normalised lines are near repeats."""
        if a == b:
            return True
        if min(len(a), len(b)) < 4:  # "ok" then "no": short lines differ by a letter
            return False
        return difflib.SequenceMatcher(None, a, b).ratio() >= self.similar

    def __len__(self) -> int:
        """How many players the rule remembers."""
        return len(self._said)

    def forget_idle(self, now: float) -> None:
        """Drop the players with nothing recent (called now and then)."""
        horizon = max(self.seconds, self.repeat_seconds)
        for user in [u for u, d in self._said.items() if not d or now - d[-1][0] > horizon]:
            del self._said[user]


def normalise(text: str) -> str:
    """Case, width, spaces and punctuation do not make a line new: 'GG!!' is 'gg'."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if unicodedata.category(ch)[0] in "LNS")


class ChatMemory:
    """The last ``CHAT_KEPT`` lines said at each room ('name: text'), for reports."""

    def __init__(self) -> None:
        self._rooms: OrderedDict[str, deque[str]] = OrderedDict()

    def add(self, room: str, name: str, text: str) -> None:
        lines = self._rooms.get(room)
        if lines is None:
            lines = self._rooms[room] = deque(maxlen=CHAT_KEPT)
            while len(self._rooms) > ROOMS_KEPT:
                self._rooms.popitem(last=False)
        else:
            self._rooms.move_to_end(room)
        lines.append(f"{name}: {text}")

    def lines(self, room: str) -> list[str]:
        return list(self._rooms.get(room, ()))


def utc(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(at))


def refuse_banned(store: Storage, user: int, now: float) -> None:
    found = store.sanction(user, "ban", now)
    if found is not None:
        raise RulesError("banned", until=utc(found[1]), reason=found[0])


def refuse_timed_out(store: Storage, user: int, now: float) -> None:
    found = store.sanction(user, "timeout", now)
    if found is not None:
        raise RulesError("chat-timeout", until=utc(found[1]), reason=found[0])


def report(
    store: Storage,
    reporter: int,
    reported: int,
    reason: str,
    text: str,
    room: str | None,
    chat: list[str],
    now: float,
) -> int:
    """File a report (at most ``REPORTS_PER_HOUR`` per reporter) with the room's latest game."""
    if reported == reporter:
        raise RulesError("not-yourself")
    if not store.user_names([reported]):
        raise RulesError("no-user", who=f"#{reported}")
    sent = store.reports_since(reporter, now - 3600)
    if sent >= REPORTS_PER_HOUR:
        raise RulesError("too-many-reports", count=sent, max=REPORTS_PER_HOUR)
    game = store.last_game(room) if room is not None else None
    return store.add_report(reporter, reported, reason, text, room, game, chat)


def may_moderate(store: Storage, actor: int | None) -> str:
    """``actor``'s role (the operator, None, is an administrator); refused for a player."""
    if actor is None:
        return "admin"
    role = store.role(actor)
    if role not in ROLES:
        raise RulesError("not-moderator")
    return role


def moderate(
    store: Storage,
    actor: int | None,
    action: str,
    target: int,
    minutes: int,
    reason: str,
    now: float,
) -> float | None:
    """A chat ``timeout`` or a ``ban`` of ``target`` for ``minutes`` (or ``lift-timeout`` /
    ``lift-ban``), logged; the time it ends (None: lifted)."""
    role = may_moderate(store, actor)
    reason = reason.strip()
    if not 1 <= len(reason) <= REASON_MAX:
        raise RulesError("reason-needed", max=REASON_MAX)
    found = store.user_names([target])
    if target not in found:
        raise RulesError("no-user", who=f"#{target}")
    if target == actor:
        raise RulesError("not-yourself")
    theirs = store.role(target)
    if theirs in ROLES and role != "admin":
        raise RulesError(
            "outranks-you", name=found[target][0], role=theirs, role_zh=ROLE_ZH[theirs]
        )
    kind = action.removeprefix("lift-")
    until: float | None = None
    if not action.startswith("lift-"):
        days = TIMEOUT_DAYS_MAX if kind == "timeout" else BAN_DAYS_MAX
        if not 1 <= minutes <= days * 1440:
            raise RulesError(
                "bad-duration", what=WHAT[kind], what_zh=WHAT_ZH[kind], max=days, minutes=minutes
            )
        until = now + minutes * 60
    store.set_sanction(target, kind, until, reason)
    actor_name = None if actor is None else store.user_names([actor])[actor][0]
    store.log_moderation(actor_name, action, target, reason, until)
    return until


def set_role(store: Storage, target: int, role: str | None, reason: str) -> None:
    """The operator makes ``target`` a moderator or an administrator (None: a player), logged."""
    store.set_role(target, role)
    store.log_moderation(None, f"role:{role or 'player'}", target, reason, None)
