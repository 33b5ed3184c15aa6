"""The rules judge: JSON queries in, one JSON answer per line out (docs/JUDGE.md).

``python -m engine.judge`` reads one JSON object per line on stdin and writes exactly one JSON
object per line on stdout, flushed, so another program (a test harness, a referee, a bot) can
ask the engine about shapes, tricks, bids and hand results without importing it. The judge never
stops on bad input: every refusal is ``{"ok": false, "error": "<field>: <why>"}``.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.cards import RANKS, SUITS, Card, parse_card
from engine.cards import points as card_points
from engine.errors import RulesError
from engine.follows import check_follow
from engine.leads import Lead, check_lead, lead_shape
from engine.order import TRUMP, Trumps
from engine.rules import RuleSet, rules_from
from engine.shapes import Component, decompose, kind_key
from engine.tricks import trick_points, winner

Json = dict[str, Any]
COMMON = ("query", "id", "rules", "level", "trump")
SUIT_ORDER = (TRUMP, *SUITS)  # how components of equal kind are listed for a mixed set


class FieldError(Exception):
    """A bad query field: ``path`` names it (``plays[1][0]``), ``code`` when a rule said so."""

    def __init__(self, path: str, why: str, code: str = "malformed") -> None:
        super().__init__(f"{path}: {why}" if path else why)
        self.code = code


def _rules_error(path: str, err: RulesError) -> FieldError:
    return FieldError(path, err.en, err.code)


# -- field readers ----------------------------------------------------------------------


def _field(q: Json, name: str) -> Any:
    if name not in q:
        raise FieldError(name, "missing")
    return q[name]


def _check_fields(q: Json, allowed: Iterable[str], optional: Iterable[str] = ()) -> None:
    known = set(COMMON) | set(allowed) | set(optional)
    for name in q:
        if name not in known:
            raise FieldError(name, "unknown field")
    for name in (*COMMON, *allowed):
        if name != "id" and name not in q:
            raise FieldError(name, "missing")


def _int(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(path, f"expected an integer, got {_brief(value)}")
    return value


def _seat(value: Any, path: str) -> int:
    seat = _int(value, path)
    if not 0 <= seat <= 3:
        raise _rules_error(path, RulesError("bad-seat"))
    return seat


def _cards(value: Any, path: str) -> list[Card]:
    if not isinstance(value, list):
        raise FieldError(path, f"expected a list of cards, got {_brief(value)}")
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise FieldError(f"{path}[{i}]", f"expected a card string, got {_brief(item)}")
        try:
            out.append(parse_card(item))
        except RulesError as err:
            raise _rules_error(f"{path}[{i}]", err) from None
    return out


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise FieldError(path, f"expected a list, got {_brief(value)}")
    return value


def _object(value: Any, path: str) -> Json:
    if not isinstance(value, dict):
        raise FieldError(path, f"expected an object, got {_brief(value)}")
    return value


def _brief(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _copies(rules: RuleSet, path: str, groups: Iterable[Sequence[Card]]) -> None:
    """No card may appear more often than there are decks."""
    total = Counter(c for g in groups for c in g)
    for card, n in sorted(total.items()):
        if n > rules.decks:
            raise FieldError(path, f"{n} copies of {card} but only {rules.decks} decks")


def _setting(q: Json) -> tuple[RuleSet, Trumps]:
    spec = q["rules"]
    if not isinstance(spec, str | dict):
        raise FieldError("rules", f"expected a preset name or an object, got {_brief(spec)}")
    try:
        rules = rules_from(spec)
    except RulesError as err:
        raise _rules_error("rules", err) from None
    except (TypeError, ValueError) as err:
        raise FieldError("rules", str(err)) from None
    level = q["level"]
    if isinstance(level, bool) or not isinstance(level, str | int):
        raise FieldError("level", f"expected a rank, got {_brief(level)}")
    text = str(level).strip().upper()
    if ("T" if text == "10" else text) not in RANKS:
        raise FieldError("level", f"unknown rank '{level}'", "bad-rank")
    trump = q["trump"]
    if not isinstance(trump, str):
        raise FieldError("trump", f'expected a suit letter or "none", got {_brief(trump)}')
    try:
        trumps = Trumps.parse(text, trump, rules.twos_trump)
    except RulesError as err:
        raise _rules_error("level" if err.code == "bad-rank" else "trump", err) from None
    return rules, trumps


def _refusal(err: RulesError) -> Json:
    return {"reason": err.code, "message": {"en": err.en, "zh": err.zh}}


# -- queries ------------------------------------------------------------------------------


def _shape(q: Json) -> Json:
    _check_fields(q, ("cards",))
    rules, trumps = _setting(q)
    cards = _cards(q["cards"], "cards")
    if not cards:
        raise _rules_error("cards", RulesError("empty-play"))
    _copies(rules, "cards", [cards])
    by_suit: dict[str, list[Card]] = {}
    for c in cards:
        by_suit.setdefault(trumps.suit(c), []).append(c)
    comps: list[Component] = []
    for suit in SUIT_ORDER:
        comps += decompose(by_suit.get(suit, []), trumps)
    comps.sort(key=lambda c: kind_key(c.kind), reverse=True)  # stable: suits stay in order
    return {
        "suit": next(iter(by_suit)) if len(by_suit) == 1 else "mixed",
        "components": [
            {"tuple": c.size, "length": c.length, "cards": list(c.cards)} for c in comps
        ],
    }


def _trick(q: Json) -> Json:
    _check_fields(q, ("leader", "plays"), ("hands",))
    rules, trumps = _setting(q)
    leader = _seat(q["leader"], "leader")
    raw = _list(q["plays"], "plays")
    if not 1 <= len(raw) <= 4:
        raise FieldError("plays", f"expected 1 to 4 plays, got {len(raw)}")
    plays = [_cards(p, f"plays[{i}]") for i, p in enumerate(raw)]
    hands: list[Counter[Card]] | None = None
    if q.get("hands") is not None:
        raw_hands = _list(q["hands"], "hands")
        if len(raw_hands) != 4:
            raise FieldError("hands", f"expected 4 hands, got {len(raw_hands)}")
        listed = [_cards(h, f"hands[{s}]") for s, h in enumerate(raw_hands)]
        _copies(rules, "hands", listed)
        hands = [Counter(h) for h in listed]
    else:
        _copies(rules, "plays", plays)

    out: list[Json] = []
    seats = [(leader + i) % 4 for i in range(len(plays))]
    try:
        lead = _judge_lead(plays[0], leader, hands, trumps, rules)
    except RulesError as err:
        out.append({"seat": leader, "legal": False, **_refusal(err), "cards": plays[0]})
        return {"plays": out, "winner": None, "points": 0, "complete": False}
    entry: Json = {"seat": leader, "legal": True, "reason": None, "cards": list(lead.cards)}
    if lead.attempted is not None and lead.failed is not None:
        failed = RulesError(
            "throw-failed", cards=" ".join(lead.failed.cards), forced=" ".join(lead.cards)
        )
        entry.update(_refusal(failed), attempted=list(lead.attempted))
    out.append(entry)
    standing = [list(lead.cards)]
    for seat, play in zip(seats[1:], plays[1:], strict=True):
        try:
            if hands is not None:
                check_follow(hands[seat], play, lead.cards, lead.shape, trumps, rules)
            elif len(play) != len(lead.cards):
                raise RulesError("wrong-count", need=len(lead.cards))
        except RulesError as err:
            out.append({"seat": seat, "legal": False, **_refusal(err), "cards": play})
            points = trick_points(standing)
            return {"plays": out, "winner": None, "points": points, "complete": False}
        out.append({"seat": seat, "legal": True, "reason": None, "cards": play})
        standing.append(play)
    win = seats[winner(standing, lead.shape, trumps)]
    return {
        "plays": out,
        "winner": win,
        "points": trick_points(standing),
        "complete": len(standing) == 4,
    }


def _judge_lead(
    play: list[Card], seat: int, hands: list[Counter[Card]] | None, trumps: Trumps, rules: RuleSet
) -> Lead:
    if hands is not None:
        others = [hands[s] for s in range(4) if s != seat]
        return check_lead(hands[seat], play, trumps, rules, others=others, played=Counter())
    # Without hands only what needs no hand: one suit, and 潮汕's one-card trump lead.
    if not play:
        raise RulesError("empty-play")
    suits = {trumps.suit(c) for c in play}
    if len(suits) != 1:
        raise RulesError("lead-mixed-suits")
    if rules.lead_rule == "chaoshan" and len(play) > 1 and suits == {TRUMP}:
        raise RulesError("lead-one-card")
    return Lead(tuple(play), lead_shape(play, trumps, rules))


def _bid(q: Json) -> Json:
    from engine.bids import Bid, bid_strength, check_bid

    _check_fields(q, ("current", "seat", "cards"))
    rules, trumps = _setting(q)
    current = None
    if q["current"] is not None:
        cur = _object(q["current"], "current")
        for name in cur:
            if name not in ("seat", "cards"):
                raise FieldError(f"current.{name}", "unknown field")
        cur_seat = _seat(_field_at(cur, "seat", "current"), "current.seat")
        cur_cards = _cards(_field_at(cur, "cards", "current"), "current.cards")
        try:  # a standing bid that could never have been made is bad input, not a refusal
            bid_strength(cur_cards, trumps.level, rules)
        except RulesError as err:
            raise _rules_error("current.cards", err) from None
        current = Bid(cur_seat, tuple(cur_cards))
    seat = _seat(q["seat"], "seat")
    cards = _cards(q["cards"], "cards")
    try:
        check_bid(current, seat, cards, trumps.level, rules)
    except RulesError as err:
        return {"valid": False, **_refusal(err)}
    return {"valid": True, "reason": None}


def _field_at(obj: Json, name: str, path: str) -> Any:
    if name not in obj:
        raise FieldError(f"{path}.{name}", "missing")
    return obj[name]


def _result(q: Json) -> Json:
    from engine.scoring import hand_result, kitty_bonus, kitty_multiplier

    _check_fields(q, ("trick_points", "kitty", "last_trick"))
    rules, trumps = _setting(q)
    taken = _int(q["trick_points"], "trick_points")
    # Cards alone give a multiple of 5 up to the deck's total; a throw penalty can move it.
    if not rules.throw_penalty and (not 0 <= taken <= rules.total_points or taken % 5):
        why = f"expected a multiple of 5 from 0 to {rules.total_points}, got {taken}"
        raise FieldError("trick_points", why)
    kitty = _cards(q["kitty"], "kitty")
    if len(kitty) != rules.kitty_size:
        raise FieldError("kitty", f"expected {rules.kitty_size} cards, got {len(kitty)}")
    last = _object(q["last_trick"], "last_trick")
    for name in last:
        if name not in ("won_by", "cards"):
            raise FieldError(f"last_trick.{name}", "unknown field")
    won_by = _field_at(last, "won_by", "last_trick")
    if won_by not in ("attackers", "defenders"):
        why = f"expected attackers or defenders, got {_brief(won_by)}"
        raise FieldError("last_trick.won_by", why)
    cards = _cards(_field_at(last, "cards", "last_trick"), "last_trick.cards")
    if not cards:
        raise _rules_error("last_trick.cards", RulesError("empty-play"))
    if len({trumps.suit(c) for c in cards}) != 1:
        raise FieldError("last_trick.cards", "a winning play is of one suit")
    _copies(rules, "kitty", [kitty, cards])
    kind = decompose(cards, trumps)[0].kind
    captured = won_by == "attackers"
    points = taken + (kitty_bonus(rules, card_points(kitty), kind) if captured else 0)
    winner, levels = hand_result(rules, points, kitty_captured=captured)
    return {
        "multiplier": kitty_multiplier(rules, kind),
        "attacker_points": points,
        "winner": winner,
        "levels": levels,
        "dealer_passes": winner == "attackers",
    }


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


QUERIES: dict[str, Callable[[Json], Json]] = {
    "shape": _shape,
    "trick": _trick,
    "bid": _bid,
    "result": _result,
}


# -- the loop ---------------------------------------------------------------------------


def answer(line: str | bytes) -> Json:
    """The judge's answer to one input line (never raises)."""
    q: Any = None
    try:
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                raise FieldError("", "input is not UTF-8") from None
        try:
            q = json.loads(line, parse_constant=_no_constant)
        except (ValueError, RecursionError) as err:
            raise FieldError("", f"bad JSON: {err}") from None
        if not isinstance(q, dict):
            raise FieldError("", f"a query is a JSON object, got {_brief(q)}")
        kind = _field(q, "query")
        handler = QUERIES.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise FieldError("query", f"unknown query {_brief(kind)} (one of {', '.join(QUERIES)})")
        out: Json = {"ok": True, **handler(q)}
    except FieldError as err:
        out = {"ok": False, "error": str(err), "code": err.code}
    except RulesError as err:
        out = {"ok": False, "error": err.en, "code": err.code}
    except Exception as err:  # the judge answers every line; a crash here is an engine bug
        out = {"ok": False, "error": f"internal error: {type(err).__name__}: {err}", "code": None}
    if isinstance(q, dict) and "id" in q:
        out = {"id": q["id"], **out}
    return out


def main() -> None:
    src = sys.stdin.buffer
    dst = sys.stdout.buffer
    for line in src:
        reply = json.dumps(answer(line.rstrip(b"\r\n")), ensure_ascii=False)
        dst.write(reply.encode("utf-8") + b"\n")
        dst.flush()


if __name__ == "__main__":
    main()
