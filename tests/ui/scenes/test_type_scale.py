"""Every screen's text on the one type scale (``lieng.ui.core.typescale``), measured on the
real pygame_gui elements of the real window at the sizes people played: drop-downs no
larger than their labels, buttons of a row alike, every text on a role's size and inside
its element; and the screens' own drawn text on role sizes too.

The defects these came from: at 960×600 the drop-downs' text (pygame_gui's 16 px) was
larger than their labels (13 px); at 2200×1300 the menu's side buttons were smaller than
its centre ones (another theme class)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pygame_gui
import pytest
from pygame_gui.core.utility import translate

from lieng.engine import RuleSet
from lieng.game.handoff import HandoffWait
from lieng.game.setup import SeatChoice, make_hotseat_table, make_table
from lieng.ui.core.scene import Scene
from lieng.ui.core.typescale import GUI_ROLES, ROLES
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.handoff import HandoffScene
from lieng.ui.scenes.history import HistoryScene
from lieng.ui.scenes.hotseat_setup import HotseatSetupScene
from lieng.ui.scenes.lan_host import LanHostScene
from lieng.ui.scenes.lan_join import LanJoinScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.rules import RulesScene
from lieng.ui.scenes.scoreboard import ScoreboardScene
from lieng.ui.scenes.settings_screen import SettingsScene
from lieng.ui.scenes.stats import StatsScene
from lieng.ui.scenes.table import TableScene

from ..helpers import LOOPBACK, gui_font, real_app_on_menu, step, top

SIZES = [(960, 540), (960, 600), (1280, 720), (2200, 1300)]
WINDOWS = [(size, "vi") for size in [*SIZES, (1280, 800), (2560, 1440)]] + \
    [((960, 540), "en"), ((2200, 1300), "en")]
"""Window and language: English labels are often the longer ones."""

DROP_DOWN_PARTS = ("#selected_option", "#expand_button", "#drop_down_options_list")
"""Object ids of a drop-down's own children (measured through the drop-down)."""
GLYPH_PARTS = ("vertical_scroll_bar", "horizontal_slider")
"""Elements whose buttons are arrows, not text (a scroll bar's ▲▼, a slider's knob)."""


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[GameApp]:
    """The real app (bankroll, history: the menu's side panels) at the test's size (and
    language)."""
    size, lang = request.param if isinstance(request.param[1], str) else (request.param, None)
    yield from real_app_on_menu(size, lang)


def as_scene(scene: object) -> Scene:
    assert isinstance(scene, Scene), scene
    return scene


def _screens(app: GameApp) -> Iterator[tuple[str, Scene]]:
    """Each screen in turn, on top of the menu."""
    seats = [SeatChoice("Lan"), SeatChoice("Minh"), SeatChoice("Thảo", "normal")]
    made: list[tuple[str, Any]] = [
        ("menu", None),
        ("new_game", lambda: NewGameScene(app)),
        ("settings", lambda: SettingsScene(app)),
        ("hotseat_setup", lambda: HotseatSetupScene(app)),
        ("lan_host", lambda: LanHostScene(app)),
        ("lan_join", lambda: LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)),
        ("rules", lambda: RulesScene(app, RuleSet())),
        ("history", lambda: HistoryScene(app)),
        ("stats", lambda: StatsScene(app)),
        ("dialog", lambda: Dialog(app, "msg.leave_title", "msg.leave",
                                  [("msg.leave_yes", lambda: None), ("msg.stay", lambda: None)])),
        ("handoff", lambda: HandoffScene(app, "Thảo", True, HandoffWait(60.0), lambda: None,
                                         lambda: None)),
        ("scoreboard", lambda: ScoreboardScene(
            app, make_hotseat_table(seats, 10, "classic", 100, 20, seed=1))),
        ("table", lambda: TableScene(app, make_table(3, "normal", 10, "classic", "Bạn",
                                                     seed=4))),
    ]
    for name, make in made:
        if make is None:
            yield name, as_scene(app.stack.scenes[0])
            continue
        scene = make()
        app.push(scene)
        # A screen's elements and words are all there on its first frame; the table's
        # bets and stacks are drawn once its deal has begun (the same elements and drawn
        # text as three frames on each screen and one after it, compared at every size).
        step(app, 3 if name == "table" else 1)
        yield name, scene
        while app.stack.top is not app.stack.scenes[0]:
            app.pop()


def _elements(scene: Scene) -> list[Any]:
    assert scene.container is not None
    found: list[Any] = []

    def walk(container: Any) -> None:
        for el in container.elements:
            if not el.visible or any(part in el.element_ids for part in GLYPH_PARTS):
                continue
            found.append(el)
            if isinstance(el, pygame_gui.core.UIContainer):
                walk(el)

    walk(scene.container)
    return found


def _own_id(el: Any) -> str | None:
    return el.object_ids[-1] if el.object_ids else None


def _text(el: Any) -> str:
    return translate(el.text, **el.text_kwargs)


def _rows(buttons: list[Any]) -> list[list[Any]]:
    """Buttons whose centres are level with each other (within 3 px), two or more."""
    rows: list[list[Any]] = []
    for b in sorted(buttons, key=lambda b: b.rect.centery):
        if rows and abs(rows[-1][0].rect.centery - b.rect.centery) <= 3:
            rows[-1].append(b)
        else:
            rows.append([b])
    return [r for r in rows if len(r) > 1]


OWN_TEXT_MODULES = ["menu", "menu_lan", "menu_bankroll", "new_game", "buy_in", "settings_screen",
                    "hotseat_setup", "lan_host", "lan_join", "lan_common", "rules", "history",
                    "stats", "dialog", "handoff", "scoreboard", "core.draw",
                    "tabletop.drawing", "tabletop.summary", "tabletop.log_panel",
                    "tabletop.hud", "tabletop.coach"]
"""The modules that draw text themselves (core.draw: what the forms' frame,
``felt_cache.framed_screen``, draws, found at call time)."""


def record_own_text(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, int]]:
    """Every text the screens draw themselves from now on: (module, words, size)."""
    import importlib

    drawn: list[tuple[str, str, int]] = []
    for short in OWN_TEXT_MODULES:
        where = "lieng.ui." + (short if "." in short else f"scenes.{short}")
        module = importlib.import_module(where)
        real = module.text

        def record(surface: pygame.Surface, s: str, pos: Any, size: int, *a: Any,
                   _real: Callable[..., pygame.Rect] = real, _m: str = short,
                   **k: Any) -> pygame.Rect:
            drawn.append((_m, s, size))
            return _real(surface, s, pos, size, *a, **k)

        monkeypatch.setattr(module, "text", record)
    return drawn


@pytest.mark.parametrize("app", WINDOWS, indirect=True,
                         ids=lambda w: f"{w[0][0]}x{w[0][1]}-{w[1]}")
def test_every_screen_s_elements_and_own_text_are_on_the_type_scale(
        app: GameApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """pygame_gui's elements on the GUI roles' sizes, inside their boxes, rows alike; and
    what the screens draw themselves (titles, notes, table rows) at a role's size
    (``max_width`` may still shrink a line that would not fit). One pass over the screens
    for both: building every screen at 2560×1440 is most of this test's time."""
    ts = app.type_scale
    gui_sizes = {ts.px(role) for role in GUI_ROLES}
    body, button = ts.px("body"), ts.px("button")
    drawn = record_own_text(monkeypatch)
    for name, scene in _screens(app):
        elements = _elements(scene)
        assert elements, name
        labels = [el for el in elements if isinstance(el, pygame_gui.elements.UILabel)]
        menus = [el for el in elements if isinstance(el, pygame_gui.elements.UIDropDownMenu)]
        buttons = [el for el in elements if isinstance(el, pygame_gui.elements.UIButton)
                   and _own_id(el) not in DROP_DOWN_PARTS]
        for el in elements:
            font = getattr(el, "font", None)
            if font is not None:
                assert font.point_size in gui_sizes, (name, _own_id(el), font.point_size)
        for b in buttons:
            where: tuple[object, ...] = (name, _own_id(b), _text(b))
            assert gui_font(b).point_size == button, where
            width, height = gui_font(b).size(_text(b))
            assert width <= b.rect.w - 4 and height <= b.rect.h, (where, width, b.rect)
        for row in _rows(buttons):
            where = (name, [_text(b) for b in row])
            assert len({b.rect.h for b in row}) == 1, where
            assert len({gui_font(b).point_size for b in row}) == 1, where
        for lab in labels:
            if _text(lab):
                width, _h = gui_font(lab).size(_text(lab))
                assert width <= lab.rect.w, (name, _text(lab), width, lab.rect)
        for menu in menus:
            shown = menu.menu_states["closed"].selected_option_button
            assert shown is not None, (name, _own_id(menu))
            where = (name, _own_id(menu), _text(shown))
            assert gui_font(shown).point_size == body, where
            width, height = gui_font(shown).size(_text(shown))
            assert width <= shown.rect.w and height <= shown.rect.h, where
            # Its label: the one on its row, to its left.
            mine = [lab for lab in labels if abs(lab.rect.centery - menu.rect.centery) <= 3
                    and lab.rect.right <= menu.rect.x + 2]
            assert mine, where
            label_h = max(gui_font(lab).get_rect("Ág").height for lab in mine)
            assert gui_font(shown).get_rect("Ág").height <= label_h, where
    assert {m for m, _s, _size in drawn} >= {"menu", "core.draw", "buy_in", "dialog",
                                             "handoff", "settings_screen", "rules",
                                             "tabletop.drawing"}
    sizes = {ts.px(role) for role in ROLES}
    off = [(m, s, size) for m, s, size in drawn if size not in sizes]
    assert not off, off[:5]


@pytest.mark.parametrize("app", [(2200, 1300), (960, 600)], indirect=True,
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_menu_s_buttons_are_all_alike(app: GameApp) -> None:
    menu = top(app, MenuScene)
    side = list(menu.lan.buttons.values()) + [
        b for name, b in menu.extras.buttons.items() if name != "refill"]
    centre = list(menu.buttons.values())
    assert len(side) == 4 and len(centre) == 5
    assert {b.rect.h for b in side + centre} == {centre[0].rect.h}
    assert {gui_font(b).point_size for b in side + centre} == {app.type_scale.px("button")}
