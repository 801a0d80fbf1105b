"""An open drop-down's rows grow with its font (issue 22, defect 5: at 1920×1080 in
English the items overlapped and were cut): each row is as tall as its text and more,
and no two rows overlap."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import pytest

from lieng.ui.core.window import GameApp
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.settings_screen import SettingsScene

from ..helpers import click, drop_down_items, gui_font, move_mouse, real_app_on_menu, shot, step


@pytest.fixture(params=[((1920, 1080), "en"), ((960, 540), "vi")],
                ids=lambda p: f"{p[0][0]}x{p[0][1]}-{p[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[GameApp]:
    size, lang = request.param
    yield from real_app_on_menu(size, lang)


def test_open_lists_have_rows_as_tall_as_their_text(app: GameApp) -> None:
    for scene, name in ((NewGameScene(app), "preset"), (SettingsScene(app), "speed")):
        app.push(scene)
        step(app, 2)
        menu = scene.menus[name]
        move_mouse((2, 2))
        step(app, 2)
        click(app, menu.menu_states["closed"].selected_option_button)
        items = [it["button_element"] for it in drop_down_items(menu.current_state)
                 if it["button_element"] is not None]
        assert len(items) >= 2, name
        shot(app, f"drop-down-{name}-{app.size[0]}-{app.settings.language}")
        for button in items:
            font = gui_font(button)
            assert button.rect.h >= font.get_rect("Ảg").h + 4, (name, button.rect, font)
        for above, below in pairwise(items):
            assert above.rect.bottom <= below.rect.top, (name, above.rect, below.rect)
        app.pop()
        step(app, 2)
