"""The app boots to Home with no QML warnings, and every screen loads cleanly."""

from __future__ import annotations

from conftest import MESSAGES, warnings


def test_boots_to_home_without_warnings(ui, qtbot) -> None:
    qtbot.wait(300)
    assert ui.window.property("screen") == "home"
    assert ui.window.isVisible() or ui.window.property("visible")
    assert not warnings()
    img = ui.window.grabWindow()
    assert img.width() == 1280 and img.height() == 720


def test_every_screen_loads_without_warnings(ui, qtbot) -> None:
    for screen in (
        "setup",
        "settings",
        "rules",
        "replays",
        "lobby",
        "watch",
        "stats",
        "room",
        "home",
    ):
        ui.window.setProperty("screen", screen)
        qtbot.wait(100)
        assert ui.window.property("screen") == screen
        assert not warnings(), (screen, warnings())


def test_each_language_loads_its_translations(ui, qtbot) -> None:
    from app.i18n import LANGUAGES

    seen = set()
    for lang in LANGUAGES:
        ui.settings.language = lang
        qtbot.wait(50)
        seen.add(ui.app.presetTitle("classic"))
        seen.add(ui.app.rulesSummary("classic")[0]["label"])
    assert len(seen) == 6  # three distinct preset titles, three distinct labels
    ui.settings.language = "en"
    MESSAGES.clear()
