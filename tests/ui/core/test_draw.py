"""``draw.text`` with a ``max_width`` never draws beyond it: it shrinks the line down to
its smallest size, then cuts it short with "…" — between letters, a Vietnamese letter
never parted from its marks (the playtest's hot-seat line ran past the result panel on
both sides at 8 px)."""

from __future__ import annotations

import unicodedata

import pygame

from lieng.ui.core.assets import font
from lieng.ui.core.draw import ELLIPSIS, MIN_TEXT, ellipsize, text

from ..helpers import MakeApp

LONG = ("Người chơi 2 mất 10 · Người chơi 3 mất 10 · Phương mất 10 · "
        "Nguyễn Thị Minh Khai thắng 1.580 · Trương Quỳnh Hương mất 790 · ") * 3


def test_a_long_vietnamese_line_stays_inside_its_width_at_960x540(make_app: MakeApp) -> None:
    app = make_app((960, 540))
    for shadow in (True, False):
        for width in (420, 200, 60):
            surface = pygame.Surface((960, 60), pygame.SRCALPHA)  # clear: only text shows
            centre = (480, 30)
            rect = text(surface, LONG, centre, 21, (243, 238, 220), bold=True, shadow=shadow,
                        max_width=width)
            assert rect.w <= width, (width, rect)
            inked = surface.get_bounding_rect()  # every pixel drawn, the shadow's too
            assert inked.w > width // 2
            assert inked.w <= width, (shadow, width, inked)
            assert centre[0] - width / 2 - 1 <= inked.left
            assert inked.right <= centre[0] + width / 2 + 1
    assert app.size == (960, 540)


def test_the_cut_ends_with_an_ellipsis_and_keeps_each_letter_whole() -> None:
    pygame.font.init()
    cut = ellipsize(LONG, MIN_TEXT, True, 200)
    assert cut.endswith(ELLIPSIS) and LONG.startswith(cut[:-1].rstrip())
    assert font(MIN_TEXT, True).size(cut)[0] <= 200
    # Decomposed letters (a name pasted from elsewhere): a cut never strands a mark.
    nfd = unicodedata.normalize("NFD", "Nguyễn Thị Minh Khai " * 8)
    for width in range(20, 300, 7):
        cut = ellipsize(nfd, MIN_TEXT, False, width)
        kept = cut[:-1].rstrip()
        assert nfd.startswith(kept)
        assert len(kept) == len(nfd) or not unicodedata.category(nfd[len(kept)]).startswith("M")
    # A line that fits is left alone; shrinking comes first.
    assert ellipsize("Phương mất 10", 15, True, 400) == "Phương mất 10"
    surface = pygame.Surface((400, 40))
    rect = text(surface, "Người chơi 2 mất 10", (200, 20), 21, max_width=150)
    assert rect.w <= 150
