"""Esc on the main menu asks first (issue 22, defect 11): Esc again or Enter leaves, "Ở
lại" stays — a stray Esc no longer ends the game at once."""

from __future__ import annotations

from typing import Any

import pygame

from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.menu import MenuScene

from ..helpers import click, key, step


def _menu(make_app: Any) -> Any:
    app = make_app(speed="instant")
    app.push(MenuScene(app))
    step(app, 2)
    return app


def test_esc_asks_and_esc_again_quits(make_app: Any) -> None:
    app = _menu(make_app)
    key(app, pygame.K_ESCAPE)
    assert app.running and isinstance(app.stack.top, Dialog)
    assert app.stack.top.body == "menu.quit_body"
    key(app, pygame.K_ESCAPE)
    assert not app.running


def test_enter_quits_and_stay_stays(make_app: Any) -> None:
    app = _menu(make_app)
    key(app, pygame.K_ESCAPE)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    click(app, dialog.buttons[1])  # Ở lại
    assert app.running and isinstance(app.stack.top, MenuScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert not app.running
