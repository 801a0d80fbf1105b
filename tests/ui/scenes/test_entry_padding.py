"""A text entry's words keep clear of its border, as a button's do. A playtest (play10 D5)
saw "Người chơi 1" in the hot-seat setup start two pixels from the entry's left edge:
pygame_gui pads an entry by (2, 2) unless the theme says more. Read off the pixels: the
dark gap between the border and the first ink of the text."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pygame_gui
import pytest

from lieng.ui.core.scene import Scene
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.hotseat_setup import HotseatSetupScene
from lieng.ui.scenes.lan_host import LanHostScene
from lieng.ui.scenes.lan_join import LanJoinScene
from lieng.ui.scenes.menu import MenuScene
from lieng.ui.session import close_app, open_app

from ..helpers import LOOPBACK, move_mouse, shot, step

INK = 450
"""The text's cream is about 650 in r + g + b; the gold border about 365, the fill 60."""


@pytest.fixture(params=[(960, 540), (1280, 720)], ids=lambda p: f"{p[0]}x{p[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[GameApp]:
    a = open_app(request.param, "vi", fps=0)
    a.push(MenuScene(a))
    step(a, 2)
    yield a
    close_app(a)


def _gap(screen: pygame.Surface, entry: pygame_gui.elements.UITextEntryLine) -> int:
    """Pixels between the entry's inner border and the leftmost column of text ink."""
    r = pygame.Rect(entry.rect)
    border = int(entry.border_width["left"]) + int(entry.shadow_width)
    inner = r.x + border
    for x in range(inner, r.right - border):
        for y in range(r.y + border, r.bottom - border):
            c = screen.get_at((x, y))
            if c.r + c.g + c.b > INK:
                return x - inner
    raise AssertionError(f"no text ink in {r}")


def test_entries_keep_their_text_off_the_border(app: GameApp) -> None:
    scenes: list[tuple[str, Callable[[], Scene]]] = [
        ("hotseat", lambda: HotseatSetupScene(app)),
        ("lan_host", lambda: LanHostScene(app)),
        ("lan_join", lambda: LanJoinScene(app, finder_bind=LOOPBACK, finder_port=0)),
    ]
    least = round(6 * app.scale)
    for name, make in scenes:
        scene = make()
        app.push(scene)
        move_mouse((1, 1))  # nothing hovered, no caret: the entries as a player first sees them
        step(app, 3)
        entries = [e for e in app.ui.get_sprite_group().sprites()
                   if isinstance(e, pygame_gui.elements.UITextEntryLine)
                   and e.visible and e.get_text()]
        assert entries, name
        shot(app, f"entries-{name}-{app.size[0]}")
        for entry in entries:
            gap = _gap(app.screen, entry)
            assert gap >= least, (name, entry.get_text(), entry.rect, gap)
        app.pop()
        step(app, 2)
