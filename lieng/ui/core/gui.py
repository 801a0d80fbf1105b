"""Thin typed calls into pygame_gui, whose element methods are not annotated (mypy's
``disallow_untyped_defs`` would flag every ``enable()`` / ``hide()`` call otherwise)."""

from __future__ import annotations

from typing import Any


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
