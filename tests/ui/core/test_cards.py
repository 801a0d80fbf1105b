"""Card faces (``lieng.ui.core.cards``): the four-colour deck paints diamonds blue."""

from __future__ import annotations

import pygame

from ..helpers import MakeApp


def test_four_colour_deck_paints_diamonds_blue(make_app: MakeApp) -> None:
    from lieng.engine import Card

    app = make_app()
    card = Card.parse("AD")

    def bluish(surf: pygame.Surface) -> int:
        w, h = surf.get_size()
        return sum(1 for x in range(0, w, 2) for y in range(0, h, 2)
                   if (c := surf.get_at((x, y))).b > c.r + 60 and c.a > 200)

    assert bluish(app.cards.face(card, 60)) == 0
    app.cards.four_colour = True
    assert bluish(app.cards.face(card, 60)) > 20
