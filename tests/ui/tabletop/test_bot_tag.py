"""A bot plate's tag keeps its form whatever the stack (issue 22, defect 9: "Máy ·" came
and went as the stack's width changed)."""

from __future__ import annotations

from typing import Any

import pytest

from lieng.game.setup import make_table
from lieng.ui.core.i18n import t
from lieng.ui.core.surface_cache import clear_all
from lieng.ui.tabletop import drawing

from ..helpers import MakeApp, open_table, record_text, step


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_tag_does_not_follow_the_stack(make_app: MakeApp, monkeypatch: Any,
                                           size: tuple[int, int]) -> None:
    app = make_app(size)
    scene = open_table(app, make_table(5, "expert", 10, "classic", "Bạn", seed=3))
    drawn = record_text(monkeypatch, drawing)
    tags = []
    for stack in (980, 10_700, 99_999, 5):
        for plate in scene.board.seats[1:]:
            plate.stack = stack
        drawn.clear()
        clear_all()  # a composed plate is kept: have this frame compose it anew
        step(app)
        tags.append(sorted({s for s, _r in drawn if s in (drawing.bot_tag("expert"),
                                                          t("level.expert"))}))
    assert all(tag == tags[0] for tag in tags), tags
    assert tags[0]
