"""The settings screen (``lieng.ui.scenes.settings_screen``) through the real app: every
choice round-trips through clicks, a restart and the new-game dialog; settings are saved
only for the real game; a ``--lang`` on the command line is for one run. Each test's data
folder is a fresh temporary ``XDG_DATA_HOME`` (tests/conftest.py); "restarting the app" is
``session.open_app`` again on the same folder."""

from __future__ import annotations

import pygame

from lieng.storage.bankroll import STARTING_CHIPS, Bankroll
from lieng.storage.settings import load_settings, settings_path
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.settings_screen import SettingsScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.session import close_app, open_app

from ..helpers import MakeApp, RealApp, choose, click, step, top

CHANGES = {"timer": "10", "bots": "5", "level": "hard", "bet": "50", "preset": "v8club",
           "coach": "on", "sound": "off", "volume": "30", "speed": "fast", "own_cards": "up",
           "deck": "four", "fullscreen": "on", "language": "en"}


def _display_flags() -> int:
    """The flags of the real display surface (``FULLSCREEN`` among them)."""
    surface = pygame.display.get_surface()
    assert surface is not None
    return surface.get_flags()


def test_settings_round_trip_through_clicks(real_app: RealApp) -> None:
    app = real_app()
    windowed = app.size
    click(app, top(app, MenuScene).buttons["settings"])
    assert isinstance(app.stack.top, SettingsScene)
    for name, value in CHANGES.items():
        choose(app, name, value)
    # They took effect at once.
    assert app.settings.language == "en" and not app.settings.sound_on and app.sounds.muted
    assert app.sounds.volume == 30 and app.cards.four_colour
    assert app.settings.animation_speed == "fast"
    assert app.fullscreen and _display_flags() & pygame.FULLSCREEN
    click(app, top(app, SettingsScene).back)
    assert isinstance(app.stack.top, MenuScene)
    close_app(app)

    saved, notices = load_settings()
    assert notices == []
    assert (saved.turn_timer, saved.bots, saved.bot_level, saved.table_bet, saved.tiebreak,
            saved.coach_hints, saved.sound_on, saved.volume, saved.animation_speed,
            saved.show_cards_at_once, saved.four_colour_deck, saved.fullscreen,
            saved.language) == (10, 5, "hard", 50, "v8club", True, False, 30, "fast", True, True,
                                True, "en")

    # Restart the app objects on the same data folder: every value is back.
    app = real_app()
    assert app.fullscreen and app.settings.language == "en" and not app.settings.sound_on
    click(app, top(app, MenuScene).buttons["settings"])
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    assert {n: m.selected_option[1] for n, m in scene.menus.items()} == {
        **{n: m.selected_option[1] for n, m in scene.menus.items()}, **CHANGES}
    # Switching full screen off really gives the window back.
    choose(app, "fullscreen", "off")
    assert not app.fullscreen and app.size == windowed
    assert not _display_flags() & pygame.FULLSCREEN
    click(app, top(app, SettingsScene).back)

    # The new-game dialog starts from them and the table gets the timer.
    click(app, top(app, MenuScene).buttons["play_bots"])
    ng = top(app, NewGameScene)
    assert isinstance(ng, NewGameScene)
    assert (ng.choice["bots"], ng.choice["level"], ng.choice["bet"], ng.choice["preset"]) == (
        "5", "hard", "50", "v8club")
    assert ng.choice["buy_in"] == "5000"  # 100 table bets, from the bankroll
    click(app, ng.start)
    table_scene = app.stack.top
    assert isinstance(table_scene, TableScene)
    rules = table_scene.table.rules
    assert (rules.turn_seconds, rules.table_bet, rules.tiebreak) == (10, 50, "v8club")
    assert table_scene.table.n_seats == 6
    assert table_scene.table.seats[0].stack == 5000
    assert app.profile is not None and app.profile.bankroll.balance == STARTING_CHIPS - 5000
    hand = table_scene.table.hand
    assert hand is not None and not hand.is_over
    in_pot = hand.start_stacks[0] - hand.stacks[0]
    assert in_pot >= 50  # at least the ante
    close_app(app)
    assert settings_path().exists()
    bank, notices = Bankroll.open()
    # Closing the window mid-hand is leaving the table: the chips in the pot are lost
    # (as the leave dialog says), the rest is back in the bank — nothing left at a table.
    assert bank.total == STARTING_CHIPS - in_pot and bank.at_table == 0 and notices == []


def test_settings_are_saved_only_for_the_real_game(make_app: MakeApp) -> None:
    from lieng.storage.settings import FileStore
    from lieng.ui.scenes.settings_screen import SettingsScene

    stored, _ = load_settings()
    assert stored.language == "vi" and stored.animation_speed == "normal"
    app = make_app()
    app.change_settings(stored)
    app.store = FileStore()
    app.push(MenuScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    step(app, 2)
    scene.apply("speed", "fast")
    scene.apply("own_cards", "up")
    click(app, scene.back)
    assert isinstance(app.stack.top, MenuScene)
    again, _ = load_settings()
    assert again.animation_speed == "fast" and again.show_cards_at_once


def test_lang_on_the_command_line_is_for_one_run(real_app: RealApp) -> None:
    app = open_app(lang="en", fps=0)  # what main.py does for `--lang en`
    app.push(MenuScene(app))
    step(app, 2)
    assert app.settings.language == "en"
    # A settings change in that run is saved, the one-off language isn't.
    click(app, top(app, MenuScene).buttons["settings"])
    choose(app, "speed", "fast")
    click(app, top(app, SettingsScene).back)
    close_app(app)
    saved, _ = load_settings()
    assert (saved.language, saved.animation_speed) == ("vi", "fast")
    app = real_app()  # the next plain start
    assert app.settings.language == "vi"
    close_app(app)
    # Choosing a language in the settings during a `--lang` run does keep it.
    app = open_app(lang="vi", fps=0)
    app.push(MenuScene(app))
    step(app, 2)
    click(app, top(app, MenuScene).buttons["settings"])
    choose(app, "language", "en")
    click(app, top(app, SettingsScene).back)
    close_app(app)
    assert load_settings()[0].language == "en"
