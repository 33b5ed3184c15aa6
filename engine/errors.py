"""Typed rules errors: a reason code plus a message in English and Chinese.

Every refusal in the engine (a bad card string, an illegal play, an action out of turn) is a
``RulesError``. The code is stable (tests, the judge, the protocol and the app key on it); the
messages are for people. Templates take named parameters filled from ``RulesError(**params)``.
"""

from __future__ import annotations

from typing import Any

# code -> (English, Chinese). ``{suit}`` style fields come from the error's params.
MESSAGES: dict[str, tuple[str, str]] = {
    # notation and rule sets
    "bad-card": ("unknown card '{card}'", "无法识别的牌 '{card}'"),
    "bad-rank": ("unknown rank '{rank}'", "无法识别的级牌点数 '{rank}'"),
    "bad-suit": ("unknown trump suit '{suit}'", "无法识别的主花色 '{suit}'"),
    "unknown-preset": ("unknown preset '{name}'", "没有名为 '{name}' 的规则预设"),
    "unknown-option": ("unknown rule option '{name}'", "没有名为 '{name}' 的规则选项"),
    "bad-option": (
        "bad value {value!r} for rule option '{name}': {why}",
        "规则选项 '{name}' 的值 {value!r} 无效：{why}",
    ),
    "malformed": ("malformed input: {why}", "输入格式错误：{why}"),
    # plays: leads
    "empty-play": ("a play needs at least one card", "出牌至少一张"),
    "not-holding": ("you do not hold {cards}", "你手里没有 {cards}"),
    "lead-mixed-suits": (
        "a lead must be of one suit (trumps count as one suit)",
        "首家出牌必须是同一门花色（主牌算一门）",
    ),
    "lead-one-card": (
        "in this game a lead is one card, except a whole-suit throw",
        "本玩法每次只能出一张牌（整门甩牌除外）",
    ),
    "suit-throw-not-ready": (
        "you may throw all of {suit} only when both kings and both aces are accounted for",
        "{suit_zh}的两张K和两张A都到齐后才能整门甩牌",
    ),
    "throw-failed": (
        "the throw fails: another player can beat {cards}; you must play {forced}",
        "甩牌失败：有人能管住 {cards}，必须出 {forced}",
    ),
    # plays: follows
    "wrong-count": ("play as many cards as were led: {need}", "必须出 {need} 张牌，与首家张数相同"),
    "must-follow-suit": (
        "You hold {suit} and must play them first",
        "你有{suit_zh}，必须先出{suit_zh}",
    ),
    "must-follow-pair": (
        "You hold a pair in {suit} and must play it",
        "有对必须出对（{suit_zh}）",
    ),
    "must-follow-tuple": (
        "You hold a matching set in {suit} and must play it",
        "有同张必须跟同张（{suit_zh}）",
    ),
    "must-follow-tractor": (
        "You hold a tractor in {suit} and must play it",
        "有拖拉机必须出拖拉机（{suit_zh}）",
    ),
    "must-follow-shape": (
        "You must match the lead's shape as closely as you can in {suit}: {need}",
        "必须尽量按首家牌型跟牌：{need_zh}",
    ),
    # bids
    "bid-not-level": (
        "a bid shows level cards ({level}) or jokers",
        "亮主只能亮级牌（{level}）或王",
    ),
    "bid-mixed": ("a bid's cards must be identical", "亮主的牌必须相同"),
    "bid-too-weak": ("this bid is not stronger than the current one", "亮主不够大，不能反主"),
    "bid-self": ("you cannot overcall your own bid", "不能反自己的主"),
    "bid-closed": ("the trump is already set; no more bids", "主已亮定，不能再亮"),
    "bid-jokers": ("jokers cannot bid in this game", "本玩法不能用王亮主"),
    "bid-count": ("this bid needs {need} cards", "本次亮主需要 {need} 张牌"),
    # game flow
    "wrong-phase": ("that cannot be done now ({phase})", "现在不能这样做（{phase}）"),
    "not-your-turn": ("it is seat {turn}'s turn, not yours", "现在轮到 {turn} 号位，不是你"),
    "bad-seat": ("seat must be 0, 1, 2 or 3", "座位必须是 0、1、2 或 3"),
    "bury-count": (
        "bury exactly {need} cards (you chose {got})",
        "必须扣 {need} 张底牌（你选了 {got} 张）",
    ),
    "friend-card": ("you cannot call {card} as the friend card", "不能叫 {card} 作为朋友牌"),
    "friend-ordinal": ("the friend's copy must be 1 or 2", "朋友牌必须是第 1 张或第 2 张"),
}


def register(messages: dict[str, tuple[str, str]]) -> None:
    """Add a module's own reason codes (each module owns the codes it raises)."""
    clash = set(messages) & set(MESSAGES)
    if clash:
        raise KeyError(f"rules error codes defined twice: {sorted(clash)}")
    MESSAGES.update(messages)


class RulesError(ValueError):
    """A refusal by the rules: ``code`` is stable, ``en``/``zh`` are for people."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in MESSAGES:
            raise KeyError(f"no message for rules error code {code!r}")
        self.code = code
        self.params = params
        en, zh = MESSAGES[code]
        self.en = en.format_map(_Lenient(params))
        self.zh = zh.format_map(_Lenient(params))
        super().__init__(self.en)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "en": self.en, "zh": self.zh}


class _Lenient(dict[str, Any]):
    """Leave an unfilled ``{field}`` visible rather than failing the error itself."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
