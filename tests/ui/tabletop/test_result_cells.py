"""Two results to a row are drawn at the row's size: a cell is paired only if it fits the
room its drawing gives it, its shadow included (``lieng.ui.tabletop.summary``; a playtest
saw the winner's "… thắng 40" shrunk below the losers' lines at 960×540)."""

from __future__ import annotations

import pygame
import pytest

from lieng.ui.core.draw import text_surface
from lieng.ui.tabletop import summary

from ..helpers import MakeApp, record_text

RESULTS = ["Người chơi 1 thắng 40", "Người chơi 2 thua 10", "Người chơi 3 thua 10",
           "Phương thua 10", "Tuấn thua 10"]


def test_paired_results_are_drawn_at_their_row_s_size(make_app: MakeApp,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((960, 540))
    drawn = record_text(monkeypatch, summary)
    results = [(words, i == 0) for i, words in enumerate(RESULTS)]
    paired = 0
    for size in range(9, 20):
        heights = {w: text_surface(w, size, bold=True).get_height() for w in RESULTS}
        for width in range(2 * 100, 2 * 200, 3):
            rows = summary._big_rows(results, size, width)
            if len(rows[0]) < 2:
                continue
            paired += 1
            drawn.clear()
            for row in rows:
                summary._cells(app.screen, row, pygame.Rect(0, 0, 960, 540), 100, size,
                               width, lambda kind, words: (255, 255, 255), bold=True,
                               shadow=True)
            shrunk = [(s, r.h) for s, r in drawn if r.h != heights[s]]
            assert not shrunk, (size, width, shrunk)
    assert paired > 50  # the pairs were met at many sizes and widths
