"""The coach hint (``lieng.ui.tabletop.coach``) at a real table: the player's chance of
winning against the opponents still in, without the hand's name (the bar shows it)."""

from __future__ import annotations

from lieng.engine import Card, evaluate
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop.coach import coach_line

from ..helpers import RealApp, click, run_until, top


def test_coach_hint_names_the_hand_and_its_chance(real_app: RealApp) -> None:
    from lieng.bots.strength import win_probability

    app = real_app()
    assert not app.settings.coach_hints  # off by default
    app.change_settings(coach_hints=True, show_cards_at_once=True)
    click(app, top(app, MenuScene).buttons["play_bots"])
    ng = top(app, NewGameScene)
    ng.choice["bots"] = "3"
    ng.seed = 2
    click(app, ng.start)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    run_until(app, lambda: scene.my_legal() is not None and not scene.board.busy)
    cards = tuple(c.card for c in scene.own.cards() if isinstance(c.card, Card))
    assert len(cards) == len(scene.own.cards())
    others = sum(1 for i, s in enumerate(scene.board.seats) if i and not s.folded)
    pct = round(100 * win_probability(cards, opponents=others, rules=scene.table.rules))
    line = coach_line(scene.board, scene.me, scene.table.rules)
    # The bar's label names the hand just below: the hint does not repeat it.
    name = evaluate(cards, scene.table.rules).name("vi")
    assert scene.bar is not None and scene.bar.hand_label.text == name
    assert name not in line
    assert f"{pct}%" in line and f"{others} người" in line
