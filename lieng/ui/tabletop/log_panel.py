"""The action log's drawer on a table screen: a panel down the right-hand side that tells
the hand line by line (the lines are the session's story, ``lieng.game.story``; their
words ``action_log``), opened and closed by a button in the
top bar or the H key (docs/UI.md), its state remembered in the saved settings
(``Settings.action_log_open``).

The right-hand side, and the table makes room for it: while it is open, the seats are
laid out in the window's width less the drawer's (``layout.compute(..., drawer=True)``),
so it covers no seat. The newest line is at the bottom; the mouse wheel over the panel
scrolls back through earlier hands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from lieng.game.story import Story
from lieng.ui.core import canvas
from lieng.ui.core.assets import font
from lieng.ui.core.draw import CREAM, GOLD, MUTED, panel, text
from lieng.ui.core.i18n import key, language, t
from lieng.ui.core.typescale import px
from lieng.ui.tabletop import action_log
from lieng.ui.tabletop.frame_record import FrameRecord
from lieng.ui.tabletop.layout import TableLayout

if TYPE_CHECKING:
    from lieng.ui.core.window import GameApp

TOGGLE_KEY = pygame.K_h
"""H for "hand log" (Tab and S are the hot-seat scoreboard's, L turns the cards)."""

COLOURS: dict[str, tuple[int, int, int]] = {
    "hand": GOLD, "round": GOLD, "ante": MUTED, "action": CREAM,
    "show": (190, 215, 255), "pot": GOLD, "note": MUTED,
}


def wrap(words: str | Sequence[str], size: int, bold: bool, width: int) -> list[str]:
    """``words`` cut into lines no wider than ``width`` pixels. A string breaks between
    its words; a sequence of pieces (``action_log.pieces``: a split pot's "+ Hùng 790" is
    one) breaks only between them, unless a piece is wider than the line by itself —
    then between its words. A word longer than the width keeps a line of its own."""
    return list(_wrapped(words if isinstance(words, str) else tuple(words), int(size),
                         bool(bold), int(width)))


@lru_cache(maxsize=4096)
def _wrapped(words: str | tuple[str, ...], size: int, bold: bool,
             width: int) -> tuple[str, ...]:
    """``wrap``'s lines, remembered: the drawer and the result panel wrap the same lines
    on every frame, and measuring them piece by piece was a tenth of a table frame
    (docs/PERFORMANCE.md). The fonts are the shipped files, so the same words, size and
    width always wrap alike."""
    pieces = words.split(" ") if isinstance(words, str) else list(words)
    f = font(size, bold)
    lines: list[str] = []
    current = ""
    for piece in pieces:
        trial = f"{current} {piece}" if current else piece
        if f.size(trial)[0] <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        if " " in piece and f.size(piece)[0] > width:
            *whole, current = _wrapped(piece, size, bold, width)
            lines += whole
        else:
            current = piece
    lines.append(current)
    return tuple(lines)


class LogPanel:
    """The drawer: its toggle button, its keys and mouse wheel, and its drawing."""

    def __init__(self, app: GameApp, log: Story, names: Callable[[], Sequence[str]],
                 shown: Callable[[], int], record: FrameRecord | None = None) -> None:
        self.app = app
        self.log = log
        self.names = names
        self.shown = shown
        self.record = record if record is not None else FrameRecord()
        """Told the open drawer's rectangle (its screen's ``frame_record``)."""
        """How many of the story's events the board has shown: only their lines are
        drawn, so a line appears when the table shows its moment."""
        self.scroll = 0
        """Lines scrolled back from the newest (0: the newest line shows)."""
        self._cache_key: tuple[object, ...] | None = None
        self._rows: list[tuple[str, str]] = []

    @property
    def is_open(self) -> bool:
        return self.app.settings.action_log_open

    def toggle(self) -> None:
        """Open or close, and remember it (saved at once when the game runs for real)."""
        self.app.change_settings(action_log_open=not self.app.settings.action_log_open)
        self.scroll = 0
        self.app.save_settings()

    def make_button(self, container: pygame_gui.core.UIContainer, right: int
                    ) -> pygame_gui.elements.UIButton:
        """The top-bar button, its right edge at ``right``."""
        s = self.app.scale
        ts = self.app.type_scale
        w, h = int(118 * s), int(34 * s)
        return pygame_gui.elements.UIButton(
            pygame.Rect(right - w, int(6 * s), w, h), key("log.button"), self.app.ui,
            container, tool_tip_text=key("log.tip"),
            object_id=ts.oid("#plain", "body"))

    def rect(self, lay: TableLayout) -> pygame.Rect:
        """The drawer's place in the layout (the table leaves it free while open)."""
        return lay.drawer

    def handle_event(self, event: pygame.event.Event, lay: TableLayout) -> bool:
        """The H key, and the mouse over the open drawer (the wheel scrolls it; a click
        on it is its own, not the table's: it does not deal the next hand); True when
        used."""
        if event.type == pygame.KEYDOWN and event.key == TOGGLE_KEY:
            self.toggle()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.is_open \
                and self.rect(lay).collidepoint(event.pos):
            return True
        if event.type == pygame.MOUSEWHEEL and self.is_open \
                and self.rect(lay).collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + int(event.y))
            return True
        return False

    def rows(self, size: int, width: int) -> list[tuple[str, str]]:
        """(kind, words) per drawn row, lines wrapped to ``width`` (cached until the log,
        the names, the language or the size change)."""
        names = tuple(self.names())
        lines = self.log.lines_shown(self.shown())
        ck = (self.log.version, len(lines), names, language(), size, width)
        if ck != self._cache_key:
            rows: list[tuple[str, str]] = []
            for line in lines:
                bold = line.kind in ("hand", "pot")
                words: str | list[str] = action_log.pieces(line, names)
                if line.kind in ("hand", "round"):
                    # No-break spaces: the closing dash never wraps onto a line of its own.
                    words = f"—\u00a0{action_log.text(line, names)}\u00a0—"
                for part in wrap(words, size, bold, width):
                    rows.append((line.kind, part))
            self._rows = rows
            self._cache_key = ck
        return self._rows

    def draw(self, surface: pygame.Surface, lay: TableLayout) -> None:
        if not self.is_open:
            return
        s = lay.scale
        r = self.rect(lay)
        panel(surface, r, (10, 16, 14, 232), GOLD, radius=int(12 * s))
        self.record.mark("drawer", -1, r)
        pad = int(12 * s)
        text(surface, t("log.title"), (r.x + pad, r.y + 18 * s), px(s, "heading"), GOLD, bold=True,
             anchor="midleft")
        size = px(s, "small")
        line_h = int(size * 1.35)
        body = pygame.Rect(r.x + pad, r.y + int(36 * s), r.w - 2 * pad,
                           r.h - int(36 * s) - pad)
        canvas.line(surface, (90, 80, 44), (body.x, body.y - int(4 * s)),
                         (body.right, body.y - int(4 * s)), max(1, int(s)))
        rows = self.rows(size, body.w)
        if not rows:
            text(surface, t("log.empty"), (body.x, body.y + line_h // 2), size, MUTED,
                 anchor="midleft", shadow=False)
            return
        fit = max(1, body.h // line_h)
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        end = len(rows) - self.scroll
        shown = rows[max(0, end - fit):end]
        y = body.y + line_h // 2
        for kind, words in shown:
            bold = kind in ("hand", "pot")
            text(surface, words, (body.x, y), size, COLOURS.get(kind, CREAM), bold=bold,
                 anchor="midleft", shadow=False)
            y += line_h
