"""The one scripted driver behind every self-test and screenshot maker: the real app, its
real scenes and loop, driven by posted pygame events instead of a person.

``click`` and ``press`` post the events a mouse and a keyboard would; ``KeyAutopilot``
plays a seat by pressing the action bar's keys; ``Driver`` runs a frame hook that looks at
the scene on top of the stack and calls the handler registered for its type — the same
state machine the bot, hot-seat and LAN self-tests used to write out three times.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from lieng.table import TableLike
from lieng.ui.core.window import GameApp
from lieng.ui.scenes.table import TableScene
from lieng.ui.tabletop.frame_record import problems


def click(app: GameApp, element: object) -> None:
    """Post a real left click at the centre of a pygame_gui element."""
    rect = element.rect  # type: ignore[attr-defined]
    pos = rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press(keycode: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=keycode, mod=0, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=keycode, mod=0, unicode="",
                                         scancode=0))


class KeyAutopilot:
    """Plays the player's seat by pressing keys, choosing among what ``legal()`` allows."""

    def __init__(self, rng: random.Random, folds: bool = True) -> None:
        self.rng = rng
        self.folds = folds
        """False: never press U — the LAN self-test wants hands that reach a full
        showdown, the only ones whose deal can be checked without revealing a folded hand."""
        self.pending: tuple[int, int] | None = None
        self.presses = 0

    def __call__(self, scene: TableScene[TableLike]) -> None:
        hand = scene.table.hand
        legal = scene.my_legal()
        if hand is None or legal is None:
            return
        mark = (scene.table.hand_no, len(hand.actions))
        if self.pending == mark:
            return  # our key is still on its way through the event queue
        self.pending = mark
        options = [pygame.K_c, pygame.K_c, pygame.K_c, pygame.K_SPACE]
        if self.folds:
            options.append(pygame.K_u)
        if legal.raise_k:
            options += [pygame.K_r, pygame.K_RETURN]
            for _ in range(self.rng.randrange(3)):
                press(pygame.K_RIGHT)
        if legal.all_in is not None and self.rng.random() < 0.1:
            options.append(pygame.K_a)
        press(self.rng.choice(options))
        self.presses += 1


class SummaryPilot:
    """Moves on from each hand's result (the summary panel) by pressing Space once it
    takes keys — as a person would, instead of waiting for the auto-continue delay."""

    def __init__(self) -> None:
        self.done: tuple[int, int] | None = None
        self.presses = 0

    def __call__(self, scene: TableScene[TableLike]) -> None:
        from lieng.ui.tabletop.summary import ARM_SECONDS

        mark = (id(scene), scene.table.hand_no)
        if scene.summary_showing() and scene.summary.shown_for >= ARM_SECONDS \
                and self.done != mark:
            self.done = mark
            press(pygame.K_SPACE)
            self.presses += 1


class LayoutWatch:
    """A frame hook that checks the layout rule (docs/UI.md, ``frame_record.problems``)
    on every frame a table screen draws: each table screen on the stack records its
    frames (``TableScene.frame_record``), and after each flip the watch reads what the
    frame drew and starts the next. ``breaches`` keeps the first few, with their frame
    numbers; ``count`` counts them all.

    Recording draws every retained group of the canvas anew (a replay would tell the
    record nothing), so a watched run draws more than a player's frames do."""

    KEEP = 5

    def __init__(self) -> None:
        self.breaches: list[str] = []
        self.count = 0
        self.frames = 0
        """Table frames checked."""

    def __call__(self, app: GameApp) -> None:
        for scene in app.stack.scenes:
            if not isinstance(scene, TableScene):
                continue
            record = scene.frame_record
            frame = record.frame
            if frame:  # None: not watched yet; empty: drawn nothing (covered)
                self.frames += 1
                found = problems(frame, app.size)
                self.count += len(found)
                room = self.KEEP - len(self.breaches)
                self.breaches += [f"frame {app.frames}: {x}" for x in found[:max(0, room)]]
            record.frame = []

    @property
    def ok(self) -> bool:
        return self.count == 0


class Driver:
    """A frame hook: the first handler whose scene type matches the top scene runs.

    ``once(scene, fn)`` runs ``fn`` only the first time it is asked for that scene — a
    click on a dialog lands a frame later, and a second click would fall through onto
    the scene under it.
    """

    def __init__(self, app: GameApp) -> None:
        self.app = app
        self.handlers: list[tuple[type[Any], Callable[[Any], None]]] = []
        self._done_for: set[int] = set()

    def on(self, kind: type[Any], handler: Callable[[Any], None]) -> Driver:
        self.handlers.append((kind, handler))
        return self

    def once(self, scene: object, fn: Callable[[], None]) -> None:
        if id(scene) not in self._done_for:
            self._done_for.add(id(scene))
            fn()

    def __call__(self, app: GameApp) -> None:
        top = app.stack.top
        for kind, handler in self.handlers:
            if isinstance(top, kind):
                handler(top)
                return

    def run(self, max_frames: int) -> None:
        """Install the hook and play at a fixed 60 frames a second of game time."""
        self.app.frame_hooks.append(self)
        self.app.run_fixed(1 / 60, max_frames)

    def stop(self, _scene: object = None) -> None:
        self.app.running = False
