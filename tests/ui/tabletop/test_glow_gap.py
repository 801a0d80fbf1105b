"""A winner's glow keeps off its status words (issue 22, defect 12: the glow touched the
label at 1280×720 and covered it at 1920×1080). Read off the pixels: around the words'
ink, a band of dark pill, never the glow's gold nor the rail's."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from lieng.ui.core.draw import GOLD, text_surface
from lieng.ui.core.i18n import chips
from lieng.ui.core.typescale import px
from lieng.ui.tabletop import layout as layout_mod
from lieng.ui.tabletop.board import Board
from lieng.ui.tabletop.drawing import TableDrawer

from ..helpers import MakeApp

FELT = (30, 120, 70)
BAND = 2
"""Pixels of dark kept around the words on every side."""


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_the_glow_and_rail_stop_short_of_the_winners_words(
        make_app: MakeApp, size: tuple[int, int], seats: int) -> None:
    app = make_app(size)
    lay = layout_mod.compute(app.size, seats)
    names = ["Bạn", "Lan", "Minh", "Hùng", "Thảo", "Quốc"][:seats]
    board = Board(names, 0, lambda: 1.0)
    board.hand_over = True
    drawer = TableDrawer(app.cards, chips)
    for slot in range(seats):
        seat = board.seats[slot]
        seat.winner = True
        seat.net = 12_340  # "Thắng 12.340"
        surf = pygame.Surface(app.size)
        surf.fill(FELT)
        # The rail anywhere the words could be: a gold line through the status box.
        box = lay.seats[slot].status_box
        pygame.draw.line(surf, GOLD, (box.left - 20, box.centery), (box.right + 20, box.centery),
                         max(1, int(2 * lay.scale)))
        drawer._draw_seat(surf, board, lay, slot, slot, seat, None, 0.0)
        drawer._draw_status(surf, board, lay, slot, slot, seat)
        words, _colour = drawer._status_text(seat)
        assert words
        face = text_surface(words, px(lay.scale, "body"), bold=True)
        at = face.get_rect(center=box.center)
        assert box.contains(face.get_bounding_rect().move(at.topleft)), (slot, box)
        # Every pixel within BAND of an inked one, the ink itself left out: read in a
        # window around the words (BAND and a pixel more on every side), where they all lie.
        area = at.inflate(2 * BAND + 2, 2 * BAND + 2).clip(surf.get_rect())
        alpha = pygame.surfarray.array_alpha(face) > 40
        ink = np.zeros((area.w, area.h), dtype=bool)
        fx, fy = area.left - at.left, area.top - at.top  # the area's corner in the face
        part = alpha[max(0, fx):fx + area.w, max(0, fy):fy + area.h]
        ink[max(0, -fx):max(0, -fx) + part.shape[0], max(0, -fy):max(0, -fy) + part.shape[1]] \
            = part
        near = ink.copy()
        for dx in range(-BAND, BAND + 1):
            for dy in range(-BAND, BAND + 1):
                near |= np.roll(np.roll(ink, dx, axis=0), dy, axis=1)
        rgb = pygame.surfarray.array3d(surf.subsurface(area)).astype(int)
        r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
        gold = near & ~ink & (r > 70) & (g > 60) & (r > b + 30)  # glow or rail on the felt
        xs, ys = np.nonzero(gold)
        assert not len(xs), (size, seats, slot, words,
                             [(area.x + x, area.y + y) for x, y in zip(xs[:5], ys[:5],
                                                                        strict=True)])
