"""Every table frame drawn through the scene's retained canvas (``lieng.ui.core.canvas``:
only what changed since the last frame is repainted) is, pixel for pixel, the frame that
drawing everything straight onto the window makes — the way every frame was drawn
before (docs/PERFORMANCE.md, "Game window").

Whole hands are played through the real window, and after every frame the canvas is
compared with the same frame drawn whole onto a plain surface: the deal card by card,
every seat's turn ring counting down, chips put down, swept and paid out, side pots,
six hands turning over at the showdown, the stacks counting up, the result panel and its
countdown, the action log's drawer opening mid-hand, the next hand's deal — and the
window after each, where the canvas put only what changed and what the controls covered.
"""

from __future__ import annotations

import random

import numpy as np
import pygame
import pytest

from lieng.devtools.bots_selftest import ScriptedPlayer
from lieng.engine import Action, RuleSet
from lieng.table import PlayerSpec, Table, TableLike
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene

from ..helpers import MakeApp, brisk, key

DT = 1 / 30
NAMES = ["Bạn", "Minh", "Nguyễn Thị Minh Khai", "Hùng", "Thảo", "Quốc"]


def _table(stacks: list[int]) -> Table:
    """Each bot raises once, then calls: every hand reaches a showdown (short stacks go
    all in: side pots)."""
    players = [PlayerSpec(NAMES[i], "human" if i == 0 else "bot", stack=s)
               for i, s in enumerate(stacks)]

    def factory(spec: PlayerSpec, rng: random.Random) -> ScriptedPlayer:
        return ScriptedPlayer([Action.raise_(2)] + [Action.call()] * 50)

    return brisk(Table(RuleSet(table_bet=10), players, seed=3, bot_factory=factory))


def _call(scene: TableScene[TableLike]) -> None:
    scene.act(Action.call())


@pytest.mark.parametrize("size, stacks, drawer_at", [
    ((1280, 720), [5000] * 6, None),
    ((960, 540), [5000, 60, 5000, 200, 5000], 40),
])
def test_every_frame_through_the_canvas_is_the_frame_drawn_whole(
        make_app: MakeApp, size: tuple[int, int], stacks: list[int],
        drawer_at: int | None) -> None:
    app = make_app(size, reveal_own_cards=True, speed="fast", next_hand_delay=3)
    table = _table(stacks)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    scene.autopilot = _call
    app.push(scene)
    whole = pygame.Surface(size, 0, app.screen)
    frames = 0
    while table.hand_no < 2 or not scene.board.hand_started:
        if frames == drawer_at:
            key(app, pygame.K_h)
        else:
            app.step(DT)
        frames += 1
        assert frames < 3000, "the hands did not finish"
        scene.draw_frame(whole)
        assert scene.canvas is not None
        assert np.array_equal(pygame.surfarray.pixels2d(scene.canvas),
                              pygame.surfarray.pixels2d(whole)), f"frame {frames}"
        # The window: that frame with the controls drawn over it (most frames put onto
        # it only what changed and where the controls were).
        app.ui.draw_ui(whole)
        assert np.array_equal(pygame.surfarray.pixels2d(app.screen),
                              pygame.surfarray.pixels2d(whole)), f"window, frame {frames}"
    assert scene.log_panel.is_open == (drawer_at is not None)
    assert all(cs.card is not None for s in scene.board.seats[1:] for cs in s.cards) \
        or table.hand_no == 2  # the showdown was drawn (the next hand has begun since)
