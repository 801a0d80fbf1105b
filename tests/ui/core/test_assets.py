"""Fonts and the pygame_gui theme (``lieng.ui.core.assets``): the font has every Vietnamese
letter and suit symbol, and the theme uses it everywhere."""

from __future__ import annotations

import pygame
import pytest

from lieng.resources import asset
from lieng.ui.core.assets import font, theme_dict

VIETNAMESE = ("aàáảãạăằắẳẵặâầấẩẫậbcdđeèéẻẽẹêềếểễệghiìíỉĩịklmnoòóỏõọôồốổỗộơờớởỡợpqrstu"
              "ùúủũụưừứửữựvxyỳýỷỹỵ")


GLYPHS = VIETNAMESE + VIETNAMESE.upper() + "♥♦♣♠×·—…"


@pytest.mark.parametrize("bold", [False, True])
def test_font_has_every_vietnamese_letter_and_suit(bold: bool) -> None:
    pygame.font.init()
    f = font(24, bold)
    missing = [ch for ch, m in zip(GLYPHS, f.metrics(GLYPHS), strict=True) if m is None]
    assert missing == []


def test_theme_uses_our_font_everywhere() -> None:
    theme = theme_dict()
    fonts = [el["font"] for el in theme.values() if isinstance(el, dict) and "font" in el]
    assert fonts and all(f["name"] == "dejavu" for f in fonts)
    assert asset("fonts", "LICENSE-DejaVu.txt").is_file()
