"""The window's theme finds the same theming ids as pygame_gui's own, for every element
the game's screens make, and every window draws from one shape cache
(``lieng.ui.core.gui_manager``)."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pygame_gui
import pytest
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

from lieng.game.setup import make_table
from lieng.resources import asset
from lieng.ui.core.assets import BOLD, REGULAR
from lieng.ui.core.gui_manager import (
    PYGAME_GUI_FONT,
    PYGAME_GUI_REDRAW_ALL_STATES,
    GuiManager,
    LienGuiTheme,
    MeasuredFont,
    ShapeCache,
    shared_shapes,
    unasked,
)
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.settings_screen import SettingsScene
from lieng.ui.scenes.table import TableScene

from ..helpers import MakeApp, click, step, top

IdArgs = tuple[Any, Any, Any, Any]


def _pygame_gui_ids(theme: LienGuiTheme, args: IdArgs) -> list[str]:
    """What pygame_gui's own method finds (its cache is a dictionary of its own)."""
    result: list[str] = UIAppearanceTheme.build_all_combined_ids(theme, *args)
    return result


@pytest.fixture
def theme(make_app: MakeApp) -> LienGuiTheme:
    app = make_app((960, 540))
    assert isinstance(app.ui, GuiManager)
    found = app.ui.get_theme()
    assert isinstance(found, LienGuiTheme)
    return found


HAND_MADE: list[IdArgs] = [
    ([None], ["button"], [None], [None]),
    ([None], ["button"], ["@bet"], ["#fold"]),
    ([None, None], ["panel", "panel.button"], [None, "@quick"], ["#bar", "#x2"]),
    (["window", None, None], ["file_dialog", "file_dialog.panel", "file_dialog.panel.button"],
     ["@a", None, "@b"], ["#d", None, "#ok"]),
    (None, None, None, None),
    ([], [], [], []),
]


@pytest.mark.parametrize("args", HAND_MADE, ids=range(len(HAND_MADE)))
def test_hand_made_id_lists_give_pygame_gui_s_ids(theme: LienGuiTheme, args: IdArgs) -> None:
    expected = _pygame_gui_ids(theme, args)
    assert theme.build_all_combined_ids(*args) == expected
    assert theme.build_all_combined_ids(*args) == expected  # asked again: from the cache


def test_unequal_id_lists_are_refused_as_pygame_gui_refuses_them(theme: LienGuiTheme) -> None:
    args: IdArgs = ([None], ["button", "x"], [None], [None])
    with pytest.raises(ValueError):
        _pygame_gui_ids(theme, args)
    with pytest.raises(ValueError):
        theme.build_all_combined_ids(*args)


def test_every_element_of_the_screens_gets_pygame_gui_s_ids(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[IdArgs] = []
    ours = LienGuiTheme.build_all_combined_ids

    def record(self: LienGuiTheme, *args: Any) -> list[str]:
        seen.append(tuple(None if a is None else list(a) for a in args))  # type: ignore[arg-type]
        return ours(self, *args)

    monkeypatch.setattr(LienGuiTheme, "build_all_combined_ids", record)
    app = make_app((1280, 720))
    app.push(MenuScene(app))
    step(app)
    click(app, top(app, MenuScene).buttons["settings"])
    assert isinstance(app.stack.top, SettingsScene)
    app.stack.clear()
    app.push(MenuScene(app))
    app.push(TableScene(app, make_table(3, "normal", 10, "classic", "Bạn", seed=1)))
    step(app, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 650), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app, 2)
    theme = app.ui.get_theme()
    assert isinstance(theme, LienGuiTheme)
    distinct = {repr(a): a for a in seen}
    assert len(distinct) >= 10, distinct.keys()  # buttons, labels, drop-downs, a slider
    assert any(a[1] is not None and len(a[1]) > 1 for a in distinct.values())  # nested
    for args in distinct.values():
        assert ours(theme, *args) == _pygame_gui_ids(theme, args), args


def test_a_new_window_draws_its_buttons_from_the_shapes_of_the_one_before(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = shared_shapes()
    kept: list[str] = []
    found: list[str] = []
    add, find = cache.add_surface_to_cache, cache.find_surface_in_cache

    def adding(surface: pygame.Surface, string_id: str) -> None:
        kept.append(string_id)
        add(surface, string_id)

    def finding(lookup_id: str) -> pygame.Surface | None:
        shape = find(lookup_id)
        if shape is not None:
            found.append(lookup_id)
        return shape

    monkeypatch.setattr(cache, "add_surface_to_cache", adding)
    monkeypatch.setattr(cache, "find_surface_in_cache", finding)
    first = make_app((1280, 720))
    first.push(MenuScene(first))
    step(first)
    theme = first.ui.get_theme()
    assert isinstance(theme, LienGuiTheme) and theme.shape_cache is cache
    first.close()
    del theme
    # The menu's button shapes, made by this window or found from an earlier one: kept.
    drawn = {key for key in [*kept, *found] if key in cache}
    assert drawn
    found.clear()
    second = make_app((1280, 720))
    assert second.ui.get_theme().shape_cache is cache
    second.push(MenuScene(second))
    step(second)
    assert drawn & set(found)  # the new window's buttons took their shapes from the cache


def _shape(colour: tuple[int, int, int, int], size: tuple[int, int] = (16, 8)
           ) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA, 32)
    surf.fill(colour)
    return surf


def test_a_kept_shape_comes_back_with_the_pixels_it_was_added_with() -> None:
    cache = ShapeCache()
    drawn = _shape((200, 40, 10, 128))
    cache.add_surface_to_cache(drawn, "button_a")
    drawn.fill((0, 0, 0, 0))  # the cache kept its own copy
    found = cache.find_surface_in_cache("button_a")
    assert found is not None and found.get_size() == (16, 8)
    assert found.get_at((3, 3)) == pygame.Color(200, 40, 10, 128)
    assert cache.find_surface_in_cache("button_b") is None
    cache.update()  # nothing to move: still there, still the same
    assert cache.find_surface_in_cache("button_a") is found


def test_the_least_recently_used_shapes_go_past_the_bound() -> None:
    one = 16 * 8 * 4
    cache = ShapeCache(max_bytes=2 * one)
    cache.add_surface_to_cache(_shape((1, 1, 1, 255)), "a")
    cache.add_surface_to_cache(_shape((2, 2, 2, 255)), "b")
    assert cache.find_surface_in_cache("a") is not None  # "b" is now the oldest
    cache.add_surface_to_cache(_shape((3, 3, 3, 255)), "c")
    assert "b" not in cache and "a" in cache and "c" in cache
    assert cache.bytes == 2 * one
    cache.add_surface_to_cache(_shape((4, 4, 4, 255), (64, 64)), "huge")
    assert "huge" not in cache and len(cache) == 2  # larger than the bound: not kept


def test_a_shape_let_go_is_dropped_and_a_user_leaving_keeps_it() -> None:
    cache = ShapeCache()
    cache.add_surface_to_cache(_shape((9, 9, 9, 255)), "a")
    cache.add_surface_to_cache(_shape((8, 8, 8, 255)), "b")
    cache.remove_user_from_cache_item("a")
    assert "a" in cache
    cache.remove_user_and_request_clean_up_of_cached_item("a")
    assert "a" not in cache and cache.bytes == 16 * 8 * 4
    cache.remove_user_and_request_clean_up_of_cached_item("never kept")
    assert len(cache) == 1


def test_the_cache_names_shapes_as_pygame_gui_does() -> None:
    borders = {"left": 1, "right": 1, "top": 2, "bottom": 2}
    args = ("rounded_rectangle", (90, 30), 2, borders, pygame.Color(1, 2, 3, 255),
            pygame.Color(4, 5, 6, 255), [5, 5, 5, 5])
    assert ShapeCache.build_cache_id(*args) == SurfaceCache.build_cache_id(*args)


def _looks(element: Any) -> tuple[object, ...]:
    shape = element.drawable_shape
    state = None if shape is None else shape.active_state.state_id
    return (element.hovered, element.hover_time, state)


def _mouse_at(ui: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mouse is where the test puts it (``ui.mouse_position``), not pygame's."""
    monkeypatch.setattr(ui, "_update_mouse_position", lambda: None)


def test_the_hover_walk_passes_by_only_elements_whose_answer_changes_nothing(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """Wherever the mouse is — on each element's middle, just inside and just outside each
    corner, off the window — an element ``unasked`` passes by answers False to pygame_gui's
    own ``check_hover`` and nothing about it changes (nor is an event posted)."""
    app = make_app((960, 540))
    app.push(MenuScene(app))
    app.push(TableScene(app, make_table(5, "normal", 10, "classic", "Bạn")))
    step(app, 3)
    ui = app.ui
    _mouse_at(ui, monkeypatch)
    elements: list[Any] = [e for e in ui.get_sprite_group().sprites() if e.visible]
    spots = [(-5, -5), (2000, 10)]
    for e in elements:
        r = e.rect
        spots += [r.center, r.topleft, (r.right - 1, r.bottom - 1), (r.x - 1, r.y),
                  (r.right, r.bottom - 1)]
    passed = 0
    for x, y in spots:
        ui.mouse_position = (x, y)
        ui.update(1 / 60)  # the walk itself (``GuiManager._handle_hovering``) at this spot
        pygame.event.get()  # taken, not cleared: pygame keeps a cleared event's element
        for e in elements:
            if not unasked(e, x, y):
                continue
            passed += 1
            before = _looks(e)
            assert e.check_hover(1 / 60, False) is False
            assert _looks(e) == before
        assert not pygame.event.get()
    assert passed > len(spots)  # most elements, at most spots, are passed by


def test_the_walk_still_hovers_and_leaves_a_button(make_app: MakeApp,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((960, 540))
    app.push(MenuScene(app))
    step(app)
    ui = app.ui
    _mouse_at(ui, monkeypatch)
    button: Any = next(e for e in ui.get_sprite_group().sprites()
                  if isinstance(e, pygame_gui.elements.UIButton) and e.visible)
    pygame.event.get()
    ui.mouse_position = button.rect.center
    ui.update(1 / 60)
    assert button.hovered and not unasked(button, *button.rect.center)
    assert any(ev.type == pygame_gui.UI_BUTTON_ON_HOVERED and ev.ui_element is button
               for ev in pygame.event.get())
    ui.mouse_position = (-5, -5)
    ui.update(1 / 60)  # hovered a frame ago: asked, and it lets go
    assert not button.hovered
    assert any(ev.type == pygame_gui.UI_BUTTON_ON_UNHOVERED and ev.ui_element is button
               for ev in pygame.event.get())



def _state_pixels(button: Any) -> dict[str, bytes]:
    """Each drawn state of ``button``'s shape, as its pixels."""
    return {name: pygame.image.tobytes(state.surface, "RGBA")
            for name, state in button.drawable_shape.states.items() if state.generated}


SPARE = ("hovered", "selected", "active", "disabled")
"""A button's states besides ``normal``, which pygame_gui drew ahead of being shown."""


def _every_state_drawn_by_pygame_gui(ui: Any, box: pygame.Rect, text: str) -> dict[str, bytes]:
    """A button's states as pygame_gui draws them all at once, ahead of being shown."""
    theirs: Any = pygame_gui.elements.UIButton(box, text, ui)
    shape = theirs.drawable_shape
    PYGAME_GUI_REDRAW_ALL_STATES(shape, force_full_redraw=True)
    while shape.states_to_redraw_queue:
        shape.redraw_state(shape.states_to_redraw_queue.popleft())
    pixels = _state_pixels(theirs)
    theirs.kill()
    return pixels


def test_a_new_button_draws_the_state_it_shows_and_each_other_when_first_shown(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """pygame_gui drew a new button's spare states (hovered, selected, active) one a frame
    after it was made; most are never shown. Now only the state shown is drawn; each
    other is drawn the first time it is shown, with the pixels pygame_gui draws."""
    app = make_app((960, 540))
    ui = app.ui
    _mouse_at(ui, monkeypatch)
    ui.mouse_position = (-5, -5)
    box = pygame.Rect(20, 20, 160, 44)
    ours: Any = pygame_gui.elements.UIButton(box, "Theo 20", ui)
    shape = ours.drawable_shape
    assert not shape.states_to_redraw_queue
    assert set(_state_pixels(ours)) == {"normal"}
    for _ in range(5):
        ui.update(1 / 60)
    assert set(_state_pixels(ours)) == {"normal"}  # no frame draws the others ahead
    for state in SPARE:
        shape.set_active_state(state)
        assert shape.states[state].generated
    assert _state_pixels(ours) == _every_state_drawn_by_pygame_gui(ui, box, "Theo 20")


def test_new_words_redraw_the_state_shown_at_once_and_the_others_when_shown(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """A button hovered when its words change shows the new words on that frame (pygame_gui
    drew ``normal`` first and the shown state a frame later), and a state drawn before the
    change is drawn again, with the new words, when it is next shown."""
    app = make_app((960, 540))
    ui = app.ui
    _mouse_at(ui, monkeypatch)
    box = pygame.Rect(20, 20, 160, 44)
    ours: Any = pygame_gui.elements.UIButton(box, "Theo 20", ui)
    ui.mouse_position = box.center
    ui.update(1 / 60)
    shape = ours.drawable_shape
    assert shape.active_state.state_id == "hovered"
    ours.set_text("Theo 40")
    assert {name for name, state in shape.states.items() if state.generated} == {"hovered"}
    ui.mouse_position = (-5, -5)
    ui.update(1 / 60)
    assert shape.active_state.state_id == "normal"
    ui.mouse_position = (400, 400)  # the reference button draws nothing hovered
    assert _state_pixels(ours) == {
        name: pixels for name, pixels in _every_state_drawn_by_pygame_gui(
            ui, box, "Theo 40").items() if name in ("normal", "hovered")}


def test_a_state_needed_in_a_shape_s_first_frame_is_drawn_then_and_not_again(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((960, 540))
    ui = app.ui
    _mouse_at(ui, monkeypatch)
    ui.mouse_position = (-5, -5)
    button: Any = pygame_gui.elements.UIButton(pygame.Rect(20, 20, 160, 44), "Úp bỏ", ui)
    ui.mouse_position = button.rect.center  # hovered in its first frame
    ui.update(1 / 60)
    shape = button.drawable_shape
    assert shape.states["hovered"].generated and shape.active_state.state_id == "hovered"
    drawn = shape.states["hovered"].surface
    ui.update(1 / 60)
    assert shape.states["hovered"].surface is drawn  # not drawn again
    assert not shape.states["selected"].generated
    button.select()  # needed now: drawn now
    assert shape.states["selected"].generated
    assert not shape.states_to_redraw_queue


def test_the_walk_s_order_is_pygame_gui_s_layer_by_layer(make_app: MakeApp) -> None:
    """``GuiManager._handle_hovering`` walks the group's sprites backwards: pygame_gui's
    order, top layer first and each layer's last element first — on a table under a
    dialog, whose elements sit on several layers."""
    app = make_app((960, 540))
    app.push(MenuScene(app))
    app.push(TableScene(app, make_table(5, "normal", 10, "classic", "Bạn")))
    step(app, 2)
    click(app, top(app, TableScene).top_buttons["leave"])  # a dialog over the table
    step(app, 2)
    group: Any = app.ui.get_sprite_group()
    theirs = [e for layer in sorted(group.layers(), reverse=True)
              for e in reversed(group.get_sprites_from_layer(layer))]
    assert len(group.layers()) > 2
    assert list(reversed(group.sprites())) == theirs


_TEXTS = ["Úp bỏ", "Theo 200", "Tố 210", "Tố tất 980", "Tất tay", "Chơi với máy",
          "Ván 12 · Máy · Vừa", "Nguyễn Thị Ánh Tuyết", "ỷ ữ ặ ẫ Ỹ Đ", "A♠ 10♥ K♦ 2♣",
          "WAV fij — 1.234.567",
          "  spaced  ", "x", "😀 ٣ 日本"]


def _more_texts(n: int) -> list[str]:
    rng = random.Random(7)
    letters = ("aăâbcdđeêghiklmnoôơpqrstuưvxyàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợ"
               "ùúủũụừứửữựỳýỷỹỵ ABCĐƯ0123456789♥♦♣♠·—-,.!?%")
    return ["".join(rng.choice(letters) for _ in range(rng.randint(1, 40))) for _ in range(n)]


def test_a_measured_font_gives_the_rectangles_pygame_gui_draws_to_find() -> None:
    """``MeasuredFont.get_rect`` (``Font.size``) against pygame_gui's own (drawing the
    text), in both faces the game uses, at sizes from the smallest the type scale gives
    to a 4K window's title (every sixth), asked twice (the second from what it remembers)."""
    pygame.font.init()
    texts = _TEXTS + _more_texts(30) + [""]
    for face in (REGULAR, BOLD):
        for size in range(6, 73, 6):
            font = MeasuredFont(str(asset(*face)), size)
            for text in texts:
                drawn = PYGAME_GUI_FONT.get_rect(font, text)
                assert font.get_rect(text) == drawn, (face, size, text)
                assert font.get_rect(text) == drawn and font.size(text) == drawn.size


def test_the_window_s_fonts_are_measured_fonts(make_app: MakeApp) -> None:
    app = make_app()
    app.push(MenuScene(app))
    step(app)
    # The dictionary's interface names no ``loaded_fonts``; pygame_gui's class has them.
    loaded: dict[str, Any] = app.ui.get_theme().get_font_dictionary().loaded_fonts  # type: ignore[attr-defined]
    fonts = [r.loaded_font for r in loaded.values() if r.loaded_font is not None]
    assert fonts and all(isinstance(f, MeasuredFont) for f in fonts), fonts
