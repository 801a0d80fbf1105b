"""The result panel's "Ván tiếp" button is no part of a table's first frame: hidden until
a hand's result shows, it is made on the table's second frame (``SummaryPanel.build``) —
or at once when the panel must show it on the first (a table rebuilt, on a resize, while
its result is up)."""

from __future__ import annotations

from lieng.game.setup import make_table
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.scenes.table import TableScene

from ..helpers import MakeApp, step


def test_the_hidden_result_button_is_made_on_the_table_s_second_frame(
        make_app: MakeApp) -> None:
    app = make_app((960, 540))
    app.push(MenuScene(app))
    scene = TableScene(app, make_table(5, "normal", 10, "classic", "Bạn"))
    app.push(scene)
    before = len(app.ui.get_sprite_group().sprites())
    step(app)
    assert scene.summary.button is None
    step(app)
    button = scene.summary.button
    assert button is not None and not button.visible
    assert len(app.ui.get_sprite_group().sprites()) == before + 1
    step(app, 3)
    assert scene.summary.button is button  # made once


def test_a_result_shown_on_the_first_frame_gets_its_button_then(make_app: MakeApp) -> None:
    app = make_app((960, 540))
    app.push(MenuScene(app))
    scene = TableScene(app, make_table(5, "normal", 10, "classic", "Bạn"))
    app.push(scene)
    assert scene.container is not None
    scene.summary.build(scene.container, scene.layout)
    assert scene.summary.button is None
    scene.summary.update(1 / 60, showing=True, active=True)
    button = scene.summary.button
    assert button is not None and button.visible
