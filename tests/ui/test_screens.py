"""Screens by name (lieng/ui/screens.py, ``GameApp.open``): a screen opens another without
importing it, and a name the window does not know is a clear error, not a crash later."""

from __future__ import annotations

import dataclasses

import pytest

from lieng.engine import PRESETS
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.rules import RulesScene
from lieng.ui.screens import SCREENS

from .helpers import MakeApp, step, top


def test_a_screen_opens_by_name_with_its_arguments(make_app: MakeApp) -> None:
    app = make_app()
    rules = dataclasses.replace(PRESETS["v8club"], table_bet=50)
    app.open("rules", rules)  # a table's own rules
    step(app)
    assert top(app, RulesScene).rules == rules


def test_an_unknown_name_says_which_screens_there_are(make_app: MakeApp) -> None:
    app = make_app()
    with pytest.raises(LookupError, match=r"'scores'.*history.*menu"):
        app.open("scores")
    assert len(app.stack) == 0


def test_a_window_without_screens_says_how_to_get_them() -> None:
    app = GameApp(fps=0)
    try:
        with pytest.raises(LookupError, match="screens="):
            app.open("menu")
    finally:
        app.close()
    assert "menu" in SCREENS
