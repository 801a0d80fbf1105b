"""A bot plate's level tag keeps its ``fine`` size on the narrowest plates (issue 22: at
960×540 with six seats "Cao thủ" was squeezed to ~8 px beside the stack). When the tag
fits beside neither the name nor the stack, the plate gives it a line of its own; beside
the name it keeps off the first-player marker's corner (a playtest saw them touch)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from lieng.game.bot_seating import NEWCOMER_NAMES
from lieng.game.setup import make_table
from lieng.levels import BOT_LEVELS
from lieng.ui.core.draw import text_surface
from lieng.ui.core.i18n import t
from lieng.ui.core.surface_cache import clear_all
from lieng.ui.core.typescale import px
from lieng.ui.tabletop import drawing

from ..helpers import MakeApp, open_table, record_text, step


@pytest.mark.parametrize("language", ["vi", "en"])
@pytest.mark.parametrize(("size", "drawer"), [((960, 540), False), ((960, 540), True),
                                              ((1280, 720), True), ((1920, 1080), False)])
def test_every_level_tag_is_drawn_whole_at_its_size(make_app: MakeApp, monkeypatch: Any,
                                                    language: str, size: tuple[int, int],
                                                    drawer: bool) -> None:
    app = make_app(size, language=language, action_log_open=drawer)
    scene = open_table(app, make_table(5, "expert", 10, "classic", "Bạn", seed=3))
    scale = scene.layout.scale
    fine = px(scale, "fine")
    # The widest names a bot can get, with every level, so each plate form is drawn.
    longest = sorted(NEWCOMER_NAMES, key=lambda n: -text_surface(n, px(scale, "heading"),
                                                                 bold=True).get_width())
    drawn = record_text(monkeypatch, drawing)
    checked = 0
    for names in (longest[:5], longest[-5:]):
        for level in BOT_LEVELS:
            for plate, name in zip(scene.board.seats[1:], names, strict=True):
                plate.level, plate.name = level, name
            drawn.clear()
            clear_all()  # the plates are composed once and kept: this frame composes them
            step(app)
            tags = {drawing.bot_tag(level), t(f"level.{level}")}
            for spot in scene.layout.seats[1:]:
                inside = [(s, r) for s, r in drawn if spot.panel.collidepoint(r.center)]
                tag = [(s, r) for s, r in inside if s in tags]
                assert len(tag) == 1, (level, inside)
                s, r = tag[0]
                whole = text_surface(s, fine)
                assert (r.w, r.h) == whole.get_size(), (level, s, r, fine)
                assert spot.panel.contains(r), (s, r, spot.panel)
                # Clear of the first-player marker's corner (it moves every hand).
                mx, my, mr = (spot.panel.right - int(4 * scale), spot.panel.top + int(4 * scale),
                              int(11 * scale))
                assert not r.colliderect(pygame.Rect(mx - mr, my - mr, 2 * mr, 2 * mr)), (s, r)
                for other, rect in inside:
                    if other != s:
                        assert not rect.colliderect(r), (s, other, r, rect)
                checked += 1
    assert checked == 2 * len(BOT_LEVELS) * 5
