"""The felt background, drawn once per window size (it is the largest blit of a frame)."""

from __future__ import annotations

import pygame

from .draw import felt
from .layout import TableLayout

_cache: dict[tuple[int, int], pygame.Surface] = {}


def felt_for(layout: TableLayout) -> pygame.Surface:
    surf = _cache.get(layout.size)
    if surf is None:
        _cache.clear()
        surf = felt(layout.size, layout.scale)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        _cache[layout.size] = surf
    return surf
