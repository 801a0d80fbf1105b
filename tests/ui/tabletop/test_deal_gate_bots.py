"""A bot's thinking starts when the deal has landed (issue 22, defect 2): with a bot first
to act, it does not act — nor show "Đang nghĩ…" — while cards are still flying."""

from __future__ import annotations

from lieng.engine import RuleSet
from lieng.game.setup import default_bot_factory
from lieng.table import PlayerSpec, Table, Timing
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene

from ..helpers import MakeApp, run_until, step


def test_a_bot_first_to_act_waits_for_the_whole_deal(make_app: MakeApp) -> None:
    app = make_app((1280, 720), speed="slow")
    players = [PlayerSpec("Bạn")] + [PlayerSpec(f"Máy {i}", "bot", "normal")
                                     for i in range(1, 6)]
    # Bots that think a third of a second, far less than a slow deal lasts: only the
    # deal can hold the first one back.
    table = Table(RuleSet(table_bet=10), players, seed=5, first=1, timing=Timing(0.3, 0.3),
                  bot_factory=default_bot_factory)
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    step(app)
    hand = table.hand
    assert hand is not None and hand.to_act == 1  # Máy 1 opens (RULES.md step 3)
    board = scene.board
    frames = flying = 0
    while not board.deal_landed:
        assert hand.actions == [], "the bot acted before the deal had landed"
        assert board.to_act is None  # no ring, no "Đang nghĩ…"
        flying += board.dealing
        step(app)
        frames += 1
        assert frames < 3000, "the deal never landed"
    assert flying > 30  # a slow deal: many frames in which the bot could have acted
    run_until(app, lambda: bool(hand.actions), limit=3000)
    assert hand.actions[0][0] == 1
