"""Giving the memory of closed windows back to the system.

A window's pixel buffers are large (a 2560×1440 surface is 14 MiB) and many of them sit in
reference cycles (pygame_gui elements and their manager), so they are freed only when the
cyclic collector runs — and then into glibc's heap, which keeps freed memory for reuse
instead of returning it. A player who opens and closes tables all evening, and a test suite
that opens hundreds of windows, would keep the peak of the largest window forever
(docs/PERFORMANCE.md, "The test suite": 1.9 GiB a test worker before this).

Two remedies, both no-ops where they do not apply (not Linux, not glibc):

* ``map_large_blocks`` asks glibc to serve every block of at least 128 KiB — each surface
  of more than a few rows — from its own mapping, which ``free`` returns to the system at
  once. glibc's default threshold starts there too but rises with every large free, after
  which surfaces come from the heap and stay.
* ``return_free_memory`` runs the collector and then ``malloc_trim(0)``, which hands back
  the heap's free pages.
* ``give_back_free_pages`` is the trim alone, cheap enough (0.1–1 ms here) to run as each
  hand is dealt: the labels and texts a hand re-renders leave small freed blocks that the
  heap keeps, and a 600-hand evening grew by them (docs/PERFORMANCE.md, "A long session").
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from functools import cache

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter number (malloc.h)
LARGE_BLOCK = 128 * 1024


@cache
def _libc() -> ctypes.CDLL | None:
    """glibc, or None where there is none to talk to (Windows, macOS, musl)."""
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        libc.malloc_trim  # noqa: B018 - present in glibc only; an AttributeError otherwise
        libc.mallopt  # noqa: B018
    except (OSError, AttributeError):
        return None
    return libc


def map_large_blocks() -> bool:
    """Serve blocks of ``LARGE_BLOCK`` bytes or more from their own mappings; True if
    glibc took the setting."""
    libc = _libc()
    if libc is None:
        return False
    return bool(libc.mallopt(ctypes.c_int(M_MMAP_THRESHOLD), ctypes.c_int(LARGE_BLOCK)))


def return_free_memory() -> None:
    """Collect unreachable cycles now and give the heap's free pages back to the system."""
    gc.collect()
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(ctypes.c_size_t(0))


def give_back_free_pages() -> None:
    """Hand the heap's free pages back to the system, without a collection."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(ctypes.c_size_t(0))
