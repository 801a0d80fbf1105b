"""A LAN client's next deal draws no "Ván tiếp" of the last hand's result, nor its hand's
name in the bar (a playtest: the joiner's empty felt at "Ván 2 · Vòng 1/3" still had the
gold button in its middle and "9 điểm" in the bar). What pygame_gui drew is read after
every frame (``drawn_rects``), on 127.0.0.1."""

from __future__ import annotations

import time

import pygame

from lieng.ui.core.gui import drawn_rects
from lieng.ui.core.window import GameApp

from ..helpers import Cleanup, MakeApp, key, shot, step
from .test_lan import _seated_alone


def test_the_next_deal_at_a_lan_client_draws_no_stray_result(make_app: MakeApp,
                                                              cleanup: Cleanup) -> None:
    app, scene = _seated_alone(make_app, cleanup)
    stray: list[tuple[int, str]] = []

    def watch(a: GameApp) -> None:
        button, bar = scene.summary.button, scene.bar
        if button is not None and not scene.summary_showing() \
                and button.rect in drawn_rects(a.ui):
            stray.append((a.frames, "Ván tiếp"))
        if bar is not None and bar.hand_label.text != scene.own.hand_name():
            stray.append((a.frames, f"bar label {bar.hand_label.text!r}"))

    app.frame_hooks.append(watch)
    results = 0
    was_up = False
    end = time.monotonic() + 60.0
    while results < 3:
        assert time.monotonic() < end, "the hands did not go on"
        up = scene.summary_showing()
        if was_up and not up:
            results += 1
            shot(app, f"lan-next-deal-{results}")  # the first frame without the result
        was_up = up
        if scene.my_legal() is not None and scene.turn_shown():
            key(app, pygame.K_c)
        elif up and scene.summary.shown_for > 0.5 and results % 2:
            key(app, pygame.K_SPACE)  # one result by key, the others by the countdown
        else:
            step(app, dt=1 / 60)
            time.sleep(0.002)
    assert stray == []
