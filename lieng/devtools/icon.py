"""Draw the app icon into ``assets/icon.png`` (``python -m lieng.devtools.icon``).

Made with the game's own card renderer — green felt, a gold rim and a fan of three aces —
so the icon matches the table and needs no licence.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from lieng.engine import Card

SIZE = 256


def draw_icon(size: int = SIZE) -> pygame.Surface:
    from lieng.ui.tabletop.cards import CardRenderer

    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 5
    pygame.draw.rect(surf, (70, 38, 20), surf.get_rect(), border_radius=r)
    inner = surf.get_rect().inflate(-size // 12, -size // 12)
    pygame.draw.rect(surf, (26, 112, 66), inner, border_radius=r - size // 24)
    pygame.draw.rect(surf, (232, 193, 90), inner, max(2, size // 64), border_radius=r - size // 24)
    renderer = CardRenderer()
    w = int(size * 0.36)
    for i, card in enumerate(Card.parse_many("AS AD AH")):
        renderer.draw(surf, card, (size * (0.32 + 0.18 * i), size * (0.54 - 0.02 * (i == 1))), w,
                      True, angle=(1 - i) * 14)
    return surf


def main(out: Path | None = None) -> Path:
    if out is None:
        from lieng.resources import asset

        out = asset("icon.png")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    pygame.image.save(draw_icon(), str(out))
    return out


if __name__ == "__main__":
    print(main())
