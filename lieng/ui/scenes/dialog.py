"""A modal message over the scene below, with one to three buttons.

The scene below stays in sight, darkened, but the dialog's own panel is opaque
(``DIALOG_FILL``). Whatever runs a clock under a dialog — the turn timer, the result's
auto-continue, the hot-seat hand-off — waits while the dialog is on top (``Scene.covered``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.ui.core.assets import font
from lieng.ui.core.baseline_button import BaselineButton
from lieng.ui.core.draw import DIALOG_FILL, GOLD, panel, shade, text
from lieng.ui.core.i18n import key, t
from lieng.ui.core.scene import Scene

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp


class Dialog(Scene):
    opaque = False

    def __init__(self, app: GameApp, title: str, body: str,
                 buttons: Sequence[tuple[str, Callable[[], None]]],
                 args: dict[str, str] | None = None, esc_choice: int = -1) -> None:
        super().__init__(app)
        self.esc_choice = esc_choice
        """The choice Esc takes: the last (the way back) unless the dialog asks "press
        Esc again to…" (the menu's quit)."""
        self.title = title
        self.body = body
        self.args = args or {}
        self.choices = list(buttons)
        self.buttons: list[pygame_gui.elements.UIButton] = []

    def _rect(self) -> pygame.Rect:
        s = self.app.scale
        r = pygame.Rect(0, 0, int(560 * s), int(250 * s))
        r.center = (self.app.size[0] // 2, int(self.app.size[1] * 0.45))
        return r

    def build(self) -> None:
        s = self.app.scale
        r = self._rect()
        n = len(self.choices)
        bw, bh, gap = int(200 * s), int(48 * s), int(16 * s)
        x = r.centerx - (n * bw + (n - 1) * gap) // 2
        self.buttons = []
        for i, (label, _cb) in enumerate(self.choices):
            self.buttons.append(BaselineButton(  # one baseline: "Ở lại" beside "Rời bàn"
                pygame.Rect(x + i * (bw + gap), r.bottom - bh - int(22 * s), bw, bh),
                key(label), self.app.ui, self.container,
                object_id=self.app.type_scale.oid("#primary" if i == 0 else "#plain",
                                                  "button")))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            cb = self.choices[self.buttons.index(event.ui_element)][1]
            self.app.pop()
            cb()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_ESCAPE):
            # Enter takes the first (default) choice, Esc the last (the way back) or
            # the one the dialog names.
            cb = self.choices[0 if event.key != pygame.K_ESCAPE else self.esc_choice][1]
            self.app.pop()
            cb()
            return True
        return True  # modal: nothing reaches the scene below

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        ts = self.app.type_scale
        shade(surface, 140)
        r = self._rect()
        panel(surface, r, DIALOG_FILL, GOLD, radius=int(18 * s), width=max(2, int(2 * s)))
        text(surface, t(self.title, **self.args), (r.centerx, r.top + 40 * s), ts.px("title"),
             GOLD, bold=True, max_width=r.w - int(40 * s))
        body = t(self.body, **self.args)
        y = r.top + 92 * s
        for line in wrap_lines(body, ts.px("lead"), r.w - int(60 * s)):
            text(surface, line, (r.centerx, y), ts.px("lead"))
            y += 28 * s


def wrap_lines(s: str, size: int, width: int) -> list[str]:
    """``s`` cut between words into lines at most ``width`` pixels wide in the ``size``
    font (a word wider than that keeps a line of its own); a new list each call."""
    return list(_wrapped(s, int(size), int(width)))


@lru_cache(maxsize=2048)
def _wrapped(s: str, size: int, width: int) -> tuple[str, ...]:
    """``wrap_lines``'s lines, remembered: screens wrap the same text on every frame, and
    measuring it word by word was a tenth of a table frame (docs/PERFORMANCE.md). The
    fonts are the shipped files, so a text, size and width always wrap alike."""

    f = font(size)
    lines: list[str] = []
    for para in s.split("\n"):
        cur = ""
        for word in para.split():
            trial = f"{cur} {word}".strip()
            if f.size(trial)[0] <= width or not cur:
                cur = trial
            else:
                lines.append(cur)
                cur = word
        lines.append(cur)
    return tuple(lines)


def balanced_wrap(s: str, size: int, width: int) -> list[str]:
    """``wrap_lines``'s lines, as even as the same number of lines allows (no lone last
    word): the narrowest width that still needs no more lines."""
    return list(_balanced(s, int(size), int(width)))


@lru_cache(maxsize=512)
def _balanced(s: str, size: int, width: int) -> tuple[str, ...]:
    lines = _wrapped(s, size, width)
    lo, hi = width // max(1, len(lines)), width
    while len(lines) > 1 and lo < hi:
        mid = (lo + hi) // 2
        if len(_wrapped(s, size, mid)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return _wrapped(s, size, hi)
