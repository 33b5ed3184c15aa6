"""Hints: the expert's suggestion for a human seat, with a one-line reason (English, Chinese).

The action is what the ``hard`` player would do in the seat's place, in every phase (the
confirmed search for a play, a burial and a friend call; the rule-based bid); the reason names
the rule behind it, read from the same knowledge the player used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from engine.actions import Action, Bury, CallFriend, PassBid, Play
from engine.bids import Bid
from engine.cards import (
    JOKERS,
    SUIT_NAMES_EN,
    SUIT_NAMES_ZH,
    SUIT_SYMBOLS,
    Card,
    card_name,
    points,
)
from engine.order import TRUMP
from engine.tricks import standing
from engine.views import View

from . import basic
from .expert import DEFAULT_BUDGET, MAX_SAMPLES
from .memory import SIDE_MINE, Knowledge, knowledge
from .players import ExpertPlayer


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action | None
    reason_en: str
    reason_zh: str


def hint(view: View, budget: float | None = DEFAULT_BUDGET, samples: int = MAX_SAMPLES) -> Hint:
    """The expert's action for ``view``'s seat and why (None: nothing to do now); ``budget`` and
    ``samples`` as the ``hard`` player's."""
    if not isinstance(view, View):
        raise TypeError(f"a hint reads a View, not {type(view).__name__}")
    v = view
    if v.seat is None or not v.actions:
        return Hint(None, "Nothing to do now.", "现在无需行动。")
    action = ExpertPlayer(budget=budget, samples=samples).act(v)
    if isinstance(action, Play):
        en, zh = _play_reason(knowledge(v), list(action.cards))
        return Hint(action, en, zh)
    if isinstance(action, Bid):
        en, zh = _names(action.cards)
        return Hint(
            action,
            f"Bid {en}: your hand is long and strong in that trump.",
            f"亮{zh}：这门主牌你又长又大。",
        )
    if isinstance(action, PassBid):
        return Hint(action, "Pass: no bid worth making.", "不亮：没有值得亮的主。")
    if isinstance(action, Bury):
        return Hint(action, *_bury_reason(v, action.cards))
    if isinstance(action, CallFriend):
        return Hint(
            action,
            f"Call the {card_name(action.card)}: a top card of a side suit you lack.",
            f"叫{card_name(action.card, 'zh')}：自己没有的副牌大牌。",
        )
    return Hint(action, "", "")


def short_name(card: Card) -> str:
    """How a player writes a card: ``A♠``, ``10♥``, ``big joker``."""
    if card in JOKERS:
        return card_name(card)
    return {"T": "10"}.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]


_COPIES_EN = {2: "pair of", 3: "triple of", 4: "four of"}
_COPIES_ZH = {2: "一对", 3: "三张", 4: "四张"}


def _names(cards: Iterable[Card]) -> tuple[str, str]:
    """The cards as a player names them, copies together ("pair of 7♠", "一对黑桃7"), in
    English and Chinese, in the order given."""
    copies = Counter(cards)
    en, zh = [], []
    for c, n in copies.items():
        name = short_name(c)
        if n == 1:
            en.append(name)
            zh.append(card_name(c, "zh"))
        else:
            en.append(f"{_COPIES_EN.get(n, f'{n} ×')} {name}{'s' if c in JOKERS else ''}")
            zh.append(_COPIES_ZH.get(n, f"{n} 张") + card_name(c, "zh"))
    return ", ".join(en), "、".join(zh)


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
    """Why to play ``cards``, naming them, in a player's words (English, Chinese)."""
    trumps = k.trumps
    pts = points(cards)
    en, zh = _names(sorted(cards, key=trumps.position, reverse=True))
    if not k.trick:
        comps = basic.components(cards, trumps)
        if len(comps) > 1:
            return (
                f"Throw {en}: nobody can beat any part of it.",
                f"甩{zh}：每一部分都没人大得过。",
            )
        if basic.sure(k, cards):
            return f"Lead your {en}: nobody can beat it.", f"出{zh}：没人大得过。"
        if trumps.is_trump(cards[0]):
            return (
                f"Lead trumps ({en}) to draw out the others' trumps.",
                f"调主（{zh}）：把别人的主牌吊出来。",
            )
        return (
            f"Lead {en} from a short suit, keeping your points and high cards.",
            f"从短门出{zh}，留住分牌和大牌。",
        )
    plays = [c for _, c in k.trick] + [tuple(cards)]
    assert k.shape is not None
    st = standing(plays, k.shape, trumps)
    holder = k.seat if st.index == len(plays) - 1 else k.trick[st.index][0]
    stake = sum(points(c) for c in plays)
    if holder == k.seat:
        if st.ruff:
            return (
                f"Ruff with {en}: the trick and its {stake} points are yours.",
                f"用{zh}毙牌：拿下这墩和 {stake} 分。",
            )
        if not stake:
            return f"Win the trick with {en}.", f"用{zh}拿下这墩。"
        return (
            f"Win the trick with {en} ({stake} points).",
            f"用{zh}拿下这墩（{stake} 分）。",
        )
    if k.team[holder] == SIDE_MINE:
        if pts:
            return (
                f"Your partner is winning the trick: give them {en} ({pts} points).",
                f"队友在赢这墩：垫{zh}（{pts} 分）。",
            )
        return (
            f"Your partner is winning the trick: play {en}, keep your points.",
            f"队友在赢这墩：出{zh}，留住分牌。",
        )
    if pts:
        return (
            f"You cannot win this trick: {en} costs you the least.",
            f"这墩赢不了：出{zh}损失最小。",
        )
    return (
        f"You cannot win this trick: play {en} and give away no points.",
        f"这墩赢不了：出{zh}，不送分。",
    )
