"""Hints: the expert's suggestion for a human seat, with a one-line reason (English, Chinese)
from the catalogue's ``HINTS`` (engine/messages.py).

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
from engine.messages import hint_text
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
        return Hint(None, *hint_text("hint-idle"))
    action = ExpertPlayer.of("hard", 0, budget, samples).act(v)
    if isinstance(action, Play):
        en, zh = _play_reason(knowledge(v), list(action.cards))
        return Hint(action, en, zh)
    if isinstance(action, Bid):
        en, zh = _names(action.cards)
        return Hint(action, *hint_text("hint-bid", cards=en, cards_zh=zh))
    if isinstance(action, PassBid):
        return Hint(action, *hint_text("hint-pass"))
    if isinstance(action, Bury):
        return Hint(action, *_bury_reason(v, action.cards))
    if isinstance(action, CallFriend):
        card, card_zh = card_name(action.card), card_name(action.card, "zh")
        return Hint(action, *hint_text("hint-call", card=card, card_zh=card_zh))
    return Hint(action, "", "")


def short_name(card: Card) -> str:
    """How a player writes a card: ``A♠``, ``10♥``, ``big joker``."""
    if card in JOKERS:
        return card_name(card)
    return {"T": "10"}.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]


_COPIES = {2: "hint-copies-two", 3: "hint-copies-three", 4: "hint-copies-four"}


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
            many_en, many_zh = hint_text(
                _COPIES.get(n, "hint-copies-many"),
                count=n,
                card=name + ("s" if c in JOKERS else ""),
                card_zh=card_name(c, "zh"),
            )
            en.append(many_en)
            zh.append(many_zh)
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
    code = "hint-bury" + ("-void" if voids else "") + ("-points" if pts else "")
    return hint_text(
        code,
        suits=", ".join(SUIT_NAMES_EN[s] for s in voids),
        suits_zh="、".join(SUIT_NAMES_ZH[s] for s in voids),
        points=pts,
    )


def _play_reason(k: Knowledge, cards: list[Card]) -> tuple[str, str]:
    """Why to play ``cards``, naming them, in a player's words (English, Chinese)."""
    trumps = k.trumps
    pts = points(cards)
    en, zh = _names(sorted(cards, key=trumps.position, reverse=True))

    def say(code: str, **fields: object) -> tuple[str, str]:
        return hint_text(code, cards=en, cards_zh=zh, **fields)

    if not k.trick:
        comps = basic.components(cards, trumps)
        if len(comps) > 1:
            return say("hint-throw")
        if basic.sure(k, cards):
            return say("hint-lead-sure")
        if trumps.is_trump(cards[0]):
            return say("hint-lead-trumps")
        return say("hint-lead-short")
    plays = [c for _, c in k.trick] + [tuple(cards)]
    assert k.shape is not None
    st = standing(plays, k.shape, trumps)
    holder = k.seat if st.index == len(plays) - 1 else k.trick[st.index][0]
    stake = sum(points(c) for c in plays)
    if holder == k.seat:
        if st.ruff:
            return say("hint-ruff", points=stake)
        if not stake:
            return say("hint-win")
        return say("hint-win-points", points=stake)
    if k.team[holder] == SIDE_MINE:
        if pts:
            return say("hint-partner-points", points=pts)
        return say("hint-partner")
    if pts:
        return say("hint-lose-points")
    return say("hint-lose")
