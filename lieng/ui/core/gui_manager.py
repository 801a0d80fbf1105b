"""The window's pygame_gui manager, with the theme's element-id lookup made linear.

pygame_gui 0.6.14 files each element's theming ids under a key it builds with
``str(a).join(str(b).join(str(c)).join(str(d)))`` over the element's id lists — ``join``
on a string puts the separator between its characters, so the key is the product of the
lists' printed lengths: thousands of characters for a button, hundreds of thousands for
one inside a panel. Building it was 0.2–0.5 ms of every element created (4 % of the UI
tests' CPU, and every button a table, a dialog or a settings row makes), and each key
stayed in the theme's dictionary for the window's life (docs/PERFORMANCE.md, "The test
suite").

``LienGuiTheme`` keys the same cache by the tuple of the four lists and computes the same
ids (pygame_gui's own tree walk); ``GuiManager`` is a ``UIManager`` that uses it.

Every theme of the process also shares one shape cache. pygame_gui draws each rounded
button state at four times its size and scales it down — the costliest part of making a
button — and keeps the result in a cache of its theme, keyed by everything that decides
the pixels (size, border, colours, corner radii). A new window (after a resize or a
language change, and each of the suite's hundreds of windows) started that cache empty
and drew every button again. The cache is pygame_gui's own and bounded by it: at most
three 1024 × 1024 pages, 12 MiB, after which new shapes are drawn and not kept; a player's
one window holds the same cache it always held.
``tests/ui/core/test_gui_manager.py`` compares the ids with pygame_gui's for the shapes our
elements have, so an upgrade that changes them fails there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame_gui
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

Ids = list[str | None] | None

_new_cache: Callable[[], SurfaceCache] = SurfaceCache  # pygame_gui's untyped constructor
_shapes: SurfaceCache | None = None
"""The process's one shape cache, made with the first theme."""


def shared_shapes() -> SurfaceCache:
    """The shape cache every window's theme draws from and adds to."""
    global _shapes
    if _shapes is None:
        _shapes = _new_cache()
    return _shapes


class LienGuiTheme(UIAppearanceTheme):
    """pygame_gui's theme with a tuple for the key of its combined-ids cache, drawing
    from the process's shape cache."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shape_cache = shared_shapes()
        self._combined: dict[tuple[tuple[str | None, ...] | None, ...], list[str]] = {}

    def build_all_combined_ids(self, element_base_ids: Ids, element_ids: list[str] | None,
                               class_ids: Ids, object_ids: Ids) -> list[str]:
        """The ids that theme an element, most specific first, as pygame_gui computes
        them (``UIAppearanceTheme.build_all_combined_ids``), remembered per id lists."""
        key = tuple(None if ids is None else tuple(ids)
                    for ids in (element_base_ids, element_ids, class_ids, object_ids))
        found = self._combined.get(key)
        if found is not None:
            return found
        combined: list[str] = []
        if (object_ids is not None and element_ids is not None and class_ids is not None
                and element_base_ids is not None):
            if not (len(object_ids) == len(class_ids) == len(element_base_ids)
                    == len(element_ids)):
                raise ValueError(f"theming id lists of unequal length: {key!r}")
            if element_ids:
                self._get_next_id_node(None, element_base_ids, element_ids, class_ids,
                                       object_ids, 0, len(element_ids), combined)
            # Then each id with its leading part dropped, pass after pass; the pass in
            # which some id has no part left to drop is the last (pygame_gui's order).
            current = combined[:]
            while current:
                last_pass = False
                for i, full in enumerate(current):
                    stop = full.find(".")
                    if stop == -1:
                        last_pass = True
                    else:
                        current[i] = full[stop + 1:]
                        combined.append(current[i])
                if last_pass:
                    break
        self._combined[key] = combined
        return combined


class GuiManager(pygame_gui.UIManager):
    """A ``UIManager`` whose themes are ``LienGuiTheme``s."""

    def create_new_theme(self, theme_path: Any = None) -> LienGuiTheme:
        theme = LienGuiTheme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme
