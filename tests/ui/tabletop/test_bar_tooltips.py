"""The action bar's tooltips never cover the turn countdown: a playtest found the
Theo / Qua lượt tooltip over "Đến lượt bạn · N giây" — pygame_gui puts a tooltip right
above a button at the window's bottom, which is where the countdown is. Each button of
the bar is hovered through pygame events in the real window, and its tooltip is checked
against the countdown as the frame drew it (``frame_record``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UITooltip

from lieng.game.setup import make_table
from lieng.ui.tabletop.hud import timer_rect

from ..helpers import MakeApp, move_mouse, open_table, run_until, step


def _tip_shown(button: pygame_gui.elements.UIButton) -> Callable[[], bool]:
    return lambda: button.tool_tip is not None


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_no_tooltip_of_the_bar_covers_the_countdown(make_app: MakeApp,
                                                    size: tuple[int, int]) -> None:
    app = make_app(size, speed="fast")
    # A long turn: the bar's 15 buttons hovered three times each take about a minute of
    # table time (pygame_gui shows a tooltip after a second's hover).
    scene = open_table(app, make_table(3, "normal", 10, "classic", "Bạn", seed=4,
                                       turn_seconds=300))
    run_until(app, lambda: scene.my_legal() is not None and scene.remaining() is not None,
              limit=6000)
    bar = scene.bar
    assert bar is not None
    buttons = [bar.fold, bar.call, *bar.quick.values(), bar.raise_, bar.allin]
    checked = 0
    for button in buttons:
        for x in (button.rect.left + 4, button.rect.centerx, button.rect.right - 4):
            move_mouse((0, 0))  # off the bar: the last tooltip goes
            step(app, 2)
            move_mouse((x, button.rect.centery))
            run_until(app, _tip_shown(button), limit=60)
            with scene.frame_record.capture() as frame:
                step(app)
            countdown = [d.rect for d in frame if d.kind == "timer"]
            assert len(countdown) == 1, "the countdown is not on screen"
            tip = button.tool_tip
            assert isinstance(tip, UITooltip)
            assert not tip.rect.colliderect(countdown[0]), (button.text, tip.rect, countdown)
            assert countdown[0].top >= timer_rect(scene.layout).top  # the area it keeps
            assert pygame.Rect((0, 0), size).contains(tip.rect)
            checked += 1
    assert checked == 3 * len(buttons)
    assert scene.my_legal() is not None  # still the same turn: every tooltip was the bar's
