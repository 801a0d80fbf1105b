"""The main menu (``lieng.ui.scenes.menu``): the rules, a new game, the table and back by
clicks, then quitting; and a broke player claiming the daily refill
(``lieng.ui.scenes.menu_bankroll``)."""

from __future__ import annotations

from lieng.storage.bankroll import STARTING_CHIPS, Bankroll
from lieng.ui.scenes.dialog import Dialog
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.table import TableScene
from lieng.ui.session import close_app

from ..helpers import MakeApp, RealApp, click, step, top


def test_menu_new_game_table_and_back_by_clicks(make_app: MakeApp) -> None:
    from lieng.ui.scenes.rules import RulesScene

    app = make_app(speed="instant")
    menu = MenuScene(app)
    app.push(menu)
    step(app, 2)
    click(app, menu.buttons["rules"])
    click(app, top(app, RulesScene).back)
    assert app.stack.top is menu
    click(app, menu.buttons["play_bots"])
    ng = top(app, NewGameScene)
    assert isinstance(ng, NewGameScene)
    ng.seed = 3
    click(app, ng.start)
    table_scene = app.stack.top
    assert isinstance(table_scene, TableScene)
    assert table_scene.table.n_seats == 4  # the player and 3 bots by default
    click(app, table_scene.top_buttons["rules"])
    click(app, top(app, RulesScene).back)
    click(app, table_scene.top_buttons["leave"])
    dialog = top(app, Dialog)
    assert isinstance(dialog, Dialog)
    click(app, dialog.buttons[0])
    assert app.stack.top is menu
    click(app, menu.buttons["quit"])
    assert not app.running


def test_broke_player_claims_the_daily_refill_from_the_menu(real_app: RealApp) -> None:
    from lieng.storage.bankroll import REFILL_TO
    from lieng.ui.scenes.menu_bankroll import wait_text

    bank, _ = Bankroll.open()
    bank.buy_in(STARTING_CHIPS - 5)
    bank.commit_hand(-(STARTING_CHIPS - 5))
    bank.cash_out()
    app = real_app()
    menu = top(app, MenuScene)
    assert isinstance(menu, MenuScene)
    refill = menu.extras.buttons["refill"]
    assert refill.visible
    # Too few chips for a table: the new-game dialog can't seat the player.
    click(app, menu.buttons["play_bots"])
    ng = top(app, NewGameScene)
    assert isinstance(ng, NewGameScene) and ng.choice["buy_in"] == ""
    click(app, ng.start)
    assert app.stack.top is ng
    click(app, ng.back)
    click(app, refill)
    profile = app.profile
    assert profile is not None and profile.bankroll.total == REFILL_TO
    assert not refill.visible
    status = profile.refill_status()
    assert not status.available and status.wait.total_seconds() > 0
    assert wait_text(status.wait).endswith("phút")
    close_app(app)
    again, _ = Bankroll.open()
    assert again.total == REFILL_TO and again.refill_status(profile.clock()).available is False
