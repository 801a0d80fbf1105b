"""Drive the real window with posted pygame events (clicks, drags, keys)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from lieng.ui.core.window import GameApp

DT = 1 / 60


def step(app: GameApp, n: int = 1, dt: float = DT) -> None:
    for _ in range(n):
        app.step(dt)


def move_mouse(pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))


def click_at(app: GameApp, pos: tuple[int, int]) -> None:
    """A left click at ``pos``: move, press, release — each processed by a frame."""
    move_mouse(pos)
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app)
    step(app)  # the UI_BUTTON_PRESSED the release posted


def click(app: GameApp, element: object) -> None:
    click_at(app, element.rect.center)  # type: ignore[attr-defined]


def drag(app: GameApp, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    move_mouse(start)
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    step(app)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps,
             start[1] + (end[1] - start[1]) * i // steps)
        move_mouse(p)
        step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    step(app)
    step(app)


def key(app: GameApp, keycode: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=keycode, mod=0, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=keycode, mod=0, unicode="",
                                         scancode=0))
    step(app)


def run_until(app: GameApp, cond: Callable[[], bool], limit: int = 3000,
              dt: float = DT) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(dt)
    raise AssertionError("condition not reached")
