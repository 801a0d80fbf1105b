"""The hand-off panel draws its still parts once and its countdown every frame: it waits
up to a minute, and redrawing the panel, the avatar and the words each frame was 1–2 ms
of every frame of it."""

from __future__ import annotations

import pygame
import pytest

import lieng.ui.scenes.handoff as handoff
from lieng.game.handoff import HandoffWait
from lieng.ui.core.i18n import t
from lieng.ui.scenes.handoff import HandoffScene
from lieng.ui.scenes.menu import MenuScene

from ..helpers import MakeApp, record_text, step


def test_the_panel_is_drawn_once_and_its_countdown_every_frame(
        make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((960, 540))
    app.push(MenuScene(app))
    scene = HandoffScene(app, "Thảo", True, HandoffWait(60.0), lambda: None, lambda: None)
    app.push(scene)
    drawn = record_text(monkeypatch, handoff)
    step(app)
    first = pygame.image.tobytes(app.screen, "RGB")
    step(app)  # the countdown still shows the same second
    assert pygame.image.tobytes(app.screen, "RGB") == first
    title = t("hotseat.hand_to", who="Thảo")
    assert [s for s, _ in drawn].count(title) == 1  # the still panel: once
    counted = [s for s, _ in drawn if s.startswith(t("hotseat.keys_limit", s="60",
                                                      who="Thảo")[:6])]
    assert len(counted) == 2  # the countdown: each frame
    app.resize((1280, 720))  # a new size: the panel drawn again, at it
    step(app)
    assert [s for s, _ in drawn].count(title) == 2
