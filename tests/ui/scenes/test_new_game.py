"""The new-game dialog (``lieng.ui.scenes.new_game``) through the real app: the buy-in
follows the table bet — the same number of bets, within what the bank holds."""

from __future__ import annotations

from pygame_gui.elements import UIDropDownMenu

from lieng.ui.core.window import GameApp
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.new_game import NewGameScene
from lieng.ui.scenes.table import TableScene

from ..helpers import RealApp, click, drop_down_items, move_mouse, shot, step, top


def pick(app: GameApp, menu: UIDropDownMenu, value: str) -> None:
    """Choose ``value`` in a drop-down with two real clicks."""
    move_mouse((2, 2))
    step(app, 2)
    click(app, menu.menu_states["closed"].selected_option_button)
    state = menu.current_state
    assert state is menu.menu_states["expanded"]
    item = next(it for it in drop_down_items(state) if it["object_id"] == value)
    click(app, item["button_element"])
    step(app, 2)


def test_buy_in_follows_the_table_bet(real_app: RealApp) -> None:
    app = real_app()
    click(app, top(app, MenuScene).buttons["play_bots"])
    ng = top(app, NewGameScene)
    assert isinstance(ng, NewGameScene)
    assert (ng.choice["bet"], ng.choice["buy_in"]) == ("10", "1000")  # 100 bets
    pick(app, ng.menus["bet"], "50")
    assert ng.choice["buy_in"] == "5000"  # still 100 bets
    assert ng.menus["buy_in"].selected_option[1] == "5000"
    shot(app, f"new-game-{app.size[0]}-{app.settings.language}")
    pick(app, ng.menus["buy_in"], "2500")  # 50 bets
    pick(app, ng.menus["bet"], "10")
    assert ng.choice["buy_in"] == "500"  # 50 bets again
    pick(app, ng.menus["bet"], "100")
    # 50 × 100 = 5.000; the bank (10.000) allows it.
    assert ng.choice["buy_in"] == "5000"
    pick(app, ng.menus["buy_in"], "10000")  # 100 bets: all the bank has
    pick(app, ng.menus["bet"], "20")
    assert ng.choice["buy_in"] == "2000"
    assert "100" in ng.menus["buy_in"].selected_option[0]  # the label counts the bets
    click(app, ng.start)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and scene.table.seats[0].stack == 2000
