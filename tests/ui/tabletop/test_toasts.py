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
from lieng.ui.tabletop.frame_record import FrameRecord
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
                    hud.draw_toasts(pygame.Surface(size), lay, [notice], FrameRecord())
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


def test_a_toast_of_the_hand_s_end_is_not_drawn_under_the_result_panel(
        make_app: MakeApp, monkeypatch: Any) -> None:
    """The player's turn runs out and that ends the hand: "Hết giờ! Bạn bị úp bỏ." was
    said, but the result panel takes over — the toast is not drawn under it (a playtest
    saw it through the panel); the seat's label still says "Hết giờ · Úp bỏ". A toast
    said while the panel is up waits, its seconds unspent, until the panel is gone."""
    from lieng.devtools.showdown_shots import scripted_table
    from lieng.ui.scenes.menu import MenuScene
    from lieng.ui.scenes.table import TableScene

    from ..helpers import click, run_until, step

    table = scripted_table((("Bạn", 500, ()), ("Minh", 500, ())), ("2S 3C 4D", "AS AH AD"))
    table.turn_limit = 2.0
    app = make_app((1280, 720), speed="instant")
    app.push(MenuScene(app))
    scene = TableScene(app, table)
    app.push(scene)
    run_until(app, scene.turn_shown, limit=600)
    drawn = record_text(monkeypatch, hud)
    run_until(app, scene.summary_showing, limit=600)  # no key: the turn times out
    assert "msg.timeout" in scene.session.said
    timeout = t("msg.timeout")
    assert timeout in [s for s, _r in drawn]  # shown while the hand was still on
    drawn.clear()
    scene.toast("lan.reconnected")  # said while the panel is up
    step(app, 60)  # four seconds: a toast's own time is 3.2 s
    assert scene.summary_showing()
    words = [s for s, _r in drawn]
    assert timeout not in words and t("lan.reconnected") not in words
    assert any(x.key == "lan.reconnected" for x in scene.toasts)  # waiting, not gone
    assert scene.summary.button is not None
    click(app, scene.summary.button)  # Ván tiếp: the panel goes, the waiting toast shows
    run_until(app, lambda: t("lan.reconnected") in [s for s, _r in drawn], limit=600)
    assert timeout not in [s for s, _r in drawn]
