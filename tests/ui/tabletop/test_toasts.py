"""A long notice in the banner's box is wrapped, never cut short (issue 22, defect 9: the
LAN watching notice ended in "…")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from lieng.ui.core.draw import text_surface
from lieng.ui.core.i18n import configure, t
from lieng.ui.core.typescale import TypeScale
from lieng.ui.tabletop import hud
from lieng.ui.tabletop.layout import compute

from ..helpers import MakeApp, record_text


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_watching_notice_and_a_newcomer_show_whole(make_app: MakeApp, monkeypatch: Any,
                                                        size: tuple[int, int],
                                                        lang: str) -> None:
    make_app(size)  # fonts
    configure(lang)
    try:
        notices = [t("lan.watching"),
                   t("msg.bot_swap", gone="Phương", who="Trang", level=t("level.expert"))]
        small = TypeScale.for_window(size).px("small")
        small_line = text_surface("ván", small, bold=True).get_height()
        for seats in (4, 6):
            for drawer in (False, True):
                lay = compute(size, seats, drawer=drawer)
                for notice in notices:
                    drawn = record_text(monkeypatch, hud)
                    hud.draw_toasts(pygame.Surface(size), lay, [notice])
                    words = [s for s, _r in drawn]
                    assert " ".join(words) == notice, (seats, drawer, words)
                    for _s, rect in drawn:
                        assert pygame.Rect(0, 0, *size).contains(rect)
                        # Within the banner's width (a long one may grow taller).
                        assert lay.banner.left <= rect.left <= rect.right <= lay.banner.right
                        # At the small size or larger, not shrunk to fit one line.
                        assert rect.h >= small_line - 2, (notice, rect, small_line)  # glyphs vary
                    monkeypatch.undo()
    finally:
        configure("vi")
