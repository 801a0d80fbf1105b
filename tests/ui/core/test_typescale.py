"""The type scale (``lieng.ui.core.typescale``): sizes by role from the window, their
order and floors, the theme classes it gives pygame_gui, and a resize that re-sizes the
text of the screen on show."""

from __future__ import annotations

import pygame
import pytest

from lieng.ui.core.typescale import GUI_ROLES, ROLES, TypeScale, factor, install
from lieng.ui.scenes.menu import MenuScene

from ..helpers import MakeApp, gui_font, step, top

WINDOWS = [(960, 540), (960, 600), (1280, 720), (1280, 800), (1920, 1080), (2200, 1300),
           (2560, 1440)]
ORDER = ["fine", "small", "body", "heading", "lead", "large", "title", "headline", "display"]


def test_the_factor_is_the_height_unless_the_window_is_narrower_than_16_9() -> None:
    assert factor((1280, 720)) == 1.0
    assert factor((2560, 1440)) == 2.0
    assert factor((1920, 720)) == 1.0  # wide: the height decides
    assert factor((960, 600)) == 0.75  # narrower than 16:9: the width limits it
    assert factor((2200, 1300)) == pytest.approx(2200 / 1280)


@pytest.mark.parametrize("size", WINDOWS)
def test_roles_keep_their_order_and_floor_at_every_window(size: tuple[int, int]) -> None:
    ts = TypeScale.for_window(size)
    px = [ts.px(role) for role in ORDER]
    assert px == sorted(px), px
    assert ts.px("button") == ts.px("body")  # a button reads like the form beside it
    for role, r in ROLES.items():
        # Never below its floor; above it, no bigger than the boxes grow (± rounding).
        assert r.floor <= ts.px(role) <= max(r.floor, r.base * ts.factor + 0.5), role


def test_sizes_grow_with_the_window_and_are_the_base_at_1280x720() -> None:
    assert {role: TypeScale.for_window((1280, 720)).px(role) for role in ROLES} == \
        {role: r.base for role, r in ROLES.items()}
    for role in ROLES:
        sizes = [TypeScale.for_window((int(h * 16 / 9), h)).px(role) for h in range(540, 1441, 20)]
        assert sizes == sorted(sizes), role
    big = TypeScale.for_window((2200, 1300))
    assert big.px("body") == 28 and big.px("button") == 28  # not the old theme's 16 / 22


def test_the_theme_names_each_role_by_size_and_reaches_into_drop_downs() -> None:
    ts = TypeScale.for_window((960, 600))
    theme = ts.theme()
    for role in GUI_ROLES:
        name = ts.cls(role)
        assert name == f"@{role}_{ts.px(role)}"
        font = theme[name]["font"]
        assert font["size"] == str(ts.px(role))
        assert font["bold"] == ("1" if ROLES[role].bold else "0")
        for part in ("button", "selection_list.button"):
            assert theme[f"{name}.{part}"]["font"] == font
    oid = ts.oid("#caption", "body")
    assert oid.object_id == "#caption" and oid.class_id == "@body_12"


def test_install_loads_only_what_the_manager_lacks(make_app: MakeApp,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((1280, 720))
    loaded = set(app._theme_classes)
    assert TypeScale.for_window((1280, 720)).cls("body") in loaded
    calls: list[dict[str, object]] = []
    theme = app.ui.get_theme()
    real = theme.load_theme

    def noted(blocks: dict[str, object]) -> None:
        calls.append(blocks)
        real(blocks)

    monkeypatch.setattr(theme, "load_theme", noted)
    install(app.ui, app.type_scale, app._theme_classes)
    assert calls == []  # nothing new for the same window
    install(app.ui, TypeScale.for_window((2200, 1300)), app._theme_classes)
    assert len(calls) == 1 and "@body_28" in calls[0]
    font = app.ui.get_theme().get_font(["@body_28.button"])
    assert font.get_point_size() == 28


def test_a_resize_re_sizes_the_text_on_show(make_app: MakeApp) -> None:
    app = make_app((1280, 720))
    app.push(MenuScene(app))
    step(app)
    assert gui_font(top(app, MenuScene).buttons["quit"]).point_size == 16
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=2200, h=1300, size=(2200, 1300)))
    step(app, 2)
    assert app.type_scale.px("button") == 28
    assert gui_font(top(app, MenuScene).buttons["quit"]).point_size == 28
