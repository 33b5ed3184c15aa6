"""Practice (issue 35 parts 1 and 2) on the real QML: play a deal again from the result panel or
from a replay's step, take moves back, the practice badge; nothing of it counts in statistics."""

from __future__ import annotations

from app import stats
from app.practice import PracticeSession, start_practice
from app.session import list_records, read_record, save_path
from engine.actions import Bury, DealCard, Play, action_to_dict
from engine.records import HandRecord, branch_records, replay
from tests.app.tablekit import (
    await_turn,
    click,
    human_step,
    item,
    items,
    my_turn,
    play_until,
    texts,
    wait_until,
)


def _finished_record(ui) -> HandRecord:
    """An offline hand played to its end (seed 8), as its saved record."""
    table = ui.table
    play_until(ui, lambda: table.hud.phase == "done", seed=8)
    return read_record(list_records()[0])


def _play_out(table, stop=lambda: False) -> None:
    while table.hud.phase != "done" and not stop():
        await_turn(table, lambda: table.hud.phase == "done" or stop())
        if table.hud.phase != "done" and not stop():
            human_step(table)


def test_start_practice_branches_a_record_at_a_step_and_counts_nothing(ui, qtbot) -> None:
    record = _finished_record(ui)
    counted = stats.load()
    # branch just before the player's third play: the first steps are the record's, exactly
    mine = [i for i, a in enumerate(record.actions) if isinstance(a, Play) and a.seat == 0]
    step = mine[2]
    session = start_practice(ui.app, record, step=step)
    assert ui.table.session is session and isinstance(session, PracticeSession)
    hand = session.match.hand
    assert tuple(hand.actions) == record.actions[:step]
    original = replay(record.upto(step))
    assert [e.to_dict() for e in hand.events] == [e.to_dict() for e in original.events]
    assert my_turn(ui.table) and ui.table.hud.practice
    _play_out(ui.table)
    assert stats.load() == counted  # practice never changes the statistics
    kept = read_record(list_records()[0])
    assert kept.practice is not None and kept.practice.start == step
    assert kept.actions[:step] == record.actions[:step]
    assert replay(kept).phase == "done"


def test_from_the_start_the_same_cards_are_dealt(ui, qtbot) -> None:
    record = _finished_record(ui)
    session = start_practice(ui.app, record)
    assert session.match.hand.actions == []
    assert session.match.hand.deck == replay(record).deck
    assert wait_until(lambda: any(isinstance(a, DealCard) for a in session.match.hand.actions), 10)


def test_play_this_deal_again_from_the_result_panel(ui, qtbot) -> None:
    table = ui.table
    record = _finished_record(ui)
    counted = stats.load()
    qtbot.waitUntil(lambda: bool(items(ui, "playAgainButton")))
    qtbot.waitUntil(lambda: not item(ui, "resultPanel").property("opening"))  # it takes clicks
    code = table.hud.dealCode
    assert code and f"Deal code: {code}" in texts(item(ui, "dealCodeText"))
    assert not items(ui, "practiceBadge") and not items(ui, "takeBackButton")  # not practice
    done = list(table.session.match.hand.actions)
    ui.app.takeBack()  # a real hand has no take back, whoever asks
    assert table.session.match.hand.actions == done
    click(qtbot, ui, item(ui, "playAgainButton"))
    qtbot.waitUntil(lambda: table.hud.practice and bool(items(ui, "practiceBadge")))
    assert save_path().exists()  # the match it left can be resumed
    assert "Practice" in texts(item(ui, "practiceBadge"))
    session = table.session
    assert session.match.hand.deck == replay(record).deck and session.deal_code == code
    _play_out(table)
    qtbot.waitUntil(lambda: bool(items(ui, "playAgainButton")))
    assert "Next hand" not in texts(item(ui, "resultPanel"))  # practice is one deal
    assert stats.load() == counted
    # in Chinese the badge and the button say so too
    ui.settings.language = "zh_CN"
    qtbot.waitUntil(lambda: "练习" in texts(item(ui, "practiceBadge")))
    assert "再打一次这副牌" in texts(item(ui, "playAgainButton"))
    # leaving practice mid-deal says it is not saved, and the match it left still is
    ui.settings.language = "en"
    ui.app.playAgain()
    qtbot.waitUntil(lambda: table.hud.phase not in ("", "done"))
    table.session.set_paused(True)
    click(qtbot, ui, item(ui, "leaveButton"))
    qtbot.waitUntil(lambda: bool(items(ui, "leaveWhat")))
    assert "Practice is not saved" in " ".join(texts(item(ui, "leaveWhat")))
    table.session.discard_save()  # what abandoning asks of a session: practice has no save
    click(qtbot, ui, item(ui, "leaveGo"))
    qtbot.waitUntil(lambda: ui.window.property("screen") == "home")
    assert save_path().exists() and ui.app.resumeGame()
    assert not table.hud.practice and table.session.seed == 8 and table.hud.phase == "done"


def test_play_from_a_replay_step(ui, qtbot) -> None:
    table = ui.table
    record = _finished_record(ui)
    ui.app.open_record(record)
    qtbot.waitUntil(lambda: table.hud.kind == "replay")
    ui.window.setProperty("screen", "table")
    while len(table.session.view.tricks) < 4:
        table.hud.replayStep(1)
    _, applied = table.session.branch_point()
    click(qtbot, ui, item(ui, "playFromHere"))
    qtbot.waitUntil(lambda: table.hud.practice)
    hand = table.session.match.hand
    assert tuple(hand.actions) == record.actions[:applied]
    assert len(table.session.view.tricks) >= 4
    _play_out(table)
    practice = table.session.record().practice
    assert practice is not None and practice.start == applied


def test_take_back_twice(ui, qtbot) -> None:
    table = ui.table
    record = _finished_record(ui)
    start = next(i for i, a in enumerate(record.actions) if isinstance(a, Play))
    session = start_practice(ui.app, record, step=start)
    ui.window.setProperty("screen", "table")
    qtbot.waitUntil(lambda: bool(items(ui, "takeBackButton")))
    # the player's decisions before the branch (a pass, the burial) can be taken back too
    assert item(ui, "takeBackButton").property("enabled") == (session.take_back_point() is not None)
    # two plays of the player's, the AI answering between them
    plays = 0
    while plays < 2:
        await_turn(table)
        human_step(table)
        plays += 1
    await_turn(table)
    line = [action_to_dict(a) for a in session.match.hand.actions]
    mine = [i for i, a in enumerate(line) if a.get("seat") == 0]
    assert table.hud.canTakeBack
    click(qtbot, ui, item(ui, "takeBackButton"))
    qtbot.waitUntil(lambda: len(session.match.hand.actions) == mine[-1])
    assert [action_to_dict(a) for a in session.match.hand.actions] == line[: mine[-1]]
    assert my_turn(table)
    # with 托管 on (the game held still meanwhile), a take back gives the seat back too
    session.set_paused(True)
    table.hud.toggleTrustee()
    assert session.trustee
    click(qtbot, ui, item(ui, "takeBackButton"))
    assert not session.trustee and not table.hud.trustee
    session.set_paused(False)
    qtbot.waitUntil(lambda: len(session.match.hand.actions) == mine[-2])
    assert [action_to_dict(a) for a in session.match.hand.actions] == line[: mine[-2]]
    assert my_turn(table)
    # both abandoned lines are kept; the new line goes on from the second take back
    branches = session.record().branches
    assert [b.at for b in branches] == [mine[-1], mine[-2]]
    assert [action_to_dict(a) for a in branches[0].actions] == line
    lines = branch_records(session.record())
    assert [action_to_dict(a) for a in replay(lines[0]).actions] == line
    second = [action_to_dict(a) for a in lines[1].actions]
    assert second[: mine[-2]] == line[: mine[-2]] and lines[1].seat == 0
    _play_out(table)
    kept = read_record(list_records()[0])
    assert [b.at for b in kept.branches] == [mine[-1], mine[-2]]
    assert replay(kept).phase == "done"
    ui.app.refreshRecords()  # the replay list tells practice from the hands that counted
    titles = [r["title"] for r in ui.app.records.rows()]
    assert titles[0].endswith("· Practice") and not titles[-1].endswith("Practice")


def test_a_deal_code_typed_on_the_setup_page(ui, qtbot) -> None:
    ui.window.setProperty("screen", "setup")
    field = item(ui, "dealCodeField")
    field.setProperty("text", "84DY-8EJY-F8AD-3MRZ-7GNF")  # the last character mistyped
    click(qtbot, ui, item(ui, "playDealCode"))
    error = " ".join(texts(item(ui, "dealCodeError")))
    assert "is not a deal code" in error and ui.window.property("screen") == "setup"
    field.setProperty("text", "84dy 8ejy f8ad 3mrz 7gne")
    click(qtbot, ui, item(ui, "playDealCode"))
    qtbot.waitUntil(lambda: ui.table.hud.practice and ui.window.property("screen") == "table")
    assert ui.table.session.match.hand.deck[:6] == ["QC", "4S", "6S", "9S", "3S", "QS"]
    assert ui.table.hud.dealCode == "84DY-8EJY-F8AD-3MRZ-7GNE"


def test_the_practice_table_is_laid_out_at_three_sizes(ui, qtbot) -> None:
    """The badge and Take back fit the top bar beside its longest phase ("Burying the kitty"),
    in English and Chinese, at 800×600 to 1920×1080 (tests/app/test_layout.py's check)."""
    from tests.app.test_layout import check

    record = _finished_record(ui)
    bury = next(i for i, a in enumerate(record.actions) if isinstance(a, Bury))
    session = start_practice(ui.app, record, step=bury)
    session.set_paused(True)  # held at the burial while it is measured
    ui.window.setProperty("screen", "table")
    assert ui.table.hud.phase == "bury" and ui.table.hud.practice
    wrong = check(ui, qtbot, "practice, burying")
    assert not wrong, "\n".join(wrong)
