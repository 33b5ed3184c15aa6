<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
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
</context>
<context>
    <name>App</name>
    <message>
        <source>Hands</source>
        <translation>牌局</translation>
    </message>
    <message>
        <source>As the dealer&apos;s side</source>
        <translation>坐莊一方</translation>
    </message>
    <message>
        <source>As attackers</source>
        <translation>閒家一方</translation>
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
    <name>LeaveConfirm</name>
    <message>
        <source>Leave this hand?</source>
        <translation>離開這一局？</translation>
    </message>
    <message>
        <source>The hand is saved: “Resume the game” on the home screen carries on from here.</source>
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
    <name>LobbyPage</name>
    <message>
        <source>Play online</source>
        <translation>聯網對戰</translation>
    </message>
    <message>
        <source>Host · Nearby · Invite</source>
        <translation>主持 · 附近 · 邀請</translation>
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
        <source>Connected</source>
        <translation>已連線</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在連線…</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>未連線</translation>
    </message>
    <message>
        <source>Rooms</source>
        <translation>房間</translation>
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
        <source>Create</source>
        <translation>建立</translation>
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
        <source>Waiting for the others…</source>
        <translation>等其他人準備…</translation>
    </message>
    <message>
        <source>Next hand</source>
        <translation>下一局</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>主頁</translation>
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
    <name>RoomPage</name>
    <message>
        <source>Room %1</source>
        <translation>房間 %1</translation>
    </message>
    <message>
        <source>Invite</source>
        <translation>邀請</translation>
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
        <source>%1 watching</source>
        <translation>%1 人觀戰</translation>
    </message>
</context>
</TS>
