"""A bot table that stays alive (issue 22), through the real window: each seat's level is
chosen in the new-game screen ("Ngẫu nhiên" included), and a broke bot's seat is taken
by a newcomer whose name the plate shows."""

from __future__ import annotations

import pygame

from lieng.engine import HandStarted
from lieng.game.bot_seating import RANDOM, make_mixed_table, seating_for
from lieng.levels import BOT_LEVELS
from lieng.ui.core.i18n import key, t
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import MIXED, NewGameScene
from lieng.ui.scenes.table import TableScene

from ..helpers import (
    MakeApp,
    RealApp,
    click,
    gui_font,
    open_table,
    play_calls_until_hand_over,
    run_until,
    shot,
    top,
)
from ..helpers import key as press
from .test_new_game import pick


def test_each_bot_seat_gets_its_level_in_the_new_game_screen(real_app: RealApp) -> None:
    app = real_app()
    click(app, top(app, MenuScene).buttons["play_bots"])
    ng = top(app, NewGameScene)
    pick(app, ng.menus["bots"], "5")
    ng = top(app, NewGameScene)
    assert len(ng.seat_buttons) == 5
    pick(app, ng.menus["level"], RANDOM)
    ng = top(app, NewGameScene)
    assert [b.text for b in ng.seat_buttons] == [key("level.random")] * 5
    click(app, ng.seat_buttons[0])  # Ngẫu nhiên → Dễ
    ng = top(app, NewGameScene)
    click(app, ng.seat_buttons[1])
    ng = top(app, NewGameScene)
    click(app, ng.seat_buttons[1])  # Ngẫu nhiên → Dễ → Vừa
    ng = top(app, NewGameScene)
    assert ng.levels() == ["easy", "normal", RANDOM, RANDOM, RANDOM]
    assert ng.menus["level"].selected_option[1] == MIXED  # the seats differ: it says so
    for button, level in zip(ng.seat_buttons, ng.levels(), strict=True):
        # It fits, with room for the button's border and a margin either side.
        assert gui_font(button).size(t(f"level.{level}"))[0] + 12 * app.scale <= button.rect.w
    shot(app, f"new-game-seats-{app.size[0]}")
    click(app, ng.start)
    scene = top(app, TableScene)
    levels = [s.spec.level for s in scene.table.seats[1:]]
    assert levels[:2] == ["easy", "normal"] and set(levels[2:]) <= set(BOT_LEVELS)
    assert [p.level for p in scene.board.seats[1:]] == levels  # the plates say so
    assert scene.session.seating is not None and scene.session.seating.choices[3] == RANDOM


def test_a_broke_bot_leaves_and_the_newcomer_takes_the_plate(make_app: MakeApp) -> None:
    app = make_app(speed="instant")
    seating = seating_for(["hard", "easy", "normal"], seed=2)
    table = make_mixed_table(seating, 10, "classic", "Bạn", seed=2)
    scene = open_table(app, table)
    scene.session.seating = seating
    play_calls_until_hand_over(app, scene, table)
    run_until(app, scene.summary_showing)
    gone = table.seats[2].name
    table.seats[2].stack = 0  # Lan cannot pay the next ante (RULES.md step 2)
    press(app, pygame.K_RETURN)  # Ván tiếp
    run_until(app, lambda: table.hand_no == 2)
    newcomer = table.seats[2]
    assert newcomer.name != gone and newcomer.spec.level == "easy"
    assert scene.board.seats[2].name == newcomer.name
    assert "msg.bot_swap" in scene.session.said
    assert table.hand is not None
    started = next(e for e in table.hand.events if isinstance(e, HandStarted))
    assert started.dealt_in == (True, True, True, True)  # the table is still four
