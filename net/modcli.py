"""``tuolaji-server mod ...``: the operator's moderation, on the server's database (SQLite file
or PostgreSQL). The operator acts as an administrator; every action is appended to the
moderation log with no actor name.

    tuolaji-server mod timeout NAME DURATION REASON   (DURATION: 30m, 2h, 7d)
    tuolaji-server mod ban NAME DURATION REASON
    tuolaji-server mod lift-timeout NAME REASON
    tuolaji-server mod lift-ban NAME REASON
    tuolaji-server mod role NAME moderator|admin|player
    tuolaji-server mod log [--limit N]
    tuolaji-server mod reports [--limit N]

NAME is a player's name, or ``#ID`` when several players share it. A chat timeout holds at
once (every chat line asks the database); a ban refuses the player's next login (a running
server's open connection of theirs is closed only by a ban given in the app).
"""

from __future__ import annotations

import argparse
import re
import sys
import time

from engine.errors import RulesError
from net import civility, config, social
from net.config import open_store
from net.storage import Storage

DURATION = re.compile(r"^(\d+)([mhd])$")
UNIT_MINUTES = {"m": 1, "h": 60, "d": 1440}


def minutes(text: str) -> int:
    m = DURATION.match(text.strip())
    if m is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a duration such as 30m, 2h or 7d")
    return int(m.group(1)) * UNIT_MINUTES[m.group(2)]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tuolaji-server mod",
        description=(__doc__ or "").split("\n\n")[0],
    )
    common = argparse.ArgumentParser(add_help=False)  # the server's options, after the command
    config.add_arguments(common)
    sub = p.add_subparsers(dest="command", required=True)

    def command(name: str, help: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help, parents=[common])

    for action in ("timeout", "ban"):
        s = command(action, f"a {action} for a duration, with a reason")
        s.add_argument("name", metavar="NAME")
        s.add_argument("duration", type=minutes, metavar="DURATION")
        s.add_argument("reason", metavar="REASON")
    for action in ("lift-timeout", "lift-ban"):
        s = command(action, f"{action.replace('-', ' ')}, with a reason")
        s.add_argument("name", metavar="NAME")
        s.add_argument("reason", metavar="REASON")
    s = command("role", "make a player a moderator or an administrator, or neither")
    s.add_argument("name", metavar="NAME")
    s.add_argument("role", choices=["moderator", "admin", "player"])
    for listing in ("log", "reports"):
        s = command(listing, f"the newest {listing} entries")
        s.add_argument("--limit", type=int, default=50)
    return p


def target(store: Storage, name: str) -> int:
    if name.startswith("#") and name[1:].isdigit():
        return social.find_user(store, int(name[1:]), None)[0]
    return social.find_user(store, None, name)[0]


def run(store: Storage, a: argparse.Namespace) -> list[str]:
    """The command's lines of output; a refusal raises ``RulesError``."""
    if a.command == "log":
        return [
            f"{civility.utc(at)}\t{actor or '(operator)'}\t{action}\t{name} (#{t})\t{why}"
            + (f"\tuntil {civility.utc(until)}" if until else "")
            for _i, at, actor, action, t, name, why, until in store.moderation_log(a.limit)
        ]
    if a.command == "reports":
        return [
            f"#{i}\t{civility.utc(at)}\t{an} reported {bn} (#{b}): {why} {text!r}"
            f"\troom {room} game {game}\n\t" + "\n\t".join(chat)
            for i, at, _a, an, b, bn, why, text, room, game, chat in store.reports(a.limit)
        ]
    user = target(store, a.name)
    if a.command == "role":
        role = None if a.role == "player" else a.role
        civility.set_role(store, user, role, f"by the operator: {a.role}")
        return [f"{a.name} (#{user}) is now a {a.role}"]
    until = civility.moderate(
        store, None, a.command, user, getattr(a, "duration", 0), a.reason, time.time()
    )
    done = f"{a.command} {a.name} (#{user})"
    return [done + (f" until {civility.utc(until)} UTC" if until else "")]


def main(argv: list[str]) -> None:
    a = parser().parse_args(argv)
    cfg = config.from_arguments(a)
    store = open_store(cfg.database())
    try:
        store.db.execute("BEGIN")
        lines = run(store, a)
        store.db.execute("COMMIT")
    except RulesError as e:
        store.db.execute("ROLLBACK")
        print(f"tuolaji-server mod: error: {e.en}", file=sys.stderr)
        raise SystemExit(2) from None
    finally:
        store.close()
    for line in lines:
        print(line)
