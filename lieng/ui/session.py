"""The real game's app: the saved settings, the bankroll and the history, and the hook
that shows storage messages.

``open_app`` is what ``python main.py`` runs, and what the tests call to "restart the
app" against the same data folder; ``close_app`` leaves the table (chips back to the
bank) and saves the settings. The self-test uses the same two, so a packaged build's smoke
test sees the settings and bankroll files appear in its data folder.
"""

from __future__ import annotations

import dataclasses
import os

from lieng.game.profile import Profile
from lieng.storage.settings import FileStore, load_settings, save_settings, settings_path
from lieng.ui.core.window import FPS, GameApp
from lieng.ui.scenes.notices import install as install_notices
from lieng.ui.screens import SCREENS


def open_app(size: tuple[int, int] = (1280, 720), lang: str | None = None,
             fps: int = FPS) -> GameApp:
    """The app with the player's saved settings, bankroll and history (no scene yet).
    ``lang`` (``--lang``) shows this run in that language without saving it.

    A first run saves the default settings at once, so the file is there from the start.
    """


    stored, notices = load_settings()
    shown = stored
    if lang is not None:  # ``--lang`` is for this run: the saved language stays
        shown = dataclasses.replace(stored, language="en" if lang == "en" else "vi")
    app = GameApp(size, shown, fps=fps, screens=SCREENS)
    app.store = FileStore()
    app.saved_language = stored.language
    app.session_language = shown.language if lang is not None else None
    profile = Profile.open()
    profile.notify(*notices)
    if not os.path.lexists(settings_path()):  # Path.exists() raises in a locked folder
        profile.notify(save_settings(stored))
    app.profile = profile
    install_notices(app)
    if stored.fullscreen:
        app.set_fullscreen(True)
    return app


def close_app(app: GameApp) -> None:
    """Let every open scene save what it must (a hot-seat game's standings), leave any
    table (the chips go back to the bank), save the settings, close."""
    for scene in reversed(app.stack.scenes):
        scene.window_closing()
    if app.profile is not None:
        app.profile.stand_up()
    app.save_settings()
    app.close()
