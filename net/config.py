"""The server's configuration: every option with its default and its meaning, read from a TOML
file, then the environment, then the command line (each overrides the one before).

    tuolaji-server --config /etc/tuolaji/server.toml --port 443
    TUOLAJI_SERVER_PORT=443 tuolaji-server

The file holds the options by name (``port = 8765``, ``trusted_proxies = ["127.0.0.1"]``); an
option ``name`` is ``TUOLAJI_SERVER_NAME`` in the environment and ``--name`` (dashes for
underscores) on the command line. The file is named by ``--config`` or
``TUOLAJI_SERVER_CONFIG``. docs/DEPLOY.md lists the same options (a test keeps them equal).
"""

from __future__ import annotations

import argparse
import dataclasses
import ipaddress
import math
import os
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from net.storage import Storage

ENV_PREFIX = "TUOLAJI_SERVER_"
ROOMS_PER_USER = 10
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
# options that make no sense below zero (times, rates) or below one (budgets, counts)
NOT_NEGATIVE = (
    "handshake_rate",
    "handshake_burst",
    "deal_delay",
    "away_grace",
    "turn_timer",
    "trick_pause",
    "ai_workers",
    "gc_full_every",
    "shutdown_grace",
    "health_lag",
    "token_days",
    "board_games",
    "board_days",
    "board_opponents",
    "chat_lines",
)
AT_LEAST_ONE = (
    "rate",
    "burst",
    "rooms_per_user",
    "rematch_seconds",
    "board_every",
    "chat_seconds",
)


class StartError(Exception):
    """The server cannot start as configured (a file, a port, a database it cannot use); the
    message names the option or file. ``tuolaji-server`` prints it in one line, exit 2."""


@dataclass
class Settings:
    """The pace of every table (``Config.settings``: the options that set it)."""

    deal_delay: float = 0.05  # seconds between dealt cards
    away_grace: float = 15.0  # seconds a disconnected seat waits before 托管
    turn_timer: float | None = None  # overrides the rule set's turn_timer when set
    # an AI action (bot or 托管) waits a random MIN-MAX seconds after the table's last action,
    # and a lead waits at least ``trick_pause`` after the finished trick, so people can follow
    bot_delay: tuple[float, float] = (0.3, 0.7)
    trick_pause: float = 1.7  # the app's trick hold (1.5 s) and the sweep to the winner
    check_invariants: bool = False  # check the liveness invariant after every step (tests)
    # tests: rooms' match seeds drawn from this seed (a room's seed fixes its cards and its AI
    # players), so a test can play the same match elsewhere; None: unpredictable seeds
    seed: int | None = None


def is_postgres(where: str) -> bool:
    """A store's address names PostgreSQL (else it is a SQLite file's path)."""
    return where.startswith(("postgresql://", "postgres://"))


def open_store(where: str) -> Storage:
    """The store at ``where`` (``Config.database()``): PostgreSQL for a ``postgresql://…``
    URL, else the SQLite file. Imported here, not in net.storage: the back-ends import it."""
    if is_postgres(where):
        from net.store_pg import PgStore

        return PgStore(where)
    from net.store import Store

    return Store(where)


def _opt(default: Any, doc: str) -> Any:
    return field(default=default, metadata={"doc": doc})


@dataclass
class Config:
    host: str = _opt("127.0.0.1", "address to listen on (0.0.0.0 or :: for every interface)")
    port: int = _opt(8765, "TCP port for websockets, /healthz and /metrics")
    db: str = _opt("", "SQLite file (empty: tuolaji/server.sqlite3 in the user's data dir)")
    store: str = _opt("", "postgresql://... to keep everything in PostgreSQL (empty: the db file)")
    redis: str = _opt("", "redis://... to run as one node of a cluster (docs/SCALING.md)")
    node_id: str = _opt("", "this node's name in the cluster (empty: host name and port)")
    certfile: str = _opt("", "PEM certificate chain: with keyfile, the server speaks wss://")
    keyfile: str = _opt("", "PEM private key of certfile")
    trusted_proxies: list[str] = field(
        default_factory=list,
        metadata={"doc": "addresses or networks of reverse proxies whose X-Forwarded-For is used"},
    )
    handshake_rate: float = _opt(10.0, "new connections per second per client address (0: any)")
    handshake_burst: float = _opt(100.0, "burst of new connections per client address")
    rate: float = _opt(20.0, "messages per second per connection")
    burst: float = _opt(60.0, "message burst per connection")
    deal_delay: float = _opt(0.05, "seconds between dealt cards")
    away_grace: float = _opt(15.0, "seconds a disconnected seat waits before 托管")
    turn_timer: float = _opt(
        0.0, "seconds per turn before the AI plays it (0: each room's own rules)"
    )
    bot_delay: list[float] = field(
        default_factory=lambda: [0.3, 0.7],
        metadata={"doc": "MIN,MAX seconds an AI action waits after the table's last action"},
    )
    trick_pause: float = _opt(1.7, "seconds a finished trick stays before an AI leads")
    rooms_per_user: int = _opt(ROOMS_PER_USER, "open rooms one player may own at once")
    token_days: float = _opt(
        0.0, "days a login token lasts; one past half its life is renewed at hello (0: for ever)"
    )
    rematch_seconds: float = _opt(30.0, "seconds the other players have to accept a rematch")
    chat_lines: int = _opt(4, "chat lines a player may type in --chat-seconds (0: no flood rule)")
    chat_seconds: float = _opt(10.0, "the window of --chat-lines, seconds")
    board_every: float = _opt(300.0, "seconds between two recomputations of the leaderboards")
    board_games: int = _opt(20, "rated hands of a preset a player needs on its leaderboard")
    board_days: float = _opt(7.0, "days since a player's last rated hand, to stay on a board")
    board_opponents: int = _opt(
        4, "different opponents met, to be ranked on a board (fewer: provisional)"
    )
    ai_workers: int = _opt(
        0, "processes for the searching AI levels, hard and master (0: cores - 1)"
    )
    event_loop: str = _opt(
        "uvloop", "uvloop (libuv: about a third less CPU per frame) or asyncio (the standard one)"
    )
    gc_full_every: float = _opt(
        3600.0, "seconds between two full garbage collections (0: never; net/collector.py)"
    )
    check_invariants: bool = _opt(
        False, "check every table's liveness after each step and log a fault (tests)"
    )
    seed: int = _opt(-1, "draw rooms' seeds from this, for tests (-1: unpredictable seeds)")
    shutdown_grace: float = _opt(10.0, "seconds SIGTERM waits for clients and writes to finish")
    health_lag: float = _opt(1.0, "event-loop lag (seconds) above which /healthz answers 503")
    metrics: bool = _opt(True, "serve GET /metrics (Prometheus text format)")
    metrics_address: str = _opt(
        "", "HOST:PORT to serve /metrics on instead of the game port (empty: the game port)"
    )
    log_level: str = _opt("WARNING", "DEBUG, INFO, WARNING or ERROR")
    log_json: bool = _opt(False, "log one JSON object a line (with request ids)")
    stats: str = _opt("", "write act and loop-lag timings to this file on exit (bench)")

    def settings(self) -> Settings:
        low, high = self.bot_delay
        return Settings(
            deal_delay=self.deal_delay,
            away_grace=self.away_grace,
            turn_timer=self.turn_timer or None,
            bot_delay=(low, high),
            trick_pause=self.trick_pause,
            check_invariants=self.check_invariants,
            seed=self.seed if self.seed >= 0 else None,
        )

    @property
    def tls(self) -> bool:
        return bool(self.certfile)

    def check(self) -> None:
        """Refuse a configuration that cannot work, saying which option is wrong."""
        if bool(self.certfile) != bool(self.keyfile):
            raise ValueError("certfile and keyfile go together")
        for name in ("certfile", "keyfile"):
            path = getattr(self, name)
            if path and not Path(path).is_file():
                raise ValueError(f"{name}: no such file {path}")
        for name in NOT_NEGATIVE:
            value = getattr(self, name)
            if not (0 <= value < math.inf):  # NaN fails too
                raise ValueError(f"{name}: expected a number >= 0, got {value}")
        for name in AT_LEAST_ONE:
            if getattr(self, name) < 1:
                raise ValueError(f"{name}: expected at least 1, got {getattr(self, name)}")
        if self.seed < -1:
            raise ValueError(f"seed: expected -1 or a number >= 0, got {self.seed}")
        if self.log_level.upper() not in LOG_LEVELS:
            raise ValueError(f"log_level: expected one of {', '.join(LOG_LEVELS)}")
        if self.metrics_address:
            self.metrics_at()
        if self.event_loop not in ("uvloop", "asyncio"):
            raise ValueError(f"event_loop: expected uvloop or asyncio, got {self.event_loop!r}")
        low, high = self.bot_delay
        if not 0 <= low <= high:
            raise ValueError(f"bot_delay: expected 0 <= MIN <= MAX, got {self.bot_delay}")
        for net in self.trusted_proxies:
            ipaddress.ip_network(net, strict=False)  # ValueError names the bad entry
        if not 0 <= self.port <= 65535:
            raise ValueError(f"port: {self.port} is not a TCP port")
        if self.redis and not self.postgres:
            raise ValueError("redis: a cluster keeps its tables in PostgreSQL (store)")

    def metrics_at(self) -> tuple[str, int]:
        """``metrics_address`` as (host, port)."""
        host, _, port = self.metrics_address.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) <= 65535:
            raise ValueError(f"metrics_address: expected HOST:PORT, got {self.metrics_address!r}")
        return host.strip("[]"), int(port)

    @property
    def postgres(self) -> bool:
        return is_postgres(self.store)

    def database(self) -> str:
        """Where the store lives: the PostgreSQL URL, or the SQLite file."""
        if self.store:
            return self.store
        if self.db:
            return self.db
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        path = Path(base) / "tuolaji"
        path.mkdir(parents=True, exist_ok=True)
        return str(path / "server.sqlite3")


def options() -> list[tuple[str, Any, str]]:
    """(name, default, meaning) of every option, in order."""
    out = []
    for f in fields(Config):
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
        out.append((f.name, default, f.metadata["doc"]))
    return out


def _convert(name: str, kind: Any, value: Any) -> Any:
    """A value from the file (typed) or the environment/command line (text) as the option's."""
    kind = str(kind)
    if kind == "bool":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off", ""):
            return False
        raise ValueError(f"{name}: expected true or false, got {value!r}")
    if kind.startswith("list"):
        items = value if isinstance(value, list) else [x for x in str(value).split(",") if x]
        if kind == "list[float]":
            return [float(x) for x in items] * (2 if len(items) == 1 else 1)
        return [str(x).strip() for x in items]
    # TOML's true is an int to Python, and int(8765.9) is 8765: neither is what was meant
    if kind in ("int", "float") and isinstance(value, bool):
        raise ValueError(f"{name}: expected {kind}, got {value!r}")
    if kind == "int" and isinstance(value, float):
        raise ValueError(f"{name}: expected int, got {value!r}")
    try:
        return {"int": int, "float": float, "str": str}[kind](value)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: expected {kind}, got {value!r}") from None


def load(
    path: str | None = None,
    env: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Config:
    """Defaults, then the TOML file, then ``TUOLAJI_SERVER_*``, then ``overrides``."""
    env = os.environ if env is None else env
    kinds = {f.name: f.type for f in fields(Config)}
    values: dict[str, Any] = {}
    path = path or env.get(ENV_PREFIX + "CONFIG") or None
    if path:
        try:
            with open(path, "rb") as fh:
                data = tomllib.load(fh)
        except OSError as e:
            raise ValueError(f"config: cannot read {path}: {e.strerror or e}") from None
        except tomllib.TOMLDecodeError as e:
            raise ValueError(f"config: {path} is not TOML: {e}") from None
        unknown = sorted(set(data) - set(kinds))
        if unknown:
            raise ValueError(f"{path}: unknown options {', '.join(unknown)}")
        values.update({k: _convert(k, kinds[k], v) for k, v in data.items()})
    for name, kind in kinds.items():
        if ENV_PREFIX + name.upper() in env:
            values[name] = _convert(name, kind, env[ENV_PREFIX + name.upper()])
    for name, value in (overrides or {}).items():
        if value is not None:
            values[name] = _convert(name, kinds[name], value)
    config = Config(**values)
    config.check()
    return config


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--config`` and one flag per option (unset flags leave the file's or default value)."""
    parser.add_argument("--config", default=None, help="TOML file of options")
    for name, default, doc in options():
        flag = "--" + name.replace("_", "-")
        if isinstance(default, bool):
            parser.add_argument(flag, default=None, action=argparse.BooleanOptionalAction, help=doc)
        else:
            metavar = name.split("_")[-1].upper()
            parser.add_argument(
                flag, default=None, metavar=metavar, help=f"{doc} ({_shown(default)})"
            )


def _shown(default: Any) -> str:
    """A default as an operator would type it."""
    if isinstance(default, list):
        return "default: " + (",".join(map(str, default)) or "none")
    return f"default: {default}" if default != "" else "default: none"


def from_arguments(args: argparse.Namespace, env: Mapping[str, str] | None = None) -> Config:
    names = [f.name for f in fields(Config)]
    return load(args.config, env, {n: getattr(args, n) for n in names})


def parse(argv: Sequence[str] | None, prog: str, description: str) -> Config:
    p = argparse.ArgumentParser(prog=prog, description=description)
    add_arguments(p)
    return from_arguments(p.parse_args(argv))
