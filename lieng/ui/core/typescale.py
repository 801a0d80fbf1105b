"""One type scale for the whole window: every label, button, drop-down and line of text
the game draws takes its size from a *role* (``body``, ``button``, ``title``, …) and the
window, never from a number of its own (docs/UI.md "The type scale").

Why one module: pygame_gui's fonts come from the theme, the game's own text from
``draw.text`` — two systems that used to be sized two ways (four coarse theme tiers
against ``int(16 * scale)``), so a drop-down could be bigger than its label and the
menu's side buttons smaller than its centre ones. Now both ask ``TypeScale.px(role)``.

The factor is the window height over 720, limited by the width over 1280 when the window
is narrower than 16:9 — the same factor ``tabletop.layout`` sizes every box with, so
text grows exactly as the box it sits in and never outgrows it. Each role has a floor
so nothing becomes unreadable at 960×540. Sizes are whole pixels, rounded half up.

pygame_gui elements get a theme class per role *and size* (``"@body_16"``): the theme
blocks for the sizes a window needs are generated here and loaded when the window opens
or changes size (``install``), before the scenes rebuild; a class named by its size never
goes stale. The blocks also reach inside drop-downs (their button and option list are
child elements, which a plain class block does not style — the old drop-downs stayed at
the theme's 16 px at every window size).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
from pygame_gui.core import ObjectID

from lieng.ui.core.assets import FONT_NAME, font

BASE_SIZE = (1280, 720)
"""The design window: every role's ``base`` is its size here."""


@dataclass(frozen=True)
class Role:
    base: int
    """Pixels at 1280×720."""
    floor: int
    """Never smaller than this, whatever the window."""
    bold: bool
    """The weight pygame_gui elements of this role use (the game's own text chooses its
    weight where it draws: a bold line in ``body`` is still ``body`` sized)."""
    use: str
    """What the role is for (docs/UI.md lists it)."""


ROLES: dict[str, Role] = {
    "fine": Role(13, 11, False, "fine print: the version, notes under a panel"),
    "small": Role(15, 11, False, "column headings, captions, secondary lines"),
    "body": Role(16, 12, False,
                 "form labels, drop-downs, text entries, running text, table rows"),
    "button": Role(16, 12, True, "every button, in every row"),
    "heading": Role(18, 13, True, "a panel's heading, an emphasised line"),
    "lead": Role(20, 14, False, "a dialog's message, a screen's one-line notice"),
    "large": Role(24, 16, True, "the result of a hand"),
    "title": Role(30, 20, True, "the title of a screen or a dialog"),
    "headline": Role(40, 26, True, "the hot-seat hand-off's name"),
    "display": Role(84, 56, True, "the menu's LIÊNG"),
}

GUI_ROLES = ("small", "body", "button", "heading")
"""The roles pygame_gui elements use; the theme gets a block for each."""

DROP_DOWN_PARTS = ("button", "selection_list.button")
"""A drop-down's child elements, as pygame_gui combines their ids under the drop-down's
class (its selected-option and arrow buttons; the buttons of its open list)."""


ARROW_WIDTH = 1.25
"""A drop-down's open/close button width, in multiples of its text size."""
ROW_HEIGHT = 1.45
"""An open drop-down's row height, in multiples of its text size (never below pygame_gui's
20 px): rows grow with the font, so large text never overlaps the next row."""


def row_height(px: int) -> int:
    """An open drop-down's row height for text of ``px`` pixels."""
    return max(20, int(px * ROW_HEIGHT + 0.5))


def factor(size: tuple[int, int]) -> float:
    """The window's scale: its height over 720, limited by its width over 1280."""
    w, h = size
    return min(w / BASE_SIZE[0], h / BASE_SIZE[1])


@dataclass(frozen=True)
class TypeScale:
    factor: float

    @classmethod
    def for_window(cls, size: tuple[int, int]) -> TypeScale:
        return cls(factor(size))

    def px(self, role: str) -> int:
        """The role's size in pixels for this window."""
        r = ROLES[role]
        return max(r.floor, int(r.base * self.factor + 0.5))

    def font(self, role: str, bold: bool | None = None) -> pygame.font.Font:
        """The pygame font of ``role`` (for measuring and wrapping text)."""
        return font(self.px(role), ROLES[role].bold if bold is None else bold)

    def cls(self, role: str) -> str:
        """The pygame_gui theme class of ``role`` at this window's size."""
        return f"@{role}_{self.px(role)}"

    def oid(self, object_id: str | None, role: str) -> ObjectID:
        """An element's ``object_id``: its own id (colours) and its role's class (font)."""
        return ObjectID(object_id=object_id, class_id=self.cls(role))

    def theme(self) -> dict[str, Any]:
        """The theme blocks of every GUI role at this window's size."""
        blocks: dict[str, Any] = {}
        for role in GUI_ROLES:
            px = self.px(role)
            fnt = {"font": {"name": FONT_NAME, "size": str(px),
                            "bold": "1" if ROLES[role].bold else "0"}}
            name = self.cls(role)
            # A drop-down's ▼ button grows with its glyph (pygame_gui's 20 px fits 16 px).
            arrow = str(int(px * ARROW_WIDTH + 0.5))
            rows = str(row_height(px))
            blocks[name] = fnt | {"misc": {"open_button_width": arrow,
                                           "close_button_width": arrow,
                                           "list_item_height": rows}}
            for part in DROP_DOWN_PARTS:
                blocks[f"{name}.{part}"] = fnt
            # The open list's own rows (the drop-down sizes the list from the same figure).
            blocks[f"{name}.selection_list"] = {"misc": {"list_item_height": rows}}
        return blocks


def install(manager: Any, scale: TypeScale, loaded: set[str]) -> None:
    """Load the theme blocks ``scale`` needs that ``manager`` lacks (``loaded`` remembers
    the classes already given to it). Loading a theme loads the fonts it names that are
    not loaded yet, at once: no element ever waits for (or warns about) a missing font."""
    blocks = {name: block for name, block in scale.theme().items() if name not in loaded}
    if not blocks:
        return
    manager.get_theme().load_theme(blocks)
    loaded.update(blocks)


def px(scale: float, role: str) -> int:
    """``role``'s size at a layout ``scale`` — for drawing code that holds the table
    layout's scale (the same factor as the window's, ``factor``) rather than the app."""
    return TypeScale(scale).px(role)
