<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>AccountPage</name>
    <message>
        <source>Account</source>
        <translation>賬號</translation>
    </message>
    <message>
        <source>Signed in to %1 as %2.</source>
        <translation>已在 %1 登入為 %2。</translation>
    </message>
    <message>
        <source>On %1 you play as a guest. An account keeps your rating and games on any computer, without e-mail.</source>
        <translation>你在 %1 以遊客身份遊戲。有了賬號，積分和牌局在任何電腦上都還是你的，無需電子郵箱。</translation>
    </message>
    <message>
        <source>New account</source>
        <translation>新賬號</translation>
    </message>
    <message>
        <source>Your rating and games so far stay yours. The password is optional: without one, sign in elsewhere with a recovery code or a code from this computer.</source>
        <translation>你至今的積分和牌局都保留。密碼可以不設：沒有密碼時，在別處用恢復碼或本機顯示的關聯碼登入。</translation>
    </message>
    <message>
        <source>Account name</source>
        <translation>賬號名</translation>
    </message>
    <message>
        <source>Password (8 or more characters, optional)</source>
        <translation>密碼（至少 8 個字元，可不設）</translation>
    </message>
    <message>
        <source>Create the account</source>
        <translation>建立賬號</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>登入</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密碼</translation>
    </message>
    <message>
        <source>Recovery code</source>
        <translation>恢復碼</translation>
    </message>
    <message>
        <source>Code from a device</source>
        <translation>裝置關聯碼</translation>
    </message>
    <message>
        <source>Recovery code, e.g. abcd-efgh-jkmn-pqrs</source>
        <translation>恢復碼，例如 abcd-efgh-jkmn-pqrs</translation>
    </message>
    <message>
        <source>New password (optional)</source>
        <translation>新密碼（可不設）</translation>
    </message>
    <message>
        <source>Using a recovery code signs the account out everywhere else and replaces its password.</source>
        <translation>使用恢復碼會讓賬號在其他所有地方退出登入，並替換它的密碼。</translation>
    </message>
    <message>
        <source>On a computer where you are signed in, open Account and choose “Link another device”, then type its code here.</source>
        <translation>在已登入的電腦上開啟“賬號”，選擇“關聯另一臺裝置”，然後在這裡輸入顯示的關聯碼。</translation>
    </message>
    <message>
        <source>Code, e.g. ABCD-EFGH</source>
        <translation>關聯碼，例如 ABCD-EFGH</translation>
    </message>
    <message>
        <source>Link another device</source>
        <translation>關聯另一臺裝置</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>退出登入</translation>
    </message>
    <message>
        <source>Sign out everywhere</source>
        <translation>在所有裝置上退出</translation>
    </message>
    <message>
        <source>On the other device, choose Sign in, “Code from a device”, and type:</source>
        <translation>在另一臺裝置上選擇“登入”中的“裝置關聯碼”，然後輸入：</translation>
    </message>
    <message>
        <source>Works once, for %1:%2 more.</source>
        <translation>只能用一次，還剩 %1:%2。</translation>
    </message>
    <message>
        <source>Your recovery codes</source>
        <translation>你的恢復碼</translation>
    </message>
    <message>
        <source>Copy them, write them down or print them now: they are shown only this once. Each one signs you in once if you lose your computers, ends every other sign-in and sets a new password.</source>
        <translation>請現在複製、抄下或列印：它們只顯示這一次。丟失電腦時，每個恢復碼可登入一次，同時讓其他所有登入失效並設定新密碼。</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已複製</translation>
    </message>
    <message>
        <source>Copy the codes</source>
        <translation>複製恢復碼</translation>
    </message>
    <message>
        <source>I have saved them</source>
        <translation>我已經儲存了</translation>
    </message>
    <message>
        <source>Talking to the server…</source>
        <translation>正在與伺服器通訊…</translation>
    </message>
</context>
<context>
    <name>AccountViewModel</name>
    <message>
        <source>The server met an error of its own, not one in what you typed. Try again later; if it goes on, tell whoever runs the server (its log says why).</source>
        <translation>伺服器自身出錯，不是你輸入的內容有誤。請稍後再試；如果一直這樣，請告訴伺服器的管理者（伺服器日誌裡寫明瞭原因）。</translation>
    </message>
    <message>
        <source>“%1” is not a server address: set it in Settings as host:port.</source>
        <translation>“%1”不是伺服器地址：請在設定中寫成 主機:埠。</translation>
    </message>
    <message>
        <source>Cannot reach %1: check the server address in Settings.</source>
        <translation>無法連線 %1：請檢查設定中的伺服器地址。</translation>
    </message>
</context>
<context>
    <name>ActionBar</name>
    <message>
        <source>Enter</source>
        <translation>回車鍵</translation>
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
        <translation>退格鍵</translation>
    </message>
    <message>
        <source>Last trick</source>
        <translation>上一輪</translation>
    </message>
    <message>
        <source>Kitty</source>
        <translation>底牌</translation>
    </message>
    <message>
        <source>Tricks</source>
        <translation>所有輪次</translation>
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
        <translation>最後一步</translation>
    </message>
    <message>
        <source>Play from here</source>
        <translation>從這裡開始打</translation>
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
        <translation>整場比賽</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>隨機</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>簡單</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>困難</translation>
    </message>
    <message>
        <source>Master</source>
        <translation>大師</translation>
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
        <translation>固定：對面的玩家</translation>
    </message>
    <message>
        <source>called card (find a friend)</source>
        <translation>叫牌找朋友</translation>
    </message>
    <message>
        <source>show level cards while dealing; stronger bids overcall</source>
        <translation>發牌時亮級牌，更大的可以反主</translation>
    </message>
    <message>
        <source>three-deck ladder: single, pair, jokers, triple</source>
        <translation>三副牌：單張、對子、王、三張</translation>
    </message>
    <message>
        <source>the first level card shown sets the trump</source>
        <translation>先亮者定主</translation>
    </message>
    <message>
        <source>hidden bids, +1 card to change</source>
        <translation>暗亮，多一張才能改主</translation>
    </message>
    <message>
        <source>redeal</source>
        <translation>重新發牌</translation>
    </message>
    <message>
        <source>play with no trump suit</source>
        <translation>打無主</translation>
    </message>
    <message>
        <source>flip the kitty to find the trump</source>
        <translation>翻底定主</translation>
    </message>
    <message>
        <source>spades are trump</source>
        <translation>黑桃為主</translation>
    </message>
    <message>
        <source>Classic (2 decks)</source>
        <translation>經典（兩副牌）</translation>
    </message>
    <message>
        <source>Lianzhong</source>
        <translation>聯眾</translation>
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
        <translation>莊家方</translation>
    </message>
    <message>
        <source>Practice</source>
        <translation>練習</translation>
    </message>
    <message>
        <source>Level %1</source>
        <translation>打 %1</translation>
    </message>
    <message>
        <source>The defenders win</source>
        <translation>莊家方獲勝</translation>
    </message>
    <message>
        <source>The attackers win</source>
        <translation>抓分方獲勝</translation>
    </message>
    <message>
        <source>Levels +%1</source>
        <translation>升 %1 級</translation>
    </message>
    <message>
        <source>Spectators: 1 trick behind</source>
        <translation>觀眾：晚 1 輪牌</translation>
    </message>
    <message>
        <source>Spectators: %1 tricks behind</source>
        <translation>觀眾：晚 %1 輪牌</translation>
    </message>
    <message>
        <source>Spectators: %1 moves behind</source>
        <translation>觀眾：晚 %1 步</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>hearts are trump</source>
        <translation>紅桃為主</translation>
    </message>
    <message>
        <source>clubs are trump</source>
        <translation>梅花為主</translation>
    </message>
    <message>
        <source>diamonds are trump</source>
        <translation>方塊為主</translation>
    </message>
    <message>
        <source>×2 single, ×4 pair, ×8 tractor…</source>
        <translation>單張×2，對子×4，拖拉機×8……</translation>
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
        <translation>沒有底牌</translation>
    </message>
    <message>
        <source>Decks</source>
        <translation>幾副牌</translation>
    </message>
    <message>
        <source>Cards each</source>
        <translation>每人張數</translation>
    </message>
    <message>
        <source>Kitty</source>
        <translation>底牌</translation>
    </message>
    <message>
        <source>Partners</source>
        <translation>對家</translation>
    </message>
    <message>
        <source>Bidding</source>
        <translation>亮主</translation>
    </message>
    <message>
        <source>No bid</source>
        <translation>無人亮主</translation>
    </message>
    <message>
        <source>Levels</source>
        <translation>級數</translation>
    </message>
    <message>
        <source>Kitty capture</source>
        <translation>扣底</translation>
    </message>
    <message>
        <source>Every 2 is trump</source>
        <translation>2 為常主</translation>
    </message>
    <message>
        <source>Throw penalty</source>
        <translation>甩牌失敗罰分</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>總分</translation>
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
        <translation>無主：%1</translation>
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
        <translation>朋友 %1：尚未出現</translation>
    </message>
    <message>
        <source>Too late to bid: the bidding is over.</source>
        <translation>來不及了：亮主已經結束。</translation>
    </message>
    <message>
        <source>Too late for that bid: %1 bid %2 first.</source>
        <translation>來不及了：%1 已先亮 %2。</translation>
    </message>
    <message>
        <source>That bid cannot be made now.</source>
        <translation>現在不能這樣亮主。</translation>
    </message>
</context>
<context>
    <name>BranchesViewModel</name>
    <message>
        <source>The line played</source>
        <translation>實際打法</translation>
    </message>
    <message>
        <source>Taken back %1 · from step %2</source>
        <translation>悔掉的第 %1 條 · 從第 %2 步起</translation>
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
        <translation>已將 %1 連同這段聊天的最後幾句舉報給版主</translation>
    </message>
    <message>
        <source>Mute here</source>
        <translation>在本桌靜音</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>遮蔽</translation>
    </message>
    <message>
        <source>Report for:</source>
        <translation>舉報理由：</translation>
    </message>
    <message>
        <source>Abuse</source>
        <translation>辱罵</translation>
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
        <translation>還沒有訊息</translation>
    </message>
    <message>
        <source>Say something</source>
        <translation>說點什麼</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>傳送</translation>
    </message>
</context>
<context>
    <name>CounterPanel</name>
    <message>
        <source>Card counter</source>
        <translation>記牌器</translation>
    </message>
    <message>
        <source>Points not yet played: %1</source>
        <translation>還沒出的分：%1</translation>
    </message>
</context>
<context>
    <name>EvalBar</name>
    <message>
        <source>Chance to win</source>
        <translation>獲勝機會</translation>
    </message>
    <message>
        <source>Defenders&apos; chance to win</source>
        <translation>莊家方獲勝機會</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Chance to win the hand: %1%</source>
        <translation>贏下這副牌的機會：%1%</translation>
    </message>
    <message>
        <source>Defenders&apos; chance to win the hand: %1%</source>
        <translation>莊家方贏下這副牌的機會：%1%</translation>
    </message>
</context>
<context>
    <name>FriendDialog</name>
    <message>
        <source>Call a friend: the player holding this card joins you</source>
        <translation>找朋友：打出這張牌的人就是你的朋友</translation>
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
        <translation>在私人房間打牌</translation>
    </message>
    <message>
        <source>Watching table %1</source>
        <translation>在 %1 桌觀戰</translation>
    </message>
    <message>
        <source>Watching a private table</source>
        <translation>在私人房間觀戰</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>線上</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>離線</translation>
    </message>
    <message>
        <source>%1 asks to be your friend</source>
        <translation>%1 請求加你為好友</translation>
    </message>
    <message>
        <source>%1 is now your friend</source>
        <translation>%1 已成為你的好友</translation>
    </message>
    <message>
        <source>%1 invites you to a seat</source>
        <translation>%1 邀請你入座</translation>
    </message>
    <message>
        <source>%1 accepted your invitation</source>
        <translation>%1 接受了你的邀請</translation>
    </message>
    <message>
        <source>%1 declined your invitation</source>
        <translation>%1 謝絕了你的邀請</translation>
    </message>
    <message>
        <source>%1 withdrew an invitation</source>
        <translation>%1 撤回了邀請</translation>
    </message>
    <message>
        <source>A moderator (%1) acted on your account</source>
        <translation>版主（%1）對你的賬號採取了措施</translation>
    </message>
    <message>
        <source>Friends</source>
        <translation>好友</translation>
    </message>
    <message>
        <source>Moderation</source>
        <translation>版務</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>A player&apos;s name, or #number</source>
        <translation>玩家名字，或 #編號</translation>
    </message>
    <message>
        <source>Add friend</source>
        <translation>加好友</translation>
    </message>
    <message>
        <source>Appearing offline: show me online</source>
        <translation>正在隱身：顯示為線上</translation>
    </message>
    <message>
        <source>Appear offline</source>
        <translation>隱身</translation>
    </message>
    <message>
        <source>Invitations</source>
        <translation>邀請</translation>
    </message>
    <message>
        <source>You invited %1 to seat %2</source>
        <translation>你邀請了 %1 坐 %2 號座位</translation>
    </message>
    <message>
        <source>%1 invites you to seat %2</source>
        <translation>%1 邀請你坐 %2 號座位</translation>
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
        <translation>謝絕</translation>
    </message>
    <message>
        <source>Friend requests</source>
        <translation>好友請求</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>No friends yet: add one by name above</source>
        <translation>還沒有好友：在上方輸入名字新增</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>加入</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>觀戰</translation>
    </message>
    <message>
        <source>Invite to a seat</source>
        <translation>邀請入座</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>刪除</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>遮蔽</translation>
    </message>
    <message>
        <source>Requests you sent</source>
        <translation>你發出的請求</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation>已遮蔽</translation>
    </message>
    <message>
        <source>Unblock</source>
        <translation>解除遮蔽</translation>
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
        <translation>拖拉機</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>對</translation>
    </message>
    <message>
        <source>Triple</source>
        <translation>三同張</translation>
    </message>
    <message>
        <source>Quad</source>
        <translation>四同張</translation>
    </message>
    <message>
        <source>Select the cards to play</source>
        <translation>請先選牌</translation>
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
        <translation>點一張牌</translation>
    </message>
    <message>
        <source>select it, or put it back</source>
        <translation>選中它，再點放回</translation>
    </message>
    <message>
        <source>Drag across cards</source>
        <translation>在牌上拖過</translation>
    </message>
    <message>
        <source>select (or unselect) the whole run</source>
        <translation>選中（或取消）拖過的一串牌</translation>
    </message>
    <message>
        <source>Shift + click</source>
        <translation>Shift + 點選</translation>
    </message>
    <message>
        <source>select every copy of that card</source>
        <translation>選中這張牌的所有同樣的牌</translation>
    </message>
    <message>
        <source>Double-click a card</source>
        <translation>雙擊一張牌</translation>
    </message>
    <message>
        <source>play the selection with this card</source>
        <translation>連同這張牌出選中的牌</translation>
    </message>
    <message>
        <source>move the focus along your hand</source>
        <translation>在手牌中移動焦點</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格鍵</translation>
    </message>
    <message>
        <source>select the focused card</source>
        <translation>選中焦點所在的牌</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>回車鍵</translation>
    </message>
    <message>
        <source>play (or bury) the selection</source>
        <translation>出牌（或扣底）</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>退格鍵</translation>
    </message>
    <message>
        <source>clear the selection</source>
        <translation>取消全部選中</translation>
    </message>
    <message>
        <source>hint: the computer&apos;s suggestion, with its reason</source>
        <translation>提示：電腦的建議和理由</translation>
    </message>
    <message>
        <source>show the last trick</source>
        <translation>檢視上一輪</translation>
    </message>
    <message>
        <source>this help</source>
        <translation>顯示本幫助</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc 鍵</translation>
    </message>
    <message>
        <source>close this help; on a page, go back</source>
        <translation>關閉幫助；在其他頁面返回上一頁</translation>
    </message>
    <message>
        <source>Keys and mouse at the table</source>
        <translation>牌桌上的按鍵和滑鼠操作</translation>
    </message>
    <message>
        <source>Point at a button to see its key. Press Esc or click to close.</source>
        <translation>把滑鼠停在按鈕上可看到它的按鍵。按 Esc 或點選關閉。</translation>
    </message>
</context>
<context>
    <name>HomePage</name>
    <message>
        <source>Hosting a table at %1</source>
        <translation>正在本機主持牌桌：%1</translation>
    </message>
    <message>
        <source>Host page</source>
        <translation>主持頁面</translation>
    </message>
    <message>
        <source>Tuolaji</source>
        <translation>拖拉機</translation>
    </message>
    <message>
        <source>Shengji, the climbing card game for four</source>
        <translation>升級：四人對戰的撲克牌遊戲</translation>
    </message>
    <message>
        <source>Resume the game</source>
        <translation>繼續上次的牌局</translation>
    </message>
    <message>
        <source>Play offline</source>
        <translation>單機遊戲</translation>
    </message>
    <message>
        <source>Learn to play</source>
        <translation>學打升級</translation>
    </message>
    <message>
        <source>Puzzles</source>
        <translation>謎題</translation>
    </message>
    <message>
        <source>Play online</source>
        <translation>聯網對戰</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>觀戰</translation>
    </message>
    <message>
        <source>Replays</source>
        <translation>牌局回放</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>規則</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>統計</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>賬號</translation>
    </message>
    <message>
        <source>Keys and mouse</source>
        <translation>按鍵和滑鼠</translation>
    </message>
</context>
<context>
    <name>HostPage</name>
    <message>
        <source>Host and invite</source>
        <translation>主持與邀請</translation>
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
        <translation>埠</translation>
    </message>
    <message>
        <source>Turn clock</source>
        <translation>出牌限時</translation>
    </message>
    <message>
        <source>Off</source>
        <comment>turn clock</comment>
        <translation>不限時</translation>
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
        <translation>正在以 %1 的名義主持</translation>
    </message>
    <message>
        <source>Starting the table server…</source>
        <translation>正在啟動牌桌伺服器…</translation>
    </message>
    <message>
        <source>Telling the players and closing…</source>
        <translation>正在通知玩家並關閉…</translation>
    </message>
    <message>
        <source>Not hosting</source>
        <translation>未在主持</translation>
    </message>
    <message>
        <source>Players on your network connect to %1</source>
        <translation>同一網路的玩家請連線 %1</translation>
    </message>
    <message>
        <source>No network found: only this computer can join</source>
        <translation>沒有找到網路：只有本機可以加入</translation>
    </message>
    <message>
        <source>Invite</source>
        <translation>邀請</translation>
    </message>
    <message>
        <source>Open or join a room to invite friends to it</source>
        <translation>建立或加入一個房間後即可邀請朋友</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>複製</translation>
    </message>
    <message>
        <source>Code: %1</source>
        <translation>邀請碼：%1</translation>
    </message>
    <message>
        <source>Open an invite</source>
        <translation>開啟邀請</translation>
    </message>
    <message>
        <source>tuolaji://… link or a code</source>
        <translation>tuolaji://… 連結或邀請碼</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開啟</translation>
    </message>
    <message>
        <source>Back to the room</source>
        <translation>回到房間</translation>
    </message>
</context>
<context>
    <name>Hosting</name>
    <message>
        <source>Choose a port from 1024 to 65535.</source>
        <translation>請選擇 1024 到 65535 之間的埠。</translation>
    </message>
    <message>
        <source>Port %1 is in use on this computer: choose another.</source>
        <translation>本機的埠 %1 已被佔用，請換一個。</translation>
    </message>
    <message>
        <source>The table server stopped unexpectedly; the records are kept.</source>
        <translation>主持的牌桌伺服器意外停止，牌局記錄已儲存。</translation>
    </message>
    <message>
        <source>Connect to the server first, or paste the whole invite link.</source>
        <translation>請先連線伺服器，或貼上完整的邀請連結。</translation>
    </message>
    <message>
        <source>Cannot look for tables on this network (%1).</source>
        <translation>無法在此網路上查詢牌桌（%1）。</translation>
    </message>
</context>
<context>
    <name>HudPart</name>
    <message>
        <source>Dealing</source>
        <translation>發牌</translation>
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
        <translation>本局結束</translation>
    </message>
    <message>
        <source>Your turn: bury %1 cards</source>
        <translation>輪到你：扣底 %1 張</translation>
    </message>
    <message>
        <source>Your turn: call a friend</source>
        <translation>輪到你：叫朋友</translation>
    </message>
    <message>
        <source>Your turn: lead</source>
        <translation>輪到你首家出牌</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>輪到你出牌</translation>
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
        <translation>我的資料</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>規則</translation>
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
        <translation>積分</translation>
    </message>
    <message>
        <source>Rated hands</source>
        <translation>計分局數</translation>
    </message>
    <message>
        <source>Nobody is listed yet</source>
        <translation>還沒有人上榜</translation>
    </message>
</context>
<context>
    <name>LeaveConfirm</name>
    <message>
        <source>Leave this hand?</source>
        <translation>離開這一局？</translation>
    </message>
    <message>
        <source>Leave this match?</source>
        <translation>離開這場比賽？</translation>
    </message>
    <message>
        <source>Practice is not saved: leaving ends this deal (your offline game stays saved).</source>
        <translation>練習不會儲存：離開就結束這副牌（你的單機遊戲仍然儲存著）。</translation>
    </message>
    <message>
        <source>Your seat is given up, and the next hand waits until someone takes it. Between hands, leaving costs no rating.</source>
        <translation>你的座位會讓出來，下一局要等有人坐下才開始。兩局之間離開不扣積分。</translation>
    </message>
    <message>
        <source>The hand is saved: &quot;Resume the game&quot; on the home screen carries on from here.</source>
        <translation>牌局已儲存：在主頁點“繼續上次的牌局”即可接著打。</translation>
    </message>
    <message>
        <source>The computer plays your seat to the end of the hand, and leaving costs rating points.</source>
        <translation>電腦會替你打完這一局（託管），中途離開會扣積分。</translation>
    </message>
    <message>
        <source>Stay</source>
        <translation>留下</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>離開</translation>
    </message>
</context>
<context>
    <name>LessonsPage</name>
    <message>
        <source>Learn</source>
        <translation>學習</translation>
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
        <translation>打一局帶提示的牌</translation>
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
        <translation>檢查</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>再試一次</translation>
    </message>
    <message>
        <source>Next stage</source>
        <translation>下一課</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一題</translation>
    </message>
</context>
<context>
    <name>LessonsViewModel</name>
    <message>
        <source>%1 of %2 levels solved</source>
        <translation>已完成 %1 / %2 題</translation>
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
        <translation>對家</translation>
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
        <translation>無主</translation>
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
        <translation>對家亮主：%1</translation>
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
        <translation>請貼上邀請連結或輸入邀請碼。</translation>
    </message>
    <message>
        <source>This invite link is damaged: ask for it again.</source>
        <translation>邀請連結已損壞，請對方重新發送。</translation>
    </message>
    <message>
        <source>That is not a Tuolaji invite: it should start with tuolaji://</source>
        <translation>這不是拖拉機的邀請連結：應以 tuolaji:// 開頭</translation>
    </message>
    <message>
        <source>The port in this invite link is not a port (1 to 65535): ask for it again.</source>
        <translation>邀請連結中的埠無效（應為 1 到 65535），請對方重新發送。</translation>
    </message>
    <message>
        <source>This invite link is incomplete: ask for it again.</source>
        <translation>邀請連結不完整，請對方重新發送。</translation>
    </message>
    <message>
        <source>This invite code is not valid.</source>
        <translation>邀請碼無效。</translation>
    </message>
    <message>
        <source>A code has 16 or 32 letters and digits, like 3F9A-21C0-7B2E-11D4.</source>
        <translation>邀請碼由 16 或 32 個字母和數字組成，例如 3F9A-21C0-7B2E-11D4。</translation>
    </message>
    <message>
        <source>A server address looks like 192.168.1.20:8765 or wss://tables.example.org</source>
        <translation>伺服器地址形如 192.168.1.20:8765 或 wss://tables.example.org</translation>
    </message>
    <message>
        <source>A server&apos;s port is a number from 1 to 65535, like 192.168.1.20:8765</source>
        <translation>伺服器埠是 1 到 65535 之間的數字，例如 192.168.1.20:8765</translation>
    </message>
    <message>
        <source>A certificate fingerprint is 64 hexadecimal digits (SHA-256).</source>
        <translation>證書指紋是 64 位十六進位制數字（SHA-256）。</translation>
    </message>
</context>
<context>
    <name>LobbyPage</name>
    <message>
        <source>Play online</source>
        <translation>聯網對戰</translation>
    </message>
    <message>
        <source>Leaderboards</source>
        <translation>排行榜</translation>
    </message>
    <message>
        <source>Host · Nearby · Invite</source>
        <translation>主持 · 附近 · 邀請</translation>
    </message>
    <message>
        <source>Friends</source>
        <translation>好友</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>伺服器</translation>
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
        <translation>重新連線</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>連線</translation>
    </message>
    <message>
        <source>Online play is not available in this build</source>
        <translation>此版本不支援聯網對戰</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>已連線到 %1</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>未連線</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在連線 %1…</translation>
    </message>
    <message>
        <source>Rooms</source>
        <translation>房間</translation>
    </message>
    <message>
        <source>My private rooms</source>
        <translation>我的私人房間</translation>
    </message>
    <message>
        <source>Public rooms</source>
        <translation>公開房間</translation>
    </message>
    <message>
        <source>%1/4 players</source>
        <translation>%1/4 人</translation>
    </message>
    <message>
        <source>%1 watching</source>
        <translation>%1 人觀戰</translation>
    </message>
    <message>
        <source>A friend is here</source>
        <translation>有好友在</translation>
    </message>
    <message>
        <source>Changed rules: %1</source>
        <translation>改動的規則：%1</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>加入</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>觀戰</translation>
    </message>
    <message>
        <source>No rooms yet</source>
        <translation>還沒有房間</translation>
    </message>
    <message>
        <source>Create a room</source>
        <translation>建立房間</translation>
    </message>
    <message>
        <source>Spectators see the table late by</source>
        <translation>觀眾看牌桌延遲</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>不延遲</translation>
    </message>
    <message>
        <source>1 trick (4 moves)</source>
        <translation>1 輪牌（4 步）</translation>
    </message>
    <message>
        <source>2 tricks (8 moves)</source>
        <translation>2 輪牌（8 步）</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>建立</translation>
    </message>
</context>
<context>
    <name>ModerationPanel</name>
    <message>
        <source>Give a duration: a whole number, at least 1 minute.</source>
        <translation>請填寫時長：整數，至少 1 分鐘。</translation>
    </message>
    <message>
        <source>Too long: a chat timeout lasts at most %1 days, a ban at most %2 days.</source>
        <translation>太長了：禁言最長 %1 天，封禁最長 %2 天。</translation>
    </message>
    <message>
        <source>A chat timeout lasts at most %1 days: this duration is for a ban only.</source>
        <translation>禁言最長 %1 天：這個時長只能用於封禁。</translation>
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
        <translation>任命為版主</translation>
    </message>
    <message>
        <source>made an administrator</source>
        <translation>任命為管理員</translation>
    </message>
    <message>
        <source>role taken back</source>
        <translation>撤銷職務</translation>
    </message>
    <message>
        <source>Reason (the player is shown it)</source>
        <translation>理由（會告知該玩家）</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>時長</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>分鐘</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>小時</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>A chat timeout lasts 1 minute to %1 days, a ban 1 minute to %2 days.</source>
        <translation>禁言時長為 1 分鐘到 %1 天，封禁為 1 分鐘到 %2 天。</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>舉報</translation>
    </message>
    <message>
        <source>No reports</source>
        <translation>沒有舉報</translation>
    </message>
    <message>
        <source>%1 · %2 reported %3 (%4)</source>
        <translation>%1 · %2 舉報了 %3（%4）</translation>
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
        <translation>版務記錄</translation>
    </message>
    <message>
        <source>%1 · %2: %3 of %4 — %5</source>
        <translation>%1 · %2：對 %4 %3 — %5</translation>
    </message>
    <message>
        <source>the operator</source>
        <translation>伺服器管理員</translation>
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
        <translation>1 個房間</translation>
    </message>
    <message>
        <source>%1 rooms</source>
        <translation>%1 個房間</translation>
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
        <translation>%1 人觀戰</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>連線</translation>
    </message>
    <message>
        <source>Looking for tables on your network…</source>
        <translation>正在查詢同一網路中的牌桌…</translation>
    </message>
</context>
<context>
    <name>NoticePart</name>
    <message>
        <source>Nobody bid: the cards are dealt again</source>
        <translation>無人亮主，重新發牌</translation>
    </message>
    <message>
        <source>Your throw %1 failed.</source>
        <translation>你甩牌 %1 失敗。</translation>
    </message>
    <message>
        <source>%2&apos;s throw %1 failed.</source>
        <translation>%2 甩牌 %1 失敗。</translation>
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
        <translation>罰 %1 分。</translation>
    </message>
</context>
<context>
    <name>Notices</name>
    <message>
        <source>Auto-play is on: the computer plays your seat until you switch it off.</source>
        <translation>託管已開啟：電腦替你出牌，直到你關掉。</translation>
    </message>
    <message>
        <source>Auto-play is off: your seat waits for you.</source>
        <translation>託管已關閉：輪到你時等你出牌。</translation>
    </message>
    <message>
        <source>Your time ran out: the computer plays your seat (auto-play) until you switch it off.</source>
        <translation>你超時了：由電腦託管你的座位出牌，直到你關掉託管。</translation>
    </message>
    <message>
        <source>%1 ran out of time: the computer plays for them (auto-play).</source>
        <translation>%1 超時：由電腦託管出牌。</translation>
    </message>
    <message>
        <source>Not connected: your move is sent when the connection is back.</source>
        <translation>連線已斷開：連上後會傳送你的這一步。</translation>
    </message>
    <message>
        <source>Connected again: your move was played.</source>
        <translation>已重新連線：你的這一步已打出。</translation>
    </message>
</context>
<context>
    <name>Notifier</name>
    <message>
        <source>It is your turn at the table.</source>
        <translation>輪到你出牌了。</translation>
    </message>
    <message>
        <source>%1 offers a rematch.</source>
        <translation>%1 提議再來一局。</translation>
    </message>
    <message>
        <source>%1 invites you to a seat at their table.</source>
        <translation>%1 邀請你到牌桌入座。</translation>
    </message>
</context>
<context>
    <name>OnlineViewModel</name>
    <message>
        <source>Cannot reach %1 — is the server running?</source>
        <translation>無法連線 %1——伺服器開著嗎？</translation>
    </message>
    <message>
        <source>Cannot find %1 — check the server&apos;s name.</source>
        <translation>找不到 %1——請檢查伺服器名稱。</translation>
    </message>
    <message>
        <source>%1 does not answer — check the address and your network.</source>
        <translation>%1 沒有回應——請檢查地址和網路。</translation>
    </message>
    <message>
        <source>%1 is not a Tuolaji server — check the address and port.</source>
        <translation>%1 不是拖拉機伺服器——請檢查地址和埠。</translation>
    </message>
    <message>
        <source>“%1” is not a server address — write it as host:port.</source>
        <translation>“%1”不是伺服器地址——請寫成 主機:埠。</translation>
    </message>
    <message>
        <source>The connection to %1 was lost — connect again.</source>
        <translation>與 %1 的連線已斷開——請重新連線。</translation>
    </message>
    <message>
        <source>Online play is not installed in this copy of Tuolaji.</source>
        <translation>此版本的拖拉機未安裝聯網對戰。</translation>
    </message>
    <message>
        <source>Cannot connect to %1 — try again.</source>
        <translation>無法連線 %1——請再試一次。</translation>
    </message>
    <message>
        <source>The server was shut down: back at the table when it runs again…</source>
        <translation>伺服器已關閉：它重新執行後自動回到牌桌…</translation>
    </message>
    <message>
        <source>Connection lost: reconnecting…</source>
        <translation>連線已斷開，正在重連…</translation>
    </message>
    <message>
        <source>The defenders win</source>
        <translation>莊家方獲勝</translation>
    </message>
    <message>
        <source>The attackers win</source>
        <translation>抓分方獲勝</translation>
    </message>
    <message>
        <source>Room %1 · hand %2</source>
        <translation>房間 %1 · 第 %2 局</translation>
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
        <translation>上一輪</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>%1 took the trick</source>
        <translation>%1 贏得這一輪</translation>
    </message>
</context>
<context>
    <name>ProfilePage</name>
    <message>
        <source>My profile</source>
        <translation>我的資料</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>玩家資料</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在載入…</translation>
    </message>
    <message>
        <source>Overall rating %1 · %2</source>
        <translation>總積分 %1 · %2</translation>
    </message>
    <message>
        <source>Every hand moves it, against the AI too. The boards count rated hands only.</source>
        <translation>每局都計入，與電腦對局也算。排行榜只計計分局。</translation>
    </message>
    <message>
        <source>provisional</source>
        <translation>暫定</translation>
    </message>
    <message>
        <source>not listed</source>
        <translation>未上榜</translation>
    </message>
    <message>
        <source>rating %1</source>
        <translation>積分 %1</translation>
    </message>
    <message>
        <source>rated hands: %1</source>
        <translation>計分局：%1</translation>
    </message>
    <message>
        <source>Rating over the rated hands: %1</source>
        <translation>計分局的積分走勢：%1</translation>
    </message>
    <message>
        <source>No rated hands yet</source>
        <translation>還沒有計分的牌局</translation>
    </message>
    <message>
        <source>Recent hands</source>
        <translation>最近的牌局</translation>
    </message>
    <message>
        <source>No hands played yet</source>
        <translation>還沒有打過牌局</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>Played with and against</source>
        <translation>同伴與對手</translation>
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
        <translation>對手方</translation>
    </message>
    <message>
        <source>Nobody met yet</source>
        <translation>還沒有同桌過的玩家</translation>
    </message>
</context>
<context>
    <name>ProfileViewModel</name>
    <message>
        <source>Connect to a server first.</source>
        <translation>請先連線伺服器。</translation>
    </message>
    <message>
        <source>The server cannot be reached: try again.</source>
        <translation>無法連線伺服器，請重試。</translation>
    </message>
    <message>
        <source>Room %1 · hand %2</source>
        <translation>房間 %1 · 第 %2 局</translation>
    </message>
    <message>
        <source>%1 won of %2</source>
        <translation>%2 局中勝 %1 局</translation>
    </message>
    <message>
        <source>Rated hands only: four players and the preset&apos;s rules unchanged. Listed: %1 rated hands or more, one in the last %2 days, and %3 different opponents met.</source>
        <translation>只計計分局：四位真人玩家，且規則與預設相同。上榜條件：至少 %1 局計分局，最近 %2 天內打過一局，並遇到過 %3 位不同的對手。</translation>
    </message>
    <message>
        <source>Not computed yet: the server recomputes the boards every few minutes.</source>
        <translation>尚未計算：伺服器每隔幾分鐘重新計算排行榜。</translation>
    </message>
    <message>
        <source>Recomputed at %1</source>
        <translation>計算於 %1</translation>
    </message>
</context>
<context>
    <name>PuzzlesPage</name>
    <message>
        <source>Puzzles</source>
        <translation>謎題</translation>
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
        <translation>還沒有出過一輪牌。</translation>
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
        <translation>再試一次</translation>
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
        <translation>下一題</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>跳過</translation>
    </message>
</context>
<context>
    <name>PuzzlesViewModel</name>
    <message>
        <source>All themes</source>
        <translation>全部主題</translation>
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
        <translation>甩牌失敗</translation>
    </message>
    <message>
        <source>Leading trumps</source>
        <translation>出主</translation>
    </message>
    <message>
        <source>Ruffing</source>
        <translation>斃牌</translation>
    </message>
    <message>
        <source>Winning the trick</source>
        <translation>贏下這一輪</translation>
    </message>
    <message>
        <source>Feeding points</source>
        <translation>送分</translation>
    </message>
    <message>
        <source>Ducking</source>
        <translation>墊小牌</translation>
    </message>
    <message>
        <source>Following</source>
        <translation>跟牌</translation>
    </message>
    <message>
        <source>Endgame</source>
        <translation>殘局</translation>
    </message>
    <message>
        <source>Burial</source>
        <translation>扣底</translation>
    </message>
    <message>
        <source>Your rating: %1</source>
        <translation>你的等級分：%1</translation>
    </message>
    <message>
        <source>Not rated: tried before</source>
        <translation>不計分：以前做過</translation>
    </message>
    <message>
        <source>Not rated: only the first try counts</source>
        <translation>不計分：只算第一次</translation>
    </message>
    <message>
        <source>Puzzle rating: %1</source>
        <translation>本題等級分：%1</translation>
    </message>
    <message>
        <source>%1 solved of %2 tried · %3 puzzles</source>
        <translation>做過 %2 題，答對 %1 題 · 共 %3 題</translation>
    </message>
    <message>
        <source>Bury %1 cards: find the best burial</source>
        <translation>扣 %1 張底牌：找出最好的扣法</translation>
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
        <translation>對家</translation>
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
        <translation>無主</translation>
    </message>
    <message>
        <source>Trump %1</source>
        <translation>主牌 %1</translation>
    </message>
    <message>
        <source>You are the dealer</source>
        <translation>你是莊家</translation>
    </message>
    <message>
        <source>Dealer: %1</source>
        <translation>莊家：%1</translation>
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
        <translation>再來一局：4 人中 %1 人已同意，還剩 %2 秒</translation>
    </message>
    <message>
        <source>%3 offers a rematch (seats rotated): %1 of 4 accepted, %2 s left</source>
        <translation>%3 提議再來一局（輪換座位）：4 人中 %1 人已同意，還剩 %2 秒</translation>
    </message>
    <message>
        <source>%3 offers a rematch: %1 of 4 accepted, %2 s left</source>
        <translation>%3 提議再來一局：4 人中 %1 人已同意，還剩 %2 秒</translation>
    </message>
    <message>
        <source>%1 declined the rematch.</source>
        <translation>%1 拒絕了再來一局。</translation>
    </message>
    <message>
        <source>The rematch offer ran out of time.</source>
        <translation>再來一局的提議已超時。</translation>
    </message>
    <message>
        <source>The seats changed: the rematch offer was withdrawn.</source>
        <translation>座位有變：再來一局的提議已撤回。</translation>
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
        <translation>本機牌局</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>復盤</translation>
    </message>
    <message>
        <source>No finished hands yet. Every hand you finish is kept here.</source>
        <translation>還沒有打完的牌局。每打完一局都會儲存在這裡。</translation>
    </message>
    <message>
        <source>My online games</source>
        <translation>我的聯網牌局</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>重新整理</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開啟</translation>
    </message>
    <message>
        <source>No finished online games yet</source>
        <translation>還沒有打完的聯網牌局</translation>
    </message>
    <message>
        <source>Connect on the Play online screen to see your games on the server</source>
        <translation>在聯網對戰頁面連線後，可檢視伺服器上的牌局</translation>
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
        <translation>抓分方贏得最後一輪：扣底 %1 分 ×%2</translation>
    </message>
    <message>
        <source>The kitty stays with the defenders (%1 points)</source>
        <translation>底牌歸莊家方（%1 分）</translation>
    </message>
    <message>
        <source>Next dealer: %1</source>
        <translation>下一局莊家：%1</translation>
    </message>
    <message>
        <source>Deal code: %1</source>
        <translation>牌局程式碼：%1</translation>
    </message>
    <message>
        <source>Waiting for the others…</source>
        <translation>等其他人準備…</translation>
    </message>
    <message>
        <source>Next hand</source>
        <translation>下一局</translation>
    </message>
    <message>
        <source>Play this deal again</source>
        <translation>再打一次這副牌</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>主頁</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>復盤</translation>
    </message>
    <message>
        <source>Rematch</source>
        <translation>再來一局</translation>
    </message>
    <message>
        <source>Rematch, seats rotated</source>
        <translation>再來一局（輪換座位）</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>同意</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>拒絕</translation>
    </message>
</context>
<context>
    <name>ResultPart</name>
    <message>
        <source>The defenders win</source>
        <translation>莊家方獲勝</translation>
    </message>
    <message>
        <source>The attackers win</source>
        <translation>抓分方獲勝</translation>
    </message>
    <message>
        <source>You win the hand</source>
        <translation>本局獲勝</translation>
    </message>
    <message>
        <source>You lose the hand</source>
        <translation>本局失利</translation>
    </message>
    <message>
        <source>The deal passes; no level change</source>
        <translation>換莊，不升級</translation>
    </message>
    <message>
        <source>past %1</source>
        <translation>過%1</translation>
    </message>
    <message>
        <source>Levels +%1 for the defenders: %2 → %3</source>
        <translation>莊家方升 %1 級：%2 → %3</translation>
    </message>
    <message>
        <source>Levels +%1 for the attackers: %2 → %3</source>
        <translation>抓分方升 %1 級：%2 → %3</translation>
    </message>
    <message>
        <source>Levels +%1 for your side: %2 → %3</source>
        <translation>我方升 %1 級：%2 → %3</translation>
    </message>
    <message>
        <source>Levels +%1 for the other side: %2 → %3</source>
        <translation>對方升 %1 級：%2 → %3</translation>
    </message>
    <message>
        <source>%1 win the match</source>
        <translation>%1 贏得整場比賽</translation>
    </message>
    <message>
        <source>You win the match!</source>
        <translation>你贏得了整場比賽！</translation>
    </message>
    <message>
        <source>The match is lost</source>
        <translation>整場比賽告負</translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <source>Hand review</source>
        <translation>本手復盤</translation>
    </message>
    <message>
        <source>Judging your decisions… %1%</source>
        <translation>正在評判你的決策… %1%</translation>
    </message>
    <message>
        <source>Each decision is played out on deals drawn from what you could see, never from the hidden cards.</source>
        <translation>每個決策都在按你所見抽出的牌局上打完，從不看暗牌。</translation>
    </message>
    <message>
        <source>The review could not be made.</source>
        <translation>無法完成復盤。</translation>
    </message>
    <message>
        <source>Your costliest decisions</source>
        <translation>你代價最大的決策</translation>
    </message>
    <message>
        <source>No costly decision found: well played.</source>
        <translation>沒有代價大的決策：打得好。</translation>
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
        <translation>你每次決策後本手獲勝的機會（點選標記檢視）</translation>
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
        <translation>事後看（亮開所有牌）：此處最佳亮主可多得 %1 級。</translation>
    </message>
    <message>
        <source>Hindsight (all hands open): the best play would have gained %1 levels here.</source>
        <translation>事後看（亮開所有手牌）：此處最佳出法可多得 %1 級。</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>檢視</translation>
    </message>
    <message>
        <source>Retry this decision</source>
        <translation>重做這步</translation>
    </message>
</context>
<context>
    <name>ReviewViewModel</name>
    <message>
        <source>Pass</source>
        <translation>不亮（過）</translation>
    </message>
    <message>
        <source>No bid</source>
        <translation>不亮</translation>
    </message>
    <message>
        <source>Chance to win the hand: %1% as you bid, %2% with the best bid</source>
        <translation>本手獲勝的機會：你的亮法 %1%，最佳亮法 %2%</translation>
    </message>
    <message>
        <source>Chance to win the hand: %1% played, %2% with the best play</source>
        <translation>本手獲勝的機會：你的出法 %1%，最佳出法 %2%</translation>
    </message>
    <message>
        <source>Blunder</source>
        <translation>大錯</translation>
    </message>
    <message>
        <source>Mistake</source>
        <translation>錯著</translation>
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
        <translation>評判了 %1 個決策 · 大錯：%2 · 錯著：%3 · 欠佳：%4</translation>
    </message>
</context>
<context>
    <name>RoomPage</name>
    <message>
        <source>%1&apos;s room</source>
        <translation>%1的房間</translation>
    </message>
    <message>
        <source>Invite</source>
        <translation>邀請</translation>
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
        <translation>%1 人觀戰</translation>
    </message>
    <message>
        <source>Changed rules: %1</source>
        <translation>改動的規則：%1</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>%1 號位</translation>
    </message>
    <message>
        <source>Empty seat</source>
        <translation>空座位</translation>
    </message>
    <message>
        <source>AI %1 (%2)</source>
        <translation>電腦%1（%2）</translation>
    </message>
    <message>
        <source>Away</source>
        <translation>斷線</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>準備</translation>
    </message>
    <message>
        <source>Not ready</source>
        <translation>未準備</translation>
    </message>
    <message>
        <source>Sit here</source>
        <translation>坐這裡</translation>
    </message>
    <message>
        <source>Stand up</source>
        <translation>站起</translation>
    </message>
    <message>
        <source>Add AI</source>
        <translation>加電腦</translation>
    </message>
    <message>
        <source>Start the match</source>
        <translation>開始比賽</translation>
    </message>
    <message>
        <source>Leave the room</source>
        <translation>離開房間</translation>
    </message>
    <message>
        <source>All four are ready: start the match.</source>
        <translation>四人都已準備好：可以開始比賽了。</translation>
    </message>
    <message>
        <source>Fill the empty seats with players or AI; start when all four are ready.</source>
        <translation>空座位可等玩家坐下或加電腦；四人都準備好後開始。</translation>
    </message>
    <message>
        <source>The owner starts the match when all four seats are filled and ready.</source>
        <translation>四個座位坐滿並準備後，由房主開始比賽。</translation>
    </message>
</context>
<context>
    <name>RulesPage</name>
    <message>
        <source>Rules</source>
        <translation>規則</translation>
    </message>
    <message>
        <source>Trumps: the jokers, every card of the level rank and every card of the trump suit. Follow the suit led, and its shape (pairs, tractors) as closely as you can. The attackers collect 5s, 10s and kings; at the target they take the deal.</source>
        <translation>主牌：大小王、所有級牌和主花色的牌。跟牌時先跟首家的花色，並儘量跟上牌型（對子、拖拉機）。抓分方收集 5、10、K，分數達到目標就上台坐莊。</translation>
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
        <translation>1 張</translation>
    </message>
    <message>
        <source>%1 cards</source>
        <translation>%1 張</translation>
    </message>
    <message>
        <source>defender</source>
        <translation>莊家方</translation>
    </message>
    <message>
        <source>attacker</source>
        <translation>抓分方</translation>
    </message>
    <message>
        <source>Dealer</source>
        <comment>badge: 庄</comment>
        <translation>莊</translation>
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
        <translation>託管</translation>
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
        <translation>儲存的伺服器</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>重新整理</translation>
    </message>
    <message>
        <source>(certificate pinned)</source>
        <translation>（證書已固定）</translation>
    </message>
    <message>
        <source>reachable, version %1</source>
        <translation>可連線，版本 %1</translation>
    </message>
    <message>
        <source>not reachable</source>
        <translation>無法連線</translation>
    </message>
    <message>
        <source>certificate not trusted</source>
        <translation>證書不受信任</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>檢查中…</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>連線</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>刪除</translation>
    </message>
    <message>
        <source>No saved servers</source>
        <translation>還沒有儲存的伺服器</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名字</translation>
    </message>
    <message>
        <source>wss://host or host:port</source>
        <translation>wss://主機 或 主機:埠</translation>
    </message>
    <message>
        <source>Certificate SHA-256 (only for a self-signed one)</source>
        <translation>證書 SHA-256 指紋（僅用於自簽名證書）</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>儲存</translation>
    </message>
</context>
<context>
    <name>SettingsPage</name>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>off</source>
        <translation>關</translation>
    </message>
    <message>
        <source>Card sound</source>
        <translation>出牌聲音</translation>
    </message>
    <message>
        <source>Trick won sound</source>
        <translation>贏一輪的聲音</translation>
    </message>
    <message>
        <source>Your-turn chime</source>
        <translation>輪到你的提示音</translation>
    </message>
    <message>
        <source>Mandarin call-outs</source>
        <translation>普通話報牌語音</translation>
    </message>
    <message>
        <source>Card counter</source>
        <translation>記牌器</translation>
    </message>
    <message>
        <source>Notify me when away</source>
        <translation>離開時提醒我</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>語言</translation>
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
        <translation>動畫速度</translation>
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
        <translation>減少動畫</translation>
    </message>
    <message>
        <source>Keep each trick for</source>
        <translation>每輪出完後停留</translation>
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
        <translation>預覽</translation>
    </message>
</context>
<context>
    <name>SetupPage</name>
    <message>
        <source>Random</source>
        <translation>隨機</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>簡單</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>困難</translation>
    </message>
    <message>
        <source>Master</source>
        <translation>大師</translation>
    </message>
    <message>
        <source>Play offline</source>
        <translation>單機遊戲</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>規則</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>選項</translation>
    </message>
    <message>
        <source>Every 2 is a trump</source>
        <translation>2 為常主</translation>
    </message>
    <message>
        <source>10-point penalty for a failed throw</source>
        <translation>甩牌失敗罰 10 分</translation>
    </message>
    <message>
        <source>Your seat</source>
        <translation>你的座位</translation>
    </message>
    <message>
        <source>Seat 1 (deals first if no bid)</source>
        <translation>1 號位（無人亮主時先坐莊）</translation>
    </message>
    <message>
        <source>Seat 2</source>
        <translation>2 號位</translation>
    </message>
    <message>
        <source>Seat 3</source>
        <translation>3 號位</translation>
    </message>
    <message>
        <source>Seat 4</source>
        <translation>4 號位</translation>
    </message>
    <message>
        <source>AI at seat %1</source>
        <translation>%1 號位電腦</translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>動畫速度</translation>
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
        <translation>開始</translation>
    </message>
    <message>
        <source>Deal code, e.g. 84DY-8EJY-…</source>
        <translation>牌局程式碼，例如 84DY-8EJY-…</translation>
    </message>
    <message>
        <source>Play this deal</source>
        <translation>打這副牌</translation>
    </message>
</context>
<context>
    <name>StatsPage</name>
    <message>
        <source>Statistics</source>
        <translation>統計</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>局數</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>勝</translation>
    </message>
    <message>
        <source>Won %</source>
        <translation>勝率</translation>
    </message>
    <message>
        <source>Reset the statistics</source>
        <translation>清空統計</translation>
    </message>
</context>
<context>
    <name>TableButton</name>
    <message>
        <source>Key: %1</source>
        <translation>按鍵：%1</translation>
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
        <translation>觀戰中：看不到任何人的手牌</translation>
    </message>
    <message>
        <source>Delayed: you see this table %1 moves late</source>
        <translation>延遲觀戰：你看到的牌桌晚 %1 步</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>記牌器</translation>
    </message>
    <message>
        <source>Auto-play</source>
        <translation>託管</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>聊天</translation>
    </message>
    <message>
        <source>%1 watching</source>
        <translation>%1 人觀戰</translation>
    </message>
</context>
<context>
    <name>TableState</name>
    <message>
        <source>AI %1 (%2)</source>
        <translation>電腦%1（%2）</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>%1 號位</translation>
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
        <translation>對家</translation>
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
        <translation>無主</translation>
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
        <translation>對方</translation>
    </message>
    <message>
        <source>Trump</source>
        <translation>主</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>莊家</translation>
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
        <translation>練習</translation>
    </message>
    <message>
        <source>Take back</source>
        <translation>悔牌</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>離開</translation>
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
        <translation>斃</translation>
    </message>
</context>
<context>
    <name>TrickList</name>
    <message>
        <source>Tricks of this hand</source>
        <translation>本局每一輪</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>關閉</translation>
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
        <translation>觀戰</translation>
    </message>
    <message>
        <source>Watch four AI players</source>
        <translation>觀看四個電腦對戰</translation>
    </message>
    <message>
        <source>Public tables online</source>
        <translation>線上公開牌桌</translation>
    </message>
    <message>
        <source>Connect on the Play online screen to see the public tables</source>
        <translation>先在聯網對戰頁面連線伺服器，才能看到公開牌桌</translation>
    </message>
    <message>
        <source>Online play is not available in this build</source>
        <translation>此版本不支援聯網對戰</translation>
    </message>
    <message>
        <source>Play online</source>
        <translation>聯網對戰</translation>
    </message>
    <message>
        <source>%1 watching</source>
        <translation>%1 人觀戰</translation>
    </message>
</context>
</TS>
