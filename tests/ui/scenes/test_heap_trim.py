"""The heap gives its free pages back once a hand (``lieng.ui.core.heap``: a long evening
stays at its memory), on a still frame of the result panel — not on the frame that deals
the next hand, the busiest of a table's frames (docs/PERFORMANCE.md, "Game window")."""

from __future__ import annotations

from functools import partial

import pygame
import pytest

from lieng.devtools.bots_selftest import ScriptedPlayer
from lieng.engine import Action, RuleSet
from lieng.table import PlayerSpec, Table
from lieng.ui.scenes import table as table_module
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TRIM_AFTER, TableScene

from ..helpers import MakeApp, key, run_until, step


def _dealt(table: Table, hand_no: int) -> bool:
    return table.hand_no == hand_no


def test_one_trim_a_hand_on_a_still_result_frame(make_app: MakeApp,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((960, 540), speed="fast", next_hand_delay=2)
    players = [PlayerSpec("Bạn"), PlayerSpec("Minh", "bot", "normal")]
    table = Table(RuleSet(table_bet=10), players, seed=3,
                  bot_factory=lambda spec, rng: ScriptedPlayer([Action.call()] * 40))
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    trims: list[tuple[int, bool, float, bool]] = []

    def trim() -> None:
        result = scene.shown_result()
        trims.append((result.hand_no if result is not None else -1, scene.summary_showing(),
                      scene.summary.shown_for, scene.board.dealing))

    monkeypatch.setattr(table_module, "give_back_free_pages", trim)
    for hand in (1, 2, 3):
        run_until(app, lambda: scene.my_legal() is not None, limit=1200)
        assert table.hand_no == hand
        key(app, pygame.K_c)
        run_until(app, scene.summary_showing, limit=1200)
        step(app, 1)
        assert [tr[0] for tr in trims] == list(range(1, hand))  # not as the panel rises
        # The delay (2 s) runs out and the next hand is dealt on its own.
        run_until(app, partial(_dealt, table, hand + 1), limit=1200)
    assert [tr[0] for tr in trims] == [1, 2, 3]  # once a hand, each after its own result
    for _hand, showing, shown_for, dealing in trims:
        assert showing and shown_for >= TRIM_AFTER and not dealing
