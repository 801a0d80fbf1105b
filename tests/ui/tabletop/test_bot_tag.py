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


def test_six_figure_stacks_share_their_plates(make_app: MakeApp) -> None:
    """Past five figures a plate is composed once for its width, not once per amount: a
    payout counting a six-figure stack up drew a new plate every frame it changed."""
    app = make_app((1280, 720))
    scene = open_table(app, make_table(5, "expert", 10, "classic", "Bạn", seed=3))
    clear_all()
    measured = set()
    for stack in (150_000, 150_010, 187_420, 999_999, 100_000, 1_000_000, 4_250_000):
        for plate in scene.board.seats:
            plate.stack = stack
        step(app)
        # A plate's key holds the amount its layout was measured against (``widest_stack``).
        measured |= {key[-2] for key in drawing._plates.held_keys()}
    # Never an amount itself: the widest of a width (five figures for the seats whose
    # stack the table sets back each frame), and the six- and seven-figure widths met.
    assert measured <= {99_999, 999_999, 9_999_999}
    assert {999_999, 9_999_999} <= measured
