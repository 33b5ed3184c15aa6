"""Puzzles mined from real deals (issue 35, part 6): positions where one play is clearly best.

A puzzle is a hand's record up to one seat's play decision (``engine.records.replay`` rebuilds
the position exactly), the play the search found best under the only-move rule
(``engine.puzzles.judge``), every candidate's verified score and the puzzle's themes. The
miner is ``python -m engine.puzzles.mine``; the puzzles shipped are in
``resources/puzzles/*.jsonl``, their ratings ``engine.puzzles.rating``'s. ``check`` judges an
answer: the engine refuses an illegal play with its own reason; a legal play other than the best
(or a twin of it) is explained with the search's figures and the hint explainer's words for the
best play.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.actions import Bury, Play
from engine.ai.expert import _classes
from engine.ai.hint import _bury_reason, _play_reason
from engine.ai.memory import knowledge
from engine.cards import Card
from engine.errors import RulesError
from engine.events import ThrowFailed
from engine.hand import Hand, Phase
from engine.lessons.check import SEATS, cards_text
from engine.lessons.model import Verdict
from engine.records import FORMAT, HandRecord, replay
from engine.views import View, view


@dataclass(frozen=True, slots=True)
class Puzzle:
    id: str
    record: dict[str, Any]  # rules, setup and the actions before the decision
    seat: int
    best: tuple[Card, ...]
    scores: tuple[tuple[tuple[Card, ...], float], ...]  # each candidate's mean, best first
    deals: int
    gain: float  # levels: the best play's lead over the second best
    themes: tuple[str, ...]
    rating: int

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Puzzle:
        record = {"format": FORMAT, "rules": d["rules"], "setup": d["setup"]}
        record["actions"] = d["actions"]
        return cls(
            str(d["id"]),
            record,
            int(d["seat"]),
            tuple(d["best"]),
            tuple((tuple(c), float(m)) for c, m in d["scores"]),
            int(d["deals"]),
            float(d["gain"]),
            tuple(d["themes"]),
            int(d["rating"]),
        )


def load(path: Path) -> list[Puzzle]:
    """The puzzles of a ``.jsonl`` file, one a line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [Puzzle.from_dict(json.loads(line)) for line in lines if line.strip()]


def position(p: Puzzle) -> Hand:
    """The hand at the puzzle's decision, rebuilt from its record."""
    hand = replay(HandRecord.from_dict(p.record))
    if hand.pending()[0].seat != p.seat or hand.phase not in (Phase.PLAY, Phase.BURY):
        raise ValueError(f"puzzle {p.id}: seat {p.seat} is not to play or bury")
    return hand


def puzzle_view(p: Puzzle) -> View:
    """What the solver sees: the deciding seat's view, nothing more."""
    return view(position(p), p.seat)


def check(p: Puzzle, cards: Sequence[Card]) -> Verdict:
    """Whether ``cards`` solves ``p``, and why (English, 简体中文)."""
    hand = position(p)
    v = view(hand, p.seat)
    burial = hand.phase == Phase.BURY
    before = len(hand.events)
    try:
        hand.apply((Bury if burial else Play)(p.seat, tuple(cards)))
    except RulesError as err:
        return Verdict(False, err.en[:1].upper() + err.en[1:] + ".", err.zh + "。")
    if burial:
        reason_en, reason_zh = _bury_reason(v, p.best)
    else:
        reason_en, reason_zh = _play_reason(knowledge(v), list(p.best))
    now = hand.events[before:]
    failed = next((e.body for e in now if isinstance(e.body, ThrowFailed)), None)
    if failed is not None:
        en, zh = _why_failed(failed, p.seat, v)
        return Verdict(False, en + reason_en, zh + reason_zh)
    if _same_effect(v, cards, p.best):
        return Verdict(True, reason_en, reason_zh)
    assert v.trumps is not None
    best_en, best_zh = cards_text(v.trumps.sorted(p.best))
    yours = dict(p.scores).get(tuple(sorted(cards)))
    top = p.scores[0][1]
    if yours is not None:
        lead = top - yours
        en = f"{best_en} was better: over {p.deals} deals drawn from what you can see, "
        en += f"it did {lead:.1f} levels better on average. {reason_en}"
        zh = f"{best_zh}更好：在按你所见抽出的 {p.deals} 副牌里，平均多得 {lead:.1f} 级。"
        return Verdict(False, en, zh + reason_zh)
    en = f"{best_en} was the play: over {p.deals} deals drawn from what you can see, it did "
    en += f"at least {p.gain:.1f} levels better on average than any other. {reason_en}"
    zh = f"应出{best_zh}：在按你所见抽出的 {p.deals} 副牌里，它平均比别的出法至少多得 "
    return Verdict(False, en, zh + f"{p.gain:.1f} 级。{reason_zh}")


def legal(p: Puzzle, cards: Sequence[Card]) -> bool:
    """Whether the rules take ``cards`` as the puzzle's decision (a throw that fails is a play
    the rules take: it is a wrong answer, not a refused one)."""
    hand = position(p)
    try:
        hand.apply((Bury if hand.phase == Phase.BURY else Play)(p.seat, tuple(cards)))
    except RulesError:
        return False
    return True


def _why_failed(failed: ThrowFailed, seat: int, v: View) -> tuple[str, str]:
    """The failed throw told as the table shows it once played: who beats which part of it,
    and the part the rules make the thrower lead alone."""
    assert v.trumps is not None
    forced_en, forced_zh = cards_text(v.trumps.sorted(failed.forced))
    if failed.beaten_by is None or not failed.beater:
        return f"That throw fails: you lead {forced_en} alone. ", f"甩牌失败：只能出{forced_zh}。"
    who_en, who_zh = SEATS[(failed.beaten_by - seat) % 4]
    by_en, by_zh = cards_text(v.trumps.sorted(failed.beater))
    en = f"That throw fails: {who_en} holds {by_en}, which beats {forced_en}, so you lead "
    en += f"{forced_en} alone. "
    zh = f"甩牌失败：{who_zh}有{by_zh}，管得住{forced_zh}，你只能单出{forced_zh}。"
    return en[:1].upper() + en[1:], zh


def _same_effect(v: View, cards: Sequence[Card], best: Sequence[Card]) -> bool:
    """The best play, or a twin of it: cards of the same class (suit, rivals under them,
    points, copies held) play alike, as the search merges them."""
    cls = _classes(knowledge(v), v.friend_card if v.friend is None else None)
    return Counter(map(cls, cards)) == Counter(map(cls, best))


__all__ = ["Puzzle", "check", "legal", "load", "position", "puzzle_view"]
