"""A pygame_gui button whose text sits on the same baseline whatever its letters.

pygame_gui centres a button's line by the height of the rendered text, and SDL_ttf makes
that taller when a glyph reaches above the font's ascent — a Vietnamese capital with a
mark over it ("Ở", "Ẩ", "Ố"). The extra lies above the letters, so centring it moves the
whole line down by that much: "Ở lại" sat 2 px below "Rời bàn" in the same row (issue 22,
defect 12). ``BaselineButton`` lays its text out as pygame_gui would, then puts it back up
by the glyphs' overflow, so every button of a row has one baseline.
"""

from __future__ import annotations

from typing import Any

import pygame_gui


def overflow_above(font: Any, text: str) -> int:
    """How many pixels the tallest glyph of ``text`` reaches above ``font``'s ascent
    (0 for text whose marks stay within the line: "Rời bàn", "Leave")."""
    if not text:
        return 0
    ascent = int(font.get_rect(text).y)  # pygame_gui's font: the rect's y is the ascent
    metrics = font.get_metrics(text)
    tops = [int(m[3]) for m in metrics if m is not None]
    return max(0, max(tops, default=0) - ascent)


class BaselineButton(pygame_gui.elements.UIButton):
    """A ``UIButton`` whose one line of text keeps the baseline of a line without tall
    marks; longer text that wraps is left as pygame_gui lays it out."""

    def rebuild(self) -> None:
        self.text_vert_alignment = "center"
        self.text_vert_alignment_padding = 0
        self._layout()
        shape = self.drawable_shape
        layout = getattr(shape, "text_box_layout", None)
        if layout is None or len(layout.layout_rows) != 1:
            return
        row = layout.layout_rows[0]
        text = "".join(str(getattr(item, "text", "")) for item in row.items)
        lift = overflow_above(self.font, text)
        padding = row.y - lift - layout.layout_rect.y
        if lift == 0 or padding < 0:
            return  # nothing to lift, or a button too low to lift it in
        # "top" with a padding puts the row exactly where we ask: lift pixels above the
        # centred place.
        self.text_vert_alignment = "top"
        self.text_vert_alignment_padding = padding
        self._layout()

    def _layout(self) -> None:
        rebuild: Any = super().rebuild  # not annotated in pygame_gui
        rebuild()

    def set_text(self, text: str, *, text_kwargs: dict[str, str] | None = None) -> None:
        before = (self.text, dict(self.text_kwargs))
        super().set_text(text, text_kwargs=text_kwargs)
        if (self.text, dict(self.text_kwargs)) != before:
            self.rebuild()  # the new letters may reach higher or lower than the old
