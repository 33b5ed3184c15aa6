"""Hints: the expert's suggestion for a human seat, with a one-line reason (English, Chinese).

The action is what the ``hard`` player would do in the seat's place (the search for a play,
the rule-based choice for bids, burials and friend calls); the reason names the rule behind it,
read from the same knowledge the player used.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.actions import Action, Bury, CallFriend, PassBid, Play
from engine.bids import Bid
from engine.cards import SUIT_NAMES_EN, SUIT_NAMES_ZH, Card, card_name, points
from engine.order import TRUMP
from engine.views import View

from . import basic
from .expert import DEFAULT_BUDGET, MAX_SAMPLES, decide
from .memory import SIDE_MINE, Knowledge, knowledge
from .players import BasicPlayer, is_legal_play


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action | None
    reason_en: str
    reason_zh: str


def hint(view: View, budget: float | None = DEFAULT_BUDGET) -> Hint:
    """The expert's action for ``view``'s seat and why (None: nothing to do now)."""
    if not isinstance(view, View):
        raise TypeError(f"a hint reads a View, not {type(view).__name__}")
    v = view
    if v.seat is None or not v.actions:
        return Hint(None, "Nothing to do now.", "现在无需行动。")
    if "play" in v.actions:
        d = decide(v, budget, MAX_SAMPLES)
        cards = list(d.cards)
        if not is_legal_play(v, cards):
            cards = v.play_candidates(limit=1)[0]
        en, zh = _play_reason(knowledge(v), cards)
        if d.searched:
            en += f" (best of {len(d.scores)} plays over {d.samples} sampled deals)"
            zh += f"（{d.samples} 次模拟中 {len(d.scores)} 种出法里最好）"
        return Hint(Play(v.seat, tuple(cards)), en, zh)
    action = BasicPlayer().act(v)
    if isinstance(action, Bid):
        names = " ".join(card_name(c) for c in action.cards)
        names_zh = "".join(card_name(c, "zh") for c in action.cards)
        return Hint(
            action,
            f"Bid {names}: this hand is long and strong in that trump.",
            f"亮{names_zh}：这门主牌又长又大。",
        )
    if isinstance(action, PassBid):
        return Hint(action, "Pass: no bid worth making.", "不亮：没有值得亮的主。")
    if isinstance(action, Bury):
        return Hint(action, *_bury_reason(v, action.cards))
    if isinstance(action, CallFriend):
        return Hint(
            action,
            f"Call the {card_name(action.card)}: a side-suit top card you lack.",
            f"叫{card_name(action.card, 'zh')}：自己没有的副牌大牌。",
        )
    return Hint(action, "", "")


def _bury_reason(v: View, cards: tuple[Card, ...]) -> tuple[str, str]:
    trumps = v.trumps
    assert trumps is not None
    left = Counter(v.hand) - Counter(cards)
    voids = [
        s
        for s in sorted({trumps.suit(c) for c in cards})
        if s != TRUMP and not any(trumps.suit(c) == s for c in left)
    ]
    pts = points(cards)
    en = "Bury low side cards"
    zh = "扣低的副牌"
    if voids:
        en += " to void " + ", ".join(SUIT_NAMES_EN[s] for s in voids)
        zh += "，做绝" + "、".join(SUIT_NAMES_ZH[s] for s in voids)
    en += f"; {pts} points in the kitty." if pts else "; no points in the kitty."
    zh += f"；底牌有 {pts} 分。" if pts else "；底牌不留分。"
    return en, zh


def _play_reason(k: Knowledge, cards: list[Card]) -> tuple[str, str]:
    trumps = k.trumps
    pts = points(cards)
    if not k.trick:
        comps = basic.components(cards, trumps)
        if len(comps) > 1:
            return "Throw: no one can beat any part of it.", "甩牌：每一部分都没人大得过。"
        if basic.sure(k, cards):
            return (
                "Lead a sure winner: no unseen card beats it.",
                "出必赢的牌：没出现的牌里没有更大的。",
            )
        if trumps.is_trump(cards[0]):
            return "Lead trumps to draw the others' trumps.", "调主：把别人的主牌吊出来。"
        return (
            "Lead low from a short side suit, keeping points and high cards.",
            "从短门出小牌，保留分牌和大牌。",
        )
    plays = [c for _, c in k.trick] + [tuple(cards)]
    assert k.shape is not None
    st = basic.standing_now(plays, k.shape, trumps)
    holder = k.seat if st.index == len(plays) - 1 else k.trick[st.index][0]
    stake = sum(points(c) for c in plays)
    if holder == k.seat:
        if st.ruff:
            return (
                f"Ruff: take the trick and its {stake} points.",
                f"毙牌：拿下这墩和 {stake} 分。",
            )
        return f"Take the trick ({stake} points).", f"拿下这墩（{stake} 分）。"
    if k.team[holder] == SIDE_MINE:
        if pts:
            return (
                f"Your partner holds the trick: add {pts} points.",
                f"对家（队友）赢牌：垫 {pts} 分。",
            )
        return "Your partner holds the trick: play low.", "队友赢牌：出小牌。"
    return (
        "The trick is lost: play low and give no points.",
        "这墩赢不了：出小牌，不送分。",
    )
