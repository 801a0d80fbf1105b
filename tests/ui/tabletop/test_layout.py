"""The table layout (``lieng.ui.tabletop.layout``): for every seat count and window size the
seat plates fit the screen and overlap neither each other nor the action bar, and the turn
order runs counter-clockwise."""

from __future__ import annotations

import pygame
import pytest

from lieng.ui.tabletop.layout import compute


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_layout_fits_and_nothing_overlaps(size: tuple[int, int], n: int) -> None:
    lay = compute(size, n)
    screen = pygame.Rect(0, 0, *size)
    plates = [s.panel for s in lay.seats]
    for i, p in enumerate(plates):
        assert screen.contains(p), (i, p)
        assert not p.colliderect(lay.bar), (i, p)
        for q in plates[i + 1:]:
            assert not p.colliderect(q)
    # Turn order runs counter-clockwise: right side of the table first, player at the bottom.
    assert lay.seats[0].panel.centery > lay.table.centery
    if n >= 3:
        assert lay.seats[1].panel.centerx > lay.table.centerx
        assert lay.seats[-1].panel.centerx < lay.table.centerx
