"""Leaderboards and profiles (issue 37 part 5) on the real QML against a real server on
127.0.0.1, its database holding real hands (played by the engine's random players): the board
of a preset from the lobby, a name opening its profile (ratings per preset, the graph, recent
hands, partners), a partner's profile, a recent hand opening in the replay viewer, the player's
own profile, and the board's words in 简体中文."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import msgspec
from helpers import on_loop, start_server, stop_server, until
from tablekit import click, item, items, texts

from app.profile import TITLES_EN
from engine.hand import Hand, Setup
from engine.records import hand_record
from engine.rules import preset
from engine.selfplay import play_random
from net import auth
from net.client import Client
from net.store import Store

TABLES = [("Ann", "Bo", "Cai", "Dee"), ("Ann", "Eli", "Cai", "Fay"), ("Bo", "Eli", "Dee", "Fay")]


def populate(db: Path) -> None:
    """Six players, nine rated classic hands at three public tables."""
    store = Store(str(db))
    ids = {n: store.create_user(n, auth.token_hash(f"t-{n}")) for n in sorted({*sum(TABLES, ())})}
    rules = preset("classic")
    for t, names in enumerate(TABLES):
        room = f"R{t}"
        store.create_room(
            {
                "id": room,
                "owner": ids[names[0]],
                "rules": rules.to_dict(),
                "multiplier": 1,
                "private": False,
                "invite": None,
                "seed": t,
                "seats": [None] * 4,
                "side": "any",
            }
        )
        for no in (1, 2, 3):
            setup = Setup(seed=100 * t + no, levels=("2",) * 4, dealer=None, hand_no=no)
            hand = play_random(Hand(rules, setup), random.Random(no))
            end = hand.events[-1].to_dict()
            assert hand.outcome is not None
            o = hand.outcome
            deltas = auth.hand_deltas(o.defenders, o.winner, o.levels, 1)
            players = [(ids[n], s, deltas[s]) for s, n in enumerate(names)]
            record = hand_record(hand).to_dict()
            store.finish_hand(room, no, 0, record, {**end, "deltas": deltas}, players)
    store.close()


def test_leaderboard_profile_partners_and_replay(ui: Any, qtbot: Any, tmp_path: Path) -> None:
    populate(tmp_path / "s.db")
    gate = ("--board-games", "2", "--board-opponents", "2", "--board-every", "1")
    proc, address = start_server(tmp_path, *gate)
    online, profile = ui.app.online, ui.app.profile
    seen: dict[str, Any] = {}

    async def board() -> None:
        ui.window.setProperty("screen", "lobby")
        online.connectTo(address, "Zed")
        assert await until(lambda: online.status == "connected", 10), online.error
        c = Client(f"ws://{address}", name="Checker")
        await c.connect()
        seen["board"] = await c.leaderboard("classic", limit=100)
        seen["client"] = c
        assert await until(lambda: bool(items(ui, "toLeaderboards")), 10)

    async def listed() -> None:
        expected = [(e.rank, e.name, e.rating) for e in seen["board"].entries]
        assert len(expected) == 6  # three hands each, at least two opponents each
        assert await until(lambda: len(profile.board.rows()) == 6, 10), profile.error
        shown = [(r["rank"], r["name"], r["rating"]) for r in profile.board.rows()]
        assert shown == expected
        assert "2 rated hands or more" in profile.boardNote
        assert profile.boardTime.startswith("Recomputed at ")
        first = seen["board"].entries[0]
        seen["first"] = first
        seen["profile"] = await seen["client"].profile(first.user)

    async def opened() -> None:
        want = seen["profile"]
        assert await until(lambda: profile.name == want.name, 10), profile.error
        assert profile.rating == want.rating
        zh = want.titles.lianzhong
        assert profile.title == f"{TITLES_EN[zh]} ({zh})"  # English, with the server's name
        rows = profile.presets.rows()
        mine = want.presets[0]
        assert [(r["preset"], r["games"], r["rank"]) for r in rows] == [("classic", mine.games, 1)]
        assert profile.graph == [r for _t, r in want.presets[0].graph]
        assert [r["game"] for r in profile.recent.rows()] == [g.game for g in want.recent]
        mates = {r["name"]: r for r in profile.partners.rows()}
        for p in want.partners:
            together = f"{p.with_won} won of {p.with_games}" if p.with_games else "—"
            assert mates[p.name]["together"] == together
        assert await until(lambda: bool(items(ui, "profilePartners")), 10)

    async def partner() -> None:
        other = seen["profile"].partners[0]
        assert await until(lambda: profile.name == other.name, 10), profile.error

    async def replayed() -> None:
        assert await until(lambda: ui.window.property("screen") == "table", 10), profile.error
        assert ui.app.table.hud.kind == "replay"
        # another player's hand: their seat and the others by name, and the end said of the
        # sides, not as "you"
        s, table = ui.app.session, ui.app.table
        assert s.watching and s.names[s.seat] == seen["profile"].name
        assert all(s.names) and s.names[s.seat] in texts(ui.window.contentItem())
        s.go(s.steps - 1)
        assert await until(lambda: bool(table.result.summary), 5)
        assert table.result.summary["title"] in ("The defenders win", "The attackers win")
        assert "your side" not in table.result.summary["detail"]

    async def mine() -> None:
        assert await until(lambda: profile.name == "Zed" and profile.mine, 10), profile.error
        assert profile.rating == 0 and not profile.presets.rows() and profile.graph == []

    async def chinese() -> None:
        assert await until(lambda: "局" in profile.boardNote, 10), profile.boardNote

    async def close() -> None:
        from app.online import lobby_of

        ui.app.set_session(None)
        await lobby_of(online).close()
        if "client" in seen:
            await seen["client"].close()

    try:
        on_loop(qtbot, board(), 30)
        click(qtbot, ui, item(ui, "toLeaderboards"))
        on_loop(qtbot, listed(), 30)
        name = next(i for i in texts_named(ui, seen["first"].name))
        # the same player's page as another server showed it (an earlier connection's): not
        # to be read as this server's while its reply is on the way
        profile.set_profile(msgspec.structs.replace(seen["profile"], rating=0))
        profile.showProfile(seen["first"].user)  # what a click on the name calls: it is cleared
        assert (profile.name, profile.rating, profile.recent.rows()) == ("", 0, [])
        click(qtbot, ui, name)  # a name on the board opens the profile
        on_loop(qtbot, opened(), 30)
        # the rows worded in Python follow the language, as the page's own words do
        ui.app.settings.language = "zh_CN"
        want = seen["profile"]
        game = want.recent[0]
        assert profile.recent.rows()[0]["title"] == f"房间 {game.room} · 第 {game.hand_no} 局"
        mate = next(p for p in want.partners if p.with_games)
        together = {r["name"]: r["together"] for r in profile.partners.rows()}[mate.name]
        assert together == f"{mate.with_games} 局中胜 {mate.with_won} 局"
        ui.app.settings.language = "en"
        click(qtbot, ui, next(texts_named(ui, want.partners[0].name)))
        on_loop(qtbot, partner(), 30)
        # another player's page asked for: "Loading…" until it comes, not the last one's rating
        # and graph
        profile.showProfile(want.user)  # what a click on a name calls
        assert items(ui, "profileLoading") and not items(ui, "profileRating")
        assert not items(ui, "ratingGraph") and profile.name == ""
        on_loop(qtbot, until(lambda: profile.name == want.name, 10), 30)
        assert not items(ui, "profileLoading") and items(ui, "profileRating")
        profile.openGame(profile.recent.rows()[0]["game"])  # its Replay button's call
        on_loop(qtbot, replayed(), 30)
        ui.app.set_session(None)
        ui.window.setProperty("screen", "leaderboard")
        click(qtbot, ui, item(ui, "toMyProfile"))
        on_loop(qtbot, mine(), 30)
        ui.window.setProperty("screen", "leaderboard")
        ui.app.settings.language = "zh_CN"
        profile.showBoard("classic")
        on_loop(qtbot, chinese(), 30)
    finally:
        ui.app.settings.language = "en"
        on_loop(qtbot, close(), 30)
        stop_server(proc)


def texts_named(ui: Any, text: str) -> Any:
    """The visible Text items showing exactly ``text``."""
    from tablekit import visible_items

    return (
        i
        for i in visible_items(ui)
        if i.metaObject().className().startswith("QQuickText") and i.property("text") == text
    )


def test_leaderboard_and_profile_lay_out_at_every_size(ui: Any, qtbot: Any) -> None:
    """Full pages (20 players, 3 presets, 20 hands, 10 partners, long names) at each window
    size and language: nothing overlaps, nothing leaves the window, no text too small."""
    import time

    from test_layout import check

    from engine.codec import convert
    from engine.events import HandEnd
    from net.protocol import (
        BoardEntry,
        BoardReply,
        GameSummary,
        PartnerRecord,
        PresetRecord,
        ProfileReply,
        Titles,
    )

    now = time.time()
    profile = ui.app.profile
    names = [f"Player{i:02d}-longname" for i in range(20)]
    entries = [BoardEntry(i + 1, i + 1, n, 500 - 7 * i, 300 - i) for i, n in enumerate(names)]
    profile.set_board(BoardReply("classic", entries, 0, 20, 20, 7.0, 4, now))
    end = {
        "kitty": [],
        "kitty_captured": True,
        "multiplier": 2,
        "trick_points": 85,
        "attacker_points": 95,
        "winner": "attackers",
        "levels": 1,
        "dealer_passes": True,
        "defenders": [0, 2],
        "next_dealer": 1,
    }
    result = convert(end, HandEnd)
    recent = [
        GameSummary(100 + i, "0123456789abcdef", i + 1, result, (1, -1, 1, -1), now, i % 4, 1)
        for i in range(20)
    ]
    graph = [(now - 100 + i, (i * 7) % 23 - 11) for i in range(200)]
    presets = [
        PresetRecord(p, 120, 340, 12, now, p == "one-deck", graph, None if p == "one-deck" else 3)
        for p in ("classic", "find-friend", "one-deck")
    ]
    partners = [PartnerRecord(i + 1, n, 40, 21, 35, 17) for i, n in enumerate(names[:10])]
    profile.set_profile(
        ProfileReply(1, names[0], 1234, Titles("四品知府", "小汽车"), presets, recent, partners)
    )
    wrong: list[str] = []
    for screen in ("leaderboard", "profile"):
        ui.window.setProperty("screen", screen)
        if screen == "leaderboard":  # (the page asks the server for its board when shown)
            profile.set_board(BoardReply("classic", entries, 0, 20, 20, 7.0, 4, now))
        wrong += check(ui, qtbot, screen)
    assert not wrong, "\n".join(wrong)


def test_the_boards_error_follows_the_language(ui: Any, qtbot: Any) -> None:
    """No server connected: the board says so, and says it again in 简体中文 when the player
    switches (the sentence is worded when shown, not kept in the language it was made in)."""

    profile = ui.app.profile
    ui.window.setProperty("screen", "leaderboard")
    profile.showBoard("classic")
    qtbot.waitUntil(lambda: "Connect to a server first." in texts(ui.window.contentItem()))
    ui.settings.language = "zh_CN"
    qtbot.waitUntil(lambda: "请先连接服务器。" in texts(ui.window.contentItem()))
    ui.settings.language = "en"
