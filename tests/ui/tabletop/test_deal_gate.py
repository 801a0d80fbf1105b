"""The action bar is live only once the player can see their cards: during the deal the
buttons are off, the keys do nothing and no turn clock runs (the player acts first in a
table's first hand, RULES.md step 3)."""

from __future__ import annotations

import pygame

from lieng.engine import RuleSet
from lieng.game.setup import default_bot_factory
from lieng.table import PlayerSpec, Table
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene

from ..helpers import key, run_until, step


def _table() -> Table:
    players = [PlayerSpec("Bạn"), PlayerSpec("Minh", "bot", "normal"),
               PlayerSpec("Lan", "bot", "normal")]
    return Table(RuleSet(table_bet=10), players, seed=5, bot_factory=default_bot_factory)


def test_keys_during_the_deal_do_nothing(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app((960, 600), speed="slow")
    table = _table()
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app, 3)
    hand = table.hand
    assert hand is not None and hand.to_act == 0  # the host acts first
    assert len(scene.own_cards()) < 3 or not scene.cards_ready()
    clock_at_deal = scene.clock
    key(app, pygame.K_c)  # a check before any card is seen: ignored
    key(app, pygame.K_SPACE)
    assert hand.actions == []
    assert scene.bar is not None
    assert not any(b.is_enabled for b in scene.bar.buttons().values())
    assert not scene.turn_shown()
    step(app, 10)
    assert scene.clock == clock_at_deal  # no turn timer runs during the deal
    run_until(app, scene.cards_ready, limit=600)
    step(app)
    assert scene.turn_shown() and scene.bar.call.is_enabled
    key(app, pygame.K_c)
    assert [seat for seat, _a in hand.actions] == [0]


def test_the_turn_waits_for_the_whole_deal_to_land(make_app) -> None:  # type: ignore[no-untyped-def]
    """Six seats and the player first: their own third card lands while five more are
    still flying to the others. No turn, clock, button or "Đang nghĩ…" until the last
    one is down (issue 22, defect 2)."""
    app = make_app((1280, 720), speed="slow")
    players = [PlayerSpec("Bạn")] + [PlayerSpec(f"Máy {i}", "bot", "normal")
                                     for i in range(1, 6)]
    table = Table(RuleSet(table_bet=10), players, seed=5, bot_factory=default_bot_factory)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app)
    board = scene.board
    run_until(app, lambda: len(board.seats[0].cards) == 3
              and all(c.landed for c in board.seats[0].cards), limit=2000)
    assert board.dealing and not board.deal_landed  # the others' cards are in the air
    clock = scene.clock
    step(app)
    assert not scene.turn_shown()
    assert scene.bar is not None and not scene.bar.call.is_enabled
    assert board.to_act is None  # no "Đến lượt", no ring yet
    assert scene.clock == clock
    run_until(app, lambda: board.deal_landed, limit=2000)
    run_until(app, scene.turn_shown, limit=200)
    assert not board.dealing and board.to_act == 0 and scene.bar.call.is_enabled
