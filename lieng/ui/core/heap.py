"""Giving the memory of closed windows back to the system.

A window's pixel buffers are large (a 2560×1440 surface is 14 MiB) and many of them sit in
reference cycles (pygame_gui elements and their manager), so they are freed only when the
cyclic collector runs — and then into glibc's heap, which keeps freed memory for reuse
instead of returning it. A player who opens and closes tables all evening, and a test suite
that opens hundreds of windows, would keep the peak of the largest window forever
(docs/PERFORMANCE.md, "The test suite": 1.9 GiB a test worker before this).

Remedies, each a no-op where it does not apply (not Linux, not glibc):

* ``return_free_memory`` runs the collector and then ``malloc_trim(0)``, which hands back
  the heap's free pages. It runs as a window closes, and once a hand on a still frame of
  its result panel (``TableScene._give_back_pages``; a trim alone ran on the frame that
  deals, a table's busiest, before). The trim alone was not enough: the text layouts
  pygame_gui drops when a button or a label is relabelled sit in cycles, with their
  surfaces, until the collector's rare full pass — every few dozen hands at a table — and
  a 600-hand evening grew by them (docs/PERFORMANCE.md, "A long session").
* ``freeze_what_lasts`` takes what is alive before the first window opens — the modules,
  their functions and classes, some 20,000 objects that live as long as the process — out
  of every later collection (``gc.freeze``), so the once-a-hand pass walks the game's own
  objects only: 4–10 ms on the test machine, against 30–40 ms for everything.

Not done: asking glibc to map every large block on its own (``mallopt``'s mmap threshold
set to 128 KiB, an earlier remedy). Each surface a frame makes then came from fresh pages
the kernel had to fault in and zero, a quarter of the UI tests' CPU, while the trim above
returns the same memory when a window closes (the long session's growth was the same with
and without it: docs/PERFORMANCE.md, "The test suite").
"""

from __future__ import annotations

import gc
import sys
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ctypes


@cache
def _libc() -> ctypes.CDLL | None:
    """glibc, or None where there is none to talk to (Windows, macOS, musl)."""
    if not sys.platform.startswith("linux"):
        return None
    # ``ctypes`` waits for the first trim: it is no part of opening a table. glibc's
    # name is tried first: ``find_library`` runs ``ldconfig -p`` in a child process.
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        name = ctypes.util.find_library("c")
        if name is None:
            return None
        try:
            libc = ctypes.CDLL(name)
        except OSError:
            return None
    try:
        # Present in glibc only (an AttributeError otherwise); its argument is a size_t.
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
    except (OSError, AttributeError):
        return None
    return libc


def return_free_memory() -> None:
    """Collect unreachable cycles now and give the heap's free pages back to the system."""
    gc.collect()
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


def freeze_what_lasts() -> None:
    """Collect, then freeze everything alive now (``gc.freeze``): later collections walk
    only what was made after. Called as the process's first window opens (``GameApp``),
    before anything of it exists: what is alive then is the imported code and the
    settings. A frozen object that dies is not freed until something unfreezes, so it is
    done once: a later window's freeze would take in an earlier one still open (the LAN
    self-test's, a test's two windows) and keep that window's cycles after its ``close``."""
    global _frozen
    if _frozen:
        return
    _frozen = True
    gc.collect()
    gc.freeze()


_frozen = False
"""Whether this process has frozen what lasts (``freeze_what_lasts``)."""
