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
and drew every button again. pygame_gui's own cache packs each shape into a 1024 × 1024
atlas, one a frame, and finding the spot grew to 40–50 ms a frame in the first hand of a
table (docs/PERFORMANCE.md, "Game window (UI)"); ``ShapeCache`` keeps the same surfaces
in a plain dictionary instead, least recently used dropped past the same 12 MiB bound.
``tests/ui/core/test_gui_manager.py`` compares the ids with pygame_gui's for the shapes our
elements have, so an upgrade that changes them fails there.

Every frame pygame_gui asks each visible element whether the mouse hovers it
(``UIManager._handle_hovering``): a tenth of a millisecond of every table frame for its
twenty elements, most of it finding that the mouse is nowhere near them.
``GuiManager`` walks the same elements in the same order but passes by one whose answer
is known without asking: not hovered now, not held, the mouse outside its rectangle, and
pygame_gui's own ``check_hover`` (which then changes nothing and answers False).

pygame_gui draws every state of a shape — normal, hovered, selected, active — whenever
the shape is made or its words change (``DrawableShape.redraw_all_states``): the one it
shows at once, the others queued one a frame. Most are never shown: a table's fifteen
buttons drew forty-five spare states after their first frame and again after every
relabel (the frames after an action, docs/PERFORMANCE.md), and across the suite's windows
spare states were a tenth of the UI tests' CPU. ``draw_shown_state`` replaces that method:
it draws the state shown now and marks the others as not drawn, and pygame_gui's own
``set_active_state`` draws a state the first time it is shown — from the same inputs, so
with the same pixels (``tests/ui/core/test_gui_manager.py``). A hover costs its state's
drawing once, on the frame the mouse arrives.

pygame_gui measures text by drawing it (``GUIFontPygame.get_rect``: "the only way to get
accurate font layout data with kerning"), every time it lays out a label or a button's
words, several times per element: 40,000 renders in the UI tests, 6 s of their CPU, and
the larger part of a relabel. The SDL_ttf under pygame-ce lays text out the same way to
size it as to draw it, so ``MeasuredFont`` asks ``Font.size`` instead — a third of a
render's time — and remembers each text's rectangle for the font's life (a window's:
its fonts go when it closes). ``tests/ui/core/test_gui_manager.py`` checks the sizes
against drawn text in our fonts at sizes across the type scale (6–72 px).
"""

from __future__ import annotations

import os
from collections import OrderedDict, deque
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.core import utility as pygame_gui_utility
from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape
from pygame_gui.core.gui_font_pygame import GUIFontPygame
from pygame_gui.core.interfaces import IUIElementInterface
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.ui_appearance_theme import UIAppearanceTheme
from pygame_gui.elements import UIButton

from lieng.ui.core.assets import font_file

Ids = list[str | None] | None

SHAPE_BYTES = 3 * 1024 * 1024 * 4
"""The shape cache's bound: pygame_gui's own, three 1024 × 1024 pages of 32-bit pixels."""


def _bytes(surf: pygame.Surface) -> int:
    return int(surf.get_pitch()) * int(surf.get_height())


class ShapeCache(SurfaceCache):
    """pygame_gui's shape cache without the atlas: each shape kept as its own surface.

    pygame_gui calls ``add_surface_to_cache`` with a shape it has just drawn,
    ``find_surface_in_cache`` before drawing one (and copies what it finds), ``update``
    every frame, ``build_cache_id`` for the key, and the two ``remove_user…`` methods
    when an element lets a shape go. Its own class keeps a new shape in a short-term
    store and moves one a frame into an atlas page, a search over the page's free
    rectangles that grows with every shape; here a shape is kept whole the moment it is
    added, so ``update`` has nothing to move. The pixels a lookup returns are the ones
    added — the atlas blits them premultiplied onto a clear page, which copies them
    unchanged — so the buttons look the same.

    Not one of ``lieng.ui.core.surface_cache``'s caches: those are freed when a window
    closes, and this one is for the next window.
    """

    def __init__(self, max_bytes: int = SHAPE_BYTES) -> None:
        # pygame_gui's constructor would allocate the first 4 MiB atlas page: not called.
        self.max_bytes = max_bytes
        self.bytes = 0
        self._shapes: OrderedDict[str, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._shapes)

    def __contains__(self, string_id: object) -> bool:
        return string_id in self._shapes

    def add_surface_to_cache(self, surface: pygame.Surface, string_id: str) -> None:
        """Keep a copy of ``surface`` under ``string_id``, dropping the least recently
        used shapes past the bound (a shape larger than the bound is not kept)."""
        self._drop(string_id)
        size = _bytes(surface)
        if size > self.max_bytes:
            return
        self._shapes[string_id] = surface.copy()
        self.bytes += size
        while self.bytes > self.max_bytes:
            oldest = next(iter(self._shapes))
            self._drop(oldest)

    def find_surface_in_cache(self, lookup_id: str) -> pygame.Surface | None:
        found = self._shapes.get(lookup_id)
        if found is not None:
            self._shapes.move_to_end(lookup_id)
        return found

    def update(self) -> None:
        """Called by the theme every frame; every shape is already kept whole."""

    def remove_user_from_cache_item(self, string_id: str) -> None:
        """An element stopped showing the shape: it stays, for the next that needs it
        (the bound, not a count of users, decides what goes)."""

    def remove_user_and_request_clean_up_of_cached_item(self, string_id: str) -> None:
        """The element is sure the shape will not be needed soon: let it go."""
        self._drop(string_id)

    def _drop(self, string_id: str) -> None:
        old = self._shapes.pop(string_id, None)
        if old is not None:
            self.bytes -= _bytes(old)


_shapes: ShapeCache | None = None
"""The process's one shape cache, made with the first theme."""


def shared_shapes() -> ShapeCache:
    """The shape cache every window's theme draws from and adds to."""
    global _shapes
    if _shapes is None:
        _shapes = ShapeCache()
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


_PLAIN_HOVER = (UIElement.hover_point, UIButton.hover_point)
"""The ``hover_point``s that are False wherever the point is outside the element's rect
(its drawable shape's click area, or the rect itself, each cut by the container's clip;
a held button's reaches further, and ``unasked`` asks a held one)."""


_kinds: dict[type, tuple[bool, bool]] = {}
"""Per class of sprite: is it a pygame_gui element, and are its ``check_hover`` and
``hover_point`` pygame_gui's own plain ones (``unasked``) — asked once per class, not
once per element a frame (the abstract-class check alone was a third of the walk)."""


def _kind(kind: type) -> tuple[bool, bool]:
    found = _kinds.get(kind)
    if found is None:
        found = _kinds[kind] = (
            issubclass(kind, IUIElementInterface),
            getattr(kind, "check_hover", None) is UIElement.check_hover
            and getattr(kind, "hover_point", None) in _PLAIN_HOVER)
    return found


def unasked(element: Any, x: int, y: int) -> bool:
    """``element.check_hover`` would change nothing and answer False: pygame_gui's own
    method, on an element not hovered now and not held, with ``(x, y)`` outside its
    rect."""
    return (not element.hovered and _kind(type(element))[1]
            and not getattr(element, "held", False) and not element.rect.collidepoint(x, y))


def draw_shown_state(shape: Any, force_full_redraw: bool = False) -> None:
    """pygame_gui's ``DrawableShape.redraw_all_states`` for the state shown only: the
    shape's states are all out of date (new words, a new size, a new theme), so each is
    marked not drawn, and the one shown is drawn now — pygame_gui drew ``normal`` first
    even under a greyed-out button, which showed stale words for a frame. The others are
    drawn by ``set_active_state`` when first shown. (``force_full_redraw`` asked for the
    ``disabled`` state too: it is drawn now if shown, later if not, like the rest.)"""
    shape.states_to_redraw_queue = deque()
    for state in shape.states.values():
        state.generated = False
    shown = shape.active_state
    shape.redraw_state(shown.state_id if shown is not None else "normal")


PYGAME_GUI_REDRAW_ALL_STATES = DrawableShape.redraw_all_states
"""pygame_gui's own method, kept for the tests that compare pixels with it."""

DrawableShape.redraw_all_states = draw_shown_state  # type: ignore[method-assign,assignment]


MEASURED_TEXTS = 2048
"""Texts a font remembers the rectangle of before it starts again (a table has ~200)."""


class MeasuredFont(GUIFontPygame):
    """pygame_gui's font, measuring text with ``Font.size`` instead of drawing it, and
    remembering what it measured (the text's rectangle: its size, at the font's ascent,
    as pygame_gui's own)."""

    def __init__(self, file: Any, *args: Any, **kwargs: Any) -> None:
        # A font named by its path is opened from memory (``assets.font_file``: FreeType
        # then reads its glyphs without a system call each).
        if isinstance(file, (str, os.PathLike)):
            file = font_file(os.fspath(file))
        super().__init__(file, *args, **kwargs)
        self._measured: dict[str, pygame.Rect] = {}

    def get_rect(self, text: str) -> pygame.Rect:
        if text == "":
            return pygame.Rect(0, 0, 0, 0)
        found = self._measured.get(text)
        if found is None:
            font: pygame.font.Font = self._GUIFontPygame__internal_font  # type: ignore[attr-defined]
            if len(self._measured) >= MEASURED_TEXTS:
                self._measured.clear()
            found = self._measured[text] = pygame.Rect((0, font.get_ascent()), font.size(text))
        return found.copy()  # the caller's to move


PYGAME_GUI_FONT = GUIFontPygame
"""pygame_gui's own font class, kept for the tests that compare sizes with it."""

# The class pygame_gui's font resources build their fonts with (``FontResource.load``).
pygame_gui_utility.GUIFontPygame = MeasuredFont  # type: ignore[attr-defined]


class GuiManager(pygame_gui.UIManager):
    """A ``UIManager`` whose themes are ``LienGuiTheme``s and whose hover walk passes by
    the elements the mouse is nowhere near (``unasked``); its shapes draw a state when it
    is first shown (``draw_shown_state``)."""

    def _handle_hovering(self, time_delta: float) -> None:
        """pygame_gui 0.6.14's ``_handle_hovering``, the same walk (top layer first, each
        layer's last element first), without the calls ``unasked`` knows the answer to."""
        hover_handled = False
        x, y = self.get_mouse_position()
        group: Any = self.ui_group  # not annotated in pygame_gui
        root: Any = self.root_container
        # The group keeps its sprites sorted by layer, each layer's in the order they
        # were added: backwards, that is pygame_gui's walk, layer by layer.
        for element in reversed(group.sprites()):
            if not _kind(type(element))[0] or not element.visible:
                continue
            if unasked(element, x, y):
                continue
            if element.check_hover(time_delta, hover_handled):
                if element != root:
                    hover_handled = True
                    self.hovering_any_ui_element = True
                else:
                    self.hovering_any_ui_element = False

    def create_new_theme(self, theme_path: Any = None) -> LienGuiTheme:
        theme = LienGuiTheme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme
