<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AccountPage</name>
    <message>
        <source>Account</source>
        <translation>账号</translation>
    </message>
    <message>
        <source>Signed in to %1 as %2.</source>
        <translation>已在 %1 登录为 %2。</translation>
    </message>
    <message>
        <source>On %1 you play as a guest. An account keeps your rating and games on any computer, without e-mail.</source>
        <translation>你在 %1 以游客身份游戏。有了账号，积分和牌局在任何电脑上都还是你的，无需电子邮箱。</translation>
    </message>
    <message>
        <source>New account</source>
        <translation>新账号</translation>
    </message>
    <message>
        <source>Your rating and games so far stay yours. The password is optional: without one, sign in elsewhere with a recovery code or a code from this computer.</source>
        <translation>你至今的积分和牌局都保留。密码可以不设：没有密码时，在别处用恢复码或本机显示的关联码登录。</translation>
    </message>
    <message>
        <source>Account name</source>
        <translation>账号名</translation>
    </message>
    <message>
        <source>Password (8 or more characters, optional)</source>
        <translation>密码（至少 8 个字符，可不设）</translation>
    </message>
    <message>
        <source>Create the account</source>
        <translation>创建账号</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>登录</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>Recovery code</source>
        <translation>恢复码</translation>
    </message>
    <message>
        <source>Code from a device</source>
        <translation>设备关联码</translation>
    </message>
    <message>
        <source>Recovery code, e.g. abcd-efgh-jkmn-pqrs</source>
        <translation>恢复码，例如 abcd-efgh-jkmn-pqrs</translation>
    </message>
    <message>
        <source>New password (optional)</source>
        <translation>新密码（可不设）</translation>
    </message>
    <message>
        <source>Using a recovery code signs the account out everywhere else and replaces its password.</source>
        <translation>使用恢复码会让账号在其他所有地方退出登录，并替换它的密码。</translation>
    </message>
    <message>
        <source>On a computer where you are signed in, open Account and choose “Link another device”, then type its code here.</source>
        <translation>在已登录的电脑上打开“账号”，选择“关联另一台设备”，然后在这里输入显示的关联码。</translation>
    </message>
    <message>
        <source>Code, e.g. ABCD-EFGH</source>
        <translation>关联码，例如 ABCD-EFGH</translation>
    </message>
    <message>
        <source>Link another device</source>
        <translation>关联另一台设备</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>退出登录</translation>
    </message>
    <message>
        <source>Sign out everywhere</source>
        <translation>在所有设备上退出</translation>
    </message>
    <message>
        <source>On the other device, choose Sign in, “Code from a device”, and type:</source>
        <translation>在另一台设备上选择“登录”中的“设备关联码”，然后输入：</translation>
    </message>
    <message>
        <source>Works once, for %1:%2 more.</source>
        <translation>只能用一次，还剩 %1:%2。</translation>
    </message>
    <message>
        <source>Your recovery codes</source>
        <translation>你的恢复码</translation>
    </message>
    <message>
        <source>Copy them, write them down or print them now: they are shown only this once. Each one signs you in once if you lose your computers, ends every other sign-in and sets a new password.</source>
        <translation>请现在复制、抄下或打印：它们只显示这一次。丢失电脑时，每个恢复码可登录一次，同时让其他所有登录失效并设置新密码。</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Copy the codes</source>
        <translation>复制恢复码</translation>
    </message>
    <message>
        <source>I have saved them</source>
        <translation>我已经保存了</translation>
    </message>
    <message>
        <source>Talking to the server…</source>
        <translation>正在与服务器通信…</translation>
    </message>
</context>
<context>
    <name>AccountViewModel</name>
    <message>
        <source>The server met an error of its own, not one in what you typed. Try again later; if it goes on, tell whoever runs the server (its log says why).</source>
        <translation>服务器自身出错，不是你输入的内容有误。请稍后再试；如果一直这样，请告诉服务器的管理者（服务器日志里写明了原因）。</translation>
    </message>
    <message>
        <source>“%1” is not a server address: set it in Settings as host:port.</source>
        <translation>“%1”不是服务器地址：请在设置中写成 主机:端口。</translation>
    </message>
    <message>
        <source>Cannot reach %1: check the server address in Settings.</source>
        <translation>无法连接 %1：请检查设置中的服务器地址。</translation>
    </message>
</context>
<context>
    <name>ActionBar</name>
    <message>
        <source>Enter</source>
        <translation>回车键</translation>
    </message>
    <message>
        <source>Hint</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>退格键</translation>
    </message>
    <message>
        <source>Last trick</source>
        <translation>上一轮</translation>
    </message>
    <message>
        <source>Kitty</source>
        <translation>底牌</translation>
    </message>
    <message>
        <source>Tricks</source>
        <translation>所有轮次</translation>
    </message>
    <message>
        <source>First step</source>
        <translation>第一步</translation>
    </message>
    <message>
        <source>Step back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Step forward</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Last step</source>
        <translation>最后一步</translation>
    </message>
    <message>
        <source>Play from here</source>
        <translation>从这里开始打</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Hands</source>
        <translation>牌局</translation>
    </message>
    <message>
        <source>As attackers</source>
        <translation>抓分方</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>整场比赛</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>简单</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>困难</translation>
    </message>
    <message>
        <source>Master</source>
        <translation>大师</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>fixed: opposite seats</source>
        <translation>固定：对面的玩家</translation>
    </message>
    <message>
        <source>called card (find a friend)</source>
        <translation>叫牌找朋友</translation>
    </message>
    <message>
        <source>show level cards while dealing; stronger bids overcall</source>
        <translation>发牌时亮级牌，更大的可以反主</translation>
    </message>
    <message>
        <source>three-deck ladder: single, pair, jokers, triple</source>
        <translation>三副牌：单张、对子、王、三张</translation>
    </message>
    <message>
        <source>the first level card shown sets the trump</source>
        <translation>先亮者定主</translation>
    </message>
    <message>
        <source>hidden bids, +1 card to change</source>
        <translation>暗亮，多一张才能改主</translation>
    </message>
    <message>
        <source>redeal</source>
        <translation>重新发牌</translation>
    </message>
    <message>
        <source>play with no trump suit</source>
        <translation>打无主</translation>
    </message>
    <message>
        <source>flip the kitty to find the trump</source>
        <translation>翻底定主</translation>
    </message>
    <message>
        <source>spades are trump</source>
        <translation>黑桃为主</translation>
    </message>
    <message>
        <source>Classic (2 decks)</source>
        <translation>经典（两副牌）</translation>
    </message>
    <message>
        <source>Lianzhong</source>
        <translation>联众</translation>
    </message>
    <message>
        <source>Find a friend</source>
        <translation>找朋友</translation>
    </message>
    <message>
        <source>One deck (40 points)</source>
        <translation>一副牌（40分）</translation>
    </message>
    <message>
        <source>Three decks (Titanic)</source>
        <translation>三副牌（泰坦尼克）</translation>
    </message>
    <message>
        <source>Four decks</source>
        <translation>四副牌</translation>
    </message>
    <message>
        <source>Chaoshan</source>
        <translation>潮汕</translation>
    </message>
    <message>
        <source>As defenders</source>
        <translation>庄家方</translation>
    </message>
    <message>
        <source>Practice</source>
        <translation>练习</translation>
    </message>
    <message>
        <source>Level %1</source>
        <translation>打 %1</translation>
    </message>
    <message>
        <source>The defenders win</source>
        <translation>庄家方获胜</translation>
    </message>
    <message>
        <source>The attackers win</source>
        <translation>抓分方获胜</translation>
    </message>
    <message>
        <source>Levels +%1</source>
        <translation>升 %1 级</translation>
    </message>
    <message>
        <source>Spectators: 1 trick behind</source>
        <translation>观众：晚 1 轮牌</translation>
    </message>
    <message>
        <source>Spectators: %1 tricks behind</source>
        <translation>观众：晚 %1 轮牌</translation>
    </message>
    <message>
        <source>Spectators: %1 moves behind</source>
        <translation>观众：晚 %1 步</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>hearts are trump</source>
        <translation>红桃为主</translation>
    </message>
    <message>
        <source>clubs are trump</source>
        <translation>梅花为主</translation>
    </message>
    <message>
        <source>diamonds are trump</source>
        <translation>方块为主</translation>
    </message>
    <message>
        <source>×2 single, ×4 pair, ×8 tractor…</source>
        <translation>单张×2，对子×4，拖拉机×8……</translation>
    </message>
    <message>
        <source>×2</source>
        <translation>×2</translation>
    </message>
    <message>
        <source>the kitty&apos;s points, no multiplier</source>
        <translation>底分不翻倍</translation>
    </message>
    <message>
        <source>no kitty</source>
        <translation>没有底牌</translation>
    </message>
    <message>
        <source>Decks</source>
        <translation>几副牌</translation>
    </message>
    <message>
        <source>Cards each</source>
        <translation>每人张数</translation>
    </message>
    <message>
        <source>Kitty</source>
        <translation>底牌</translation>
    </message>
    <message>
        <source>Partners</source>
        <translation>对家</translation>
    </message>
    <message>
        <source>Bidding</source>
        <translation>亮主</translation>
    </message>
    <message>
        <source>No bid</source>
        <translation>无人亮主</translation>
    </message>
    <message>
        <source>Levels</source>
        <translation>级数</translation>
    </message>
    <message>
        <source>Kitty capture</source>
        <translation>抠底</translation>
    </message>
    <message>
        <source>Every 2 is trump</source>
        <translation>2 为常主</translation>
    </message>
    <message>
        <source>Throw penalty</source>
        <translation>甩牌失败罚分</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>总分</translation>
    </message>
</context>
<context>
    <name>BidBar</name>
    <message>
        <source>Bid %1</source>
        <translation>亮 %1</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>不亮</translation>
    </message>
</context>
<context>
    <name>BiddingPart</name>
    <message>
        <source>No trump: %1</source>
        <translation>无主：%1</translation>
    </message>
    <message>
        <source>%1 bid %2</source>
        <translation>%1 亮 %2</translation>
    </message>
    <message>
        <source>Friend %1: %2</source>
        <translation>朋友 %1：%2</translation>
    </message>
    <message>
        <source>Friend %1: not yet shown</source>
        <translation>朋友 %1：尚未出现</translation>
    </message>
    <message>
        <source>Too late to bid: the bidding is over.</source>
        <translation>来不及了：亮主已经结束。</translation>
    </message>
    <message>
        <source>Too late for that bid: %1 bid %2 first.</source>
        <translation>来不及了：%1 已先亮 %2。</translation>
    </message>
    <message>
        <source>That bid cannot be made now.</source>
        <translation>现在不能这样亮主。</translation>
    </message>
</context>
<context>
    <name>BranchesViewModel</name>
    <message>
        <source>The line played</source>
        <translation>实际打法</translation>
    </message>
    <message>
        <source>Taken back %1 · from step %2</source>
        <translation>悔掉的第 %1 条 · 从第 %2 步起</translation>
    </message>
</context>
<context>
    <name>CardNames</name>
    <message>
        <source>%1, trump</source>
        <translation>%1，主牌</translation>
    </message>
    <message>
        <source>%1, %2 points</source>
        <translation>%1，%2分</translation>
    </message>
</context>
<context>
    <name>CardView</name>
    <message>
        <source>T</source>
        <comment>trump mark on a card</comment>
        <translation>主</translation>
    </message>
</context>
<context>
    <name>ChatPanel</name>
    <message>
        <source>Chat</source>
        <translation>聊天</translation>
    </message>
    <message>
        <source>%1 is reported to the moderators, with the last lines of this chat</source>
        <translation>已将 %1 连同这段聊天的最后几句举报给版主</translation>
    </message>
    <message>
        <source>Mute here</source>
        <translation>在本桌静音</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>屏蔽</translation>
    </message>
    <message>
        <source>Report for:</source>
        <translation>举报理由：</translation>
    </message>
    <message>
        <source>Abuse</source>
        <translation>辱骂</translation>
    </message>
    <message>
        <source>Cheating</source>
        <translation>作弊</translation>
    </message>
    <message>
        <source>Spam</source>
        <translation>刷屏</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>No messages yet</source>
        <translation>还没有消息</translation>
    </message>
    <message>
        <source>Say something</source>
        <translation>说点什么</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
</context>
<context>
    <name>CounterPanel</name>
    <message>
        <source>Card counter</source>
        <translation>记牌器</translation>
    </message>
    <message>
        <source>Points not yet played: %1</source>
        <translation>还没出的分：%1</translation>
    </message>
</context>
<context>
    <name>EvalBar</name>
    <message>
        <source>Chance to win</source>
        <translation>获胜机会</translation>
    </message>
    <message>
        <source>Defenders&apos; chance to win</source>
        <translation>庄家方获胜机会</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Chance to win the hand: %1%</source>
        <translation>赢下这副牌的机会：%1%</translation>
    </message>
    <message>
        <source>Defenders&apos; chance to win the hand: %1%</source>
        <translation>庄家方赢下这副牌的机会：%1%</translation>
    </message>
</context>
<context>
    <name>FriendDialog</name>
    <message>
        <source>Call a friend: the player holding this card joins you</source>
        <translation>找朋友：打出这张牌的人就是你的朋友</translation>
    </message>
    <message>
        <source>Call %1</source>
        <translation>叫 %1</translation>
    </message>
</context>
<context>
    <name>FriendsPanel</name>
    <message>
        <source>Playing at table %1</source>
        <translation>在 %1 桌打牌</translation>
    </message>
    <message>
        <source>Playing at a private table</source>
        <translation>在私人房间打牌</translation>
    </message>
    <message>
        <source>Watching table %1</source>
        <translation>在 %1 桌观战</translation>
    </message>
    <message>
        <source>Watching a private table</source>
        <translation>在私人房间观战</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>在线</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <source>%1 asks to be your friend</source>
        <translation>%1 请求加你为好友</translation>
    </message>
    <message>
        <source>%1 is now your friend</source>
        <translation>%1 已成为你的好友</translation>
    </message>
    <message>
        <source>%1 invites you to a seat</source>
        <translation>%1 邀请你入座</translation>
    </message>
    <message>
        <source>%1 accepted your invitation</source>
        <translation>%1 接受了你的邀请</translation>
    </message>
    <message>
        <source>%1 declined your invitation</source>
        <translation>%1 谢绝了你的邀请</translation>
    </message>
    <message>
        <source>%1 withdrew an invitation</source>
        <translation>%1 撤回了邀请</translation>
    </message>
    <message>
        <source>A moderator (%1) acted on your account</source>
        <translation>版主（%1）对你的账号采取了措施</translation>
    </message>
    <message>
        <source>Friends</source>
        <translation>好友</translation>
    </message>
    <message>
        <source>Moderation</source>
        <translation>版务</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>A player&apos;s name, or #number</source>
        <translation>玩家名字，或 #编号</translation>
    </message>
    <message>
        <source>Add friend</source>
        <translation>加好友</translation>
    </message>
    <message>
        <source>Appearing offline: show me online</source>
        <translation>正在隐身：显示为在线</translation>
    </message>
    <message>
        <source>Appear offline</source>
        <translation>隐身</translation>
    </message>
    <message>
        <source>Invitations</source>
        <translation>邀请</translation>
    </message>
    <message>
        <source>You invited %1 to seat %2</source>
        <translation>你邀请了 %1 坐 %2 号座位</translation>
    </message>
    <message>
        <source>%1 invites you to seat %2</source>
        <translation>%1 邀请你坐 %2 号座位</translation>
    </message>
    <message>
        <source>Sit</source>
        <translation>入座</translation>
    </message>
    <message>
        <source>Withdraw</source>
        <translation>撤回</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>谢绝</translation>
    </message>
    <message>
        <source>Friend requests</source>
        <translation>好友请求</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>No friends yet: add one by name above</source>
        <translation>还没有好友：在上方输入名字添加</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>加入</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>观战</translation>
    </message>
    <message>
        <source>Invite to a seat</source>
        <translation>邀请入座</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>屏蔽</translation>
    </message>
    <message>
        <source>Requests you sent</source>
        <translation>你发出的请求</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation>已屏蔽</translation>
    </message>
    <message>
        <source>Unblock</source>
        <translation>解除屏蔽</translation>
    </message>
</context>
<context>
    <name>HandPart</name>
    <message>
        <source>Bury %1/%2</source>
        <translation>扣底 %1/%2</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>出牌</translation>
    </message>
    <message>
        <source>Throw</source>
        <translation>甩牌</translation>
    </message>
    <message>
        <source>Tractor</source>
        <translation>拖拉机</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>对</translation>
    </message>
    <message>
        <source>Triple</source>
        <translation>三同张</translation>
    </message>
    <message>
        <source>Quad</source>
        <translation>四同张</translation>
    </message>
    <message>
        <source>Select the cards to play</source>
        <translation>请先选牌</translation>
    </message>
    <message>
        <source>Thinking of a hint…</source>
        <translation>正在想提示…</translation>
    </message>
</context>
<context>
    <name>HelpOverlay</name>
    <message>
        <source>Click a card</source>
        <translation>点一张牌</translation>
    </message>
    <message>
        <source>select it, or put it back</source>
        <translation>选中它，再点放回</translation>
    </message>
    <message>
        <source>Drag across cards</source>
        <translation>在牌上拖过</translation>
    </message>
    <message>
        <source>select (or unselect) the whole run</source>
        <translation>选中（或取消）拖过的一串牌</translation>
    </message>
    <message>
        <source>Shift + click</source>
        <translation>Shift + 点击</translation>
    </message>
    <message>
        <source>select every copy of that card</source>
        <translation>选中这张牌的所有同样的牌</translation>
    </message>
    <message>
        <source>Double-click a card</source>
        <translation>双击一张牌</translation>
    </message>
    <message>
        <source>play the selection with this card</source>
        <translation>连同这张牌出选中的牌</translation>
    </message>
    <message>
        <source>move the focus along your hand</source>
        <translation>在手牌中移动焦点</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格键</translation>
    </message>
    <message>
        <source>select the focused card</source>
        <translation>选中焦点所在的牌</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>回车键</translation>
    </message>
    <message>
        <source>play (or bury) the selection</source>
        <translation>出牌（或扣底）</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>退格键</translation>
    </message>
    <message>
        <source>clear the selection</source>
        <translation>取消全部选中</translation>
    </message>
    <message>
        <source>hint: the computer&apos;s suggestion, with its reason</source>
        <translation>提示：电脑的建议和理由</translation>
    </message>
    <message>
        <source>show the last trick</source>
        <translation>查看上一轮</translation>
    </message>
    <message>
        <source>this help</source>
        <translation>显示本帮助</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc 键</translation>
    </message>
    <message>
        <source>close this help; on a page, go back</source>
        <translation>关闭帮助；在其他页面返回上一页</translation>
    </message>
    <message>
        <source>Keys and mouse at the table</source>
        <translation>牌桌上的按键和鼠标操作</translation>
    </message>
    <message>
        <source>Point at a button to see its key. Press Esc or click to close.</source>
        <translation>把鼠标停在按钮上可看到它的按键。按 Esc 或点击关闭。</translation>
    </message>
</context>
<context>
    <name>HomePage</name>
    <message>
        <source>Hosting a table at %1</source>
        <translation>正在本机主持牌桌：%1</translation>
    </message>
    <message>
        <source>Host page</source>
        <translation>主持页面</translation>
    </message>
    <message>
        <source>Tuolaji</source>
        <translation>拖拉机</translation>
    </message>
    <message>
        <source>Shengji, the climbing card game for four</source>
        <translation>升级：四人对战的扑克牌游戏</translation>
    </message>
    <message>
        <source>Resume the game</source>
        <translation>继续上次的牌局</translation>
    </message>
    <message>
        <source>Play offline</source>
        <translation>单机游戏</translation>
    </message>
    <message>
        <source>Learn to play</source>
        <translation>学打升级</translation>
    </message>
    <message>
        <source>Puzzles</source>
        <translation>谜题</translation>
    </message>
    <message>
        <source>Play online</source>
        <translation>联网对战</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>观战</translation>
    </message>
    <message>
        <source>Replays</source>
        <translation>牌局回放</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账号</translation>
    </message>
    <message>
        <source>Keys and mouse</source>
        <translation>按键和鼠标</translation>
    </message>
</context>
<context>
    <name>HostPage</name>
    <message>
        <source>Host and invite</source>
        <translation>主持与邀请</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>你的名字</translation>
    </message>
    <message>
        <source>Host a table</source>
        <translation>主持牌桌</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Turn clock</source>
        <translation>出牌限时</translation>
    </message>
    <message>
        <source>Off</source>
        <comment>turn clock</comment>
        <translation>不限时</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主持</translation>
    </message>
    <message>
        <source>Stop hosting</source>
        <translation>停止主持</translation>
    </message>
    <message>
        <source>Hosting as %1</source>
        <translation>正在以 %1 的名义主持</translation>
    </message>
    <message>
        <source>Starting the table server…</source>
        <translation>正在启动牌桌服务器…</translation>
    </message>
    <message>
        <source>Telling the players and closing…</source>
        <translation>正在通知玩家并关闭…</translation>
    </message>
    <message>
        <source>Not hosting</source>
        <translation>未在主持</translation>
    </message>
    <message>
        <source>Players on your network connect to %1</source>
        <translation>同一网络的玩家请连接 %1</translation>
    </message>
    <message>
        <source>No network found: only this computer can join</source>
        <translation>没有找到网络：只有本机可以加入</translation>
    </message>
    <message>
        <source>Invite</source>
        <translation>邀请</translation>
    </message>
    <message>
        <source>Open or join a room to invite friends to it</source>
        <translation>创建或加入一个房间后即可邀请朋友</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Code: %1</source>
        <translation>邀请码：%1</translation>
    </message>
    <message>
        <source>Open an invite</source>
        <translation>打开邀请</translation>
    </message>
    <message>
        <source>tuolaji://… link or a code</source>
        <translation>tuolaji://… 链接或邀请码</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Back to the room</source>
        <translation>回到房间</translation>
    </message>
</context>
<context>
    <name>Hosting</name>
    <message>
        <source>Choose a port from 1024 to 65535.</source>
        <translation>请选择 1024 到 65535 之间的端口。</translation>
    </message>
    <message>
        <source>Port %1 is in use on this computer: choose another.</source>
        <translation>本机的端口 %1 已被占用，请换一个。</translation>
    </message>
    <message>
        <source>The table server stopped unexpectedly; the records are kept.</source>
        <translation>主持的牌桌服务器意外停止，牌局记录已保存。</translation>
    </message>
    <message>
        <source>Connect to the server first, or paste the whole invite link.</source>
        <translation>请先连接服务器，或粘贴完整的邀请链接。</translation>
    </message>
    <message>
        <source>Cannot look for tables on this network (%1).</source>
        <translation>无法在此网络上查找牌桌（%1）。</translation>
    </message>
</context>
<context>
    <name>HudPart</name>
    <message>
        <source>Dealing</source>
        <translation>发牌</translation>
    </message>
    <message>
        <source>Burying the kitty</source>
        <translation>扣底</translation>
    </message>
    <message>
        <source>Calling a friend</source>
        <translation>找朋友</translation>
    </message>
    <message>
        <source>Playing</source>
        <translation>出牌</translation>
    </message>
    <message>
        <source>Hand over</source>
        <translation>本局结束</translation>
    </message>
    <message>
        <source>Your turn: bury %1 cards</source>
        <translation>轮到你：扣底 %1 张</translation>
    </message>
    <message>
        <source>Your turn: call a friend</source>
        <translation>轮到你：叫朋友</translation>
    </message>
    <message>
        <source>Your turn: lead</source>
        <translation>轮到你首家出牌</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>轮到你出牌</translation>
    </message>
    <message>
        <source>Bid or pass</source>
        <translation>亮主或不亮</translation>
    </message>
</context>
<context>
    <name>LeaderboardPage</name>
    <message>
        <source>Leaderboards</source>
        <translation>排行榜</translation>
    </message>
    <message>
        <source>My profile</source>
        <translation>我的资料</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>积分</translation>
    </message>
    <message>
        <source>Rated hands</source>
        <translation>计分局数</translation>
    </message>
    <message>
        <source>Nobody is listed yet</source>
        <translation>还没有人上榜</translation>
    </message>
</context>
<context>
    <name>LeaveConfirm</name>
    <message>
        <source>Leave this hand?</source>
        <translation>离开这一局？</translation>
    </message>
    <message>
        <source>Leave this match?</source>
        <translation>离开这场比赛？</translation>
    </message>
    <message>
        <source>Practice is not saved: leaving ends this deal (your offline game stays saved).</source>
        <translation>练习不会保存：离开就结束这副牌（你的单机游戏仍然保存着）。</translation>
    </message>
    <message>
        <source>Your seat is given up, and the next hand waits until someone takes it. Between hands, leaving costs no rating.</source>
        <translation>你的座位会让出来，下一局要等有人坐下才开始。两局之间离开不扣积分。</translation>
    </message>
    <message>
        <source>The hand is saved: &quot;Resume the game&quot; on the home screen carries on from here.</source>
        <translation>牌局已保存：在主页点“继续上次的牌局”即可接着打。</translation>
    </message>
    <message>
        <source>The computer plays your seat to the end of the hand, and leaving costs rating points.</source>
        <translation>电脑会替你打完这一局（托管），中途离开会扣积分。</translation>
    </message>
    <message>
        <source>Stay</source>
        <translation>留下</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>离开</translation>
    </message>
</context>
<context>
    <name>LessonsPage</name>
    <message>
        <source>Learn</source>
        <translation>学习</translation>
    </message>
    <message>
        <source>You lead</source>
        <translation>你首出</translation>
    </message>
    <message>
        <source>%1 (led)</source>
        <translation>%1（首出）</translation>
    </message>
    <message>
        <source>Play the guided hand</source>
        <translation>打一局带提示的牌</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>出牌</translation>
    </message>
    <message>
        <source>Bid</source>
        <translation>亮主</translation>
    </message>
    <message>
        <source>Bury</source>
        <translation>扣底</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>再试一次</translation>
    </message>
    <message>
        <source>Next stage</source>
        <translation>下一课</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一题</translation>
    </message>
</context>
<context>
    <name>LessonsViewModel</name>
    <message>
        <source>%1 of %2 levels solved</source>
        <translation>已完成 %1 / %2 题</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>下家</translation>
    </message>
    <message>
        <source>Partner</source>
        <translation>对家</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>上家</translation>
    </message>
    <message>
        <source>Level %1</source>
        <translation>打%1</translation>
    </message>
    <message>
        <source>No trump</source>
        <translation>无主</translation>
    </message>
    <message>
        <source>Trump %1</source>
        <translation>主牌 %1</translation>
    </message>
    <message>
        <source>Right-hand player&apos;s bid: %1</source>
        <translation>下家亮主：%1</translation>
    </message>
    <message>
        <source>Partner&apos;s bid: %1</source>
        <translation>对家亮主：%1</translation>
    </message>
    <message>
        <source>Left-hand player&apos;s bid: %1</source>
        <translation>上家亮主：%1</translation>
    </message>
</context>
<context>
    <name>Links</name>
    <message>
        <source>Paste an invite link or type a code.</source>
        <translation>请粘贴邀请链接或输入邀请码。</translation>
    </message>
    <message>
        <source>This invite link is damaged: ask for it again.</source>
        <translation>邀请链接已损坏，请对方重新发送。</translation>
    </message>
    <message>
        <source>That is not a Tuolaji invite: it should start with tuolaji://</source>
        <translation>这不是拖拉机的邀请链接：应以 tuolaji:// 开头</translation>
    </message>
    <message>
        <source>The port in this invite link is not a port (1 to 65535): ask for it again.</source>
        <translation>邀请链接中的端口无效（应为 1 到 65535），请对方重新发送。</translation>
    </message>
    <message>
        <source>This invite link is incomplete: ask for it again.</source>
        <translation>邀请链接不完整，请对方重新发送。</translation>
    </message>
    <message>
        <source>This invite code is not valid.</source>
        <translation>邀请码无效。</translation>
    </message>
    <message>
        <source>A code has 16 or 32 letters and digits, like 3F9A-21C0-7B2E-11D4.</source>
        <translation>邀请码由 16 或 32 个字母和数字组成，例如 3F9A-21C0-7B2E-11D4。</translation>
    </message>
    <message>
        <source>A server address looks like 192.168.1.20:8765 or wss://tables.example.org</source>
        <translation>服务器地址形如 192.168.1.20:8765 或 wss://tables.example.org</translation>
    </message>
    <message>
        <source>A server&apos;s port is a number from 1 to 65535, like 192.168.1.20:8765</source>
        <translation>服务器端口是 1 到 65535 之间的数字，例如 192.168.1.20:8765</translation>
    </message>
    <message>
        <source>A certificate fingerprint is 64 hexadecimal digits (SHA-256).</source>
        <translation>证书指纹是 64 位十六进制数字（SHA-256）。</translation>
    </message>
</context>
<context>
    <name>LobbyPage</name>
    <message>
        <source>Play online</source>
        <translation>联网对战</translation>
    </message>
    <message>
        <source>Leaderboards</source>
        <translation>排行榜</translation>
    </message>
    <message>
        <source>Host · Nearby · Invite</source>
        <translation>主持 · 附近 · 邀请</translation>
    </message>
    <message>
        <source>Friends</source>
        <translation>好友</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名字</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>你的名字</translation>
    </message>
    <message>
        <source>Reconnect</source>
        <translation>重新连接</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Online play is not available in this build</source>
        <translation>此版本不支持联网对战</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>已连接到 %1</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Rooms</source>
        <translation>房间</translation>
    </message>
    <message>
        <source>My private rooms</source>
        <translation>我的私人房间</translation>
    </message>
    <message>
        <source>Public rooms</source>
        <translation>公开房间</translation>
    </message>
    <message>
        <source>%1/4 players</source>
        <translation>%1/4 人</translation>
    </message>
    <message>
        <source>%1 watching</source>
        <translation>%1 人观战</translation>
    </message>
    <message>
        <source>A friend is here</source>
        <translation>有好友在</translation>
    </message>
    <message>
        <source>Changed rules: %1</source>
        <translation>改动的规则：%1</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>加入</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>观战</translation>
    </message>
    <message>
        <source>No rooms yet</source>
        <translation>还没有房间</translation>
    </message>
    <message>
        <source>Create a room</source>
        <translation>创建房间</translation>
    </message>
    <message>
        <source>Spectators see the table late by</source>
        <translation>观众看牌桌延迟</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>不延迟</translation>
    </message>
    <message>
        <source>1 trick (4 moves)</source>
        <translation>1 轮牌（4 步）</translation>
    </message>
    <message>
        <source>2 tricks (8 moves)</source>
        <translation>2 轮牌（8 步）</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>创建</translation>
    </message>
</context>
<context>
    <name>ModerationPanel</name>
    <message>
        <source>Give a duration: a whole number, at least 1 minute.</source>
        <translation>请填写时长：整数，至少 1 分钟。</translation>
    </message>
    <message>
        <source>Too long: a chat timeout lasts at most %1 days, a ban at most %2 days.</source>
        <translation>太长了：禁言最长 %1 天，封禁最长 %2 天。</translation>
    </message>
    <message>
        <source>A chat timeout lasts at most %1 days: this duration is for a ban only.</source>
        <translation>禁言最长 %1 天：这个时长只能用于封禁。</translation>
    </message>
    <message>
        <source>chat timeout</source>
        <translation>禁言</translation>
    </message>
    <message>
        <source>ban</source>
        <translation>封禁</translation>
    </message>
    <message>
        <source>timeout lifted</source>
        <translation>解除禁言</translation>
    </message>
    <message>
        <source>ban lifted</source>
        <translation>解除封禁</translation>
    </message>
    <message>
        <source>made a moderator</source>
        <translation>任命为版主</translation>
    </message>
    <message>
        <source>made an administrator</source>
        <translation>任命为管理员</translation>
    </message>
    <message>
        <source>role taken back</source>
        <translation>撤销职务</translation>
    </message>
    <message>
        <source>Reason (the player is shown it)</source>
        <translation>理由（会告知该玩家）</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>小时</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>A chat timeout lasts 1 minute to %1 days, a ban 1 minute to %2 days.</source>
        <translation>禁言时长为 1 分钟到 %1 天，封禁为 1 分钟到 %2 天。</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>举报</translation>
    </message>
    <message>
        <source>No reports</source>
        <translation>没有举报</translation>
    </message>
    <message>
        <source>%1 · %2 reported %3 (%4)</source>
        <translation>%1 · %2 举报了 %3（%4）</translation>
    </message>
    <message>
        <source>game %1</source>
        <translation>第 %1 局</translation>
    </message>
    <message>
        <source>Chat timeout</source>
        <translation>禁言</translation>
    </message>
    <message>
        <source>Ban</source>
        <translation>封禁</translation>
    </message>
    <message>
        <source>Lift the ban now</source>
        <translation>立即解除封禁</translation>
    </message>
    <message>
        <source>Lift the timeout now</source>
        <translation>立即解除禁言</translation>
    </message>
    <message>
        <source>Moderation log</source>
        <translation>版务记录</translation>
    </message>
    <message>
        <source>%1 · %2: %3 of %4 — %5</source>
        <translation>%1 · %2：对 %4 %3 — %5</translation>
    </message>
    <message>
        <source>the operator</source>
        <translation>服务器管理员</translation>
    </message>
    <message>
        <source>(until %1)</source>
        <translation>（至 %1）</translation>
    </message>
</context>
<context>
    <name>NearbyList</name>
    <message>
        <source>Nearby tables</source>
        <translation>附近的牌桌</translation>
    </message>
    <message>
        <source>1 room</source>
        <translation>1 个房间</translation>
    </message>
    <message>
        <source>%1 rooms</source>
        <translation>%1 个房间</translation>
    </message>
    <message>
        <source>1 player</source>
        <translation>1 名玩家</translation>
    </message>
    <message>
        <source>%1 players</source>
        <translation>%1 名玩家</translation>
    </message>
    <message>
        <source>%1 watching</source>
        <translation>%1 人观战</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Looking for tables on your network…</source>
        <translation>正在查找同一网络中的牌桌…</translation>
    </message>
</context>
<context>
    <name>NoticePart</name>
    <message>
        <source>Nobody bid: the cards are dealt again</source>
        <translation>无人亮主，重新发牌</translation>
    </message>
    <message>
        <source>Your throw %1 failed.</source>
        <translation>你甩牌 %1 失败。</translation>
    </message>
    <message>
        <source>%2&apos;s throw %1 failed.</source>
        <translation>%2 甩牌 %1 失败。</translation>
    </message>
    <message>
        <source>%1 beats %2 with %3.</source>
        <translation>%1 用 %3 管住了 %2。</translation>
    </message>
    <message>
        <source>Only %1 is played.</source>
        <translation>只出 %1。</translation>
    </message>
    <message>
        <source>Penalty: %1 points.</source>
        <translation>罚 %1 分。</translation>
    </message>
</context>
<context>
    <name>Notices</name>
    <message>
        <source>Auto-play is on: the computer plays your seat until you switch it off.</source>
        <translation>托管已开启：电脑替你出牌，直到你关掉。</translation>
    </message>
    <message>
        <source>Auto-play is off: your seat waits for you.</source>
        <translation>托管已关闭：轮到你时等你出牌。</translation>
    </message>
    <message>
        <source>Your time ran out: the computer plays your seat (auto-play) until you switch it off.</source>
        <translation>你超时了：由电脑托管你的座位出牌，直到你关掉托管。</translation>
    </message>
    <message>
        <source>%1 ran out of time: the computer plays for them (auto-play).</source>
        <translation>%1 超时：由电脑托管出牌。</translation>
    </message>
    <message>
        <source>Not connected: your move is sent when the connection is back.</source>
        <translation>连接已断开：连上后会发送你的这一步。</translation>
    </message>
    <message>
        <source>Connected again: your move was played.</source>
        <translation>已重新连接：你的这一步已打出。</translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message>
        <source>It is your turn at the table.</source>
        <translation>轮到你出牌了。</translation>
    </message>
    <message>
        <source>%1 offers a rematch.</source>
        <translation>%1 提议再来一局。</translation>
    </message>
    <message>
        <source>%1 invites you to a seat at their table.</source>
        <translation>%1 邀请你到牌桌入座。</translation>
    </message>
</context>
<context>
    <name>OnlineViewModel</name>
    <message>
        <source>Cannot reach %1 — is the server running?</source>
        <translation>无法连接 %1——服务器开着吗？</translation>
    </message>
    <message>
        <source>Cannot find %1 — check the server&apos;s name.</source>
        <translation>找不到 %1——请检查服务器名称。</translation>
    </message>
    <message>
        <source>%1 does not answer — check the address and your network.</source>
        <translation>%1 没有回应——请检查地址和网络。</translation>
    </message>
    <message>
        <source>%1 is not a Tuolaji server — check the address and port.</source>
        <translation>%1 不是拖拉机服务器——请检查地址和端口。</translation>
    </message>
    <message>
        <source>“%1” is not a server address — write it as host:port.</source>
        <translation>“%1”不是服务器地址——请写成 主机:端口。</translation>
    </message>
    <message>
        <source>The connection to %1 was lost — connect again.</source>
        <translation>与 %1 的连接已断开——请重新连接。</translation>
    </message>
    <message>
        <source>Online play is not installed in this copy of Tuolaji.</source>
        <translation>此版本的拖拉机未安装联网对战。</translation>
    </message>
    <message>
        <source>Cannot connect to %1 — try again.</source>
        <translation>无法连接 %1——请再试一次。</translation>
    </message>
    <message>
        <source>The server was shut down: back at the table when it runs again…</source>
        <translation>服务器已关闭：它重新运行后自动回到牌桌…</translation>
    </message>
    <message>
        <source>Connection lost: reconnecting…</source>
        <translation>连接已断开，正在重连…</translation>
    </message>
    <message>
        <source>The defenders win</source>
        <translation>庄家方获胜</translation>
    </message>
    <message>
        <source>The attackers win</source>
        <translation>抓分方获胜</translation>
    </message>
    <message>
        <source>Room %1 · hand %2</source>
        <translation>房间 %1 · 第 %2 局</translation>
    </message>
</context>
<context>
    <name>PageHeader</name>
    <message>
        <source>← Back</source>
        <translation>← 返回</translation>
    </message>
</context>
<context>
    <name>PeekPanel</name>
    <message>
        <source>Kitty (buried)</source>
        <translation>底牌（已扣）</translation>
    </message>
    <message>
        <source>Last trick</source>
        <translation>上一轮</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>%1 took the trick</source>
        <translation>%1 赢得这一轮</translation>
    </message>
</context>
<context>
    <name>ProfilePage</name>
    <message>
        <source>My profile</source>
        <translation>我的资料</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>玩家资料</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Overall rating %1 · %2</source>
        <translation>总积分 %1 · %2</translation>
    </message>
    <message>
        <source>Every hand moves it, against the AI too. The boards count rated hands only.</source>
        <translation>每局都计入，与电脑对局也算。排行榜只计计分局。</translation>
    </message>
    <message>
        <source>provisional</source>
        <translation>暂定</translation>
    </message>
    <message>
        <source>not listed</source>
        <translation>未上榜</translation>
    </message>
    <message>
        <source>rating %1</source>
        <translation>积分 %1</translation>
    </message>
    <message>
        <source>rated hands: %1</source>
        <translation>计分局：%1</translation>
    </message>
    <message>
        <source>Rating over the rated hands: %1</source>
        <translation>计分局的积分走势：%1</translation>
    </message>
    <message>
        <source>No rated hands yet</source>
        <translation>还没有计分的牌局</translation>
    </message>
    <message>
        <source>Recent hands</source>
        <translation>最近的牌局</translation>
    </message>
    <message>
        <source>No hands played yet</source>
        <translation>还没有打过牌局</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>Played with and against</source>
        <translation>同伴与对手</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Together</source>
        <translation>同一方</translation>
    </message>
    <message>
        <source>Against</source>
        <translation>对手方</translation>
    </message>
    <message>
        <source>Nobody met yet</source>
        <translation>还没有同桌过的玩家</translation>
    </message>
</context>
<context>
    <name>ProfileViewModel</name>
    <message>
        <source>Connect to a server first.</source>
        <translation>请先连接服务器。</translation>
    </message>
    <message>
        <source>The server cannot be reached: try again.</source>
        <translation>无法连接服务器，请重试。</translation>
    </message>
    <message>
        <source>Room %1 · hand %2</source>
        <translation>房间 %1 · 第 %2 局</translation>
    </message>
    <message>
        <source>%1 won of %2</source>
        <translation>%2 局中胜 %1 局</translation>
    </message>
    <message>
        <source>Rated hands only: four players and the preset&apos;s rules unchanged. Listed: %1 rated hands or more, one in the last %2 days, and %3 different opponents met.</source>
        <translation>只计计分局：四位真人玩家，且规则与预设相同。上榜条件：至少 %1 局计分局，最近 %2 天内打过一局，并遇到过 %3 位不同的对手。</translation>
    </message>
    <message>
        <source>Not computed yet: the server recomputes the boards every few minutes.</source>
        <translation>尚未计算：服务器每隔几分钟重新计算排行榜。</translation>
    </message>
    <message>
        <source>Recomputed at %1</source>
        <translation>计算于 %1</translation>
    </message>
</context>
<context>
    <name>PuzzlesPage</name>
    <message>
        <source>Puzzles</source>
        <translation>谜题</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 (led)</source>
        <translation>%1（首出）</translation>
    </message>
    <message>
        <source>No trick has been played yet.</source>
        <translation>还没有出过一轮牌。</translation>
    </message>
    <message>
        <source>Bury</source>
        <translation>扣底</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>出牌</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>再试一次</translation>
    </message>
    <message>
        <source>Show the answer</source>
        <translation>看答案</translation>
    </message>
    <message>
        <source>Hide the cards played</source>
        <translation>收起已出的牌</translation>
    </message>
    <message>
        <source>Cards played</source>
        <translation>已出的牌</translation>
    </message>
    <message>
        <source>Next puzzle</source>
        <translation>下一题</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
</context>
<context>
    <name>PuzzlesViewModel</name>
    <message>
        <source>All themes</source>
        <translation>全部主题</translation>
    </message>
    <message>
        <source>Leading</source>
        <translation>首出</translation>
    </message>
    <message>
        <source>Throws</source>
        <translation>甩牌</translation>
    </message>
    <message>
        <source>Throws that fail</source>
        <translation>甩牌失败</translation>
    </message>
    <message>
        <source>Leading trumps</source>
        <translation>出主</translation>
    </message>
    <message>
        <source>Ruffing</source>
        <translation>毙牌</translation>
    </message>
    <message>
        <source>Winning the trick</source>
        <translation>赢下这一轮</translation>
    </message>
    <message>
        <source>Feeding points</source>
        <translation>送分</translation>
    </message>
    <message>
        <source>Ducking</source>
        <translation>垫小牌</translation>
    </message>
    <message>
        <source>Following</source>
        <translation>跟牌</translation>
    </message>
    <message>
        <source>Endgame</source>
        <translation>残局</translation>
    </message>
    <message>
        <source>Burial</source>
        <translation>扣底</translation>
    </message>
    <message>
        <source>Your rating: %1</source>
        <translation>你的等级分：%1</translation>
    </message>
    <message>
        <source>Not rated: tried before</source>
        <translation>不计分：以前做过</translation>
    </message>
    <message>
        <source>Not rated: only the first try counts</source>
        <translation>不计分：只算第一次</translation>
    </message>
    <message>
        <source>Puzzle rating: %1</source>
        <translation>本题等级分：%1</translation>
    </message>
    <message>
        <source>%1 solved of %2 tried · %3 puzzles</source>
        <translation>做过 %2 题，答对 %1 题 · 共 %3 题</translation>
    </message>
    <message>
        <source>Bury %1 cards: find the best burial</source>
        <translation>扣 %1 张底牌：找出最好的扣法</translation>
    </message>
    <message>
        <source>Your lead: find the best play</source>
        <translation>你首出：找出最好的出法</translation>
    </message>
    <message>
        <source>Find the best play</source>
        <translation>找出最好的出法</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>下家</translation>
    </message>
    <message>
        <source>Partner</source>
        <translation>对家</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>上家</translation>
    </message>
    <message>
        <source>Level %1</source>
        <translation>打%1</translation>
    </message>
    <message>
        <source>No trump</source>
        <translation>无主</translation>
    </message>
    <message>
        <source>Trump %1</source>
        <translation>主牌 %1</translation>
    </message>
    <message>
        <source>You are the dealer</source>
        <translation>你是庄家</translation>
    </message>
    <message>
        <source>Dealer: %1</source>
        <translation>庄家：%1</translation>
    </message>
    <message>
        <source>Attackers&apos; points: %1</source>
        <translation>抓分方得分：%1</translation>
    </message>
    <message>
        <source>Trumps</source>
        <translation>主牌</translation>
    </message>
</context>
<context>
    <name>RematchViewModel</name>
    <message>
        <source>Rematch: %1 of 4 accepted, %2 s left</source>
        <translation>再来一局：4 人中 %1 人已同意，还剩 %2 秒</translation>
    </message>
    <message>
        <source>%3 offers a rematch (seats rotated): %1 of 4 accepted, %2 s left</source>
        <translation>%3 提议再来一局（轮换座位）：4 人中 %1 人已同意，还剩 %2 秒</translation>
    </message>
    <message>
        <source>%3 offers a rematch: %1 of 4 accepted, %2 s left</source>
        <translation>%3 提议再来一局：4 人中 %1 人已同意，还剩 %2 秒</translation>
    </message>
    <message>
        <source>%1 declined the rematch.</source>
        <translation>%1 拒绝了再来一局。</translation>
    </message>
    <message>
        <source>The rematch offer ran out of time.</source>
        <translation>再来一局的提议已超时。</translation>
    </message>
    <message>
        <source>The seats changed: the rematch offer was withdrawn.</source>
        <translation>座位有变：再来一局的提议已撤回。</translation>
    </message>
</context>
<context>
    <name>ReplaysPage</name>
    <message>
        <source>Replays</source>
        <translation>牌局回放</translation>
    </message>
    <message>
        <source>On this computer</source>
        <translation>本机牌局</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>复盘</translation>
    </message>
    <message>
        <source>No finished hands yet. Every hand you finish is kept here.</source>
        <translation>还没有打完的牌局。每打完一局都会保存在这里。</translation>
    </message>
    <message>
        <source>My online games</source>
        <translation>我的联网牌局</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>No finished online games yet</source>
        <translation>还没有打完的联网牌局</translation>
    </message>
    <message>
        <source>Connect on the Play online screen to see your games on the server</source>
        <translation>在联网对战页面连接后，可查看服务器上的牌局</translation>
    </message>
</context>
<context>
    <name>ResultPanel</name>
    <message>
        <source>Attackers&apos; points: %1 (tricks %2)</source>
        <translation>抓分方得分：%1（牌面 %2）</translation>
    </message>
    <message>
        <source>Kitty</source>
        <translation>底牌</translation>
    </message>
    <message>
        <source>The attackers won the last trick: kitty %1 points ×%2</source>
        <translation>抓分方赢得最后一轮：抠底 %1 分 ×%2</translation>
    </message>
    <message>
        <source>The kitty stays with the defenders (%1 points)</source>
        <translation>底牌归庄家方（%1 分）</translation>
    </message>
    <message>
        <source>Next dealer: %1</source>
        <translation>下一局庄家：%1</translation>
    </message>
    <message>
        <source>Deal code: %1</source>
        <translation>牌局代码：%1</translation>
    </message>
    <message>
        <source>Waiting for the others…</source>
        <translation>等其他人准备…</translation>
    </message>
    <message>
        <source>Next hand</source>
        <translation>下一局</translation>
    </message>
    <message>
        <source>Play this deal again</source>
        <translation>再打一次这副牌</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>主页</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>复盘</translation>
    </message>
    <message>
        <source>Rematch</source>
        <translation>再来一局</translation>
    </message>
    <message>
        <source>Rematch, seats rotated</source>
        <translation>再来一局（轮换座位）</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>同意</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>拒绝</translation>
    </message>
</context>
<context>
    <name>ResultPart</name>
    <message>
        <source>The defenders win</source>
        <translation>庄家方获胜</translation>
    </message>
    <message>
        <source>The attackers win</source>
        <translation>抓分方获胜</translation>
    </message>
    <message>
        <source>You win the hand</source>
        <translation>本局获胜</translation>
    </message>
    <message>
        <source>You lose the hand</source>
        <translation>本局失利</translation>
    </message>
    <message>
        <source>The deal passes; no level change</source>
        <translation>换庄，不升级</translation>
    </message>
    <message>
        <source>past %1</source>
        <translation>过%1</translation>
    </message>
    <message>
        <source>Levels +%1 for the defenders: %2 → %3</source>
        <translation>庄家方升 %1 级：%2 → %3</translation>
    </message>
    <message>
        <source>Levels +%1 for the attackers: %2 → %3</source>
        <translation>抓分方升 %1 级：%2 → %3</translation>
    </message>
    <message>
        <source>Levels +%1 for your side: %2 → %3</source>
        <translation>我方升 %1 级：%2 → %3</translation>
    </message>
    <message>
        <source>Levels +%1 for the other side: %2 → %3</source>
        <translation>对方升 %1 级：%2 → %3</translation>
    </message>
    <message>
        <source>%1 win the match</source>
        <translation>%1 赢得整场比赛</translation>
    </message>
    <message>
        <source>You win the match!</source>
        <translation>你赢得了整场比赛！</translation>
    </message>
    <message>
        <source>The match is lost</source>
        <translation>整场比赛告负</translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <source>Hand review</source>
        <translation>本手复盘</translation>
    </message>
    <message>
        <source>Judging your decisions… %1%</source>
        <translation>正在评判你的决策… %1%</translation>
    </message>
    <message>
        <source>Each decision is played out on deals drawn from what you could see, never from the hidden cards.</source>
        <translation>每个决策都在按你所见抽出的牌局上打完，从不看暗牌。</translation>
    </message>
    <message>
        <source>The review could not be made.</source>
        <translation>无法完成复盘。</translation>
    </message>
    <message>
        <source>Your costliest decisions</source>
        <translation>你代价最大的决策</translation>
    </message>
    <message>
        <source>No costly decision found: well played.</source>
        <translation>没有代价大的决策：打得好。</translation>
    </message>
    <message>
        <source>%1 · friend call</source>
        <translation>%1 · 找朋友</translation>
    </message>
    <message>
        <source>%1 · trick %2</source>
        <translation>%1 · 第 %2 墩</translation>
    </message>
    <message>
        <source>%1 · burial</source>
        <translation>%1 · 扣底</translation>
    </message>
    <message>
        <source>Chance to win the hand after each of your decisions (click a mark to see it)</source>
        <translation>你每次决策后本手获胜的机会（点击标记查看）</translation>
    </message>
    <message>
        <source>%1 · bidding</source>
        <translation>%1 · 亮主</translation>
    </message>
    <message>
        <source>Your bid: %1 · best: %2</source>
        <translation>你的亮主：%1 · 最佳：%2</translation>
    </message>
    <message>
        <source>Hindsight (all cards open): the best bid would have gained %1 levels here.</source>
        <translation>事后看（亮开所有牌）：此处最佳亮主可多得 %1 级。</translation>
    </message>
    <message>
        <source>Hindsight (all hands open): the best play would have gained %1 levels here.</source>
        <translation>事后看（亮开所有手牌）：此处最佳出法可多得 %1 级。</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>查看</translation>
    </message>
    <message>
        <source>Retry this decision</source>
        <translation>重做这步</translation>
    </message>
</context>
<context>
    <name>ReviewViewModel</name>
    <message>
        <source>Pass</source>
        <translation>不亮（过）</translation>
    </message>
    <message>
        <source>No bid</source>
        <translation>不亮</translation>
    </message>
    <message>
        <source>Chance to win the hand: %1% as you bid, %2% with the best bid</source>
        <translation>本手获胜的机会：你的亮法 %1%，最佳亮法 %2%</translation>
    </message>
    <message>
        <source>Chance to win the hand: %1% played, %2% with the best play</source>
        <translation>本手获胜的机会：你的出法 %1%，最佳出法 %2%</translation>
    </message>
    <message>
        <source>Blunder</source>
        <translation>大错</translation>
    </message>
    <message>
        <source>Mistake</source>
        <translation>错着</translation>
    </message>
    <message>
        <source>Inaccuracy</source>
        <translation>欠佳</translation>
    </message>
    <message>
        <source>Good</source>
        <translation>好棋</translation>
    </message>
    <message>
        <source>%1 decisions judged · blunders: %2 · mistakes: %3 · inaccuracies: %4</source>
        <translation>评判了 %1 个决策 · 大错：%2 · 错着：%3 · 欠佳：%4</translation>
    </message>
</context>
<context>
    <name>RoomPage</name>
    <message>
        <source>%1&apos;s room</source>
        <translation>%1的房间</translation>
    </message>
    <message>
        <source>Invite</source>
        <translation>邀请</translation>
    </message>
    <message>
        <source>Friends</source>
        <translation>好友</translation>
    </message>
    <message>
        <source>Owner: %1</source>
        <translation>房主：%1</translation>
    </message>
    <message>
        <source>%1 watching</source>
        <translation>%1 人观战</translation>
    </message>
    <message>
        <source>Changed rules: %1</source>
        <translation>改动的规则：%1</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>%1 号位</translation>
    </message>
    <message>
        <source>Empty seat</source>
        <translation>空座位</translation>
    </message>
    <message>
        <source>AI %1 (%2)</source>
        <translation>电脑%1（%2）</translation>
    </message>
    <message>
        <source>Away</source>
        <translation>掉线</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>Not ready</source>
        <translation>未准备</translation>
    </message>
    <message>
        <source>Sit here</source>
        <translation>坐这里</translation>
    </message>
    <message>
        <source>Stand up</source>
        <translation>站起</translation>
    </message>
    <message>
        <source>Add AI</source>
        <translation>加电脑</translation>
    </message>
    <message>
        <source>Start the match</source>
        <translation>开始比赛</translation>
    </message>
    <message>
        <source>Leave the room</source>
        <translation>离开房间</translation>
    </message>
    <message>
        <source>All four are ready: start the match.</source>
        <translation>四人都已准备好：可以开始比赛了。</translation>
    </message>
    <message>
        <source>Fill the empty seats with players or AI; start when all four are ready.</source>
        <translation>空座位可等玩家坐下或加电脑；四人都准备好后开始。</translation>
    </message>
    <message>
        <source>The owner starts the match when all four seats are filled and ready.</source>
        <translation>四个座位坐满并准备后，由房主开始比赛。</translation>
    </message>
</context>
<context>
    <name>RulesPage</name>
    <message>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Trumps: the jokers, every card of the level rank and every card of the trump suit. Follow the suit led, and its shape (pairs, tractors) as closely as you can. The attackers collect 5s, 10s and kings; at the target they take the deal.</source>
        <translation>主牌：大小王、所有级牌和主花色的牌。跟牌时先跟首家的花色，并尽量跟上牌型（对子、拖拉机）。抓分方收集 5、10、K，分数达到目标就上台坐庄。</translation>
    </message>
</context>
<context>
    <name>SeatPanel</name>
    <message>
        <source>Level %1</source>
        <translation>打 %1</translation>
    </message>
    <message>
        <source>1 card</source>
        <translation>1 张</translation>
    </message>
    <message>
        <source>%1 cards</source>
        <translation>%1 张</translation>
    </message>
    <message>
        <source>defender</source>
        <translation>庄家方</translation>
    </message>
    <message>
        <source>attacker</source>
        <translation>抓分方</translation>
    </message>
    <message>
        <source>Dealer</source>
        <comment>badge: 庄</comment>
        <translation>庄</translation>
    </message>
    <message>
        <source>Bid</source>
        <comment>badge: 亮</comment>
        <translation>亮</translation>
    </message>
    <message>
        <source>Friend</source>
        <translation>朋友</translation>
    </message>
    <message>
        <source>Auto</source>
        <comment>badge: 托管</comment>
        <translation>托管</translation>
    </message>
    <message>
        <source>thinking…</source>
        <translation>思考中…</translation>
    </message>
    <message>
        <source>no bid</source>
        <translation>不亮</translation>
    </message>
    <message>
        <source>Void: %1</source>
        <translation>缺：%1</translation>
    </message>
</context>
<context>
    <name>ServersList</name>
    <message>
        <source>Saved servers</source>
        <translation>保存的服务器</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>(certificate pinned)</source>
        <translation>（证书已固定）</translation>
    </message>
    <message>
        <source>reachable, version %1</source>
        <translation>可连接，版本 %1</translation>
    </message>
    <message>
        <source>not reachable</source>
        <translation>无法连接</translation>
    </message>
    <message>
        <source>certificate not trusted</source>
        <translation>证书不受信任</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>检查中…</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>No saved servers</source>
        <translation>还没有保存的服务器</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名字</translation>
    </message>
    <message>
        <source>wss://host or host:port</source>
        <translation>wss://主机 或 主机:端口</translation>
    </message>
    <message>
        <source>Certificate SHA-256 (only for a self-signed one)</source>
        <translation>证书 SHA-256 指纹（仅用于自签名证书）</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
</context>
<context>
    <name>SettingsPage</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Card sound</source>
        <translation>出牌声音</translation>
    </message>
    <message>
        <source>Trick won sound</source>
        <translation>赢一轮的声音</translation>
    </message>
    <message>
        <source>Your-turn chime</source>
        <translation>轮到你的提示音</translation>
    </message>
    <message>
        <source>Mandarin call-outs</source>
        <translation>普通话报牌语音</translation>
    </message>
    <message>
        <source>Card counter</source>
        <translation>记牌器</translation>
    </message>
    <message>
        <source>Notify me when away</source>
        <translation>离开时提醒我</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Four-colour suits</source>
        <translation>四色花色</translation>
    </message>
    <message>
        <source>Card size</source>
        <translation>牌的大小</translation>
    </message>
    <message>
        <source>Small</source>
        <translation>小</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>Large</source>
        <translation>大</translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>动画速度</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>慢</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>快</translation>
    </message>
    <message>
        <source>Instant</source>
        <translation>立即</translation>
    </message>
    <message>
        <source>Reduce motion</source>
        <translation>减少动画</translation>
    </message>
    <message>
        <source>Keep each trick for</source>
        <translation>每轮出完后停留</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>你的名字</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
</context>
<context>
    <name>SetupPage</name>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>简单</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>困难</translation>
    </message>
    <message>
        <source>Master</source>
        <translation>大师</translation>
    </message>
    <message>
        <source>Play offline</source>
        <translation>单机游戏</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Every 2 is a trump</source>
        <translation>2 为常主</translation>
    </message>
    <message>
        <source>10-point penalty for a failed throw</source>
        <translation>甩牌失败罚 10 分</translation>
    </message>
    <message>
        <source>Your seat</source>
        <translation>你的座位</translation>
    </message>
    <message>
        <source>Seat 1 (deals first if no bid)</source>
        <translation>1 号位（无人亮主时先坐庄）</translation>
    </message>
    <message>
        <source>Seat 2</source>
        <translation>2 号位</translation>
    </message>
    <message>
        <source>Seat 3</source>
        <translation>3 号位</translation>
    </message>
    <message>
        <source>Seat 4</source>
        <translation>4 号位</translation>
    </message>
    <message>
        <source>AI at seat %1</source>
        <translation>%1 号位电脑</translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>动画速度</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>慢</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>快</translation>
    </message>
    <message>
        <source>Instant</source>
        <translation>立即</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Deal code, e.g. 84DY-8EJY-…</source>
        <translation>牌局代码，例如 84DY-8EJY-…</translation>
    </message>
    <message>
        <source>Play this deal</source>
        <translation>打这副牌</translation>
    </message>
</context>
<context>
    <name>StatsPage</name>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>局数</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>胜</translation>
    </message>
    <message>
        <source>Won %</source>
        <translation>胜率</translation>
    </message>
    <message>
        <source>Reset the statistics</source>
        <translation>清空统计</translation>
    </message>
</context>
<context>
    <name>TableButton</name>
    <message>
        <source>Key: %1</source>
        <translation>按键：%1</translation>
    </message>
</context>
<context>
    <name>TablePage</name>
    <message>
        <source>Points taken by the attackers</source>
        <translation>抓分方已得分牌</translation>
    </message>
    <message>
        <source>You are watching: no hand is shown</source>
        <translation>观战中：看不到任何人的手牌</translation>
    </message>
    <message>
        <source>Delayed: you see this table %1 moves late</source>
        <translation>延迟观战：你看到的牌桌晚 %1 步</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>记牌器</translation>
    </message>
    <message>
        <source>Auto-play</source>
        <translation>托管</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>聊天</translation>
    </message>
    <message>
        <source>%1 watching</source>
        <translation>%1 人观战</translation>
    </message>
</context>
<context>
    <name>TableState</name>
    <message>
        <source>AI %1 (%2)</source>
        <translation>电脑%1（%2）</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>%1 号位</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>下家</translation>
    </message>
    <message>
        <source>Opposite</source>
        <translation>对家</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>上家</translation>
    </message>
    <message>
        <source>Big joker</source>
        <translation>大王</translation>
    </message>
    <message>
        <source>Small joker</source>
        <translation>小王</translation>
    </message>
    <message>
        <source>Trumps</source>
        <translation>主牌</translation>
    </message>
    <message>
        <source>No trump</source>
        <translation>无主</translation>
    </message>
</context>
<context>
    <name>TopBar</name>
    <message>
        <source>Us</source>
        <translation>我方</translation>
    </message>
    <message>
        <source>Them</source>
        <translation>对方</translation>
    </message>
    <message>
        <source>Trump</source>
        <translation>主</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <source>Attackers</source>
        <translation>抓分</translation>
    </message>
    <message>
        <source>Kitty</source>
        <translation>底牌</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>局</translation>
    </message>
    <message>
        <source>Practice</source>
        <translation>练习</translation>
    </message>
    <message>
        <source>Take back</source>
        <translation>悔牌</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>离开</translation>
    </message>
</context>
<context>
    <name>TrickArea</name>
    <message>
        <source>Lead</source>
        <comment>mark: 首</comment>
        <translation>首</translation>
    </message>
    <message>
        <source>Top</source>
        <comment>mark: 大</comment>
        <translation>大</translation>
    </message>
    <message>
        <source>Ruff</source>
        <comment>mark: 毙</comment>
        <translation>毙</translation>
    </message>
</context>
<context>
    <name>TrickList</name>
    <message>
        <source>Tricks of this hand</source>
        <translation>本局每一轮</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>%1 +%2</source>
        <translation>%1 +%2</translation>
    </message>
</context>
<context>
    <name>WatchPage</name>
    <message>
        <source>Watch</source>
        <translation>观战</translation>
    </message>
    <message>
        <source>Watch four AI players</source>
        <translation>观看四个电脑对战</translation>
    </message>
    <message>
        <source>Public tables online</source>
        <translation>在线公开牌桌</translation>
    </message>
    <message>
        <source>Connect on the Play online screen to see the public tables</source>
        <translation>先在联网对战页面连接服务器，才能看到公开牌桌</translation>
    </message>
    <message>
        <source>Online play is not available in this build</source>
        <translation>此版本不支持联网对战</translation>
    </message>
    <message>
        <source>Play online</source>
        <translation>联网对战</translation>
    </message>
    <message>
        <source>%1 watching</source>
        <translation>%1 人观战</translation>
    </message>
</context>
</TS>
