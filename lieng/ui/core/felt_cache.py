"""The felt background, drawn once per window size (it is the largest blit of a frame)."""

from __future__ import annotations

from typing import Protocol

import pygame

from lieng.ui.core.draw import felt, table_rect
from lieng.ui.core.surface_cache import SurfaceCache
from lieng.ui.core.typescale import factor

_cache: SurfaceCache[tuple[tuple[int, int], tuple[int, int, int, int]]] = SurfaceCache(
    "felt", 2.2)
"""Two windows of felt (the drawer open and closed), a little over two screens."""


class FeltPlace(Protocol):
    """Where the felt goes: a window and its table oval (``tabletop.layout.TableLayout``
    is one; core names only what it reads, so it never imports the table's layout)."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def scale(self) -> float: ...

    @property
    def table(self) -> pygame.Rect: ...


def felt_for(layout: FeltPlace) -> pygame.Surface:
    """The felt for ``layout``'s window and table oval (which moves left while the action
    log's drawer is open: both are kept, so opening and closing it draws nothing new)."""
    t = layout.table
    key = (layout.size, (t.x, t.y, t.w, t.h))
    surf = _cache.get(key)
    if surf is None:
        surf = felt(layout.size, layout.scale, layout.table)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        _cache.put(key, surf)
    return surf


def framed_screen(surface: pygame.Surface, size: tuple[int, int], scale: float,
                  rect: pygame.Rect, title: str, title_dy: float = 40,
                  fill: tuple[int, int, int, int] = (14, 22, 19, 240)) -> None:
    """The frame every full-window form shares (new game, hot-seat setup, LAN host and
    join, history, statistics): the felt, a gold-edged panel and its title."""
    from lieng.ui.core.draw import GOLD, panel, text
    from lieng.ui.core.typescale import TypeScale

    surface.blit(felt_for(_Bare(size)), (0, 0))
    panel(surface, rect, fill, GOLD, radius=int(18 * scale))
    text(surface, title, (rect.centerx, rect.y + title_dy * scale),
         TypeScale(scale).px("title"), GOLD,
         bold=True)


class _Bare:
    """A window with no table on it (the forms): the oval where a table's is with the
    action log's drawer shut (``tabletop.layout.compute`` places it the same way), so a
    form and the table after it share one cached felt."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scale = factor(size)
        self.table = table_rect(size, self.scale)
