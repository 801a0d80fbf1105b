"""The names shown for the player (``lieng.ui.core.names``): the stored defaults ("Bạn",
"Người chơi", "Player 3") follow the language and a chosen name stays as it is — also at a
real table opened in English."""

from __future__ import annotations

from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene

from ..helpers import MakeApp, click, shot, step, top


def test_default_player_name_follows_the_language(make_app: MakeApp) -> None:
    """Stored default "Bạn" shows as "You" in English; a chosen name stays as chosen."""
    from lieng.ui.core.names import shown_name
    from lieng.ui.scenes.new_game import NewGameScene

    app = make_app(speed="instant", language="en")
    app.push(MenuScene(app))
    step(app, 2)
    menu = top(app, MenuScene)
    click(app, menu.buttons["play_bots"])
    ng = top(app, NewGameScene)
    assert isinstance(ng, NewGameScene)
    ng.seed = 1
    click(app, ng.start)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    assert scene.table.seats[0].name == "You"
    step(app, 5)
    shot(app, "english_you")
    assert shown_name("Bạn") == "You" and shown_name("You") == "You"
    assert shown_name("Hoa") == "Hoa" and shown_name("You", "vi") == "Bạn"


def test_default_names_follow_the_language() -> None:
    from lieng.ui.core.names import shown_name

    assert shown_name("Người chơi", "en") == "Player"
    assert shown_name("Player", "vi") == "Người chơi"
    assert shown_name("Player 3", "vi") == "Người chơi 3"
    assert shown_name("Bạn", "en") == "You"
    assert shown_name("Người chơi Lan", "en") == "Người chơi Lan"  # a chosen name stays
    assert shown_name("Lan", "en") == "Lan"
