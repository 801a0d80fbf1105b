"""Thin typed calls into pygame_gui, whose element methods are not annotated (mypy's
``disallow_untyped_defs`` would flag every ``enable()`` / ``hide()`` call otherwise)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui.core.utility as utility


def set_enabled(element: Any, enabled: bool) -> None:
    if enabled:
        element.enable()
    else:
        element.disable()


def set_visible(element: Any, visible: bool) -> None:
    if visible:
        element.show()
    else:
        element.hide()


def kill(element: Any) -> None:
    element.kill()


def release_manager(manager: Any) -> None:
    """Kill every element of ``manager`` and forget it as pygame_gui's default manager
    (a module global that would otherwise keep the last window's elements alive)."""
    manager.clear_and_reset()
    default: Any = utility.get_default_manager  # not annotated in pygame_gui
    if default() is manager:
        utility.set_default_manager(None)


def drawn_rects(manager: Any) -> list[pygame.Rect]:
    """Where ``manager``'s ``draw_ui`` draws this frame: each visible element's image,
    its top left at its rect's (pygame_gui blits the list of them,
    ``LayeredGUIGroup.visible``)."""
    out = []
    for image, rect, *_rest in manager.get_sprite_group().visible:
        w, h = image.get_size()  # a container's is 0 × 0: it draws nothing
        if w and h:
            out.append(pygame.Rect(pygame.Rect(rect).topleft, (w, h)))
    return out
