"""Scenes (ARCHITECTURE.md: the Tuxemon/ClanGen shape), stacked by the window
(``window.SceneStack``).

A scene builds its pygame_gui elements once, inside its own ``UIContainer``, when it is
entered (and again only when the window is resized); it hides them while another scene
covers it and kills them when it leaves. Events go to the top scene only: a dialog on top
is modal. Drawing starts at the highest opaque scene so a dialog shows the table under it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.ui.core.gui import kill

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp


class Scene:
    """Base class. Subclasses override ``build``, ``handle_event``, ``update``, ``draw``."""

    opaque = True
    """False for dialogs drawn over the scene below."""

    def __init__(self, app: GameApp) -> None:
        self.app = app
        self.container: pygame_gui.core.UIContainer | None = None

    # ----------------------------------------------------------------- life cycle

    def enter(self) -> None:
        self._make_container()
        self.build()

    def exit(self) -> None:
        """The scene leaves the stack (popped, replaced, the window closed): a scene that
        holds threads or connections lets them go here."""
        self._drop_elements()

    def _drop_elements(self) -> None:
        if self.container is not None:
            kill(self.container)
            self.container = None

    def pause(self) -> None:
        """Another scene was pushed on top."""
        if self.container is not None:
            self.container.hide()

    def resume(self) -> None:
        if self.container is not None:
            self.container.show()

    @property
    def covered(self) -> bool:
        """Another scene (a dialog, the rules, the settings) is on top of this one: the
        player can neither see all of it nor answer it, so its clocks wait."""
        return self.app.stack.top is not self

    def centered(self, width: float, height: float) -> pygame.Rect:
        """A panel of ``width`` × ``height`` design pixels (1280×720 design), scaled to the
        window and centred in it — the frame of every dialog and form."""
        s = self.app.scale
        r = pygame.Rect(0, 0, int(width * s), int(height * s))
        r.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        return r

    def window_closing(self) -> None:
        """The player closed the window with this scene on the stack (``close_app`` calls
        it for every scene, top first): save what must not be lost. Default: nothing."""

    def resize(self) -> None:
        """The window changed size: rebuild the elements at the new scale."""
        hidden = self.container is not None and not self.container.visible
        self._drop_elements()  # not exit(): the scene stays on the stack
        self.enter()
        if hidden:
            self.pause()

    def _make_container(self) -> None:
        w, h = self.app.size
        self.container = pygame_gui.core.UIContainer(
            pygame.Rect(0, 0, w, h), self.app.ui, starting_height=1)

    # ----------------------------------------------------------------- per frame

    def build(self) -> None:
        """Create this scene's pygame_gui elements (once)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass
