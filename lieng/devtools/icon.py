"""Draw the app icon into ``assets/icon.png`` (``python -m lieng.devtools.icon``).

Made with the game's own card renderer — green felt, a gold rim and a fan of three aces —
so the icon matches the table and needs no licence.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pygame

from lieng.engine import Card

SIZE = 256


def draw_icon(size: int = SIZE) -> pygame.Surface:
    from lieng.ui.core.cards import CardRenderer

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


def write_icon(out: Path) -> Path:
    """Draw the icon into ``out`` (the checkout's ``assets/icon.png`` to update the shipped
    one: nothing writes into an installed package by default)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    pygame.image.save(draw_icon(), str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lieng.devtools.icon",
                                     description="Draw the app icon as a PNG.")
    parser.add_argument("out", type=Path, help="the PNG to write, e.g. assets/icon.png")
    print(write_icon(parser.parse_args(argv).out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
