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

from ..helpers import MakeApp, key, run_until, step


def _table() -> Table:
    players = [PlayerSpec("Bạn"), PlayerSpec("Minh", "bot", "normal"),
               PlayerSpec("Lan", "bot", "normal")]
    return Table(RuleSet(table_bet=10), players, seed=5, bot_factory=default_bot_factory)


def test_keys_during_the_deal_do_nothing(make_app: MakeApp) -> None:
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
