"""The scene stack: push / pop / replace, the top scene the active one.

It holds anything with a scene's life cycle (``StackedScene``) — ``scene.Scene`` and its
subclasses are those — so the window (``window.GameApp``) owns a stack without importing
the scene base class, which names the window as its app: one way only, no cycle.
"""

from __future__ import annotations

from typing import Protocol

import pygame


class StackedScene(Protocol):
    """What the stack and the window's loop call on a scene (``scene.Scene``)."""

    @property
    def opaque(self) -> bool:
        """False for dialogs drawn over the scene below."""

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def resize(self) -> None: ...

    def window_closing(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class SceneStack:
    """push / pop / replace; the top scene is the active one."""

    def __init__(self) -> None:
        self.scenes: list[StackedScene] = []

    @property
    def top(self) -> StackedScene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: StackedScene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> StackedScene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: StackedScene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()

    def visible(self) -> list[StackedScene]:
        """The scenes to draw, bottom first."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def __len__(self) -> int:
        return len(self.scenes)
