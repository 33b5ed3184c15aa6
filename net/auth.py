"""Guest identities, names, ratings and titles (RULES.md §9).

A guest logs in with a name and gets a random token; only the token's SHA-256 is stored, so
the database alone cannot log anyone in. Ratings move by the levels a hand gains, times the
room's multiplier; titles come from the two ladders in the sources (联众, seed 000; 潮汕,
seed 003), each band's lower bound inclusive.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata

from engine.errors import RulesError

NAME_MAX = 16
# 强退扣分 (seed 002): leaving a running hand costs this many levels, times the room multiplier
# (the worst an ordinary two-deck hand costs a side: the opponents' 大光, 3 levels).
LEAVE_LEVELS = 3


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


# letters by their Unicode category that show nothing (Hangul fillers, halfwidth filler)
FILLERS = frozenset("\u115f\u1160\u3164\uffa0")


def name_problem(name: object) -> str | None:
    """Why ``name`` is no good as a name (an error code), or None. A name is 1-16 letters
    (any script), digits, '_' or '-', with single spaces inside, and it shows: no filler
    letter such as U+3164, which looks like nothing (or like someone else's name)."""
    if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX:
        return "bad-name"
    if all(ch in FILLERS or unicodedata.category(ch)[0] in "ZCM" for ch in name):
        return "invisible-name"  # only blanks, fillers, controls, format or marks
    if name != name.strip() or "  " in name:
        return "bad-name"
    for ch in name:
        if ch in FILLERS:
            return "invisible-name"
        if ch not in "_- " and unicodedata.category(ch)[0] not in "LN":
            return "bad-name"
    return None


def valid_name(name: object) -> bool:
    return name_problem(name) is None


def name_key(name: str) -> str:
    """What two names are compared by: names that look alike (width, case) are the same."""
    return unicodedata.normalize("NFKC", name).casefold()


def hand_deltas(defenders: tuple[int, ...], winner: str, levels: int, multiplier: int) -> list[int]:
    """Each seat's rating change: +levels for the winning side, -levels for the other."""
    attackers_won = winner == "attackers"
    out = []
    for seat in range(4):
        won = (seat in defenders) != attackers_won
        out.append((levels if won else -levels) * multiplier)
    return out


def leave_penalty(multiplier: int) -> int:
    """The rating a player loses for leaving a running hand (seed 002: 强退扣分)."""
    return LEAVE_LEVELS * multiplier


def leaver_delta(delta: int) -> int:
    """A leaver's share of the hand they left: its loss, never its win (leaving never pays)."""
    return min(delta, 0)


def side_allows(side: str, rating: int) -> bool:
    """Seed 002 正负分房间: positive rooms seat ratings >= 0, negative rooms ratings < 0."""
    return side == "any" or (rating >= 0) == (side == "positive")


# (lower bound, title): a rating at or above the bound and below the next one.
LIANZHONG: tuple[tuple[float, str], ...] = (
    (float("-inf"), "庶民"),
    (0, "秀才"),
    (10, "举人"),
    (30, "九品芝麻官"),
    (70, "八品县丞"),
    (150, "七品知县"),
    (310, "六品通判"),
    (630, "五品知州"),
    (1270, "四品知府"),
    (2550, "三品按察使"),
    (5110, "二品巡抚"),
    (10230, "一品大学士"),
    (20470, "宰相"),
    (40950, "王爷"),
    (81910, "皇帝"),
)
CHAOSHAN: tuple[tuple[float, str], ...] = (
    (float("-inf"), "徒步者"),
    (-800, "滑板"),
    (-400, "自行车"),
    (0, "三轮车"),
    (100, "摩托车"),
    (200, "拖拉机"),
    (400, "大卡车"),
    (800, "吉普车"),
    (1600, "面包车"),
    (3200, "小汽车"),
    (6400, "小帆板"),
    (12800, "快艇"),
    (25600, "轮船"),
    (51200, "飞机"),
    (102400, "火箭"),
    (204800, "卫星"),
    (409600, "飞碟"),
)


def title(rating: int, ladder: tuple[tuple[float, str], ...] = LIANZHONG) -> str:
    found = ladder[0][1]
    for bound, name in ladder:
        if rating >= bound:
            found = name
    return found


def missing(room: str, invite: str | None) -> RulesError:
    """The answer to a join that finds no room it may enter. It depends only on what was asked
    (with an invite or without), never on whether the room exists or is private: a stranger
    cannot tell a private room from a missing one."""
    if invite is not None:
        return RulesError("bad-invite")
    return RulesError("no-room", room=room)
