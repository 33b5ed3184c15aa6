"""The stages and their levels, as data: positions in RULES.md §1 notation, goals, answers.

Seat 0 is the learner, seat 2 the partner; the trick on the table was led by ``leader``.
A choice's right answer is never written here: ``answer`` asks the engine for it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.bids import Bid, check_bid
from engine.cards import parse_cards
from engine.cards import points as card_points
from engine.errors import RulesError
from engine.leads import check_lead
from engine.scoring import Verdict, hand_result, kitty_bonus
from engine.shapes import decompose
from engine.tricks import standing, trick_points

from .check import SEATS, cards_text, table
from .model import (
    BID,
    BURY,
    CHOICE,
    PLAY,
    SELECT,
    TABLE,
    Level,
    Position,
    Stage,
    Text,
)

Answer = Callable[[Position], tuple[int, Text]]
SEAT_CHOICES: tuple[Text, ...] = (
    ("You", "你"),
    ("Right", "下家"),
    ("Partner", "对家"),
    ("Left", "上家"),
)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- the engine's answers to the choices -------------------------------------------------


def _numbers(values: tuple[int, ...], unit: Text = ("points", "分")) -> tuple[Text, ...]:
    return tuple((f"{v} {unit[0]}", f"{v} {unit[1]}") for v in values)


def _trick_points(values: tuple[int, ...]) -> Answer:
    def answer(pos: Position) -> tuple[int, Text]:
        plays = table(pos).plays
        pts = trick_points(plays)
        parts = [str(card_points([c])) for p in plays for c in p if card_points([c])]
        sums = " + ".join(parts) + f" = {pts}"
        return values.index(pts), (
            f"{sums}: each 5 counts 5, each 10 and each king 10.",
            f"{sums}：5 算 5 分，10 和 K 各算 10 分。",
        )

    return answer


def _deck_points(values: tuple[int, ...]) -> Answer:
    def answer(pos: Position) -> tuple[int, Text]:
        r = pos.rules
        total = r.total_points
        return values.index(total), (
            f"{r.decks} decks × 100 = {total}: each deck holds four 5s, four 10s and four kings.",
            f"{r.decks} 副牌 × 100 = {total}：每副牌有四张5、四张10、四张K。",
        )

    return answer


def _trick_winner(pos: Position) -> tuple[int, Text]:
    t = table(pos)
    trumps = pos.trumps
    st = standing(t.plays, t.shape, trumps)
    seat = t.seats[st.index]
    who, what = SEATS[seat], cards_text(t.plays[st.index])
    if st.ruff:
        why = ("a trump beats every card of a side suit", "主牌大过任何副牌")
    elif st.index == 0 and any(
        sorted(map(trumps.position, p)) == sorted(map(trumps.position, t.plays[0]))
        for p in t.plays[1:]
    ):
        why = ("of two equal plays the first one wins", "一样大的牌，先出的大")
    elif len(t.plays[0]) > 1:
        why = ("only the lead's shape in its suit can beat it", "只有同门同牌型才能大过它")
    else:
        why = ("the highest card of the suit led wins", "首家那门里最大的牌赢")
    return seat, (f"{_cap(who[0])}: {what[0]} — {why[0]}.", f"{who[1]}：{what[1]}——{why[1]}。")


def _result_text(r: Verdict) -> Text:
    winner, levels = r
    if winner == "defenders":
        return f"The dealer's side goes up {levels}", f"庄家方升 {levels} 级"
    if levels == 0:
        return "The deal passes; nobody goes up", "换庄，谁也不升级"
    return f"The attackers take the deal and go up {levels}", f"抓分方上台并升 {levels} 级"


RESULTS: tuple[Verdict, ...] = (
    ("defenders", 2),
    ("defenders", 1),
    ("attackers", 0),
    ("attackers", 1),
)
RESULT_CHOICES = tuple(_result_text(r) for r in RESULTS)


def _result(points: int, captured: bool = False) -> Answer:
    def answer(pos: Position) -> tuple[int, Text]:
        r = hand_result(pos.rules, points, kitty_captured=captured)
        en, zh = _result_text(r)
        en = en[:1].lower() + en[1:]
        return RESULTS.index(r), (f"{points} points: {en}.", f"{points} 分：{zh}。")

    return answer


def _kitty(points: int, kind: tuple[int, int], values: tuple[int, ...]) -> Answer:
    def answer(pos: Position) -> tuple[int, Text]:
        bonus = kitty_bonus(pos.rules, points, kind)
        times = bonus // points
        return values.index(bonus), (
            f"{points} × {times} = {bonus}: the last trick won with a single doubles the kitty, "
            "a pair ×4, a tractor of two pairs ×8.",
            f"{points} × {times} = {bonus}：单张扣底翻2倍，对子4倍，两对的拖拉机8倍。",
        )

    return answer


def _card_options(*options: str) -> tuple[Text, ...]:
    return tuple(cards_text(parse_cards(o)) for o in options)


def _tractor(options: tuple[str, ...]) -> Answer:
    def answer(pos: Position) -> tuple[int, Text]:
        trumps = pos.trumps
        found = [
            i
            for i, o in enumerate(options)
            if any(c.length >= 2 for c in decompose(parse_cards(o), trumps))
        ]
        assert len(found) == 1, "one option is a tractor"
        en, zh = cards_text(parse_cards(options[found[0]]))
        return found[0], (
            f"{en}: the level cards leave the suit, so these pairs sit next to each other.",
            f"{zh}：级牌离开了这门，这两对就连上了。",
        )

    return answer


def _forced(throw_text: str, options: tuple[str, ...]) -> Answer:
    def answer(pos: Position) -> tuple[int, Text]:
        hands = pos.counters()
        throw = parse_cards(throw_text)
        lead = check_lead(
            hands[0], throw, pos.trumps, pos.rules, others=hands[1:], played=Counter()
        )
        index = [sorted(parse_cards(o)) for o in options].index(sorted(lead.cards))
        assert lead.beater is not None
        who, what = SEATS[lead.beater[0] + 1], cards_text(lead.beater[1])
        forced = cards_text(lead.cards)
        return index, (
            f"{_cap(who[0])} can beat it with {what[0]}: you must play {forced[0]}, the "
            "smallest part that can be beaten.",
            f"{who[1]}有{what[1]}能管住：你必须出{forced[1]}，能被管住的最小部分。",
        )

    return answer


def _can_overcall(cards: str) -> Answer:
    def answer(pos: Position) -> tuple[int, Text]:
        assert pos.bid is not None
        current = Bid(pos.bid[0], tuple(parse_cards(pos.bid[1])))
        try:
            check_bid(current, 0, parse_cards(cards), pos.level, pos.rules)
        except RulesError as err:
            return 1, (_cap(err.en) + ".", err.zh + "。")
        return 0, ("A pair beats a single.", "一对大过单张。")

    return answer


# -- the stages ---------------------------------------------------------------------------

CARDS = Stage(
    "cards",
    ("Cards and points", "牌与分"),
    (
        "Two decks, four players, partners opposite. Only 5s, 10s and kings score.",
        "两副牌，四个人，对家是队友。只有5、10和K算分。",
    ),
    (
        Level(
            "cards-points",
            ("Select every point card in your hand.", "选出你手里所有的分牌。"),
            SELECT,
            "points",
            Position(hands=("5H KS 3D TC 9H AS QD 5C JD 7S", "", "", "")),
            solution="5H KS TC 5C",
            wrong=("5H KS TC", "5H KS TC 5C QD"),
            lesson=("Right: 5s count 5, 10s and kings 10.", "对：5 算 5 分，10 和 K 算 10 分。"),
        ),
        Level(
            "cards-trick",
            ("How many points are in this trick?", "这一墩有多少分？"),
            CHOICE,
            position=Position(
                hands=("KH 3C", "5H 4C", "TH 6C", "3H 7C"),
                leader=0,
                plays=("KH", "5H", "TH", "3H"),
            ),
            choices=_numbers((15, 20, 25, 30)),
            answer=_trick_points((15, 20, 25, 30)),
            solution="2",
            wrong=("1",),
        ),
        Level(
            "cards-total",
            ("How many points do two decks hold?", "两副牌一共多少分？"),
            CHOICE,
            choices=_numbers((100, 160, 200, 240)),
            answer=_deck_points((100, 160, 200, 240)),
            solution="2",
            wrong=("0",),
        ),
    ),
)

TRUMPS = Stage(
    "trumps",
    ("Trumps and the level rank", "主牌与级牌"),
    (
        "Trumps: both jokers, every card of the level rank, and the trump suit.",
        "主牌：大小王、所有级牌，以及主花色。",
    ),
    (
        Level(
            "trumps-select",
            (
                "Level 5, hearts are trump. Select every trump.",
                "打5，红桃是主。选出所有主牌。",
            ),
            SELECT,
            "trumps",
            Position(level="5", trump="H", hands=("BJ 5S 5H AH 3H KS 2C 9D QH 7C", "", "", "")),
            solution="BJ 5S 5H AH 3H QH",
            wrong=("BJ 5H AH 3H QH", "BJ 5S 5H AH 3H QH KS"),
            lesson=(
                "Right: the 5♠ is a trump too — every level card is.",
                "对：黑桃5也是主——所有级牌都是主。",
            ),
        ),
        Level(
            "trumps-highest",
            (
                "Level 7, diamonds are trump. Select your highest card.",
                "打7，方块是主。选出你最大的牌。",
            ),
            SELECT,
            "highest",
            Position(level="7", trump="D", hands=("7S 7D AD KD AS QD", "", "", "")),
            solution="7D",
            wrong=("AD", "7S"),
            lesson=(
                "Right: the level card of the trump suit is above the other level cards, which "
                "are above the ace.",
                "对：主花色的级牌大过其他级牌，级牌又大过A。",
            ),
        ),
        Level(
            "trumps-none",
            (
                "Level 9, no trump suit (无主). Select every trump.",
                "打9，无主。选出所有主牌。",
            ),
            SELECT,
            "trumps",
            Position(level="9", trump="none", hands=("9C 9H AS BJ KH 3D", "", "", "")),
            solution="BJ 9C 9H",
            wrong=("BJ", "BJ 9C 9H AS"),
        ),
    ),
)

FOLLOW = Stage(
    "follow",
    ("Following and who wins a trick", "跟牌与谁赢一墩"),
    (
        "Follow the suit led while you can. The highest card of that suit wins, unless "
        "someone trumps.",
        "有首家那门就必须跟。那门最大的牌赢，除非有人毙。",
    ),
    (
        Level(
            "follow-suit",
            ("Your left-hand player led 9♥. Follow.", "上家出了红桃9。请跟牌。"),
            PLAY,
            "legal",
            Position(
                hands=("4H AC KS 8D", "6D 7D JD QD", "8C 9C JC QC", "9H 3C 4C 6C"),
                leader=3,
                plays=("9H",),
            ),
            solution="4H",
            wrong=("AC",),
        ),
        Level(
            "follow-win",
            ("Win this trick.", "赢下这一墩。"),
            PLAY,
            "win",
            Position(
                hands=("AH 5H 7C", "QH 4C 8C", "3H 9C TC", "KH JC QC"),
                leader=1,
                plays=("QH", "3H", "KH"),
            ),
            solution="AH",
            wrong=("5H", "7C"),
        ),
        Level(
            "follow-who",
            ("Who wins this trick? (Level 2, spades trump.)", "谁赢这一墩？（打2，黑桃是主。）"),
            CHOICE,
            position=Position(
                hands=("9D 7C", "KD 3C", "AD 5C", "4S 6C"),
                leader=1,
                plays=("KD", "AD", "4S", "9D"),
            ),
            choices=SEAT_CHOICES,
            answer=_trick_winner,
            solution="3",
            wrong=("2",),
        ),
        Level(
            "follow-equal",
            ("Two aces of clubs: who wins this trick?", "两张梅花A：谁赢这一墩？"),
            CHOICE,
            position=Position(
                hands=("4C 8D", "AC 5D", "3C 6D", "AC 7D"),
                leader=1,
                plays=("AC", "3C", "AC", "4C"),
            ),
            choices=SEAT_CHOICES,
            answer=_trick_winner,
            solution="1",
            wrong=("3",),
        ),
    ),
)

PAIRS = Stage(
    "pairs",
    ("Pairs", "对子"),
    (
        "Two identical cards are a pair. Answer a pair with a pair if you have one.",
        "两张一样的牌是一对。首家出对，有对必须跟对。",
    ),
    (
        Level(
            "pairs-follow",
            ("Your left-hand player led a pair of 8♣. Follow.", "上家出了一对梅花8。请跟牌。"),
            PLAY,
            "legal",
            Position(
                hands=("3C 3C KC 4D", "9D 9D JD QD", "6S 7S 8S 9S", "8C 8C 5H 6H"),
                leader=3,
                plays=("8C 8C",),
            ),
            solution="3C 3C",
            wrong=("KC 3C", "KC 4D"),
        ),
        Level(
            "pairs-lead",
            ("Lead a pair nobody can beat.", "出一对没人大得过的对子。"),
            PLAY,
            "pair",
            Position(
                hands=(
                    "AH AH 9H 9H 4C",
                    "KH KH 3H 5C 6C",
                    "QH JH 7C 8C 3D",
                    "TH TH 6H 9C 4D",
                )
            ),
            solution="AH AH",
            wrong=("9H 9H", "4C"),
        ),
        Level(
            "pairs-singles",
            ("Who wins this trick?", "谁赢这一墩？"),
            CHOICE,
            position=Position(
                hands=("5H 6H", "7H 7H", "KH QH", "3H 4H"),
                leader=1,
                plays=("7H 7H", "KH QH", "3H 4H", "5H 6H"),
            ),
            choices=SEAT_CHOICES,
            answer=_trick_winner,
            solution="1",
            wrong=("2",),
        ),
    ),
)

TRACTOR_OPTIONS = ("4S 4S 6S 6S", "5S 5S 6S 6S", "5S 5S 5C 5C", "7S 7S 9S 9S")

TRACTORS = Stage(
    "tractors",
    ("Tractors", "拖拉机"),
    (
        "Pairs next to each other in one suit make a tractor (拖拉机). Answer a tractor with "
        "a tractor if you can.",
        "同一门里相连的对子是拖拉机。首家出拖拉机，有就必须跟拖拉机。",
    ),
    (
        Level(
            "tractors-lead",
            ("Level 7, spades trump. Lead a tractor.", "打7，黑桃是主。出一个拖拉机。"),
            PLAY,
            "tractor",
            Position(
                level="7",
                hands=(
                    "6D 6D 8D 8D 3C 3C 5C KS",
                    "9D TD JD QD 4C 6C 8C 9C",
                    "3H 4H 5H 6H 8H 9H TH JH",
                    "AD KD 3S 4S 9S TS JS QS",
                ),
            ),
            solution="6D 6D 8D 8D",
            wrong=("3C 3C",),
            lesson=(
                "Right: the 7s are trumps, so 6 6 and 8 8 sit next to each other in diamonds.",
                "对：7 是主，方块里的 66 和 88 就连上了。",
            ),
        ),
        Level(
            "tractors-follow",
            ("A tractor was led. Follow.", "首家出了拖拉机。请跟牌。"),
            PLAY,
            "legal",
            Position(
                hands=(
                    "4H 4H 5H 5H 9H AC",
                    "TH TH JH JH 3C 4C",
                    "3H 6H 8H 9H 5D 6D",
                    "7H 7H AD KD QD JD",
                ),
                leader=1,
                plays=("TH TH JH JH", "3H 6H 8H 9H", "7H 7H AD KD"),
            ),
            solution="4H 4H 5H 5H",
            wrong=("4H 4H 9H 5H", "4H 4H 9H AC"),
        ),
        Level(
            "tractors-which",
            (
                "Level 5, hearts trump. Which of these is a tractor?",
                "打5，红桃是主。哪一个是拖拉机？",
            ),
            CHOICE,
            position=Position(level="5", trump="H"),
            choices=_card_options(*TRACTOR_OPTIONS),
            answer=_tractor(TRACTOR_OPTIONS),
            solution="0",
            wrong=("1", "2"),
        ),
    ),
)

RUFFING = Stage(
    "ruffing",
    ("Ruffing and over-ruffing", "毙牌与盖毙"),
    (
        "Out of the suit led? A trump (毙) beats it. A higher trump over-ruffs (盖毙).",
        "没有首家那门？用主牌毙。更大的主牌可以盖毙。",
    ),
    (
        Level(
            "ruff",
            ("You have no clubs. Win this trick.", "你没有梅花。赢下这一墩。"),
            PLAY,
            "win",
            Position(
                hands=("3S 9D 4D", "AC 6H 7H", "KC 8H 9H", "5C TH JH"),
                leader=1,
                plays=("AC", "KC", "5C"),
            ),
            solution="3S",
            wrong=("9D",),
            lesson=(
                "Right: even the smallest trump beats the ace of a side suit.",
                "对：最小的主也大过副牌A。",
            ),
        ),
        Level(
            "overruff",
            ("Your left-hand player ruffed. Win the trick.", "上家毙了。赢下这一墩。"),
            PLAY,
            "win",
            Position(
                hands=("4S 9S KD", "AC 6H 7H", "3C 8H 9H", "6S TH JH"),
                leader=1,
                plays=("AC", "3C", "6S"),
            ),
            solution="9S",
            wrong=("4S",),
        ),
        Level(
            "ruff-pair",
            (
                "A pair of K♦ was led; you have no diamonds. Win it.",
                "首家出一对方块K，你没有方块。赢下它。",
            ),
            PLAY,
            "win",
            Position(
                hands=("3S 3S 9S QS", "KD KD 8H 9H", "3D 4D TH JH", "6D 7D QH AH"),
                leader=1,
                plays=("KD KD", "3D 4D", "6D 7D"),
            ),
            solution="3S 3S",
            wrong=("9S QS",),
            lesson=(
                "Right: a ruff must have the lead's shape — a pair for a pair.",
                "对：毙牌要和首家牌型一样——对子要用对子毙。",
            ),
        ),
    ),
)

FORCED_OPTIONS = ("9D", "8D 8D", "4D 4D")

THROWS = Stage(
    "throws",
    ("Throws and failed throws", "甩牌与甩牌失败"),
    (
        "A throw (甩牌) leads several parts of one suit at once. It stands only if nobody can "
        "beat any part; otherwise you must play the smallest part that can be beaten.",
        "甩牌是同一门的几部分一起出。每部分都没人大得过才算成功；否则必须出能被管住的最小部分。",
    ),
    (
        Level(
            "throw",
            ("Throw in hearts: a throw that stands.", "在红桃里甩牌：要甩得成功。"),
            PLAY,
            "throw",
            Position(
                hands=(
                    "AH AH KH QH 7C 7C",
                    "KH 3H 4H 8C 9C TC",
                    "5H 6H 8H JC QC KC",
                    "9H TH JH 3D 4D 5D",
                )
            ),
            solution="AH AH KH",
            wrong=("AH AH KH QH", "7C 7C"),
        ),
        Level(
            "throw-failed",
            (
                "Level 10, hearts trump. You throw 9♦ 8♦ 8♦ 4♦ 4♦; your right-hand player "
                "holds Q♦ Q♦. What must you play?",
                "打10，红桃是主。你甩方块9 88 44；下家有一对方块Q。你必须出什么？",
            ),
            CHOICE,
            position=Position(
                level="T",
                trump="H",
                hands=(
                    "9D 8D 8D 4D 4D AC",
                    "QD QD 3C 5C 6C 7C",
                    "3S 4S 5S 6S 7S 8S",
                    "3H 4H 5H 6H 7H 8H",
                ),
            ),
            choices=_card_options(*FORCED_OPTIONS),
            answer=_forced("9D 8D 8D 4D 4D", FORCED_OPTIONS),
            solution="2",
            wrong=("0", "1"),
        ),
        Level(
            "throw-follow",
            (
                "Your right-hand player threw A♥ A♥ K♥. Follow.",
                "下家甩了红桃A A K。请跟牌。",
            ),
            PLAY,
            "legal",
            Position(
                hands=("9H 9H 4H 3H", "AH AH KH 3C", "5H 6H 7H 8C", "QH JH 4C 5C"),
                leader=1,
                plays=("AH AH KH", "5H 6H 7H", "QH JH 4C"),
            ),
            solution="9H 9H 4H",
            wrong=("9H 4H 3H",),
            lesson=(
                "Right: a throw is followed part by part — your pair answers its pair.",
                "对：跟甩牌要按它的每一部分跟——用你的对子跟它的对子。",
            ),
        ),
    ),
)

BIDDING = Stage(
    "bidding",
    ("Bidding, overcalling and the burial", "亮主、反主与扣底"),
    (
        "While the cards are dealt, show a level card to make its suit trump. A pair beats "
        "a single, a pair of jokers beats any pair. The dealer then buries the kitty.",
        "发牌时亮出级牌，那门就是主。对子大过单张，一对王大过任何对子。然后庄家扣底。",
    ),
    (
        Level(
            "bid-overcall",
            (
                "Level 2. Your right-hand player bid 2♥. Overcall.",
                "打2。下家亮了红桃2。请反主。",
            ),
            BID,
            "overcall",
            Position(hands=("2S 2S SJ 2D 7C KD", "", "", ""), bid=(1, "2H")),
            solution="2S 2S",
            wrong=("SJ", "2D"),
        ),
        Level(
            "bid-jokers",
            (
                "Your left-hand player bid a pair of 2♥. Overcall.",
                "上家亮了一对红桃2。请反主。",
            ),
            BID,
            "overcall",
            Position(hands=("SJ SJ 2S 2C 9D", "", "", ""), bid=(3, "2H 2H")),
            solution="SJ SJ",
            wrong=("2S",),
            lesson=(
                "Right: a pair of jokers beats any pair of level cards, and the hand has no "
                "trump suit.",
                "对：一对王大过任何一对级牌，这一局无主。",
            ),
        ),
        Level(
            "bury",
            (
                "You are the dealer, spades trump. Bury 8 cards: no points, no trumps, and "
                "no clubs left in your hand.",
                "你是庄家，黑桃是主。扣8张底牌：不扣分，不扣主，扣完手里不剩梅花。",
            ),
            BURY,
            target="C",
            position=Position(
                hands=(
                    "BJ SJ 2S 2H AS KS QS JS TS 9S AH KH QH JH 9H 8H 3H 4H "
                    "AD KD QD JD 9D 8D 7D 3D 4D 9C 8C 7C 6C 4C 3C",
                    "",
                    "",
                    "",
                )
            ),
            solution="9C 8C 7C 6C 4C 3C 3D 4D",
            wrong=("9C 8C 7C 6C 4C 3C KD 3D", "9C 8C 7C 6C 4C 3D 4D 3H", "9C 8C"),
            lesson=(
                "Right: with no clubs left you can ruff them, and the kitty holds no points.",
                "对：梅花做绝了就能毙，底牌里也没有分。",
            ),
        ),
    ),
)

SCORING = Stage(
    "scoring",
    ("Scoring, thresholds and the kitty", "计分、升级与抠底"),
    (
        "The attackers need 80 of the 200 points to take the deal, 120 to go up. If they win "
        "the last trick, the kitty's points count for them, multiplied.",
        "抓分方拿到200分中的80分就上台，120分升级。若他们赢最后一墩，底牌的分翻倍归他们。",
    ),
    (
        Level(
            "score-85",
            ("The attackers took 85 points. What happens?", "抓分方拿了85分。结果如何？"),
            CHOICE,
            choices=RESULT_CHOICES,
            answer=_result(85),
            solution="2",
            wrong=("1", "3"),
        ),
        Level(
            "score-35",
            ("The attackers took 35 points. What happens?", "抓分方拿了35分。结果如何？"),
            CHOICE,
            choices=RESULT_CHOICES,
            answer=_result(35),
            solution="0",
            wrong=("1",),
        ),
        Level(
            "kitty-pair",
            (
                "The kitty holds 20 points; the attackers win the last trick with a pair. "
                "What does the kitty add?",
                "底牌有20分；抓分方用一对赢了最后一墩。底牌加多少分？",
            ),
            CHOICE,
            choices=_numbers((20, 40, 80, 160)),
            answer=_kitty(20, (2, 1), (20, 40, 80, 160)),
            solution="2",
            wrong=("1",),
        ),
        Level(
            "kitty-tractor",
            (
                "The kitty holds 15 points; the last trick is won with a tractor of two pairs. "
                "What does the kitty add?",
                "底牌有15分；最后一墩用两对的拖拉机赢。底牌加多少分？",
            ),
            CHOICE,
            choices=_numbers((30, 60, 120, 240)),
            answer=_kitty(15, (2, 2), (30, 60, 120, 240)),
            solution="2",
            wrong=("1",),
        ),
    ),
)

STRATEGY = Stage(
    "strategy",
    ("Strategy", "策略"),
    (
        "Lead what nobody can beat. When your partner is winning, give points; when the "
        "other side is winning, give nothing.",
        "出没人大得过的牌。队友赢时送分，对方赢时不送分。",
    ),
    (
        Level(
            "lead-safe",
            ("You lead. Lead a card that is sure to win.", "你首出。出一张稳赢的牌。"),
            PLAY,
            "win",
            Position(
                hands=("AD 9H 7C 3C", "KD 8H 5C 6C", "QD TH 8C 9C", "JD JH TC JC"),
            ),
            solution="AD",
            wrong=("9H", "7C"),
        ),
        Level(
            "partner-winning",
            (
                "Your partner is winning with A♦. Play to help your side.",
                "对家的方块A在赢。出牌帮自己这方。",
            ),
            PLAY,
            "feed",
            Position(
                hands=("KD 5D 8D", "3D 4C 6C", "AD 7C 8C", "7D 9C JC"),
                leader=1,
                plays=("3D", "AD", "7D"),
            ),
            solution="KD",
            wrong=("8D", "5D"),
            lesson=(
                "Right: your partner takes the trick, so give them your 10 points.",
                "对：对家拿这墩，把你的10分送给他。",
            ),
        ),
        Level(
            "others-winning",
            (
                "Your right-hand player is winning with A♦ and you cannot beat it. Play.",
                "下家的方块A在赢，你大不过。请出牌。",
            ),
            PLAY,
            "duck",
            Position(
                hands=("KD 6D QD", "AD 7C 8C", "4D 9C JC", "9D 3C 6C"),
                leader=1,
                plays=("AD", "4D", "9D"),
            ),
            solution="6D",
            wrong=("KD",),
        ),
        Level(
            "win-cheap",
            ("Win this trick, as cheaply as you can.", "赢下这一墩，代价越小越好。"),
            PLAY,
            "cheapest",
            Position(
                hands=("QD AD 4D", "TD 7C 8C", "3D 9C JC", "JD 3C 6C"),
                leader=1,
                plays=("TD", "3D", "JD"),
            ),
            solution="QD",
            wrong=("AD", "4D"),
        ),
    ),
)

VARIANTS = Stage(
    "variants",
    ("Chaoshan and four decks", "潮汕与四副牌"),
    (
        "Chaoshan (潮汕): the first bid stands, one card a lead. Four decks: every 2 is a "
        "trump, bids are hidden, and there is no kitty.",
        "潮汕：先亮者定主，每次只出一张。四副牌：2都是主，暗亮主，没有底牌。",
    ),
    (
        Level(
            "chaoshan-bid",
            (
                "Chaoshan. Your right-hand player showed 2♥. Can your pair of 2♠ take the trump?",
                "潮汕。下家亮了红桃2。你的一对黑桃2能反主吗？",
            ),
            CHOICE,
            position=Position(preset="chaoshan", hands=("2S 2S 9C", "", "", ""), bid=(1, "2H")),
            choices=(
                ("Yes: a pair beats a single", "能：对子大过单张"),
                ("No: nobody can overcall", "不能：谁也不能反主"),
            ),
            answer=_can_overcall("2S 2S"),
            solution="1",
            wrong=("0",),
        ),
        Level(
            "chaoshan-throw",
            (
                "Chaoshan. You hold both A♣ and both K♣. Lead all your clubs at once.",
                "潮汕。两张梅花A和两张梅花K都在你手里。把梅花一次出完。",
            ),
            PLAY,
            "throw",
            Position(
                preset="chaoshan",
                hands=(
                    "AC AC KC KC 9C 4H",
                    "3C 5H 6H 7H 8H 9H",
                    "4C TH JH QH KH AH",
                    "5D 6D 7D 8D 9D TD",
                ),
            ),
            solution="AC AC KC KC 9C",
            wrong=("AC AC", "AC AC KC KC"),
        ),
        Level(
            "chaoshan-score",
            (
                "Chaoshan. The attackers took 70 points and won the last trick. What happens?",
                "潮汕。抓分方拿了70分，并赢了最后一墩。结果如何？",
            ),
            CHOICE,
            position=Position(preset="chaoshan"),
            choices=RESULT_CHOICES,
            answer=_result(70, captured=True),
            solution="2",
            wrong=("1",),
        ),
        Level(
            "four-twos",
            (
                "Four decks, level 5, spades trump. Select every trump.",
                "四副牌，打5，黑桃是主。选出所有主牌。",
            ),
            SELECT,
            "trumps",
            Position(preset="four-deck", level="5", hands=("2C 2H 5D 9S 4H AC SJ 3D", "", "", "")),
            solution="2C 2H 5D 9S SJ",
            wrong=("5D 9S SJ",),
            lesson=(
                "Right: in four decks every 2 is a trump (常主), just below the level cards.",
                "对：四副牌里2都是常主，排在级牌下面。",
            ),
        ),
        Level(
            "four-hidden",
            (
                "Four decks, level 3. A hidden bid of two 3♥ stands. Change it.",
                "四副牌，打3。暗亮的两张红桃3在台上。请改主。",
            ),
            BID,
            "overcall",
            Position(
                preset="four-deck",
                level="3",
                hands=("3S 3S 3S 3S 3C AD", "", "", ""),
                bid=(1, "3H 3H"),
            ),
            solution="3S 3S 3S",
            wrong=("3S 3S 3S 3S", "3S 3S"),
            lesson=(
                "Right: a hidden bid changes with exactly one card more.",
                "对：暗亮主只能多亮一张来改。",
            ),
        ),
        Level(
            "four-quad",
            (
                "Four decks, level 5. Four 9♥ were led. Follow.",
                "四副牌，打5。首家出了四张红桃9。请跟牌。",
            ),
            PLAY,
            "legal",
            Position(
                preset="four-deck",
                level="5",
                hands=(
                    "3H 3H 4H 4H 7H 7H AC QD",
                    "3D 4D 6D 7D 8D 9D TD JD",
                    "3C 4C 6C 7C 8C TC JC QC",
                    "9H 9H 9H 9H 6C 7C 8C 9C",
                ),
                leader=3,
                plays=("9H 9H 9H 9H",),
            ),
            solution="3H 3H 4H 4H",
            wrong=("3H 3H 7H 7H",),
            lesson=(
                "Right: in four decks a quad is answered by a tractor of two pairs before two "
                "pairs.",
                "对：四副牌里，跟四同张要先出两对的拖拉机，再轮到两个对子。",
            ),
        ),
        Level(
            "four-score",
            (
                "Four decks (400 points, no kitty). The attackers took 150. What happens?",
                "四副牌（400分，没有底牌）。抓分方拿了150分。结果如何？",
            ),
            CHOICE,
            position=Position(preset="four-deck"),
            choices=RESULT_CHOICES,
            answer=_result(150),
            solution="1",
            wrong=("2",),
        ),
    ),
)

GUIDED = Stage(
    "guided",
    ("A guided hand", "带提示的一局"),
    (
        "Play a whole hand against the computer. Whenever you are unsure, press Hint: it "
        "picks a move and says why.",
        "和电脑打一整局。拿不准时按“提示”：它会选一手牌并说明理由。",
    ),
    (
        Level(
            "guided-hand",
            (
                "Play a hand with hints: press Hint (H) at any turn.",
                "带提示打一局：轮到你时随时按“提示”（H）。",
            ),
            TABLE,
        ),
    ),
)

STAGES: tuple[Stage, ...] = (
    CARDS,
    TRUMPS,
    FOLLOW,
    PAIRS,
    TRACTORS,
    RUFFING,
    THROWS,
    BIDDING,
    SCORING,
    STRATEGY,
    VARIANTS,
    GUIDED,
)
