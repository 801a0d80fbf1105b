"""The rules screen: the four kinds of hand with examples, who goes first (the "1"
badge), an uncontested win and "Trả lại" explained; from the menu it shows the saved
preset; the preset pickers say what each preset does."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIDropDownMenu

from lieng.ui.core.i18n import t
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.rules import KINDS, RulesScene
from lieng.ui.scenes.settings_screen import SettingsScene

from ..helpers import MakeApp, click, drop_down_items, key, move_mouse, shot, step


def _pick(app: GameApp, menu: UIDropDownMenu, value: str) -> None:
    move_mouse((2, 2))
    step(app, 2)
    click(app, menu.menu_states["closed"].selected_option_button)
    item = next(it for it in drop_down_items(menu.current_state) if it["object_id"] == value)
    assert item["text"] == t(f"preset_pick.{value}") or "preset_pick" in item["text"]
    click(app, item["button_element"])
    step(app, 2)


def test_menu_rules_show_the_saved_preset_and_explain_the_table(make_app: MakeApp) -> None:
    for size in ((960, 540), (1920, 1080)):
        app = make_app(size)
        menu = MenuScene(app)
        app.push(menu)
        step(app, 2)
        click(app, menu.buttons["settings"])
        settings = app.stack.top
        assert isinstance(settings, SettingsScene)
        _pick(app, settings.menus["preset"], "v8club")
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is menu
        click(app, menu.buttons["rules"])
        rules = app.stack.top
        assert isinstance(rules, RulesScene)
        assert rules.rules.tiebreak == "v8club"
        html = rules.box.html_text
        for name in ("rules.first", "rules.uncontested", "rules.returned",
                     "rules.tiebreak.v8club"):
            assert t(name).split("<b>")[0][:30] in html, name
        assert [k for k, _hands in KINDS] == ["sap", "lieng", "anh", "diem"]
        step(app, 2)
        shot(app, f"rules-{size[0]}")


def test_the_rules_text_box_has_no_stray_arrow_at_its_top(make_app: MakeApp) -> None:
    """Issue 22, defect 12: the scroll bar's ▲ read as a stray glyph at the top of the
    rules text; the box scrolls with the wheel and its bar, without arrow buttons."""
    from lieng.engine import PRESETS

    app = make_app((1280, 720))
    app.push(MenuScene(app))
    scene = RulesScene(app, PRESETS["classic"])
    app.push(scene)
    step(app, 3)
    bar = scene.box.scroll_bar
    assert bar is not None  # the text is longer than the box
    assert bar.top_button is None and bar.bottom_button is None
