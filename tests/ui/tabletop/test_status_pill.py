"""A seat's status line sits on a dark pill (issue 22, defect 12: the felt's gold rail ran
through the labels and the winner's glow touched them)."""

from __future__ import annotations

import pygame

from lieng.ui.core.draw import GOLD
from lieng.ui.core.i18n import chips
from lieng.ui.tabletop import layout as layout_mod
from lieng.ui.tabletop.board import Board
from lieng.ui.tabletop.drawing import STATUS_PILL, TableDrawer

from ..helpers import MakeApp


def test_the_words_have_dark_felt_around_them_not_the_rail(make_app: MakeApp) -> None:
    app = make_app((1280, 720))
    lay = layout_mod.compute(app.size, 4)
    board = Board(["Bạn", "Lan", "Minh", "Hùng"], 0, lambda: 1.0)
    board.seats[2].status = "act.check"
    surf = pygame.Surface(app.size)
    surf.fill(GOLD)  # everywhere the rail could be
    drawer = TableDrawer(app.cards, chips)
    with drawer.record.capture() as frame:
        drawer._draw_status(surf, board, lay, 2, 2, board.seats[2])
    (status,) = [d for d in frame if d.kind == "status"]
    box = lay.seats[2].status_box
    assert box.contains(status.rect)
    # Just inside the pill, left of the words: the pill's dark green over the gold.
    x, y = status.rect.left + 2, status.rect.centery
    r, g, b = surf.get_at((x, y))[:3]
    assert r < 40 and g < 50 and b < 40, (r, g, b)
    assert STATUS_PILL[3] > 200  # nearly opaque
