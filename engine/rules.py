"""Rule sets: every difference between the sources is an option (RULES.md §4).

A ``RuleSet`` is a frozen, serialisable value. Presets are named rule sets; a player starts from
one and overrides options by name. Code branches on option values, never on a preset's name.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, fields
from typing import Any, Literal, get_args, get_type_hints

from engine.cards import RANKS, SUITS
from engine.errors import RulesError

Bidding = Literal["overcall", "three-deck-ladder", "first-bid", "hidden"]
NoBid = Literal["redeal", "no-trump", "flip-kitty", "fixed-suit"]
Partners = Literal["fixed", "called-card"]
LevelTable = Literal[
    "standard-40",
    "lianzhong-40",
    "one-deck",
    "one-deck-20",
    "three-deck-60",
    "four-deck-80",
    "chaoshan",
]
KittyCapture = Literal["structure", "double", "points", "none"]
LeadRule = Literal["free", "chaoshan"]
FollowOrders = Literal["standard", "three-deck", "four-deck"]
FirstDealer = Literal["winning-bid", "first-bid"]
DefenderWinDealer = Literal["partner", "same"]


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One table's rules. Field docs name the source that asks for each option."""

    preset: str = "classic"
    decks: int = 2
    kitty_size: int = 8
    partners: Partners = "fixed"
    bidding: Bidding = "overcall"
    reinforce: bool = True  # 自保: single -> pair of the same suit by the same bidder
    self_overcall: bool = True  # 自反: the bidder overcalls their own bid with another suit
    no_bid: NoBid = "no-trump"  # what happens when nobody bids (the first hand always redeals)
    no_bid_suit: str = "S"  # the fixed suit for no_bid="fixed-suit"
    level_table: LevelTable = "standard-40"
    kitty_capture: KittyCapture = "structure"
    twos_trump: bool = False  # 常主 (004): every 2 is a trump
    first_dealer: FirstDealer = "winning-bid"  # first hand: winning bidder, or first bidder
    defender_win_dealer: DefenderWinDealer = "partner"  # defenders win: partner deals, or same
    throw_penalty: int = 0  # points per failed throw (0 = off)
    start_level: str = "2"
    end_level: str = "A"  # a side that levels past this rank wins the match
    win_as_defenders_only: bool = False
    lead_rule: LeadRule = "free"
    follow_orders: FollowOrders = "standard"
    show_buried_ak: bool = False  # 潮汕: buried off-suit K and A are shown to everyone
    friend_excludes_level_and_jokers: bool = True  # 找朋友: the called card's restriction
    turn_timer: int = 0  # seconds per turn online (0 = no clock)

    def __post_init__(self) -> None:
        _validate(self)

    # -- derived -----------------------------------------------------------------------
    @property
    def hand_size(self) -> int:
        return (54 * self.decks - self.kitty_size) // 4

    @property
    def total_points(self) -> int:
        return 100 * self.decks

    # -- serialisation -----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Build from a dict; a ``preset`` key starts from that preset, others override."""
        if not isinstance(data, dict):
            raise RulesError("malformed", why="rules must be an object or a preset name")
        base = preset(data.get("preset", "classic"))
        overrides = {k: v for k, v in data.items() if k != "preset"}
        return base.with_options(**overrides)

    @classmethod
    def from_json(cls, text: str) -> RuleSet:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise RulesError("malformed", why=f"rules are not JSON ({e})") from None
        return cls.from_dict(data)

    def with_options(self, **options: Any) -> RuleSet:
        known = {f.name for f in fields(self)}
        for name in options:
            if name not in known:
                raise RulesError("unknown-option", name=name)
        if "preset" in options:  # the label names the base that from_dict rebuilds from
            preset(options["preset"])
        return dataclasses.replace(self, **options)


_HINTS: dict[str, Any] = {}


def _validate(r: RuleSet) -> None:
    if not _HINTS:
        _HINTS.update(get_type_hints(RuleSet))
    for f in fields(r):
        value = getattr(r, f.name)
        hint = _HINTS[f.name]
        choices = get_args(hint)
        if choices:
            if value not in choices:
                _bad(f.name, value, "expected one of " + ", ".join(choices))
        elif hint is bool:
            if not isinstance(value, bool):
                _bad(f.name, value, "expected true or false")
        elif hint is int:
            if isinstance(value, bool) or not isinstance(value, int):
                _bad(f.name, value, "expected an integer")
        elif hint is str and not isinstance(value, str):
            _bad(f.name, value, "expected a string")
    if not 1 <= r.decks <= 4:
        _bad("decks", r.decks, "1 to 4 decks")
    if r.kitty_size < 0 or (54 * r.decks - r.kitty_size) % 4 or r.kitty_size >= 54 * r.decks:
        _bad("kitty_size", r.kitty_size, "the cards left after the kitty must deal evenly to 4")
    for name in ("start_level", "end_level"):
        if getattr(r, name) not in RANKS:
            _bad(name, getattr(r, name), "a rank 2-A")
    if RANKS.index(r.start_level) > RANKS.index(r.end_level):
        _bad("end_level", r.end_level, "must not be below start_level")
    if r.no_bid_suit not in SUITS:
        _bad("no_bid_suit", r.no_bid_suit, "one of S, H, C, D")
    if r.throw_penalty < 0:
        _bad("throw_penalty", r.throw_penalty, "must be 0 or more")
    if r.turn_timer < 0:
        _bad("turn_timer", r.turn_timer, "must be 0 or more")
    if r.decks == 1 and r.bidding in ("three-deck-ladder",):
        _bad("bidding", r.bidding, "the three-deck ladder needs 3 decks")


def _bad(name: str, value: Any, why: str) -> None:
    raise RulesError("bad-option", name=name, value=value, why=why)


PRESETS: dict[str, RuleSet] = {}


def _preset(name: str, **options: Any) -> None:
    PRESETS[name] = RuleSet(preset=name, **options)


_preset("classic")
_preset("lianzhong", no_bid="redeal", level_table="lianzhong-40")
_preset("find-friend", partners="called-card", no_bid="redeal")
_preset(
    "one-deck",
    decks=1,
    kitty_size=6,
    bidding="first-bid",
    no_bid="redeal",
    level_table="one-deck",
    kitty_capture="double",
)
_preset(
    "three-deck",
    decks=3,
    kitty_size=6,
    bidding="three-deck-ladder",
    no_bid="redeal",
    level_table="three-deck-60",
    follow_orders="three-deck",
)
_preset(
    "four-deck",
    decks=4,
    kitty_size=0,
    bidding="hidden",
    self_overcall=False,
    reinforce=False,
    no_bid="fixed-suit",
    no_bid_suit="S",
    level_table="four-deck-80",
    kitty_capture="none",
    follow_orders="four-deck",
    first_dealer="first-bid",
    twos_trump=True,  # 004 四副牌: "2為固定的主牌"
)
_preset(
    "chaoshan",
    bidding="first-bid",
    no_bid="flip-kitty",
    level_table="chaoshan",
    kitty_capture="points",
    lead_rule="chaoshan",
    show_buried_ak=True,
    first_dealer="first-bid",
)


def preset(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise RulesError("unknown-preset", name=name) from None


def rules_from(spec: str | dict[str, Any] | RuleSet) -> RuleSet:
    """A rule set from a preset name, ``{"preset": name, ...overrides}``, or a RuleSet."""
    if isinstance(spec, RuleSet):
        return spec
    if isinstance(spec, str):
        return preset(spec)
    return RuleSet.from_dict(spec)
