"""A tooltip is a dark panel with a border, not bare text over the screen (seen in a
real-window playtest of the new-game screen: a seat button's tip lay transparent over the
drop-downs, unreadable — the theme's plain ``text_box`` has no background)."""

from __future__ import annotations

import pygame
import pygame_gui

from lieng.ui.core.gui import kill

from ..helpers import MakeApp, step


def test_a_tooltip_has_an_opaque_dark_panel(make_app: MakeApp) -> None:
    app = make_app((960, 540))
    tip = pygame_gui.elements.UITooltip("Thảo: bấm để đổi trình độ (Ngẫu nhiên: mỗi máy "
                                        "mới ngồi vào được chọn ngẫu nhiên)", (0, 10), app.ui)
    step(app)
    box = tip.text_block
    assert box is not None
    image: pygame.Surface = box.image
    w, h = image.get_size()
    assert w <= 260 and h > 40  # wrapped, not one line across the screen
    # In the padding, left of the text: the panel, dark and nearly opaque.
    r, g, b, a = image.get_at((4, h // 2))
    assert a > 220 and max(r, g, b) < 40, (r, g, b, a)
    kill(tip)
