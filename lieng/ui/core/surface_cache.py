"""Drawn surfaces kept for reuse, bounded by the bytes they hold.

Rendering text, a rounded panel or a card face costs far more than blitting it, so each
is drawn once and kept. A bound by *count* says nothing about memory: 200 panels are a few
kilobytes at 960×540 and over a gigabyte when they are full-window shades at 2560×1440.
Each cache here has a byte budget, drops the least recently used surfaces past it, and
registers itself so that ``GameApp.close`` (``clear_all``) frees every one of them —
a long session, and a test suite that opens hundreds of windows, stay flat.
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


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory of ``surf`` (rows are padded to ``pitch``)."""
    return int(surf.get_pitch()) * int(surf.get_height())


class SurfaceCache(Generic[K]):
    """A least-recently-used map from a key to a surface, holding at most ``max_bytes``.

    A single surface larger than the whole budget is returned to its caller but not kept.
    """

    def __init__(self, name: str, max_bytes: int) -> None:
        self.name = name
        self.max_bytes = max_bytes
        self._items: OrderedDict[K, pygame.Surface] = OrderedDict()
        self.bytes = 0
        _ALL.add(self)  # type: ignore[arg-type]

    def __len__(self) -> int:
        return len(self._items)

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
        while self.bytes > self.max_bytes:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= surface_bytes(dropped)
        return surf

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


def clear_all() -> None:
    """Free every surface cache (the window is closing, or its size changed for good)."""
    for cache in list(_ALL):
        cache.clear()


def total_bytes() -> int:
    """What all the caches hold together (the memory bench prints it)."""
    return sum(cache.bytes for cache in list(_ALL))
