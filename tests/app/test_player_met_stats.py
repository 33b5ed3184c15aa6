"""What the player met on the Statistics screen (issue 33, part 7), on the real QML offscreen:
the sides are named as the table names them (defenders, attackers; 庄家方, 抓分方), not
"the dealer's side"."""

from __future__ import annotations

from tests.app.tablekit import texts


def test_statistics_name_the_sides_as_the_table_does(ui, qtbot) -> None:
    ui.window.setProperty("screen", "stats")
    try:
        for lang, defenders, attackers in (
            ("en", "As defenders", "As attackers"),
            ("zh_CN", "庄家方", "抓分方"),
        ):
            ui.settings.language = lang
            ui.window.setProperty("screen", "home")  # the rows are read as the screen opens
            ui.window.setProperty("screen", "stats")
            qtbot.wait(50)
            shown = texts(ui.window.contentItem())
            assert defenders in shown and attackers in shown, shown
            assert not any("dealer" in t or "坐庄" in t or "闲家" in t for t in shown), shown
            # the same words as the table's result for the two sides
            table_words = (
                ui.table.result.tr("The defenders win"),
                ui.table.result.tr("The attackers win"),
            )
            if lang == "zh_CN":
                assert table_words == ("庄家方获胜", "抓分方获胜")
    finally:
        ui.settings.language = "en"
