"""Friends, blocks, presence and seat invitations: the rules, apart from the sockets.

The functions that change what two players are to each other run on the store's thread as one
call (``await store.call(fn, store, ...)``), so each decision is read and written in one
transaction: two requests crossing (each asking the other) make one friendship, and a block
lands between any two of them, never in the middle of one.

A block is total between the two players, whichever blocked: no friend request, invitation or
chat line passes either way, and they are never seated at one table. Its refusals say only that
the other "cannot be reached", so a blocked player does not learn more than that.

Presence (``presence``) is worked out from where a player's connections are (the rooms they
watch, in a cluster each node's share read from Redis), the seats they hold (the database) and
whether they chose to appear offline: in the ``friends`` answer, and when it may have changed,
for the pushed notice to the player's online friends (``net.notices.changed``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from engine.errors import RulesError
from net.protocol import Invitation, Person, RoomInfo
from net.storage import Storage

FRIENDS_MAX = 200  # friends one player may have
REQUESTS_MAX = 20  # friend requests one player may have waiting for an answer
INVITES_MAX = 10  # seat invitations one player may have waiting for an answer
INVITE_TTL = 600.0  # seconds an invitation stands before it lapses
T = TypeVar("T")


def find_user(store: Storage, user: int | None, name: str | None) -> tuple[int, str]:
    """(id, name) of the player given by id, or by a name exactly one player has."""
    if user is not None:
        found = store.user_names([user])
        if user not in found:
            raise RulesError("no-user", who=f"#{user}")
        return user, found[user][0]
    if not name:
        raise RulesError("no-user", who="")
    ids = store.users_named(name)
    if not ids:
        raise RulesError("no-user", who=name)
    if len(ids) > 1:
        raise RulesError("name-ambiguous", count=len(ids), name=name)
    return ids[0], name


def _other(store: Storage, me: int, other: int) -> str:
    """``other``'s name (refused: myself, or no such player)."""
    if other == me:
        raise RulesError("not-yourself")
    return find_user(store, other, None)[1]


def request_friend(store: Storage, me: int, other: int) -> str:
    """Ask ``other`` to be friends: ``requested``, or ``friends`` when they had asked me."""
    name = _other(store, me, other)
    ties = store.ties(me, other)
    if ties & {"blocks", "blocked-by"}:
        raise RulesError("not-reachable", name=name)
    if "friends" in ties:
        raise RulesError("already-friends", name=name)
    if "sent" in ties:
        raise RulesError("already-requested", name=name)
    if "received" in ties:
        _befriend(store, me, other, name)
        return "friends"
    pending = store.requests_sent(me)
    if pending >= REQUESTS_MAX:
        raise RulesError("too-many-requests", count=pending, max=REQUESTS_MAX)
    store.add_request(me, other)
    return "requested"


def _befriend(store: Storage, me: int, other: int, name: str) -> None:
    if max(store.friend_count(me), store.friend_count(other)) >= FRIENDS_MAX:
        raise RulesError("too-many-friends", name=name, max=FRIENDS_MAX)
    store.drop_request(other, me)
    store.drop_request(me, other)
    store.add_friends(me, other)


def answer_friend(store: Storage, me: int, other: int, accept: bool) -> str:
    """Accept or decline ``other``'s request; ``other``'s name."""
    name = _other(store, me, other)
    if "received" not in store.ties(me, other):
        raise RulesError("no-request", name=name)
    if accept:
        _befriend(store, me, other, name)
    else:
        store.drop_request(other, me)
    return name


def unfriend(store: Storage, me: int, other: int) -> None:
    """End our friendship, or withdraw my request to ``other``."""
    name = _other(store, me, other)
    if not (store.drop_friends(me, other) or store.drop_request(me, other)):
        raise RulesError("not-friends", name=name)
    store.drop_invitations_between(me, other)


def block(store: Storage, me: int, other: int, on: bool) -> None:
    """Block ``other`` (or lift it): what stood between us ends with it."""
    _other(store, me, other)
    store.set_block(me, other, on)
    if on:
        store.drop_friends(me, other)
        store.drop_request(me, other)
        store.drop_request(other, me)
        store.drop_invitations_between(me, other)


def check_seat(store: Storage, me: int, seated: Sequence[int], seat: int) -> None:
    """Refuse a seat at a table where someone ``me`` blocked, or who blocked ``me``, sits."""
    if store.blocks_among(me, [u for u in seated if u != me]):
        raise RulesError("seat-unavailable", seat=seat)


def invite(
    store: Storage, me: int, other: int, room: str, seat: int, now: float
) -> tuple[int, str]:
    """Invite friend ``other`` into ``seat`` of ``room`` (the caller checked the seat is
    free and that I watch the room); the invitation's id and ``other``'s name."""
    name = _other(store, me, other)
    ties = store.ties(me, other)
    if ties & {"blocks", "blocked-by"}:
        raise RulesError("not-reachable", name=name)
    if "friends" not in ties:
        raise RulesError("not-friends", name=name)
    pending = store.invitations_sent(me, now - INVITE_TTL)
    if any(target == other and at_room == room for _i, target, at_room in pending):
        raise RulesError("already-invited", name=name)
    if len(pending) >= INVITES_MAX:
        raise RulesError("too-many-invitations", count=len(pending), max=INVITES_MAX)
    return store.add_invitation(me, other, room, seat), name


def answer_invitation(
    store: Storage, me: int, invite: int, accept: bool, now: float
) -> tuple[int, str, int, str | None, int]:
    """Accept or decline an invitation to me, or withdraw one of mine (``accept`` false); it
    is gone after. (the other side, room, seat, the room's invite code, the invitation's
    sender)."""
    found = store.invitation(invite)
    if found is None or found[4] < now - INVITE_TTL or me not in found[:2]:
        raise RulesError("no-invitation", invite=invite)
    sender, target, room, seat, _at = found
    if accept and me != target:
        raise RulesError("no-invitation", invite=invite)
    store.drop_invitation(invite)
    code = store.room_invite(room) if accept else None
    return (sender if me == target else target), room, seat, code, sender


def friends_first(rooms: list[T], people: Callable[[T], set[int]], friends: set[int]) -> list[T]:
    """``rooms`` with those where a friend is (``people``: who sits there or owns it) first,
    each group in its order."""
    return sorted(rooms, key=lambda r: not people(r) & friends)


# -- presence --------------------------------------------------------------------------------
def presence(
    user: int,
    name: str,
    online: bool,
    watching: Iterable[str],
    seats: Sequence[tuple[str, int, bool]],
    private: Mapping[str, bool],
) -> Person:
    """A friend as the panel shows them: offline; playing at the table where they hold a seat
    (one they watch first); watching a table; else online. A private room's id is not told."""
    if not online:
        return Person(user, name, "offline")
    watched = list(watching)
    ordered = sorted(seats, key=lambda s: s[0] not in watched)
    if ordered:
        room, seat, is_private = ordered[0]
        return Person(user, name, "playing", None if is_private else room, seat)
    if watched:
        room = watched[0]
        return Person(user, name, "watching", None if private.get(room, True) else room)
    return Person(user, name, "online")


def people_in(info: RoomInfo) -> set[int]:
    """Who sits at a listed room, and its owner."""
    return {s.user for s in info.seats if s is not None and s.user is not None} | {info.owner}


def invitation_of(row: Sequence[Any]) -> Invitation:
    """An ``Invitation`` from ``Storage.invitations_of``'s row."""
    invite, sender, sender_name, target, target_name, room, seat, at = row
    return Invitation(
        invite, Person(sender, sender_name), Person(target, target_name), room, seat, at
    )
