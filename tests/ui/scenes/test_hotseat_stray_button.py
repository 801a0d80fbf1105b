"""No frame draws the result panel's "Ván tiep" button, or the last hand's name in the
bar, once the result is gone (a playtest: the gold button stood on the felt after a
hot-seat hand-off and as the next hand dealt, with "9 điểm" still in the bar).

pygame_gui rebuilds its list of what it draws in its own update, before the scenes'
(``lieng.ui.core.shown_now``): what it drew is read after every frame from that list
(``drawn_rects``), never from a flag of the scene."""

from __future__ import annotations

import pygame

from lieng.game.setup import SeatChoice, make_hotseat_table
from lieng.ui.core.gui import drawn_rects
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.handoff import ARM_SECONDS, HandoffScene
from lieng.ui.scenes.hotseat import HotseatScene
from lieng.ui.scenes.menu import MenuScene

from ..helpers import MakeApp, key, step


def test_no_frame_shows_the_next_button_or_the_last_hand_s_name_off_the_result(
        make_app: MakeApp) -> None:
    app = make_app(speed="fast", next_hand_delay=3)
    table = make_hotseat_table([SeatChoice("Lan"), SeatChoice("Minh"), SeatChoice("Hùng")],
                               10, "classic", 100, 20, seed=6)
    app.push(MenuScene(app))
    scene = HotseatScene(app, table)
    app.push(scene)
    step(app)
    stray: list[tuple[int, str]] = []
    handoffs = auto = pressed = 0

    def watch(a: GameApp) -> None:
        button, bar = scene.summary.button, scene.bar
        if button is not None and not scene.summary_showing() \
                and button.rect in drawn_rects(a.ui):
            stray.append((a.frames, "Ván tiếp"))
        if bar is not None and a.stack.top is scene:
            label = bar.hand_label
            shape = label.drawable_shape
            if label.text != scene.own.hand_name() or (
                    shape is not None and shape.has_fresh_surface()):
                stray.append((a.frames, f"bar label {label.text!r}"))

    app.frame_hooks.append(watch)
    was_up = False
    for _ in range(6000):
        if table.hand_no > 6:
            break
        shown = app.stack.top
        up = scene.summary_showing()
        if was_up and not up:
            auto += 1
        was_up = up
        if isinstance(shown, HandoffScene) and shown.waited >= ARM_SECONDS:
            handoffs += 1
            key(app, pygame.K_RETURN)
        elif shown is scene and scene.my_legal() is not None and scene.turn_shown():
            key(app, pygame.K_c)
        elif shown is scene and up and table.hand_no % 2 and scene.summary.shown_for > 0.5:
            pressed += 1
            was_up = False
            key(app, pygame.K_SPACE)  # odd hands: "Ván tiếp" by key; even: its countdown
        else:
            step(app)
    assert table.hand_no > 6, "the hands did not go on"
    assert handoffs >= 10 and auto >= 2 and pressed >= 2
    assert stray == []
