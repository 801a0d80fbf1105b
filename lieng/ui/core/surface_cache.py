"""Drawn surfaces kept for reuse, bounded by the bytes they hold.

Rendering text, a rounded panel or a card face costs far more than blitting it, so each
is drawn once and kept. A bound by *count* says nothing about memory: 200 panels are a few
kilobytes at 960×540 and over a gigabyte when they are full-window shades at 2560×1440.
Each cache here has a byte budget, drops the least recently used surfaces past it, and
registers itself so that ``GameApp.close`` (``clear_all``) frees every one of them —
a long session, and a test suite that opens hundreds of windows, stay flat.

A budget is counted in **screens** — the pixels of the window, ``w × h × 4`` bytes — so it
follows the size everything is drawn at (a label at 2560×1440 holds four times the bytes
of the same label at 1280×720) and ``fit_to_window`` rescales every cache when the window
changes. The figures are a few screens each: more than a frame draws (the table at six
seats draws a few hundred kilobytes of text), far less than an evening meets — a bot
table renders new amounts and log lines every hand, and with budgets of tens of
mebibytes the text caches alone grew the process by 40 MiB over 140 hands before they
were full (docs/PERFORMANCE.md, "A long bot session").
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

import pygame

K = TypeVar("K", bound=Hashable)

MiB = 1 << 20

_ALL: weakref.WeakSet[SurfaceCache[object]] = weakref.WeakSet()

_screen_bytes = 1280 * 720 * 4
"""The bytes of one window's pixels, which every budget is a multiple of."""


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory of ``surf`` (rows are padded to ``pitch``)."""
    return int(surf.get_pitch()) * int(surf.get_height())


class SurfaceCache(Generic[K]):
    """A least-recently-used map from a key to a surface, holding at most ``max_bytes``.

    A single surface larger than the whole budget is returned to its caller but not kept.
    """

    def __init__(self, name: str, screens: float, floor: int = MiB) -> None:
        self.name = name
        self.screens = screens
        self.floor = floor
        self.max_bytes = self._budget()
        self._items: OrderedDict[K, pygame.Surface] = OrderedDict()
        self.bytes = 0
        _ALL.add(self)  # type: ignore[arg-type]

    def _budget(self) -> int:
        return max(self.floor, int(self.screens * _screen_bytes))

    def refit(self) -> None:
        """Take the budget of the current window size, dropping the oldest past it."""
        self.max_bytes = self._budget()
        self._shrink()

    def _shrink(self) -> None:
        while self.bytes > self.max_bytes and self._items:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= surface_bytes(dropped)

    def __len__(self) -> int:
        return len(self._items)

    def held_keys(self) -> list[K]:
        """The keys held, oldest first: what a screen's drawing has been composed for."""
        return list(self._items)

    def get(self, key: K) -> pygame.Surface | None:
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: K, surf: pygame.Surface) -> pygame.Surface:
        """Keep ``surf`` under ``key`` (dropping the oldest past the budget); return it."""
        size = surface_bytes(surf)
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        if size > self.max_bytes:
            return surf
        self._items[key] = surf
        self.bytes += size
        self._shrink()
        return surf

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


def clear_all() -> None:
    """Free every surface cache (the window is closing, or its size changed for good)."""
    for cache in list(_ALL):
        cache.clear()


def fit_to_window(size: tuple[int, int]) -> None:
    """Count every budget in screens of ``size`` from now on (a window opened or resized)."""
    global _screen_bytes
    _screen_bytes = max(1, int(size[0])) * max(1, int(size[1])) * 4
    for cache in list(_ALL):
        cache.refit()


def total_bytes() -> int:
    """What all the caches hold together (the memory bench prints it)."""
    return sum(cache.bytes for cache in list(_ALL))
