"""The engine checks a lesson's answer and says why a wrong one is wrong.

Every rule comes from the engine (leads, follows, tricks, bids, scoring): a refusal the rules
make is the engine's own message; an answer the rules allow but that misses the goal is
explained from what the engine works out (who still wins the trick, which card was the
higher one, how many points went where).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bids import Bid, check_bid
from engine.cards import JOKERS, SUIT_NAMES_EN, SUIT_NAMES_ZH, SUIT_SYMBOLS, Card, card_name
from engine.cards import points as card_points
from engine.errors import RulesError
from engine.follows import check_follow, legal_follows
from engine.leads import Lead, check_lead
from engine.order import TRUMP
from engine.shapes import decompose, describe
from engine.tricks import challenge, standing

from .model import BID, BURY, CHOICE, PLAY, SELECT, Level, Position, Text, Verdict

SEATS: dict[int, Text] = {
    0: ("you", "你"),
    1: ("the player on your right", "下家"),
    2: ("your partner", "对家"),
    3: ("the player on your left", "上家"),
}


def cards_text(cards: Sequence[Card]) -> Text:
    """Cards as a player writes them: ``A♥ A♥ K♥`` / ``红桃A 红桃A 红桃K``."""
    en = " ".join(
        card_name(c) if c in JOKERS else {"T": "10"}.get(c[0], c[0]) + SUIT_SYMBOLS[c[1]]
        for c in cards
    )
    return en, " ".join(card_name(c, "zh") for c in cards)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _refused(err: RulesError) -> Verdict:
    """The engine's refusal (a clause) as a sentence of its own."""
    return Verdict(False, _sentence(err.en).rstrip(".") + ".", err.zh.rstrip("。") + "。")


def _no(en: str, zh: str) -> Verdict:
    return Verdict(False, en, zh)


@dataclass
class Table:
    """A position's trick as the engine sees it once the plays on the table are made."""

    hands: list[Counter[Card]]  # what each seat holds now
    lead: Lead | None
    plays: list[list[Card]]  # the lead as it stands, then the follows
    seats: list[int]  # who made each play

    @property
    def shape(self) -> tuple[tuple[int, int], ...]:
        assert self.lead is not None
        return self.lead.shape


def table(pos: Position) -> Table:
    """Play ``pos``'s trick so far through the engine; a ``RulesError`` (or ValueError) if the
    position could not happen."""
    rules, trumps = pos.rules, pos.trumps
    hands = pos.counters()
    for card, n in sum(hands, Counter()).items():
        if n > rules.decks:
            raise ValueError(f"{n} copies of {card} with {rules.decks} decks")
    lead: Lead | None = None
    plays: list[list[Card]] = []
    seats: list[int] = []
    for i, cards in enumerate(pos.played()):
        seat = (pos.leader + i) % 4
        if lead is None:
            others = [hands[s] for s in range(4) if s != seat]
            lead = check_lead(hands[seat], cards, trumps, rules, others=others, played=Counter())
            if lead.attempted is not None:
                raise ValueError(f"the lead {cards} is a failed throw")
        else:
            check_follow(hands[seat], cards, lead.cards, lead.shape, trumps, rules)
        hands[seat] -= Counter(cards)
        plays.append(list(cards))
        seats.append(seat)
    if 0 < len(pos.plays) < 4 and (pos.leader + len(pos.plays)) % 4 != 0:
        raise ValueError("the learner (seat 0) is not next to play")
    return Table(hands, lead, plays, seats)


def check(level: Level, answer: Sequence[Card] | int) -> Verdict:
    """Whether ``answer`` (the cards chosen, or a choice's index) meets ``level``'s goal (the
    guided hand has no answer to check: it is played at the table)."""
    if level.task == CHOICE:
        assert isinstance(answer, int)
        return _choice(level, answer)
    assert not isinstance(answer, int)
    cards = list(answer)
    held = Counter(level.position.hand(0))
    missing = Counter(cards) - held
    if missing:
        shown = cards_text(sorted(missing.elements()))[0]  # the symbols read in any language
        return _refused(RulesError("not-holding", cards=shown))
    handler = {SELECT: _select, PLAY: _play, BID: _bid, BURY: _bury}[level.task]
    verdict = handler(level, cards)
    if verdict.ok and (level.lesson[0] or level.lesson[1]):
        return Verdict(True, *level.lesson)
    return verdict


def right_choice(level: Level) -> tuple[int, Text]:
    assert level.answer is not None, f"{level.key}: a choice needs its answer"
    return level.answer(level.position)


def _choice(level: Level, index: int) -> Verdict:
    right, (en, zh) = right_choice(level)
    if index == right:
        return Verdict(True, en, zh)
    return _no(f"Not quite. {en}", f"不对。{zh}")


# -- select ------------------------------------------------------------------------------


def _select(level: Level, cards: list[Card]) -> Verdict:
    pos = level.position
    trumps = pos.trumps
    hand = pos.hand(0)
    chosen = Counter(cards)
    if level.aim == "highest":
        best = max(hand, key=lambda c: (trumps.is_trump(c), trumps.position(c)))
        if len(cards) != 1:
            return _no("Pick one card: your highest.", "只选一张：你最大的牌。")
        if trumps.position(cards[0]) == trumps.position(best) and trumps.is_trump(cards[0]):
            return Verdict(True, "Right.", "对。")
        en, zh = cards_text([best])
        mine = cards_text(cards)
        return _no(
            f"{mine[0]} is lower than your {en}.",
            f"{mine[1]}比你的{zh}小。",
        )
    wanted = {
        "points": lambda c: card_points([c]) > 0,
        "trumps": trumps.is_trump,
    }[level.aim]
    want = Counter(c for c in hand if wanted(c))
    extra = chosen - want
    left = want - chosen
    if extra:
        en, zh = cards_text(sorted(extra.elements()))
        if level.aim == "points":
            return _no(
                f"{en}: no points. Only 5s, 10s and kings count.",
                f"{zh}：不是分牌。只有5、10和K算分。",
            )
        return _no(
            f"{en}: not a trump. Trumps are the jokers, the level cards and the trump suit.",
            f"{zh}：不是主牌。主牌是大小王、级牌和主花色。",
        )
    if left:
        en, zh = cards_text(sorted(left.elements()))
        one = sum(left.values()) == 1
        if level.aim == "points":
            it = "it counts" if one else "they count"
            return _no(f"You left out {en}: {it} too.", f"漏了{zh}：也算分。")
        it = "it is a trump" if one else "they are trumps"
        return _no(f"You left out {en}: {it} too.", f"漏了{zh}：也是主牌。")
    return Verdict(True, "Right.", "对。")


# -- play --------------------------------------------------------------------------------


def _play(level: Level, cards: list[Card]) -> Verdict:
    pos = level.position
    rules, trumps = pos.rules, pos.trumps
    t = table(pos)
    mine = t.hands[0]
    try:
        if t.lead is None:
            others = [t.hands[s] for s in (1, 2, 3)]
            lead = check_lead(mine, cards, trumps, rules, others=others, played=Counter())
            if lead.attempted is not None and lead.failed is not None:
                failed, forced = cards_text(lead.failed.cards), cards_text(lead.cards)
                return _refused(RulesError("throw-failed", cards=failed[0], forced=forced[0]))
            return _lead_aim(level, t, lead)
        check_follow(mine, cards, t.lead.cards, t.shape, trumps, rules)
    except RulesError as err:
        return _refused(err)
    return _follow_aim(level, t, cards)


def _lead_aim(level: Level, t: Table, lead: Lead) -> Verdict:
    trumps = level.position.trumps
    comps = decompose(lead.cards, trumps)
    shape_en, shape_zh = describe([c.kind for c in comps]), describe([c.kind for c in comps], "zh")
    if level.aim == "tractor" and not any(c.length >= 2 for c in comps):
        return _no(
            f"That is {shape_en}, not a tractor: two or more pairs in a row.",
            f"这是{shape_zh}，不是拖拉机：拖拉机是两个以上相连的对子。",
        )
    if level.aim == "pair" and not any(c.size >= 2 for c in comps):
        return _no(f"That is {shape_en}: lead a pair.", f"这是{shape_zh}：请出一对。")
    if level.aim == "throw" and len(comps) < 2:
        return _no(
            f"That is {shape_en}: a throw leads several parts of one suit at once.",
            f"这是{shape_zh}：甩牌是同一门的几部分一起出。",
        )
    if level.aim in ("win", "tractor", "pair"):
        beaten = _beater(level, t, lead)
        if beaten is not None:
            seat, cards = beaten
            who, what = SEATS[seat], cards_text(cards)
            return _no(
                f"Not safe: {who[0]} can beat it with {what[0]}.",
                f"不保险：{who[1]}可以用{what[1]}大过它。",
            )
    return Verdict(True, "Right.", "对。")


def _beater(level: Level, t: Table, lead: Lead) -> tuple[int, list[Card]] | None:
    """An opponent who could take the trick from ``lead``, and with what (None: nobody)."""
    rules, trumps = level.position.rules, level.position.trumps
    suit = trumps.suit(lead.cards[0])
    first = standing([list(lead.cards)], lead.shape, trumps)
    for seat in (1, 3):
        for play in legal_follows(t.hands[seat], lead.cards, lead.shape, trumps, rules):
            if challenge(first, 1, play, suit, lead.shape, trumps).index == 1:
                return seat, play
    return None


def _follow_aim(level: Level, t: Table, cards: list[Card]) -> Verdict:
    pos = level.position
    trumps, rules = pos.trumps, pos.rules
    assert t.lead is not None
    suit = trumps.suit(t.lead.cards[0])
    plays = [*t.plays, cards]
    seats = [*t.seats, 0]
    last = len(plays) == 4
    now = standing(plays, t.shape, trumps)
    holder = seats[now.index]
    mine_pts = card_points(cards)
    if level.aim == "legal":
        return Verdict(True, "Right.", "对。")
    options = list(legal_follows(t.hands[0], t.lead.cards, t.shape, trumps, rules))

    def wins(play: list[Card]) -> bool:
        return standing([*t.plays, play], t.shape, trumps).index == len(t.plays)

    if not last:
        raise ValueError(f"{level.key}: {level.aim!r} needs the learner to play last")
    if level.aim in ("win", "cheapest"):
        if holder != 0:
            who, what = SEATS[holder], cards_text(plays[now.index])
            en = f"{_sentence(who[0])} still wins the trick with {what[0]}."
            zh = f"{who[1]}的{what[1]}仍然最大，这墩归{who[1]}。"
            if suit != TRUMP and all(trumps.suit(c) == TRUMP for c in cards):
                en += " A ruff must match the lead's shape and beat every earlier ruff."
                zh += "毙牌要和首家牌型相同，还要大过先毙的牌。"
            return _no(en, zh)
        if level.aim == "cheapest":
            cheaper = [
                p
                for p in options
                if wins(p)
                and max(map(trumps.position, p)) < max(map(trumps.position, cards))
                and trumps.suit(p[0]) == trumps.suit(cards[0])
            ]
            if cheaper:
                low = min(cheaper, key=lambda p: max(map(trumps.position, p)))
                en, zh = cards_text(low)
                return _no(
                    f"{en} wins it too, and keeps your higher card for later.",
                    f"{zh}也能赢，还留住了大牌。",
                )
        return Verdict(True, "Right.", "对。")
    ours = holder in (0, 2)
    if level.aim == "feed":
        ours_then = [
            p for p in options if seats[standing([*t.plays, p], t.shape, trumps).index] in (0, 2)
        ]
        best = max(ours_then, key=card_points)
        if not ours:
            who = SEATS[holder]
            return _no(
                f"Now {who[0]} wins the trick: your partner had it.",
                f"这样{who[1]}赢了这墩：本来是对家的。",
            )
        if mine_pts < card_points(best):
            en, zh = cards_text(best)
            return _no(
                f"Your partner wins this trick: give them points. {en} is worth "
                f"{card_points(best)}, yours {mine_pts}.",
                f"对家赢这墩：给他送分。{zh}值 {card_points(best)} 分，你出的只值 {mine_pts} 分。",
            )
        return Verdict(True, "Right.", "对。")
    if level.aim == "duck":
        least = min(options, key=card_points)
        if mine_pts > card_points(least):
            en, zh = cards_text(least)
            return _no(
                f"The other side wins this trick: you gave them {mine_pts} points; "
                f"{en} gives them {card_points(least)}.",
                f"这墩是对方的：你送了 {mine_pts} 分；出{zh}只送 {card_points(least)} 分。",
            )
        return Verdict(True, "Right.", "对。")
    raise ValueError(f"{level.key}: unknown aim {level.aim!r}")


# -- bid and bury ------------------------------------------------------------------------


def _bid(level: Level, cards: list[Card]) -> Verdict:
    pos = level.position
    current = Bid(pos.bid[0], tuple(pos.bid[1].split())) if pos.bid else None
    try:
        check_bid(current, 0, cards, pos.level, pos.rules)
    except RulesError as err:
        return _refused(err)
    return Verdict(True, "Right.", "对。")


def _bury(level: Level, cards: list[Card]) -> Verdict:
    pos = level.position
    rules, trumps = pos.rules, pos.trumps
    need = rules.kitty_size
    if len(cards) != need:
        return _refused(RulesError("bury-count", need=need, got=len(cards)))
    pts = [c for c in cards if card_points([c])]
    if pts:
        en, zh = cards_text(pts)
        return _no(
            f"{en}: points in the kitty go to the attackers, multiplied, if they win the last "
            "trick.",
            f"{zh}：底牌里的分，对方抠底时会翻倍拿走。",
        )
    kept_trumps = [c for c in cards if trumps.is_trump(c)]
    if kept_trumps:
        en, zh = cards_text(kept_trumps)
        return _no(f"{en}: keep your trumps in hand.", f"{zh}：主牌留在手里。")
    left = Counter(pos.hand(0)) - Counter(cards)
    suit = level.target
    if suit and any(trumps.suit(c) == suit for c in left):
        return _no(
            f"You still hold {SUIT_NAMES_EN[suit]}: bury all of them to be void and ruff.",
            f"你还有{SUIT_NAMES_ZH[suit]}：全扣掉，做绝这门才能毙牌。",
        )
    return Verdict(True, "Right.", "对。")
