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
``tests/ui/core/test_gui_manager.py`` compares the ids with pygame_gui's for the shapes our
elements have, so an upgrade that changes them fails there.
"""

from __future__ import annotations

from typing import Any

import pygame_gui
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme

Ids = list[str | None] | None


class LienGuiTheme(UIAppearanceTheme):
    """pygame_gui's theme with a tuple for the key of its combined-ids cache."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
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
