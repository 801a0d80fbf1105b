"""The hot-seat hand-off panel: "Đưa máy cho Lan" over the whole window.

It is opaque — the table under it is not drawn at all — and it only knows a name. The
button (or Enter / Space) confirms; keys are ignored for the first ``ARM_SECONDS`` so a key
the previous player was still pressing can't open the next player's cards. How long the
person is waited for is the game's (``lieng.game.handoff.HandoffWait``): the panel passes
it the seconds it is on top — while a dialog covers it (Esc's "end the game?") the
countdown waits, and only the darkened felt is drawn under the dialog — and when the wait
has run out ``on_timeout`` folds the absent player; the panel draws what is left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.game.handoff import HandoffWait
from lieng.names import avatar_letter
from lieng.ui.core.draw import CREAM, DIALOG_FILL, GOLD, MUTED, panel, text
from lieng.ui.core.felt_cache import felt_for
from lieng.ui.core.i18n import key, t
from lieng.ui.core.scene import Scene
from lieng.ui.scenes.dialog import balanced_wrap
from lieng.ui.tabletop.drawing import avatar_colour
from lieng.ui.tabletop.layout import backdrop

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

ARM_SECONDS = 0.5
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HandoffScene(Scene):
    opaque = True

    def __init__(self, app: GameApp, name: str, handing: bool, wait: HandoffWait,
                 on_confirm: Callable[[], None], on_timeout: Callable[[], None],
                 on_escape: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.handing = handing
        """True: the screen goes to another person ("Đưa máy cho …"); False: the same
        person's turn again after others played ("Đến lượt …")."""
        self.wait = wait
        """The person's wait, the game's: the panel only passes it time and draws it."""
        self.on_confirm = on_confirm
        self.on_timeout = on_timeout
        self.on_escape = on_escape
        """Esc: the table's way out (end the game), asked over the panel."""
        self.done = False
        self.button: pygame_gui.elements.UIButton | None = None
        self._backdrop: pygame.Surface | None = None
        self._still: tuple[tuple[object, ...], pygame.Surface] | None = None
        """The panel but its countdown, and what it was drawn for (size, words)."""

    def _rect(self) -> pygame.Rect:
        return self.centered(660, 420)

    def build(self) -> None:
        s = self.app.scale
        r = self._rect()
        bw, bh = int(420 * s), int(60 * s)
        self.button = pygame_gui.elements.UIButton(
            pygame.Rect(r.centerx - bw // 2, r.top + int(248 * s), bw, bh),
            key("hotseat.confirm"), self.app.ui, self.container,
            object_id=self.app.type_scale.oid("#primary", "button"))
        self.button.set_text(key("hotseat.confirm"), text_kwargs={"who": self.name})

    def _finish(self, confirmed: bool) -> None:
        if self.done:
            return
        self.done = True
        (self.on_confirm if confirmed else self.on_timeout)()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self._finish(True)
            return True
        if event.type == pygame.KEYDOWN and event.key in CONFIRM_KEYS \
                and self.waited >= ARM_SECONDS:
            self._finish(True)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE \
                and self.on_escape is not None:
            self.on_escape()
            return True
        return True  # nothing reaches the table under the panel

    def update(self, dt: float) -> None:
        if self.covered:
            return  # the end-the-game question is open: the person isn't being waited for
        if self.wait.wait(dt):
            self._finish(False)

    @property
    def waited(self) -> float:
        """Seconds the panel has waited on top (the keys arm after ``ARM_SECONDS``)."""
        return self.wait.waited

    def remaining(self) -> float | None:
        return self.wait.left()

    def _draw_still(self, surface: pygame.Surface, title: str) -> None:
        """The panel, the avatar, the title, the warning and the keys line."""
        s = self.app.scale
        ts = self.app.type_scale
        r = self._rect()
        panel(surface, r, DIALOG_FILL, GOLD, radius=int(20 * s), width=max(2, int(3 * s)))
        # The player's avatar, as on their seat.
        ax, ay, ar = r.centerx, r.top + int(66 * s), int(36 * s)
        pygame.draw.circle(surface, avatar_colour(self.name), (ax, ay), ar)
        pygame.draw.circle(surface, (240, 230, 200), (ax, ay), ar, max(1, int(2 * s)))
        text(surface, avatar_letter(self.name), (ax, ay), ts.px("headline"), CREAM, bold=True)
        text(surface, title, (r.centerx, r.top + 146 * s), ts.px("headline"), GOLD, bold=True,
             max_width=r.w - int(40 * s))
        # The warning wraps rather than shrinks: at 960×540 one line of it would be tiny.
        size = ts.px("body")
        lines = balanced_wrap(t("hotseat.look_away"), size, r.w - int(60 * s))
        for i, line in enumerate(lines):
            dy = (i - (len(lines) - 1) / 2) * size * 1.35
            text(surface, line, (r.centerx, r.top + 202 * s + dy), size, CREAM)
        text(surface, t("hotseat.keys"), (r.centerx, r.bottom - 64 * s), ts.px("body"), MUTED,
             max_width=r.w - int(40 * s))

    def draw(self, surface: pygame.Surface) -> None:
        if self._backdrop is None or self._backdrop.get_size() != self.app.size:
            # The empty felt, darkened: drawn once per size (the panel stays up a while).
            self._backdrop = felt_for(backdrop(self.app.size)).copy()
            shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            self._backdrop.blit(shade, (0, 0))
        if self.covered:
            surface.blit(self._backdrop, (0, 0))
            return  # under a dialog: none of the panel (the stopped countdown) around its edges
        title = t("hotseat.hand_to" if self.handing else "hotseat.turn_of", who=self.name)
        still = (self.app.size, title, t("hotseat.look_away"), t("hotseat.keys"))
        if self._still is None or self._still[0] != still:
            # The backdrop and everything on the panel but its countdown, drawn once:
            # the panel waits up to a minute, redrawn every frame (1–2 ms a frame).
            frame = self._backdrop.copy()
            self._draw_still(frame, title)
            self._still = (still, frame)
        surface.blit(self._still[1], (0, 0))
        s = self.app.scale
        ts = self.app.type_scale
        r = self._rect()
        rem = self.remaining()
        if rem is not None:
            warn = rem <= 10
            text(surface, t("hotseat.keys_limit", s=str(int(rem + 0.999)), who=self.name),
                 (r.centerx, r.bottom - 34 * s), ts.px("body"),
                 (235, 120, 100) if warn else CREAM, bold=warn, max_width=r.w - int(40 * s))
