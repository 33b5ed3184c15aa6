"""Every message the engine and the protocol give people, keyed by reason code; the hints' reasons
(``HINTS``) keyed the same way.

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
    # rematch, leaderboards and profiles (net/rematch.py, net/leaderboard.py)
    "match-not-over": (
        "a rematch can be offered once the match is over",
        "比赛结束后才能提议再来一局",
    ),
    "rematch-seats": (
        "a rematch needs all four seats filled by the players of the match",
        "再来一局需要这场比赛的四位玩家都在座",
    ),
    "no-rematch": (
        "no rematch offer is waiting at this table",
        "这桌没有等待回应的再来一局提议",
    ),
    "rematch-limit": (
        "no more rematch offers after this match (at most {max})",
        "这场比赛之后不能再提议再来一局（最多 {max} 次）",
    ),
    "no-player": ("no player #{user}", "没有 #{user} 号玩家"),
    "bad-side": (
        "only multiplied rooms (2-5x) are positive or negative rooms",
        "只有多倍分房间（2-5 倍）分正分房间和负分房间",
    ),
    "delay-short": (
        "a spectator delay is at least {min} moves (one trick), or 0 for none",
        "观战延迟至少 {min} 步（一轮牌），或填 0 表示不延迟",
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
    "bad-deal-code": (
        "'{text}' is not a deal code: check it character by character (20 letters and digits)",
        "'{text}' 不是有效的牌局代码：请逐个字符核对（20 个字母和数字）",
    ),
    "room-parked": (
        "table '{room}' could not be restored after a restart; the operator was told",
        "'{room}' 桌在服务器重启后无法恢复，已通知管理员",
    ),
    # friends, presence and invitations (net/social.py)
    "no-user": ("no player '{who}'", "没有玩家 '{who}'"),
    "name-ambiguous": (
        "{count} players are called '{name}': name one by its number (#id)",
        "有 {count} 个玩家叫 '{name}'，请用编号（#id）指定",
    ),
    "not-yourself": ("you cannot do that to yourself", "不能对自己这样做"),
    "already-friends": ("'{name}' is already your friend", "'{name}' 已经是你的好友"),
    "already-requested": (
        "you already asked '{name}' to be friends",
        "你已经向 '{name}' 发出过好友请求",
    ),
    "too-many-requests": (
        "you have {count} friend requests waiting for an answer (at most {max})",
        "你有 {count} 个好友请求等待回复（最多 {max} 个）",
    ),
    "too-many-friends": (
        "you or '{name}' already have {max} friends (the most)",
        "你或 '{name}' 的好友已满 {max} 个",
    ),
    "no-request": (
        "'{name}' has not asked to be your friend",
        "'{name}' 没有向你发出好友请求",
    ),
    "not-friends": ("'{name}' is not your friend", "'{name}' 不是你的好友"),
    "not-reachable": ("'{name}' cannot be reached", "无法联系 '{name}'"),
    "seat-unavailable": ("seat {seat} is not open to you", "{seat} 号座位不对你开放"),
    "already-invited": (
        "'{name}' already has your invitation to this table",
        "'{name}' 已经收到你到这桌的邀请",
    ),
    "too-many-invitations": (
        "you have {count} invitations waiting for an answer (at most {max})",
        "你有 {count} 个邀请等待回复（最多 {max} 个）",
    ),
    "no-invitation": ("no invitation {invite} for you", "没有给你的 {invite} 号邀请"),
    # keeping rooms civil (net/civility.py)
    "chat-flood": (
        "too fast: at most {count} lines in {seconds} s; wait {wait} s",
        "发言太快：{seconds} 秒内最多 {count} 条，请等 {wait} 秒",
    ),
    "chat-repeat": (
        "you just said almost the same thing",
        "你刚说过几乎一样的话",
    ),
    "chat-empty": ("a chat line needs some text or a quick phrase", "聊天内容不能为空"),
    "bad-phrase": ("unknown quick phrase '{phrase}'", "没有快捷语 '{phrase}'"),
    "chat-timeout": (
        "you may not chat until {until} UTC: {reason}",
        "你在 {until}（UTC）之前不能发言：{reason}",
    ),
    "banned": (
        "this account is banned until {until} UTC: {reason}",
        "此账号被封禁至 {until}（UTC）：{reason}",
    ),
    "not-at-table": ("'{name}' is not at this table", "'{name}' 不在这桌"),
    "too-many-reports": (
        "you have sent {count} reports in the last hour (at most {max})",
        "你在一小时内已举报 {count} 次（最多 {max} 次）",
    ),
    "not-moderator": ("only moderators may do that", "只有版主可以这样做"),
    "not-admin": ("only administrators may do that", "只有管理员可以这样做"),
    "bad-duration": (
        "a {what} lasts 1 minute to {max} days ({minutes} minutes is out of range)",
        "{what_zh}时长须为 1 分钟到 {max} 天（{minutes} 分钟超出范围）",
    ),
    "reason-needed": (
        "give a reason of 1 to {max} characters",
        "请写明理由（1 到 {max} 个字）",
    ),
    "outranks-you": (
        "'{name}' is a {role}: only an administrator may do that",
        "'{name}' 是{role_zh}，只有管理员可以这样做",
    ),
    # accounts and sessions (net/accounts.py)
    "bad-password": (
        "a password is {min} to {max} characters (or leave it empty for none)",
        "密码须为 {min} 到 {max} 个字符（也可以留空，不设密码）",
    ),
    "account-taken": (
        "the account name '{name}' is taken; choose another",
        "账号名 '{name}' 已被使用，请换一个",
    ),
    "already-account": (
        "you are signed in to the account '{name}' already",
        "你已经登录了账号 '{name}'",
    ),
    "not-account": (
        "only a signed-in account can do that (a guest has no account)",
        "只有登录账号后才能这样做（游客没有账号）",
    ),
    "bad-sign-in": (
        "wrong account name or password (an account without a password signs in with a"
        " recovery code or a link code)",
        "账号名或密码错误（没有密码的账号请用恢复码或关联码登录）",
    ),
    "bad-recovery-code": (
        "wrong account name or recovery code, or the code was used already",
        "账号名或恢复码错误，或此恢复码已用过",
    ),
    "bad-link-code": (
        "that link code is wrong, was used already or has expired (a code lasts {minutes}"
        " minutes): show a new one on your signed-in device",
        "关联码错误、已用过或已过期（关联码有效 {minutes} 分钟），请在已登录的设备上重新获取",
    ),
    "too-many-tries": (
        "too many wrong tries; try again in {minutes} minutes",
        "错误次数过多，请 {minutes} 分钟后再试",
    ),
    "bad-refresh": (
        "this sign-in has ended (signed out, expired or replaced by a recovery code); sign in"
        " again",
        "此登录已失效（已退出、已过期或已用恢复码重置），请重新登录",
    ),
    "refresh-reused": (
        "this sign-in was used from two places, so it was ended everywhere to be safe; sign in"
        " again",
        "此登录在两处被使用，为安全起见已全部失效，请重新登录",
    ),
}

# A hint's reason (engine/ai/hint.py): what to do and the rule behind it. ``{cards}`` are named
# as a player names them ("pair of 7♠", "一对黑桃7"), ``{card}`` a single card's full name.
HINTS: dict[str, tuple[str, str]] = {
    "hint-idle": ("Nothing to do now.", "现在无需行动。"),
    "hint-bid": (
        "Bid {cards}: your hand is long and strong in that trump.",
        "亮{cards_zh}：这门主牌你又长又大。",
    ),
    "hint-pass": ("Pass: no bid worth making.", "不亮：没有值得亮的主。"),
    "hint-call": (
        "Call the {card}: a top card of a side suit you lack.",
        "叫{card_zh}：自己没有的副牌大牌。",
    ),
    "hint-bury": ("Bury low side cards; no points in the kitty.", "扣低的副牌；底牌不留分。"),
    "hint-bury-points": (
        "Bury low side cards; {points} points in the kitty.",
        "扣低的副牌；底牌有 {points} 分。",
    ),
    "hint-bury-void": (
        "Bury low side cards to void {suits}; no points in the kitty.",
        "扣低的副牌，做绝{suits_zh}；底牌不留分。",
    ),
    "hint-bury-void-points": (
        "Bury low side cards to void {suits}; {points} points in the kitty.",
        "扣低的副牌，做绝{suits_zh}；底牌有 {points} 分。",
    ),
    "hint-throw": (
        "Throw {cards}: nobody can beat any part of it.",
        "甩{cards_zh}：每一部分都没人大得过。",
    ),
    "hint-lead-sure": ("Lead your {cards}: nobody can beat it.", "出{cards_zh}：没人大得过。"),
    "hint-lead-trumps": (
        "Lead trumps ({cards}) to draw out the others' trumps.",
        "调主（{cards_zh}）：把别人的主牌吊出来。",
    ),
    "hint-lead-short": (
        "Lead {cards} from a short suit, keeping your points and high cards.",
        "从短门出{cards_zh}，留住分牌和大牌。",
    ),
    "hint-ruff": (
        "Ruff with {cards}: the trick and its {points} points are yours.",
        "用{cards_zh}毙牌：拿下这墩和 {points} 分。",
    ),
    "hint-win": ("Win the trick with {cards}.", "用{cards_zh}拿下这墩。"),
    "hint-win-points": (
        "Win the trick with {cards} ({points} points).",
        "用{cards_zh}拿下这墩（{points} 分）。",
    ),
    "hint-partner-points": (
        "Your partner is winning the trick: give them {cards} ({points} points).",
        "队友在赢这墩：垫{cards_zh}（{points} 分）。",
    ),
    "hint-partner": (
        "Your partner is winning the trick: play {cards}, keep your points.",
        "队友在赢这墩：出{cards_zh}，留住分牌。",
    ),
    "hint-lose-points": (
        "You cannot win this trick: {cards} costs you the least.",
        "这墩赢不了：出{cards_zh}损失最小。",
    ),
    "hint-lose": (
        "You cannot win this trick: play {cards} and give away no points.",
        "这墩赢不了：出{cards_zh}，不送分。",
    ),
    # copies of one card, within {cards}
    "hint-copies-two": ("pair of {card}", "一对{card_zh}"),
    "hint-copies-three": ("triple of {card}", "三张{card_zh}"),
    "hint-copies-four": ("four of {card}", "四张{card_zh}"),
    "hint-copies-many": ("{count} × {card}", "{count} 张{card_zh}"),
    # the hand review's verdicts (engine/review.py): ``{reason}`` is the hint's reason for the
    # best decision, ``{loss}`` what the decision made cost in levels (one decimal)
    "review-good": ("Good: {reason}", "好棋：{reason_zh}"),
    "review-play": (
        "{cards} cost {loss} levels on average; {best} was better. {reason}",
        "出{cards_zh}平均少得 {loss} 级；{best_zh}更好。{reason_zh}",
    ),
    "review-bury": (
        "Burying {cards} cost {loss} levels on average; burying {best} was better. {reason}",
        "扣{cards_zh}平均少得 {loss} 级；扣{best_zh}更好。{reason_zh}",
    ),
    "review-call": (
        "Calling the {cards} cost {loss} levels on average; calling the {best} was better."
        " {reason}",
        "叫{cards_zh}平均少得 {loss} 级；叫{best_zh}更好。{reason_zh}",
    ),
    # a bid's verdict (engine/review.py's judge_bid)
    # an option, as the verdict names it
    "review-bid-bid": ("bidding {cards}", "亮{cards_zh}"),
    "review-bid-pass": ("passing", "不亮"),
    "review-bid-wait": ("waiting", "先不亮"),
    # the verdict (the play's ``review-play`` worded for a bid), and what the best option does
    "review-bid-cost": (
        "{cards} cost {loss} levels on average; {best} was better. {reason}",
        "{cards_zh}平均少得 {loss} 级；{best_zh}更好。{reason_zh}",
    ),
    "review-bid-good": ("{cards}, since {reason}", "{cards_zh}，因为{reason_zh}"),
    "review-bid-deals": (
        "your side then deals in {deals}% of the deals and wins the hand in {win}%.",
        "这样你方坐庄的占 {deals}%，赢下这手牌的占 {win}%。",
    ),
    "review-bid-trump": (
        "{suit} are then trumps in {trump}% of the deals and your side wins the hand in {win}%.",
        "这样{suit_zh}做主的占 {trump}%，你方赢下这手牌的占 {win}%。",
    ),
    "review-bid-no-trump": (
        "the hand is then played without trumps in {trump}% of the deals and your side wins it"
        " in {win}%.",
        "这样打无主的占 {trump}%，你方赢下这手牌的占 {win}%。",
    ),
    "review-bid-win": (
        "your side then wins the hand in {win}% of the deals.",
        "这样你方赢下这手牌的占 {win}%。",
    ),
}


# Quick phrases (chat lines picked from a list, each shown in the reader's language): exempt
# from the chat flood rule, since they cannot carry abuse.
PHRASES: dict[str, tuple[str, str]] = {
    "phrase-hello": ("Hello!", "你好！"),
    "phrase-good-game": ("Good game!", "打得好！"),
    "phrase-nice-play": ("Nice play!", "好牌！"),
    "phrase-thanks": ("Thanks, partner!", "谢谢队友！"),
    "phrase-sorry": ("Sorry!", "抱歉！"),
    "phrase-hurry": ("Please play a little faster.", "请快一点出牌。"),
    "phrase-one-more": ("One more game?", "再来一局？"),
    "phrase-bye": ("Bye, see you next time!", "再见，下次见！"),
}


def hint_text(code: str, **fields: object) -> tuple[str, str]:
    """The hint reason ``code`` in (English, 简体中文), ``{field}`` and ``{field_zh}`` filled."""
    en, zh = HINTS[code]
    return en.format(**fields), zh.format(**fields)
