"""Every message the engine and the protocol give people, keyed by reason code.

``RulesError(code, **fields)`` looks its text up here, so the catalogue is the one place to add
or reword a refusal: ``code -> (English, 简体中文)``, ``{field}`` filled from the error's fields.
繁體中文 is derived from the 简体 column (the app converts the finished message; see
``resources/i18n/build.py``). The protocol's codes live here too: the engine must not import
``net``, and one table keeps every code unique.
"""

from __future__ import annotations

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
    # the protocol (net/server.py)
    "unsupported-protocol": (
        "protocol versions {got} are not supported (this server speaks {ours})",
        "不支持协议版本 {got}（服务器支持 {ours}）",
    ),
    "not-logged-in": ("say hello with a name or a token first", "请先登录（名字或令牌）"),
    "bad-name": (
        "a name is 1-16 letters, digits, '_' or '-' (spaces inside)",
        "名字须为 1-16 个字母、数字、'_' 或 '-'（中间可有空格）",
    ),
    "bad-token": ("unknown token", "无效的令牌"),
    "no-room": ("no room '{room}'", "没有房间 '{room}'"),
    "bad-invite": ("this private room needs its invite code", "私人房间需要邀请码"),
    "seat-taken": ("seat {seat} is taken", "{seat} 号座位已有人"),
    "not-seated": ("you have no seat at this table", "你不在这桌的座位上"),
    "already-seated": ("you already sit at seat {seat}", "你已经坐在 {seat} 号座位"),
    "not-owner": ("only the room's owner may do that", "只有房主可以这样做"),
    "not-ready": ("every seat must be filled and ready", "需要四个座位都坐满并准备"),
    "hand-running": ("not while a hand is being played", "牌局进行中不能这样做"),
    "no-hand": ("no hand is being played", "当前没有牌局"),
    "not-your-seat": (
        "you sit at seat {seat}, not {asked}",
        "你坐在 {seat} 号位，不是 {asked}",
    ),
    "bad-multiplier": ("the room multiplier is 1 to 5", "房间倍数为 1 到 5"),
    "bad-level": ("unknown AI level '{level}'", "没有这个电脑难度 '{level}'"),
    "chat-too-long": ("a chat line is at most {max} characters", "聊天每条最多 {max} 个字"),
    "no-game": ("no finished game {game} of yours", "没有你的第 {game} 局记录"),
    "not-watching": ("you are not at table '{room}'", "你不在 '{room}' 桌"),
    "match-over": ("the match is over", "比赛已经结束"),
    "bad-side": (
        "only multiplied rooms (2-5x) are positive or negative rooms",
        "只有多倍分房间（2-5 倍）分正分房间和负分房间",
    ),
    "rating-not-positive": (
        "this is a positive-rating room (rating 0 or more); your rating is {rating}",
        "这是正分房间（积分 0 或以上），你的积分是 {rating}",
    ),
    "rating-not-negative": (
        "this is a negative-rating room (rating below 0); your rating is {rating}",
        "这是负分房间（积分低于 0），你的积分是 {rating}",
    ),
    "internal": ("the server failed on this request", "服务器处理请求出错"),
    "unavailable": (
        "the database or the server running this table cannot be reached for a moment;"
        " nothing was changed, please try again",
        "数据库或运行这桌的服务器暂时无法访问，没有做任何更改，请稍后重试",
    ),
    "bad-reply": (
        "the server answered with {got} where {expected} was expected",
        "服务器应答类型错误：应为 {expected}，收到 {got}",
    ),
    "invisible-name": (
        "a name must be visible: no blank or filler characters such as U+3164",
        "名字须可见：不能含空白或填充字符（如 U+3164）",
    ),
    "name-taken": (
        "someone at this table is already called '{name}'; log in with another name",
        "这桌已经有人叫 '{name}'，请换个名字登录",
    ),
    "too-many-rooms": (
        "you already have {count} open rooms (at most {max})",
        "你已有 {count} 个未关闭的房间（最多 {max} 个）",
    ),
    "room-parked": (
        "table '{room}' could not be restored after a restart; the operator was told",
        "'{room}' 桌在服务器重启后无法恢复，已通知管理员",
    ),
}
